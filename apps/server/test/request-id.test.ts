import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { build } from './helpers/build.js';
import { call } from './helpers/fixtures.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const offered = 'proxy-7f3a9c.41';

describe('X-Request-Id (decision 230)', () => {
  it('makes a UUID for each request, returned on every answer and in every error body', async () => {
    const t = await build();
    const first = await call(t.app, 'GET', '/api/health');
    const second = await call(t.app, 'GET', '/api/health');
    expect(first.headers['x-request-id']).toMatch(uuid);
    expect(second.headers['x-request-id']).toMatch(uuid);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);

    const answers = {
      notFound: await call(t.app, 'GET', '/api/nulle-part'),
      unauthenticated: await call(t.app, 'GET', '/api/users'),
      invalid: await call(t.app, 'POST', '/api/auth/login', { body: { username: 'x' } }),
      badJson: await call(t.app, 'POST', '/api/auth/login', {
        body: '{"username":',
        headers: { 'content-type': 'application/json' },
      }),
      // Refused by Fastify's router, before any hook.
      badUrl: await call(t.app, 'GET', '/api/%E0%A4%A'),
    };
    for (const [what, answer] of Object.entries(answers)) {
      expect(answer.status, what).toBeGreaterThanOrEqual(400);
      expect(answer.headers['x-request-id'], what).toMatch(uuid);
      expect(JSON.parse(answer.text).requestId, what).toBe(answer.headers['x-request-id']);
    }
  });

  it('is in the log lines of its request: the answer’s line and the refusal’s', async () => {
    const t = await build();
    const answer = await call(t.app, 'GET', '/api/users');
    expect(answer.status).toBe(401);
    const id = answer.headers['x-request-id'];
    const lines = t.logs.entries().filter((line) => line.reqId === id);
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['requête refusée', 'request completed']),
    );
  });

  it('ignores a client’s X-Request-Id without TRUST_PROXY', async () => {
    const t = await build();
    const answer = await call(t.app, 'GET', '/api/nulle-part', { headers: { 'x-request-id': offered } });
    expect(answer.headers['x-request-id']).toMatch(uuid);
    expect(JSON.parse(answer.text).requestId).toBe(answer.headers['x-request-id']);
    expect(t.logs.text).not.toContain(offered);
  });

  it('takes a trusted proxy’s well-formed id, and makes one for a malformed id', async () => {
    const t = await build({ env: { TRUST_PROXY: 'true' } });
    const echoed = await call(t.app, 'GET', '/api/nulle-part', { headers: { 'x-request-id': offered } });
    expect(echoed.headers['x-request-id']).toBe(offered);
    expect(JSON.parse(echoed.text).requestId).toBe(offered);
    expect(t.logs.entries().some((line) => line.reqId === offered)).toBe(true);

    for (const malformed of ['a b', 'x'.repeat(129), '<script>', 'id"}']) {
      const answer = await call(t.app, 'GET', '/api/health', { headers: { 'x-request-id': malformed } });
      expect(answer.headers['x-request-id'], malformed).toMatch(uuid);
    }
  });

  it('trusts only the proxies TRUST_PROXY lists', async () => {
    const t = await build({ env: { TRUST_PROXY: '10.0.0.0/8, 192.168.1.7' } });
    const from = async (remoteAddress: string) =>
      (await call(t.app, 'GET', '/api/health', { headers: { 'x-request-id': offered }, remoteAddress }))
        .headers['x-request-id'];
    expect(await from('10.1.2.3')).toBe(offered);
    expect(await from('192.168.1.7')).toBe(offered);
    expect(await from('192.168.1.8')).toMatch(uuid);
    expect(await from('203.0.113.9')).toMatch(uuid);
  });

  it('comes with what Node’s HTTP parser refuses, before any request exists', async () => {
    const t = await build();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write('POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n');
      });
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    const id = /^x-request-id: (\S+)\r$/im.exec(raw)?.[1];
    expect(id).toMatch(uuid);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toMatchObject({ requestId: id });
  });
});
