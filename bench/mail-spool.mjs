// The e-mails of a server started without SMTP_URL: each in a file of its spool, which its log line names
// (`spooled`), never the secret itself (decision 231).
import { readFileSync } from 'node:fs';

/**
 * The message of the spool file that a log line names, or undefined when the line names none.
 * @param {Record<string, unknown>} entry a parsed log line
 * @returns {{ to: string, subject: string, text: string } | undefined}
 */
export function spooledMailOf(entry) {
  if (typeof entry.spooled !== 'string') return undefined;
  const content = readFileSync(entry.spooled, 'utf8');
  const end = content.indexOf('\n\n');
  const head = content.slice(0, end);
  return {
    to: /^To: (.*)$/m.exec(head)?.[1] ?? '',
    subject: /^Subject: (.*)$/m.exec(head)?.[1] ?? '',
    text: content.slice(end + 2),
  };
}
