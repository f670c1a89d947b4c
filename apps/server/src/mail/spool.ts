import { randomUUID } from 'node:crypto';
import { chmod, mkdir, open, rename, stat } from 'node:fs/promises';
import path from 'node:path';

export interface SpooledMail {
  id?: string | undefined;
  to: string;
  subject: string;
  text: string;
}

/** An outbox id, a UUID: anything else (a test's message) gets a new one in the file's name. */
const safeId = /^[0-9a-f-]{36}$/i;

/** Writes one message to `dir` as an `.eml` file (decision 231); returns the file's path. */
export async function spoolMail(
  dir: string,
  mail: SpooledMail,
  from: string,
  now = new Date(),
): Promise<string> {
  return spoolFile(dir, mail.id, 'eml', emlOf(mail, from, now), now);
}

/**
 * Writes `content` to `dir`, named by the time and `id` (decision 231): the folder 0700, the file 0600,
 * written under a hidden name, synced and renamed, so that a reader never sees half a message.
 */
export async function spoolFile(
  dir: string,
  id: string | undefined,
  extension: string,
  content: string,
  now: Date,
): Promise<string> {
  await privateFolder(dir);
  const name = `${now.toISOString().replace(/[:.]/g, '-')}-${id && safeId.test(id) ? id : randomUUID()}.${extension}`;
  const file = path.join(dir, name);
  const temporary = path.join(dir, `.${name}.${randomUUID()}.tmp`);
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(content, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  return file;
}

/** The folder made for its owner alone, or narrowed to it when it was made wider by hand. */
async function privateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (((await stat(dir)).mode & 0o077) !== 0) await chmod(dir, 0o700);
}

/** A plain message any mail reader opens (`.eml`), its text as written, in UTF-8. */
function emlOf(mail: SpooledMail, from: string, now: Date): string {
  const header = (value: string) => value.replace(/[\r\n]+/g, ' ');
  return [
    `Date: ${now.toUTCString()}`,
    `From: ${header(from)}`,
    `To: ${header(mail.to)}`,
    `Subject: ${header(mail.subject)}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    mail.text,
    '',
  ].join('\n');
}
