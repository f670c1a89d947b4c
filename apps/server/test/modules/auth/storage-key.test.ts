import { authMessages } from '@lajan/domain';
import { describe, expect, it } from 'vitest';
import { build } from '../../helpers/build.js';
import { call, tokenOf } from '../../helpers/fixtures.js';
import { createAgentWithTeller, createTeller, TELLER_PASSWORD } from '../../helpers/ledger.js';

/** Decision 202: the key a browser seals a user's held operations and drafts with. */
describe('GET /api/auth/storage-key', () => {
  it('is refused to an anonymous caller', async () => {
    const { app } = await build();

    const answer = await call(app, 'GET', '/api/auth/storage-key');

    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: authMessages.unauthenticated, code: 'UNAUTHENTICATED' });
  });

  it('gives the same teller the same key at each sign-in, another teller another, never cached', async () => {
    const { app } = await build();
    const agent = await createAgentWithTeller(app, { code: 'CLE', name: 'Clé' });
    // Teller A signs in a second time (her next session at the counter); teller B is another user.
    const secondTokenOfA = await tokenOf(app, agent.teller.username, TELLER_PASSWORD);
    const tokenOfB = await createTeller(app, agent, 'b');

    const first = await call(app, 'GET', '/api/auth/storage-key', { token: agent.teller.token });
    const again = await call(app, 'GET', '/api/auth/storage-key', { token: secondTokenOfA });
    const other = await call(app, 'GET', '/api/auth/storage-key', { token: tokenOfB });

    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const key = first.body.data.key as string;
    // 32 bytes in base64url: an AES-256 key.
    expect(Buffer.from(key, 'base64url')).toHaveLength(32);
    expect(again.body.data.key).toBe(key);
    expect(other.status).toBe(200);
    expect(other.body.data.key).not.toBe(key);
  });
});
