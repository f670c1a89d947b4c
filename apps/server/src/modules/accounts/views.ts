import {
  centimesToHtg,
  maskDocumentNumber,
  type AccountStatus,
  type AccountType,
  type SessionUser,
} from '@lajan/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accounts } from '../../db/schema.js';
import { readablePersonIds, viewerOf, type Viewer } from '../persons/index.js';
import { selectAccountRecords, selectHolders, type AccountRecord, type HolderRecord } from './store.js';

/**
 * An account as the API answers it (docs/contract-customers-agents.md, "Account"). `type` is
 * null only for a float account (`GET /accounts/self`); `balance` is in HTG.
 */
export interface AccountView {
  id: string;
  accountNumber: string;
  type: AccountType | null;
  currency: string;
  status: AccountStatus;
  /** Null for another agent's account (`presentAccounts`). */
  balance: number | null;
  unavailableBalance: number;
  createdAt: string;
  customerIds: string[];
  customers: {
    id: string;
    firstName: string;
    lastName: string;
    idDocumentType: string;
    idDocumentNumber: string;
    principal: boolean;
  }[];
  agent: { name: string; code: string } | null;
  requestReference: string | null;
  decidedAt: string | null;
  decidedBy: { username: string } | null;
  rejectionReason: string | null;
}

/** A customer account's view: it always has a type. */
export type CustomerAccountView = AccountView & { type: AccountType };

export function asCustomerView(view: AccountView): CustomerAccountView {
  const { type } = view;
  if (type === null) throw new Error(`accounts: ${view.id} is not a customer account`);
  return { ...view, type };
}

/**
 * The views of these records, in their order, with their holders read in one query. Given the
 * signed-in user, a holder whose file it may not read shows a masked document number.
 */
export async function presentAccounts(
  executor: Executor,
  records: AccountRecord[],
  session?: SessionUser,
): Promise<AccountView[]> {
  const holders = await selectHolders(
    executor,
    records.map((record) => record.account.id),
  );
  let viewer: Viewer | undefined;
  if (session) {
    viewer = await viewerOf(executor, session);
    const readable = await readablePersonIds(
      executor,
      viewer,
      holders.map((holder) => holder.person.id),
    );
    for (const holder of holders) {
      if (!readable.has(holder.person.id)) {
        holder.person = {
          ...holder.person,
          email: null,
          idDocumentNumber: maskDocumentNumber(holder.person.idDocumentNumber ?? ''),
        };
      }
    }
  }
  const byAccount = new Map<string, HolderRecord[]>();
  for (const holder of holders) {
    const list = byAccount.get(holder.accountId) ?? [];
    list.push(holder);
    byAccount.set(holder.accountId, list);
  }
  return records.map((record) => {
    const view = toView(record, byAccount.get(record.account.id) ?? []);
    // A balance is the customer's business and its agent's: another agent finds the account (to take a
    // deposit, to check a holder) but never learns what is on it (DESIGN §3, issue 12).
    const othersAccount =
      viewer !== undefined &&
      !viewer.superAdmin &&
      record.account.agentId !== null &&
      record.account.agentId !== viewer.agentId;
    // Nor who of the other agent decided its opening (a username is half a sign-in).
    return othersAccount
      ? {
          ...view,
          balance: null,
          requestReference: null,
          decidedAt: null,
          decidedBy: null,
          rejectionReason: null,
        }
      : view;
  });
}

function toView(record: AccountRecord, holders: HolderRecord[]): AccountView {
  const { account } = record;
  return {
    id: account.id,
    accountNumber: account.accountNumber,
    type: account.type,
    currency: account.currency,
    status: account.status,
    balance: centimesToHtg(account.balanceCentimes),
    unavailableBalance: 0,
    createdAt: account.createdAt.toISOString(),
    customerIds: holders.map((holder) => holder.person.id),
    customers: holders.map((holder) => ({
      id: holder.person.id,
      firstName: holder.person.firstName,
      lastName: holder.person.lastName,
      idDocumentType: holder.person.idDocumentType ?? '',
      idDocumentNumber: holder.person.idDocumentNumber ?? '',
      principal: holder.position === 0,
    })),
    agent: record.agent,
    requestReference: account.requestReference,
    decidedAt: account.decidedAt ? account.decidedAt.toISOString() : null,
    decidedBy: record.decidedByUsername ? { username: record.decidedByUsername } : null,
    rejectionReason: account.rejectionReason,
  };
}

/** The view of one account by id (any kind), or undefined; see `presentAccounts` for `session`. */
export async function accountView(
  executor: Executor,
  accountId: string,
  session?: SessionUser,
): Promise<AccountView | undefined> {
  const records = await selectAccountRecords(executor, eq(accounts.id, accountId));
  const [view] = await presentAccounts(executor, records, session);
  return view;
}
