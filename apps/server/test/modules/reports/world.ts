import { haitiDateOf, startOfHaitiDay } from '@lajan/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../../src/db/schema.js';
import { findUserById, toSessionUser } from '../../../src/modules/auth/credentials.js';
import { TokenService } from '../../../src/modules/auth/tokens.js';
import { activeSuperAdminToken, call, type Answer } from '../../helpers/fixtures.js';
import { createAgentAdmin, ledgerWorld } from '../../helpers/ledger.js';

/**
 * `ledgerWorld` (PAP01 and CAP01, Marie and Jean at PAP01, Rose at CAP01, funded with the real time)
 * with the test clock moved into the next calendar month in Haiti, where the reports' tests post their
 * operations through the real routes. Tokens are signed afresh at the clock's time for each call, since
 * a month passes on the clock.
 */
export async function reportsWorld() {
  const world = await ledgerWorld();
  await createAgentAdmin(world.app, world.pap);
  await createAgentAdmin(world.app, world.cap);
  await activeSuperAdminToken(world.app);
  const today = haitiDateOf(world.clock.now());
  const [year, month] = today.split('-').map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  const monthStart = startOfHaitiDay(`${next}-01`);

  const tokens = new TokenService(world.config.jwtSecret!, world.clock);
  async function tokenOf(username: string): Promise<string> {
    const [row] = await world.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    const account = await findUserById(world.db, row!.id);
    return tokens.sign(toSessionUser(account!), account!.tokenVersion);
  }
  const who = {
    papTeller: world.pap.teller.username,
    capTeller: world.cap.teller.username,
    papAdmin: 'admin.pap01',
    capAdmin: 'admin.cap01',
    superAdmin: 'superadmin',
  } as const;
  type Who = keyof typeof who;

  /** Moves the clock to `instant` (never back). */
  function at(instant: Date): void {
    const ms = instant.getTime() - world.clock.now().getTime();
    expect(ms).toBeGreaterThanOrEqual(0);
    world.clock.advance(ms);
  }
  /** Haiti's wall clock `day` `HH:MM` as an instant. */
  function haiti(day: string, time: string): Date {
    const [hours, minutes] = time.split(':').map(Number) as [number, number];
    return new Date(startOfHaitiDay(day).getTime() + (hours * 60 + minutes) * 60_000);
  }
  async function post(as: Who, url: string, body: unknown): Promise<Answer> {
    const answer = await call(world.app, 'POST', `/api${url}`, { token: await tokenOf(who[as]), body });
    expect(answer.status, `${url}: ${answer.text}`).toBe(201);
    return answer;
  }
  async function get(as: Who, url: string): Promise<Answer> {
    return call(world.app, 'GET', `/api${url}`, { token: await tokenOf(who[as]) });
  }
  return { ...world, month: next, monthStart, at, haiti, post, get, tokenOf };
}
