import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts } from '../../../src/db/schema.js';
import { openFloatAccount } from '../../../src/ledger/accounts.js';
import { isValidNumber } from '../../../src/ledger/numbers.js';
import {
  accountView,
  floatAccountOfAgent,
  floatAccountsOfAgents,
} from '../../../src/modules/accounts/index.js';
import { build } from '../../helpers/build.js';
import { createAgent } from '../../helpers/fixtures.js';

describe('openFloatAccount (called by the agents module)', () => {
  it('opens an active HTG float at 0 for the agent, inside the caller’s transaction', async () => {
    const t = await build();
    const db = t.database.db;
    const agent = await createAgent(db, { code: 'AG-001', name: 'Boutik Jacmel' });
    const now = new Date('2026-03-01T12:00:00Z');

    const opened = await db.transaction((tx) => openFloatAccount(tx, { agentId: agent.id, now }));

    expect(isValidNumber(opened.accountNumber, 11)).toBe(true);
    const [row] = await db.select().from(accounts).where(eq(accounts.id, opened.id));
    expect(row).toMatchObject({
      kind: 'float',
      type: null,
      status: 'active',
      currency: 'HTG',
      balanceCentimes: 0,
      agentId: agent.id,
      createdAt: now,
    });
    expect(await floatAccountOfAgent(db, agent.id)).toEqual({
      id: opened.id,
      accountNumber: opened.accountNumber,
      status: 'active',
      balance: 0,
      balanceCentimes: 0,
    });
    expect(await accountView(db, opened.id)).toMatchObject({
      accountNumber: opened.accountNumber,
      type: null,
      balance: 0,
      customers: [],
      agent: { code: 'AG-001', name: 'Boutik Jacmel' },
    });
  });

  it('refuses a second float for one agent and leaves nothing of the failed transaction', async () => {
    const t = await build();
    const db = t.database.db;
    const agent = await createAgent(db, { code: 'AG-002', name: 'Kay Lajan' });
    await openFloatAccount(db, { agentId: agent.id, now: new Date() });

    await expect(
      db.transaction((tx) => openFloatAccount(tx, { agentId: agent.id, now: new Date() })),
    ).rejects.toThrow();
    expect(await db.select().from(accounts).where(eq(accounts.kind, 'float'))).toHaveLength(1);
  });

  it('reads the floats of several agents at once', async () => {
    const t = await build();
    const db = t.database.db;
    const a = await createAgent(db, { code: 'AG-A', name: 'A' });
    const b = await createAgent(db, { code: 'AG-B', name: 'B' });
    const c = await createAgent(db, { code: 'AG-C', name: 'C' });
    const floatA = await openFloatAccount(db, { agentId: a.id, now: new Date() });
    const floatB = await openFloatAccount(db, { agentId: b.id, now: new Date() });

    const floats = await floatAccountsOfAgents(db, [a.id, b.id, c.id]);
    expect(floats.get(a.id)?.accountNumber).toBe(floatA.accountNumber);
    expect(floats.get(b.id)?.accountNumber).toBe(floatB.accountNumber);
    expect(floats.has(c.id)).toBe(false);
  });
});
