import { formatHtg } from '../money.js';
import { displayName } from '../person-names.js';
import { foldForSearch } from '../text.js';
import { transactionTypeLabels, type TransactionType } from './names.js';

/**
 * The one line that tells a held operation apart, from what the form posts: its type, its amount in HTG,
 * the account or agent it names, and the person at the counter ("Dépôt de 1 500,00 HTG · compte 100… · Marie
 * Joseph").
 */
export function pendingOperationSummary(type: TransactionType, body: unknown): string {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  const amount = typeof fields.amount === 'number' ? fields.amount : Number(fields.amount);
  const party =
    typeof fields.party === 'object' && fields.party !== null
      ? (fields.party as Record<string, unknown>)
      : {};
  const account = text(fields.accountNumber) ?? text(fields.senderAccountNumber);
  const parts = [
    Number.isFinite(amount) && amount > 0
      ? `${transactionTypeLabels[type]} de ${formatHtg(amount)}`
      : transactionTypeLabels[type],
    account ? `compte ${account}` : null,
    text(fields.recipientAccountNumber) ? `vers le compte ${text(fields.recipientAccountNumber)}` : null,
    text(fields.code) ? `agent ${text(fields.code)}` : null,
    text(fields.transactionNumber) ? `transfert ${text(fields.transactionNumber)}` : null,
    text(party.name),
  ];
  return parts.filter((part): part is string => part !== null).join(' · ');
}

/**
 * What is kept of a held operation once its personal data is dropped: only its type, amount and transfer
 * number, what finds it in the history; no name, document, phone or account number (decision 151).
 */
export function pendingOperationTrace(type: TransactionType, body: unknown): string {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const amount = typeof fields.amount === 'number' ? fields.amount : Number(fields.amount);
  const number = typeof fields.transactionNumber === 'string' ? fields.transactionNumber.trim() : '';
  return [
    Number.isFinite(amount) && amount > 0
      ? `${transactionTypeLabels[type]} de ${formatHtg(amount)}`
      : transactionTypeLabels[type],
    number ? `transfert ${number}` : null,
  ]
    .filter((part): part is string => part !== null)
    .join(' · ');
}

/** What a posted transaction's line needs to say whose it is (`transactionSchema`'s fields). */
interface PostedParties {
  type: TransactionType;
  accountNumber: string | null;
  senderAccountNumber: string | null;
  recipientAccountNumber: string | null;
  party: { name: string } | null;
  sender: { firstName: string; lastName: string } | null;
  recipient: { firstName: string; lastName: string } | null;
  agent: { code: string; name: string } | null;
  /** The history names the accounts' holders (decision 186); a posting's answer does not. */
  account?: AccountRef | null;
  senderAccount?: AccountRef | null;
  recipientAccount?: AccountRef | null;
}

interface AccountRef {
  accountNumber: string;
  holders?: { firstName: string; lastName: string }[] | undefined;
}

/**
 * Whose a posted transaction is, in one line under its type in the history: the accounts, their holders
 * (decision 186) and the person at the counter, so a search by name shows why it matched. Only what the
 * server answered.
 */
/** How many of an account's holders a history line names (a joint account's two, most often). */
const NAMED_HOLDERS = 2;

export function postedPartiesLine(transaction: PostedParties): string {
  const person = (named: { firstName: string; lastName: string } | null) =>
    named ? displayName(named) || null : null;
  /**
   * Its holders as the line says them: one or two by name, principal first ("Fabiola PIERRE-LOUIS et Nadège
   * SAINT-FLEUR": a search by either name says why it matched), more as the first two and how many others.
   */
  const holdersOf = (number: string | null, ref: AccountRef | null | undefined) => {
    const holders = ref && ref.accountNumber === number ? (ref.holders ?? []) : [];
    if (holders.length === 0) return null;
    const names = holders.slice(0, NAMED_HOLDERS).map((holder) => displayName(holder));
    const others = holders.length - names.length;
    if (others === 0) return names.join(' et ');
    return `${names.join(', ')} et ${others}\u00a0${others === 1 ? 'autre' : 'autres'}`;
  };
  const numbered = (number: string, ref: AccountRef | null | undefined) => {
    const holders = holdersOf(number, ref);
    return holders ? `${number} (${holders})` : number;
  };
  const account = (number: string | null, ref?: AccountRef | null) =>
    number ? `compte\u00a0${numbered(number, ref)}` : null;
  const partyName = transaction.party?.name.trim() || null;
  const join = (...parts: (string | null)[]) =>
    parts.filter((part): part is string => part !== null).join(' · ');
  switch (transaction.type) {
    case 'deposit':
    case 'withdrawal': {
      const holders = transaction.account?.holders ?? [];
      if (holders.length === 0) return join(account(transaction.accountNumber), partyName);
      // The holders named, the person at the counter is said apart, and not again when one of those named
      // (a third holder at the counter is said, or the line would not say why a search by that name found it).
      const folded = (text: string) => foldForSearch(text.replace(/\s+/g, ' ').trim());
      const named =
        partyName !== null &&
        holders
          .slice(0, NAMED_HOLDERS)
          .some(({ firstName, lastName }) =>
            [`${firstName} ${lastName}`, `${lastName} ${firstName}`].some(
              (name) => folded(name) === folded(partyName),
            ),
          );
      return join(
        account(transaction.accountNumber, transaction.account),
        partyName && !named ? `par ${partyName}` : null,
      );
    }
    case 'transfer':
      return transaction.senderAccountNumber && transaction.recipientAccountNumber
        ? `${numbered(transaction.senderAccountNumber, transaction.senderAccount)}\u00a0→ ${numbered(
            transaction.recipientAccountNumber,
            transaction.recipientAccount,
          )}`
        : join(
            transaction.senderAccountNumber
              ? account(transaction.senderAccountNumber, transaction.senderAccount)
              : account(transaction.recipientAccountNumber, transaction.recipientAccount),
          );
    case 'external_transfer': {
      const from =
        person(transaction.sender) ??
        account(transaction.senderAccountNumber, transaction.senderAccount) ??
        partyName;
      const to = person(transaction.recipient);
      return from && to ? `${from}\u00a0→ ${to}` : join(from, to);
    }
    case 'external_payout':
      return join(person(transaction.recipient) ? `payé à ${person(transaction.recipient)}` : null);
    case 'external_refund':
      return join(person(transaction.sender) ? `rendu à ${person(transaction.sender)}` : partyName);
    case 'agent_deposit':
      return join(transaction.agent ? `${transaction.agent.code} · ${transaction.agent.name}` : null);
    default:
      return '';
  }
}
