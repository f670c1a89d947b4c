/**
 * Object-level access to the audit trail (decision 133): an agent's administrator reads its own
 * agent's lines only (its users' writes and money movements, and what was done to its agent), never
 * another agent's, whatever filter it sends; the super administrator reads and filters the network.
 */
import type { AuditEntryView } from '@lajan/domain';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/fixtures.js';
import { busyLedgerWorld, createAgentAdmin, superAdminToken } from '../helpers/ledger.js';

function linesOf(body: unknown): AuditEntryView[] {
  return (body as { data: AuditEntryView[] }).data;
}

describe('GET /api/audit: who reads which lines', () => {
  it('gives an administrator its own agent’s lines only, whatever it filters on', async () => {
    const world = await busyLedgerWorld([1000], { expectPosted: true });
    const { app } = world;
    const papAdmin = await createAgentAdmin(app, world.pap);
    const get = (query: string, token = papAdmin) => call(app, 'GET', `/api/audit?per_page=100&${query}`, { token });

    const own = await get('');
    expect(own.status).toBe(200);
    const lines = linesOf(own.body);
    expect(lines.length).toBe(own.body.meta.total);
    expect(lines.every((line) => line.agent?.code === 'PAP01')).toBe(true);
    expect(lines.map((line) => line.action)).toEqual(
      expect.arrayContaining([
        'transactions.deposit',
        'transactions.withdrawal',
        'transactions.external_transfer',
        'transactions.agent_deposit',
      ]),
    );
    // The super administrator's funding of PAP01 is PAP01's line, without the super administrator's address.
    const funding = lines.find((line) => line.action === 'transactions.agent_deposit');
    expect(funding).toMatchObject({ actorUsername: 'superadmin', ip: null });
    // None of CAP01's: its teller's deposit for Rose is not there.
    expect(lines.some((line) => line.actorUsername === world.cap.teller.username)).toBe(false);

    expect(linesOf((await get('agent=pap01')).body)).toEqual(lines);
    const other = await get('agent=CAP01');
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Vous ne pouvez consulter que le journal de votre agent',
    });
    const byOtherTeller = await get(`user=${world.cap.teller.username}`);
    expect(byOtherTeller.body).toEqual({ data: [], meta: { total: 0, page: 1, per_page: 100 } });

    // A teller reads no trail, not even its own agent's.
    expect((await get('', world.pap.teller.token)).status).toBe(403);
  });

  it('lets the super administrator read the whole network and filter it to one agent', async () => {
    const world = await busyLedgerWorld([1000], { expectPosted: true });
    const token = await superAdminToken(world.app);
    const all = linesOf((await call(world.app, 'GET', '/api/audit?per_page=100', { token })).body);
    expect(new Set(all.map((line) => line.agent?.code ?? null))).toEqual(new Set(['PAP01', 'CAP01', null]));
    const cap = await call(world.app, 'GET', '/api/audit?per_page=100&agent=CAP01', { token });
    expect(linesOf(cap.body).length).toBeGreaterThan(0);
    expect(linesOf(cap.body).every((line) => line.agent?.code === 'CAP01')).toBe(true);
    expect(linesOf(cap.body)).toEqual(all.filter((line) => line.agent?.code === 'CAP01'));
  });
});
