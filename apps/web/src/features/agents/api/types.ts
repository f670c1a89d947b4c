import type { AgentStatus, AgentType, IdDocumentType, Role } from '@lajan/domain';

/** An owner person of an agent, as `GET /agents/{code}` answers it. */
export interface AgentOwner {
  id: string;
  firstName: string;
  lastName: string;
  idDocumentType: IdDocumentType;
  idDocumentNumber: string;
}

/** An agent (docs/contract-customers-agents.md "Shapes"). */
export interface Agent {
  id: string;
  code: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string | null;
  type: AgentType;
  status: AgentStatus;
  personIds: string[];
  owners: AgentOwner[];
  /** Its first administrator. */
  username: string;
  /** The float account. */
  accountNumber: string | null;
  /** The float balance in HTG; `null` for anyone but the super administrator and the agent's own users. */
  balance: number | null;
  deletedAt: string | null;
  suspendedAt: string | null;
  createdAt: string;
}

/** The few fields of a user that the agent's details show. */
export interface AgentUser {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  role: Role;
  passwordUpdatedAt: string | null;
  deletedAt: string | null;
}

/** A page of a list: `{ data: [rows], meta: { total, page, per_page } }`. */
export interface ListPage<T> {
  data: T[];
  meta: { total: number; page: number; per_page: number };
}
