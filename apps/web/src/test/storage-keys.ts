import { createHash } from 'node:crypto';
import { importSealer, type Sealer } from '../lib/storage-key';
import type { SealerSource } from '../lib/pending-operations';

/** The storage key the fake server gives `userId` (decision 202): one per user, the same each time. */
export function testStorageKey(userId: string): string {
  return createHash('sha256').update(`cle-de-test\0${userId}`).digest('base64url');
}

/** The user's id in a bearer token made by `makeToken` (its `sub`), or null. */
export function userIdOfBearer(authorization: string | string[] | undefined): string | null {
  const token = typeof authorization === 'string' ? authorization.replace(/^Bearer /, '') : '';
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      sub?: unknown;
    };
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

/** The sealer the app gets for `userId` from the fake server. */
export function testSealer(userId: string): Promise<Sealer> {
  return importSealer(userId, testStorageKey(userId));
}

/** A store's key source that always has `userId`'s key (a store filled before the app starts). */
export function sealerSourceOf(userId: string): SealerSource {
  const sealer = testSealer(userId);
  return { ensure: () => sealer };
}
