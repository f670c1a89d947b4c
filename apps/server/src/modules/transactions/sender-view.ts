import {
  audienceMay,
  audienceOf,
  maskDocumentNumber,
  type Audience,
  type Capability,
  type SessionUser,
  type Transaction,
} from '@lajan/domain';
import type { Executor } from '../../db/client.js';
import { readablePersonIds, viewerOf, type Viewer } from '../persons/index.js';

type SenderOf = Transaction['sender'];
type RecipientOf = Transaction['recipient'];
type PartyOf = Transaction['party'];

function viewerMay(viewer: SessionUser | Viewer, capability: Capability): boolean {
  const audience: Audience =
    'userId' in viewer
      ? viewer.superAdmin
        ? 'superAdmin'
        : viewer.agentAdmin
          ? 'agentAdmin'
          : 'teller'
      : audienceOf(viewer);
  return audienceMay(audience, capability);
}

/**
 * The sending agent's tellers read a transfer's recipient by her name and phone, not her document
 * (decision 200): with it a colleague could pay out the transfer; its number is masked as a person's.
 */
function withRecipientDocumentMasked<T extends { type: string; recipient: RecipientOf }>(transaction: T): T {
  const { recipient } = transaction;
  if (transaction.type !== 'external_transfer' && transaction.type !== 'external_refund') return transaction;
  if (!recipient || typeof recipient.idDocumentNumber !== 'string') return transaction;
  return {
    ...transaction,
    recipient: { ...recipient, idDocumentNumber: maskDocumentNumber(recipient.idDocumentNumber) },
  };
}

/**
 * The document of whoever stood at the counter (`party`), masked as a person's to all but the super
 * administrator (decision 208): read back whole, it let a colleague withdraw as another agent's customer.
 */
function withPartyDocumentMasked<T extends { party?: PartyOf }>(transaction: T): T {
  const { party } = transaction;
  if (!party) return transaction;
  return {
    ...transaction,
    party: { ...party, idDocumentNumber: maskDocumentNumber(party.idDocumentNumber) },
  };
}

/**
 * The sender as this viewer may see it (decisions 111, 171): whole to whoever may read the file, masked
 * to anyone else. One read for the whole list; none without a sender or for the super administrator.
 */
export async function showSenders<
  T extends { sender: SenderOf; type: string; recipient: RecipientOf; party?: PartyOf },
>(executor: Executor, viewer: SessionUser | Viewer, all: T[]): Promise<T[]> {
  const parties = viewerMay(viewer, 'transactions.readPartyDocument')
    ? all
    : all.map(withPartyDocumentMasked);
  return sendersAsSeen(
    executor,
    viewer,
    viewerMay(viewer, 'transactions.readRecipientDocument')
      ? parties
      : parties.map(withRecipientDocumentMasked),
  );
}

/** The senders alone as `viewer` may see them; a money route's own answer keeps the recipient its teller typed. */
async function sendersAsSeen<T extends { sender: SenderOf }>(
  executor: Executor,
  viewer: SessionUser | Viewer,
  transactions: T[],
): Promise<T[]> {
  const senderIds = transactions.flatMap((transaction) =>
    transaction.sender ? [transaction.sender.id] : [],
  );
  if (senderIds.length === 0) return transactions;
  const asViewer = 'userId' in viewer ? viewer : await viewerOf(executor, viewer);
  const readable = await readablePersonIds(executor, asViewer, senderIds);
  return transactions.map((transaction) =>
    transaction.sender && !readable.has(transaction.sender.id)
      ? { ...transaction, sender: maskedSender(transaction.sender) }
      : transaction,
  );
}

function maskedSender(sender: NonNullable<SenderOf>): NonNullable<SenderOf> {
  return {
    ...sender,
    idDocumentNumber: sender.idDocumentNumber === null ? null : maskDocumentNumber(sender.idDocumentNumber),
    phoneNumber: null,
    address: null,
  };
}

/**
 * A money route's answer text (fresh or replayed) with its sender shown as above. Only an answer whose sender
 * this viewer may not read whole is read and written again; the others go as they are, to the byte. A replay
 * is masked as the first answer was, unless the viewer's access to the person changed in between.
 */
export async function showSenderInAnswer(
  executor: Executor,
  viewer: Viewer,
  bodyText: string,
  /** The flow already read whether this viewer may read the sender (the external transfer's check). */
  senderReadable?: boolean,
): Promise<string> {
  if (senderReadable === true || !bodyText.includes('"sender":{')) return bodyText;
  const body = JSON.parse(bodyText) as { data?: Transaction };
  if (!body.data?.sender) return bodyText;
  if (senderReadable === false)
    return JSON.stringify({ ...body, data: { ...body.data, sender: maskedSender(body.data.sender) } });
  const [shown] = await sendersAsSeen(executor, viewer, [body.data]);
  return shown === body.data ? bodyText : JSON.stringify({ ...body, data: shown });
}
