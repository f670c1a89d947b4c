// Without zod or texts: the server's schema (drizzle-kit loads it alone) and the operators' screen read it.

/**
 * What Lajan sends by SMS (issue 46): a customer's receipt, the pick-up code to a cash send's recipient,
 * and the notices to its sender when it is paid out, cancelled or expires.
 */
export const smsKinds = [
  'receipt',
  'pickup_code',
  'transfer_paid',
  'transfer_cancelled',
  'transfer_expired',
] as const;
export type SmsKind = (typeof smsKinds)[number];

export function isSmsKind(value: unknown): value is SmsKind {
  return typeof value === 'string' && (smsKinds as readonly string[]).includes(value);
}

/* GSM 03.38's default alphabet and its extension table (each extension character takes two septets). */
const gsm7Basic =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const gsm7Extension = '^{}\\[~]|€\f';

/** A short message's parts as an operator counts them: 160 GSM-7 septets or 70 UCS-2 units, less when split. */
export interface SmsParts {
  encoding: 'gsm7' | 'ucs2';
  parts: string[];
}

function septets(character: string): number | undefined {
  if (gsm7Basic.includes(character)) return 1;
  if (gsm7Extension.includes(character)) return 2;
  return undefined;
}

/**
 * Splits `text` as it travels: GSM-7 when every character is in its alphabet (160 septets, 153 a part
 * once split), else UCS-2 (70 units, 67 a part). A part never cuts an extension character or a surrogate pair.
 */
export function smsParts(text: string): SmsParts {
  const characters = Array.from(text);
  const gsm7 = characters.every((character) => septets(character) !== undefined);
  const sizeOf = (character: string) => (gsm7 ? septets(character)! : character.length);
  const total = characters.reduce((sum, character) => sum + sizeOf(character), 0);
  const [single, split] = gsm7 ? [160, 153] : [70, 67];
  if (total <= single) return { encoding: gsm7 ? 'gsm7' : 'ucs2', parts: [text] };
  const parts: string[] = [];
  let part = '';
  let size = 0;
  for (const character of characters) {
    if (size + sizeOf(character) > split) {
      parts.push(part);
      part = '';
      size = 0;
    }
    part += character;
    size += sizeOf(character);
  }
  parts.push(part);
  return { encoding: gsm7 ? 'gsm7' : 'ucs2', parts };
}
