import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { earlyScriptSource } from '../../build-plugins/early-preload';
import { makeToken } from '../test/tokens';
import { lazyScreen } from './lazy-screen';

// Decision 156: what a signed-in start on the dashboard shows first, and when its code is asked for.

describe('a screen whose code is already here (decision 156)', () => {
  it('shows at its first render, without "Chargement..." in between', async () => {
    const Screen = lazyScreen(() => Promise.resolve({ default: () => <h1>Tableau de Bord</h1> }));
    await Screen.preload();
    render(
      <Suspense fallback={<p>Chargement...</p>}>
        <Screen />
      </Suspense>,
    );
    // Synchronously, in the first commit.
    expect(screen.getByRole('heading', { name: 'Tableau de Bord' })).toBeVisible();
    expect(screen.queryByText('Chargement...')).not.toBeInTheDocument();
  });

  it('shows "Chargement..." while its code comes, then the screen', async () => {
    let arrive: (module: { default: () => React.JSX.Element }) => void = () => undefined;
    const Screen = lazyScreen(() => new Promise((resolve) => (arrive = resolve)));
    render(
      <Suspense fallback={<p>Chargement...</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('Chargement...')).toBeVisible();
    act(() => arrive({ default: () => <h1>Tableau de Bord</h1> }));
    expect(await screen.findByRole('heading', { name: 'Tableau de Bord' })).toBeVisible();
  });
});

const FILES = ['/assets/frame-x.js', '/assets/signin-y.js'];
const person = { id: 'u1', role: 'teller', passwordUpdatedAt: '2026-11-01T00:00:00.000Z' };

function runEarlyScript(path: string, token: string | null, texts?: Parameters<typeof earlyScriptSource>) {
  window.history.replaceState(null, '', path);
  if (token === null) localStorage.removeItem('access_token');
  else localStorage.setItem('access_token', token);
  // The very text index.html loads, run as the browser runs it.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the script is built as text
  const run = new Function(earlyScriptSource(...(texts ?? [FILES]))) as () => void;
  run();
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute('href'),
  );
}

describe("index.html's early script (decision 156)", () => {
  afterEach(() => {
    document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove());
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it("asks for the shell's and the dashboard's code on / with a valid token", () => {
    expect(runEarlyScript('/', makeToken(person))).toEqual(FILES);
  });

  it('asks for nothing without a token, on another page, with an expired token or a first password to change', () => {
    expect(runEarlyScript('/', null)).toEqual([]);
    expect(runEarlyScript('/login', makeToken(person))).toEqual([]);
    expect(runEarlyScript('/transaction/history', makeToken(person))).toEqual([]);
    expect(runEarlyScript('/', makeToken(person, { expiresInSeconds: -60 }))).toEqual([]);
    expect(runEarlyScript('/', makeToken({ ...person, passwordUpdatedAt: null }))).toEqual([]);
    expect(runEarlyScript('/', 'pas-un-jeton')).toEqual([]);
  });
});

describe("index.html's early script asks for the texts of the language the page opens in (decision 239)", () => {
  const first = { fr: ['/assets/texts/fr-1.js'], ht: ['/assets/texts/ht-1.js'] };
  const frame = { ht: ['/assets/texts/ht-2.js'] };
  const source: Parameters<typeof earlyScriptSource> = [FILES, first, frame];

  afterEach(() => {
    document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove());
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('the first page’s in French by default, in the stored language, in the user’s', () => {
    expect(runEarlyScript('/login', null, source)).toEqual(first.fr);
    document.head.querySelectorAll('link').forEach((link) => link.remove());
    localStorage.setItem('lajan.language', 'ht');
    expect(runEarlyScript('/login', null, source)).toEqual(first.ht);
    document.head.querySelectorAll('link').forEach((link) => link.remove());
    localStorage.setItem('lajan.language', 'fr');
    const kreyol = makeToken({ ...person, language: 'ht' });
    expect(runEarlyScript('/', kreyol, source)).toEqual([...first.ht, ...FILES, ...frame.ht]);
  });
});
