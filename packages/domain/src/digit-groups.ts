// No zod here: the history's dialogs, on the dashboard's path, group a pick-up code (decisions 160, 215).

/** "534568382921" → "534 568 382 921": the code read aloud over the phone, printed and shown in groups. */
export function groupDigits(code: string): string {
  return code.replace(/(\d{3})(?=\d)/g, '$1 ');
}
