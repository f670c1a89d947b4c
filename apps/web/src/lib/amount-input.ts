/**
 * "1 500,50", "1500.50", "1 500" → 1500.5; an empty box → NaN, which the amount schema calls
 * "Le montant est requis". French tellers type a comma; a phone's number pad may type a dot. Shared
 * by the money wizards and the fee editor.
 */
export function parseAmountInput(raw: unknown): number {
  if (typeof raw === 'number') return raw;
  if (typeof raw !== 'string') return Number.NaN;
  const text = raw.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (text === '' || !/^[+-]?\d*\.?\d*$/.test(text)) return Number.NaN;
  return Number(text);
}
