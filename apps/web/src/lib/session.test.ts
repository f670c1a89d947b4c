import { afterEach, describe, expect, it, vi } from 'vitest';
import { agentAdmin, teller } from '../test/users';
import { makeToken } from '../test/tokens';
import { TOKEN_STORAGE_KEY, createSessionStore, decodeToken, isTokenValid } from './session';

afterEach(() => {
  vi.useRealTimers();
});

describe('reading a token (SPEC §4)', () => {
  it('takes the user from the user claim of a valid token, accents included', () => {
    const decoded = decodeToken(makeToken(agentAdmin));
    expect(decoded?.user).toEqual(agentAdmin);
    expect(decoded?.user?.firstName).toBe('Jérôme');
    expect(isTokenValid(makeToken(agentAdmin))).toBe(true);
  });

  it('refuses an expired token, a token with two parts, a garbled middle and a non-numeric exp', () => {
    const valid = makeToken(teller);
    const [header, payload, signature] = valid.split('.');
    expect(isTokenValid(makeToken(teller, { expiresInSeconds: -1 }))).toBe(false);
    expect(isTokenValid(`${header}.${payload}`)).toBe(false);
    expect(isTokenValid(`${header}.${payload}.${signature}.extra`)).toBe(false);
    expect(isTokenValid(`${header}.%%%pas-du-base64%%%.${signature}`)).toBe(false);
    expect(isTokenValid(`${header}.${Buffer.from('pas du JSON').toString('base64url')}.${signature}`)).toBe(false);
    expect(isTokenValid(makeToken(teller, { exp: '9999999999' }))).toBe(false);
    expect(isTokenValid(makeToken(teller, { exp: null }))).toBe(false);
    expect(isTokenValid('')).toBe(false);
  });

  it('compares exp in seconds with the clock in milliseconds', () => {
    const exp = 2_000_000_000;
    const token = makeToken(teller, { exp });
    expect(isTokenValid(token, exp * 1000 - 1)).toBe(true);
    expect(isTokenValid(token, exp * 1000)).toBe(false);
  });

  it('keeps a valid token whose user claim is unusable, without a user (the current-user fetch fills it)', () => {
    const decoded = decodeToken(makeToken({ ...teller, role: 'caissier' }));
    expect(decoded).not.toBeNull();
    expect(decoded?.user).toBeNull();
  });
});

describe('the session store', () => {
  it('restores a valid token on load and keeps nothing but access_token', () => {
    const token = makeToken(teller);
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
    const store = createSessionStore();
    expect(store.getSnapshot().token).toBeNull();
    store.restore();
    expect(store.getSnapshot()).toMatchObject({ token, user: teller });
    expect(Object.keys(localStorage)).toEqual([TOKEN_STORAGE_KEY]);
  });

  it('treats an expired or garbled stored token as signed out and removes it', () => {
    for (const bad of [makeToken(teller, { expiresInSeconds: -60 }), 'abc.def', 'a.b.c']) {
      localStorage.setItem(TOKEN_STORAGE_KEY, bad);
      const store = createSessionStore();
      store.restore();
      expect(store.getSnapshot()).toMatchObject({ token: null, user: null });
      expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    }
  });

  it('stores only the token on sign-in, refuses an invalid one, and clears on sign-out', () => {
    const store = createSessionStore();
    expect(store.signIn('deux.parties')).toBe(false);
    expect(localStorage.length).toBe(0);

    const token = makeToken(agentAdmin);
    expect(store.signIn(token)).toBe(true);
    expect(Object.keys(localStorage)).toEqual([TOKEN_STORAGE_KEY]);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);

    store.clear('user');
    expect(store.getSnapshot()).toEqual({ token: null, user: null, endedByUser: true });
    expect(localStorage.length).toBe(0);
  });

  it('signs out by itself when the token expires while the app is open', () => {
    vi.useFakeTimers();
    const store = createSessionStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.signIn(makeToken(teller, { expiresInSeconds: 60 }));
    expect(store.getSnapshot().user).toEqual(teller);
    vi.advanceTimersByTime(59_000);
    expect(store.getSnapshot().user).toEqual(teller);
    vi.advanceTimersByTime(1_000);
    expect(store.getSnapshot()).toMatchObject({ token: null, user: null, endedByUser: false });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('says why it signed out by itself: idle, or 12 hours after sign-in', () => {
    vi.useFakeTimers();
    const onExpire = vi.fn();
    const store = createSessionStore({ onExpire });
    const nowSeconds = Math.floor(Date.now() / 1000);

    store.signIn(makeToken(teller, { expiresInSeconds: 30 * 60, authTime: nowSeconds - 60 * 60 }));
    vi.advanceTimersByTime(30 * 60 * 1000);
    expect(onExpire).toHaveBeenLastCalledWith('idle');
    expect(store.getSnapshot().token).toBeNull();

    const signedInAt = Math.floor(Date.now() / 1000) - (12 * 60 * 60 - 10 * 60);
    store.signIn(makeToken(teller, { exp: signedInAt + 12 * 60 * 60, authTime: signedInAt }));
    vi.advanceTimersByTime(10 * 60 * 1000);
    expect(onExpire).toHaveBeenLastCalledWith('max_age');
    expect(onExpire).toHaveBeenCalledTimes(2);
    expect(store.getSnapshot().token).toBeNull();
  });
});
