import { drawerMessages } from '@lajan/domain';
import { describe, expect, it } from 'vitest';
import { databaseKind } from '../helpers/database.js';
import { call } from '../helpers/fixtures.js';
import { createAgentAdmin, ledgerWorld, superAdminToken } from '../helpers/ledger.js';

/*
 * Object-level access to drawer sessions (decision 149): agent A's (PAP01) teller closes its drawer with a
 * difference above the threshold; a teller and an administrator of agent B (CAP01), and a colleague of
 * A's teller, try every road that names that session.
 */
async function scene() {
  const world = await ledgerWorld();
  const token = world.pap.teller.token;
  // The fixture's drawer (opened long ago, no cash): a count of 1 000 HTG is 1 000 more than expected.
  const closed = await call(world.app, 'POST', '/api/drawer/close', {
    token,
    body: { counts: { '1000': 1 } },
  });
  expect(closed.status).toBe(200);
  return {
    ...world,
    id: closed.body.data.id as string,
    adminA: await createAgentAdmin(world.app, world.pap),
    adminB: await createAgentAdmin(world.app, world.cap),
  };
}

describe(`drawer sessions of another teller or agent (${databaseKind})`, () => {
  it('answers 404 to a teller and an administrator of B, and to another teller, on every road; 200 to A', async () => {
    const world = await scene();
    const outsiders = [world.cap.teller.token, world.adminB];
    for (const token of outsiders) {
      for (const url of [`/api/drawer/sessions/${world.id}`, `/api/drawer/sessions/${world.id}/verify`]) {
        const answer = await call(world.app, 'GET', url, { token });
        expect(answer.status, url).toBe(404);
        expect(answer.body.message).toBe(drawerMessages.notFound);
      }
    }
    const acknowledge = await call(world.app, 'POST', `/api/drawer/sessions/${world.id}/acknowledge`, {
      token: world.adminB,
    });
    expect(acknowledge.status).toBe(404);
    const day = await call(world.app, 'GET', '/api/drawer/sessions', { token: world.adminB });
    expect((day.body.data as { id: string }[]).map((session) => session.id)).not.toContain(world.id);

    const superToken = await superAdminToken(world.app);
    for (const token of [world.pap.teller.token, world.adminA, superToken]) {
      expect((await call(world.app, 'GET', `/api/drawer/sessions/${world.id}`, { token })).status).toBe(200);
      expect(
        (await call(world.app, 'GET', `/api/drawer/sessions/${world.id}/verify`, { token })).status,
      ).toBe(200);
    }
    // The super administrator sees it but does not acknowledge (the table: the agent's administrator).
    const bySuper = await call(world.app, 'POST', `/api/drawer/sessions/${world.id}/acknowledge`, {
      token: superToken,
    });
    expect(bySuper.status).toBe(403);
    const byAdmin = await call(world.app, 'POST', `/api/drawer/sessions/${world.id}/acknowledge`, {
      token: world.adminA,
    });
    expect(byAdmin.status).toBe(200);
  });

  it('keeps a teller to its own drawer: closing closes only its own', async () => {
    const world = await scene();
    // CAP01's teller closing its drawer does not touch PAP01's (already closed) one, and vice versa.
    const again = await call(world.app, 'POST', '/api/drawer/close', {
      token: world.pap.teller.token,
      body: { counts: {} },
    });
    expect(again.status).toBe(409);
    const cap = await call(world.app, 'POST', '/api/drawer/close', {
      token: world.cap.teller.token,
      body: { counts: {} },
    });
    expect(cap.status).toBe(200);
    expect(cap.body.data.id).not.toBe(world.id);
  });
});
