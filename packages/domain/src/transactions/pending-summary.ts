import { msg, plural } from '@lingui/core/macro';
import { translate } from '../i18n.js';
import { formatHtg } from '../money.js';
import { displayName } from '../person-names.js';
import { foldForSearch } from '../text.js';
import { transactionTypeLabels, type TransactionType } from './names.js';

// The lines' words in the language of the moment (decision 236); the names and numbers are data.

/** "Dépôt de 1 500,00 HTG", or the type alone without an amount. */
function typeAndAmount(type: TransactionType, amountHtg: number): string {
  const label = transactionTypeLabels[type];
  if (!(Number.isFinite(amountHtg) && amountHtg > 0)) return label;
  const amount = formatHtg(amountHtg);
  return translate(msg`${label} de ${amount}`);
}

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
  const recipientAccount = text(fields.recipientAccountNumber);
  const code = text(fields.code);
  const transactionNumber = text(fields.transactionNumber);
  const parts = [
    typeAndAmount(type, amount),
    account ? translate(msg`compte ${account}`) : null,
    recipientAccount ? translate(msg`vers le compte ${recipientAccount}`) : null,
    code ? translate(msg`agent ${code}`) : null,
    transactionNumber ? translate(msg`transfert ${transactionNumber}`) : null,
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
  return [typeAndAmount(type, amount), number ? translate(msg`transfert ${number}`) : null]
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

/** "compte 100… (its holders)", a no-break space after the word. */
function translateAccount(numbered: string): string {
  return translate(msg`compte\u00a0${numbered}`);
}

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
    if (others === 0) {
      const [first = '', second] = names;
      return second === undefined ? first : translate(msg`${first} et ${second}`);
    }
    const named = names.join(', ');
    return translate(msg`${named} et ${plural(others, { one: '#\u00a0autre', other: '#\u00a0autres' })}`);
  };
  const numbered = (number: string, ref: AccountRef | null | undefined) => {
    const holders = holdersOf(number, ref);
    return holders ? `${number} (${holders})` : number;
  };
  const account = (number: string | null, ref?: AccountRef | null) =>
    number ? translateAccount(numbered(number, ref)) : null;
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
        partyName && !named ? translate(msg`par ${partyName}`) : null,
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
    case 'external_payout': {
      const recipient = person(transaction.recipient);
      return join(recipient ? translate(msg`payé à ${recipient}`) : null);
    }
    case 'external_refund': {
      const sender = person(transaction.sender);
      return join(sender ? translate(msg`rendu à ${sender}`) : partyName);
    }
    case 'agent_deposit':
      return join(transaction.agent ? `${transaction.agent.code} · ${transaction.agent.name}` : null);
    default:
      return '';
  }
}
