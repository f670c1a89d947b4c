import type { AgentRole, Gender, IdDocumentType, MaritalStatus, Role } from '@lajan/domain';

/** A user with the fields of its person (docs/contract-customers-agents.md "Shapes"). */
export interface User {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  dob: string | null;
  gender: Gender | null;
  maritalStatus: MaritalStatus | null;
  address: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
  idDocumentType: IdDocumentType | null;
  idDocumentNumber: string | null;
  personId: string | null;
  role: Role;
  isSuperAdmin: boolean;
  agent: { code: string; name: string; role: AgentRole } | null;
  passwordUpdatedAt: string | null;
  createdAt: string;
  deletedAt: string | null;
}

/** A page of a list: `{ data: [rows], meta: { total, page, per_page } }`. */
export interface ListPage<T> {
  data: T[];
  meta: { total: number; page: number; per_page: number };
}
