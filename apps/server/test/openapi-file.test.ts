import { readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { build } from './helpers/build.js';

/**
 * The web tests' fake API (apps/web/src/test/api-server.ts) checks every answer against the
 * response schemas this server declares, read from a copy of its OpenAPI document committed
 * beside it (decision 130). The copy must be the document the server serves today.
 */
const committed = new URL('../../web/src/test/openapi.json', import.meta.url);
export const REGENERATE = 'npm run openapi -w @lajan/server';

/** The document as written to the file: stable key order as served, two-space indentation. */
export function openApiFileText(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

describe('the OpenAPI document the web tests read (apps/web/src/test/openapi.json)', () => {
  it('is the one the server serves', async () => {
    const { app } = await build();
    const answer = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(answer.statusCode).toBe(200);
    const text = openApiFileText(answer.json());
    // `npm run openapi -w @lajan/server` runs this test with OPENAPI_WRITE=1: it writes the file.
    if (process.env.OPENAPI_WRITE === '1') await writeFile(committed, text);
    const onDisk = await readFile(committed, 'utf8').catch(() => '');
    expect(
      onDisk === text,
      `apps/web/src/test/openapi.json is not the server's OpenAPI document any more: run \`${REGENERATE}\` and commit the file`,
    ).toBe(true);
  });
});
