import { readSessionUser, SESSION_MAX_SECONDS, type SessionUser } from '@lajan/domain';

/** The only thing the app keeps in the browser (SPEC §4, §9). */
export const TOKEN_STORAGE_KEY = 'access_token';

export interface Session {
  token: string | null;
  /** From the token's `user` claim; null while signed out (or while the current-user fetch runs). */
  user: SessionUser | null;
  /**
   * True when the person ended the session (logout, password change): the sign-in page then starts
   * afresh instead of offering to return to the page they were on.
   */
  endedByUser: boolean;
}

export interface DecodedToken {
  /** Expiry, in seconds since the epoch (the JWT `exp` claim). */
  exp: number;
  /** When the person signed in, in seconds (the `auth_time` claim), when the token says. */
  authTime: number | null;
  /** The `user` claim when it is a `SessionUser` (`readSessionUser`), otherwise null. */
  user: SessionUser | null;
}

function base64UrlToText(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  // Names carry accents (Jérôme, Lézard): the payload is UTF-8, not Latin-1.
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * Reads a token as SPEC §4 says: three dot-separated parts whose middle one decodes (base64url)
 * to a JSON object with a numeric `exp`. Returns null for anything else. The signature is the
 * server's business; the app only needs to know whether to consider itself signed in.
 */
export function decodeToken(token: string): DecodedToken | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => part.length === 0)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(base64UrlToText(parts[1] ?? ''));
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null) return null;
  const {
    exp,
    user,
    auth_time: authTime,
  } = payload as { exp?: unknown; user?: unknown; auth_time?: unknown };
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return null;
  return {
    exp,
    authTime: typeof authTime === 'number' && Number.isFinite(authTime) ? authTime : null,
    user: readSessionUser(user),
  };
}

/** A token is valid while its `exp` (seconds) is later than now (milliseconds). */
export function isTokenValid(token: string | null | undefined, nowMs: number = Date.now()): boolean {
  if (!token) return false;
  const decoded = decodeToken(token);
  return decoded !== null && decoded.exp * 1000 > nowMs;
}

export interface SessionStore {
  getSnapshot: () => Session;
  subscribe: (listener: () => void) => () => void;
  /** Reads `access_token` from storage: a valid token signs in, anything else is removed. */
  restore: () => void;
  /** Keeps a new token (login). Returns false, and signs out, when the token is not valid. */
  signIn: (token: string) => boolean;
  /** Sets the user when the token did not carry a usable one (the current-user fetch). */
  setUser: (user: SessionUser) => void;
  /** Signs out and removes the token; `'user'` when the person asked for it. */
  clear: (reason?: 'user') => void;
  dispose: () => void;
}

interface SessionStoreOptions {
  storage?: Storage | null;
  now?: () => number;
  /**
   * The token ran out while the app was open: `'idle'` after the minutes without a request,
   * `'max_age'` when the session reached 12 hours after its sign-in.
   */
  onExpire?: (reason: 'idle' | 'max_age') => void;
}

const SIGNED_OUT: Session = Object.freeze({ token: null, user: null, endedByUser: false });
const ENDED_BY_USER: Session = Object.freeze({ token: null, user: null, endedByUser: true });
// setTimeout takes at most a signed 32-bit delay; a longer token is checked again later.
const MAX_TIMER_MS = 2_147_483_647;

export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Some private modes throw on access: the app then works for one page load.
    return null;
  }
}

export function createSessionStore(options: SessionStoreOptions = {}): SessionStore {
  const storage = options.storage === undefined ? browserStorage() : options.storage;
  const now = options.now ?? (() => Date.now());
  const listeners = new Set<() => void>();
  let session: Session = SIGNED_OUT;
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;

  function emit(next: Session) {
    session = next;
    for (const listener of listeners) listener();
  }

  function write(token: string | null) {
    try {
      if (token) storage?.setItem(TOKEN_STORAGE_KEY, token);
      else storage?.removeItem(TOKEN_STORAGE_KEY);
    } catch {
      // Storage full or forbidden: the session still lives in memory.
    }
  }

  function scheduleExpiry(expSeconds: number, authTime: number | null) {
    clearTimeout(expiryTimer);
    const delay = expSeconds * 1000 - now();
    expiryTimer = setTimeout(
      () => {
        if (session.token && !isTokenValid(session.token, now())) {
          clear();
          options.onExpire?.(
            authTime !== null && expSeconds >= authTime + SESSION_MAX_SECONDS ? 'max_age' : 'idle',
          );
        } else if (session.token) scheduleExpiry(expSeconds, authTime);
      },
      Math.max(0, Math.min(delay, MAX_TIMER_MS)),
    );
  }

  function accept(token: string): boolean {
    const decoded = decodeToken(token);
    if (!decoded || decoded.exp * 1000 <= now()) {
      clear();
      return false;
    }
    write(token);
    scheduleExpiry(decoded.exp, decoded.authTime);
    emit({ token, user: decoded.user, endedByUser: false });
    return true;
  }

  function clear(reason?: 'user') {
    clearTimeout(expiryTimer);
    write(null);
    const next = reason === 'user' ? ENDED_BY_USER : SIGNED_OUT;
    if (session !== next) emit(next);
  }

  return {
    getSnapshot: () => session,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    restore() {
      let token: string | null;
      try {
        token = storage?.getItem(TOKEN_STORAGE_KEY) ?? null;
      } catch {
        token = null;
      }
      if (token) accept(token);
      else clear();
    },
    signIn: accept,
    setUser(user) {
      if (session.token) emit({ ...session, user });
    },
    clear: (reason) => clear(reason),
    dispose() {
      clearTimeout(expiryTimer);
      listeners.clear();
    },
  };
}
