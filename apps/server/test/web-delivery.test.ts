import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from './helpers/build.js';

// The web app as the server sends it (decision 145), on the real build: `vite build` of apps/web,
// into a directory of its own (the tests run before `npm run build`, and beside other builds).
const webRoot = fileURLToPath(new URL('../../web/', import.meta.url));
let dist: string;
let entry: string;

beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'lajan-web-dist-'));
  const vite = path.join(path.dirname(createRequire(webRoot).resolve('vite/package.json')), 'bin/vite.js');
  execFileSync(process.execPath, [vite, 'build', '--outDir', dist, '--emptyOutDir'], {
    cwd: webRoot,
    stdio: 'ignore',
  });
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  entry = /<script type="module" crossorigin src="(\/assets\/index-[^"]+\.js)"/.exec(html)?.[1] ?? '';
}, 120_000);

afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
});

const file = (url: string) => readFileSync(path.join(dist, url));

async function get(url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') {
  // The helper closes its apps after each test: one per call costs little here (no database work).
  const { app } = await build({ overrides: { webDistDir: dist } });
  const answer = await app.inject({ method, url, headers });
  return { status: answer.statusCode, headers: answer.headers, body: answer.rawPayload };
}

describe('the built web app, compressed at build time', () => {
  it('has a brotli and a gzip version beside every JavaScript, CSS, HTML and SVG file (unless it would not be smaller)', () => {
    const files = [
      'index.html',
      'favicon.svg',
      ...readdirSync(path.join(dist, 'assets')).map((name) => `assets/${name}`),
    ].filter((name) => /\.(js|css|html|svg)$/.test(name));
    expect(files.length).toBeGreaterThan(10);
    const exists = (name: string) =>
      readdirSync(path.dirname(path.join(dist, name))).includes(path.basename(name));
    for (const name of files) {
      const raw = file(name);
      if (exists(`${name}.br`)) expect(brotliDecompressSync(file(`${name}.br`)).equals(raw), name).toBe(true);
      else
        expect(
          brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
          name,
        ).toBeGreaterThanOrEqual(raw.length);
      if (exists(`${name}.gz`)) expect(gunzipSync(file(`${name}.gz`)).equals(raw), name).toBe(true);
      else expect(gzipSync(raw, { level: 9 }).length, name).toBeGreaterThanOrEqual(raw.length);
    }
    expect(exists(`${entry}.br`) && exists(`${entry}.gz`) && exists('index.html.br')).toBe(true);
  });

  it('sends brotli to a browser that takes it, with its length, its encoding and Vary', async () => {
    expect(entry).toMatch(/^\/assets\/index-/);
    const answer = await get(entry, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    // The type of the file itself, never that of the `.br` beside it.
    expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
    expect(answer.headers['vary']).toMatch(/accept-encoding/i);
    expect(Number(answer.headers['content-length'])).toBe(statSync(path.join(dist, `${entry}.br`)).size);
    expect(answer.body.length).toBeLessThan(file(entry).length / 3);
    expect(brotliDecompressSync(answer.body).equals(file(entry))).toBe(true);
  });

  it('sends gzip to a browser that takes only gzip', async () => {
    const answer = await get(entry, { 'accept-encoding': 'gzip, deflate' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['vary']).toMatch(/accept-encoding/i);
    expect(Number(answer.headers['content-length'])).toBe(statSync(path.join(dist, `${entry}.gz`)).size);
    expect(gunzipSync(answer.body).equals(file(entry))).toBe(true);
  });

  it('honours q-values: the highest quality wins, q=0 refuses, `*` means gzip', async () => {
    const cases: [string, string | undefined][] = [
      ['br;q=0.5, gzip;q=0.9', 'gzip'],
      ['gzip;q=0.4, br;q=0.8', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
      ['identity', undefined],
      ['*', 'gzip'],
      ['gzip, br', 'br'],
    ];
    for (const [accept, encoding] of cases) {
      const answer = await get(entry, { 'accept-encoding': accept });
      expect(answer.headers['content-encoding'], accept).toBe(encoding);
      expect(answer.headers['vary'], accept).toMatch(/accept-encoding/i);
    }
  });

  it('sends the plain file, with its length and Vary, to a client that asks for no encoding', async () => {
    const answer = await get(entry);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['vary']).toMatch(/accept-encoding/i);
    expect(Number(answer.headers['content-length'])).toBe(file(entry).length);
    expect(answer.body.equals(file(entry))).toBe(true);
  });

  it('answers HEAD with the length of what GET would send', async () => {
    const answer = await get(entry, { 'accept-encoding': 'br' }, 'HEAD');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(Number(answer.headers['content-length'])).toBe(statSync(path.join(dist, `${entry}.br`)).size);
  });

  it('keeps hashed assets a year, whatever the encoding', async () => {
    const css = readdirSync(path.join(dist, 'assets')).find((name) => name.endsWith('.css'));
    for (const url of [entry, `/assets/${css}`]) {
      for (const accept of ['br', 'gzip', '']) {
        const answer = await get(url, accept ? { 'accept-encoding': accept } : {});
        expect(answer.status, url).toBe(200);
        expect(answer.headers['cache-control'], `${url} ${accept}`).toBe(
          'public, max-age=31536000, immutable',
        );
      }
    }
  });

  it('has index.html (at / and as the fallback of any screen) revalidated with its ETag, compressed too', async () => {
    const html = file('index.html');
    for (const url of ['/', '/index.html', '/login', '/transaction/history?page=2']) {
      const answer = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(answer.status, url).toBe(200);
      expect(answer.headers['content-encoding'], url).toBe('br');
      expect(answer.headers['vary'], url).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control'], url).toBe('no-cache');
      expect(answer.headers['content-type'], url).toMatch(/^text\/html/);
      expect(brotliDecompressSync(answer.body).equals(html), url).toBe(true);
      const etag = answer.headers['etag'];
      expect(etag, url).toBeTruthy();

      const again = await get(url, { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': String(etag) });
      expect(again.status, url).toBe(304);
      expect(again.body.length, url).toBe(0);
    }
    // A cache must not answer a gzip request with the brotli bytes: the versions have their own ETag.
    const br = await get('/login', { 'accept-encoding': 'br' });
    const gzip = await get('/login', { 'accept-encoding': 'gzip' });
    const plain = await get('/login');
    expect(new Set([br.headers['etag'], gzip.headers['etag'], plain.headers['etag']]).size).toBe(3);
    expect(gunzipSync(gzip.body).equals(html)).toBe(true);
    expect(plain.body.equals(html)).toBe(true);
  });

  it("never sends the build's own records (`.vite/`: the manifest, the modules of each chunk)", async () => {
    expect(file('.vite/manifest.json').length).toBeGreaterThan(0);
    for (const url of ['/.vite/manifest.json', '/.vite/chunk-modules.json']) {
      const answer = await get(url);
      // The screens' fallback, not the file: index.html, as for any path that names no file.
      expect(answer.status, url).toBe(200);
      expect(answer.headers['content-type'], url).toMatch(/^text\/html/);
      expect(answer.body.equals(file('index.html')), url).toBe(true);
    }
  });

  it('leaves API answers as they were: not compressed, not cached as files', async () => {
    const answer = await get('/api/health', { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(answer.body.toString('utf8'))).toEqual({ status: 'ok' });
    const unknown = await get('/api/nulle-part', { 'accept-encoding': 'br' });
    expect(unknown.status).toBe(404);
    expect(unknown.headers['content-encoding']).toBeUndefined();
  });
});
