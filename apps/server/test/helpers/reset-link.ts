import { expect } from 'vitest';
import { SUPERADMIN, type TestApp } from './build.js';
import { call } from './fixtures.js';
import type { Mailbox } from './mailbox.js';

/** A reset link as the e-mail writes it, alone on its line: the whole link, its token, the username. */
export const resetLinkPattern =
  /^(http:\/\/lajan\.test\/reset-password\/([A-Za-z0-9_-]+)\?username=([^\s]+))$/m;

/**
 * Asks for a link by username (`POST /api/forgot-password`) and reads it from the last of the
 * `expectedMails` e-mails that the real SMTP server `mailbox` received.
 */
export async function requestResetLink(
  t: TestApp,
  mailbox: Mailbox,
  username = SUPERADMIN.username,
  expectedMails = 1,
) {
  const answer = await call(t.app, 'POST', '/api/forgot-password', { body: { username } });
  expect(answer.status).toBe(200);
  const [mail] = (await mailbox.waitForCount(expectedMails)).slice(-1);
  const match = resetLinkPattern.exec(mail!.text);
  if (!match) throw new Error(`no reset link in:\n${mail!.text}`);
  return { link: match[1]!, token: match[2]!, username: decodeURIComponent(match[3]!) };
}
