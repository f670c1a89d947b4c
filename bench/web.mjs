// `npm run bench:web`: what the web app costs a teller on a slow link, `/login` and the dashboard: bytes,
// Lighthouse, paint on a slow link (decision 145). Settings (BENCH_WEB_*, BENCH_BUILD) in bench/README.md.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright';
import { startBenchServer } from './web-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const SLOW_LINK = {
  offline: false,
  latency: 300,
  downloadThroughput: 400_000 / 8,
  uploadThroughput: 400_000 / 8,
};
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const log = (message) => console.error(`[bench:web] ${message}`);
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const ALL_PAGES = [
  { slug: 'login', name: '/login', path: '/login', signedIn: false, ready: 'button[type=submit]' },
  { slug: 'dashboard', name: 'tableau de bord (connecté)', path: '/', signedIn: true, ready: 'h1' },
  // The same, for a teller coming back: the service worker (decision 147) installed by a first visit
  // serves the app's files; only Lighthouse measures it (the bytes would be the API's alone).
  {
    slug: 'sw',
    name: 'tableau de bord (service worker)',
    path: '/',
    signedIn: true,
    warm: true,
    ready: 'h1',
  },
];
const wanted = process.env.BENCH_WEB_PAGES?.split(',').map((slug) => slug.trim());
const PAGES = wanted ? ALL_PAGES.filter((page) => wanted.includes(page.slug)) : ALL_PAGES;

/** Bytes over the wire by kind, from a cold cache (a fresh browser context). */
async function transferred(browser, base, page, token, link) {
  const context = await browser.newContext();
  if (page.signedIn)
    await context.addInitScript((value) => localStorage.setItem('access_token', value), token);
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (link) await cdp.send('Network.emulateNetworkConditions', link);
  const responses = new Map();
  const totals = { js: 0, jsBodies: 0, css: 0, all: 0, requests: 0 };
  // At `responseReceived` the bytes received are the headers; what `loadingFinished` adds is the body.
  cdp.on('Network.responseReceived', (event) =>
    responses.set(event.requestId, { type: event.type, headers: event.response.encodedDataLength }),
  );
  cdp.on('Network.loadingFinished', (event) => {
    const response = responses.get(event.requestId);
    totals.requests += 1;
    totals.all += event.encodedDataLength;
    if (response?.type === 'Script') {
      totals.js += event.encodedDataLength;
      totals.jsBodies += event.encodedDataLength - response.headers;
    }
    if (response?.type === 'Stylesheet') totals.css += event.encodedDataLength;
  });
  await tab.goto(`${base}${page.path}`, { waitUntil: 'load', timeout: 120_000 });
  await tab.waitForSelector(page.ready, { timeout: 120_000 });
  const readyAt = await tab.evaluate(() => performance.now());
  await tab.waitForLoadState('networkidle', { timeout: 120_000 });
  const paints = await tab.evaluate(() =>
    Object.fromEntries(performance.getEntriesByType('paint').map((entry) => [entry.name, entry.startTime])),
  );
  await context.close();
  return { ...totals, firstPaint: paints['first-paint'], fcp: paints['first-contentful-paint'], readyAt };
}

/** Lighthouse (mobile, performance only) on a Chromium it launches; the token, when signed in, in localStorage. */
async function lighthouseRun(base, page, token) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  try {
    if (page.signedIn) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const context = browser.contexts()[0];
      const tab = await context.newPage();
      // The token goes in from an API answer of the origin, not from a page of the app: a page would
      // install the service worker, which would then serve every file of the cold run (decision 152).
      await tab.goto(`${base}/api/health`);
      await tab.evaluate((value) => localStorage.setItem('access_token', value), token);
      if (page.warm) {
        // A first visit installs the service worker and its precache; the run below is the next visit.
        await tab.goto(`${base}${page.path}`, { waitUntil: 'load' });
        await tab.evaluate(
          () =>
            new Promise((resolve, reject) => {
              setTimeout(() => reject(new Error('service worker not active after 60 s')), 60_000);
              void navigator.serviceWorker.ready.then(resolve);
            }),
        );
      }
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Network.clearBrowserCache');
      await tab.close();
      await browser.close();
    }
    const result = await lighthouse(`${base}${page.path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Signed in: keep localStorage (the token); the cache was emptied above.
      disableStorageReset: page.signedIn,
    });
    if (!result) throw new Error(`Lighthouse n'a rien rendu pour ${page.path}`);
    const audits = result.lhr.audits;
    if (process.env.BENCH_WEB_LHR_DIR) {
      const slug = page.warm ? 'dashboard-sw' : page.signedIn ? 'dashboard' : 'login';
      const file = join(process.env.BENCH_WEB_LHR_DIR, `${slug}-${Date.now()}.json`);
      writeFileSync(file, JSON.stringify(result.lhr));
      log(`rapport Lighthouse : ${file}`);
    }
    if (process.env.BENCH_WEB_TRACE_DIR) {
      const slug = page.warm ? 'dashboard-sw' : page.signedIn ? 'dashboard' : 'login';
      const file = join(process.env.BENCH_WEB_TRACE_DIR, `${slug}-${Date.now()}.trace.json`);
      writeFileSync(file, JSON.stringify(result.artifacts.Trace));
      log(`trace : ${file}`);
    }
    return {
      score: Math.round((result.lhr.categories.performance?.score ?? 0) * 100),
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      finalUrl: result.lhr.finalDisplayedUrl,
      runtimeError: result.lhr.runtimeError?.code,
    };
  } finally {
    chrome.kill();
  }
}

async function main() {
  if (process.env.BENCH_BUILD !== '0') {
    log('construction (npm run build)…');
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const { base, token, stop } = await startBenchServer('web');
  try {
    const browser = await chromium.launch({ executablePath: chromePath });
    const rows = [];
    try {
      for (const page of PAGES) {
        log(`${page.name} : octets transférés…`);
        const bytes = page.warm ? undefined : await transferred(browser, base, page, token);
        const slow = [];
        if (!page.signedIn) {
          for (let run = 0; run < RUNS; run += 1) {
            log(`${page.name} : lien lent ${run + 1}/${RUNS}…`);
            slow.push(await transferred(browser, base, page, token, SLOW_LINK));
          }
        }
        const lighthouseRuns = [];
        for (let run = 0; run < RUNS; run += 1) {
          log(`${page.name} : Lighthouse ${run + 1}/${RUNS}…`);
          let result = await lighthouseRun(base, page, token);
          // A run Lighthouse itself could not measure (NO_NAVSTART on this loaded machine) is done again.
          if (result.runtimeError) {
            log(`${page.name} : ${result.runtimeError}, run again`);
            result = await lighthouseRun(base, page, token);
          }
          lighthouseRuns.push(result);
        }
        const byScore = [...lighthouseRuns].sort((a, b) => a.score - b.score);
        rows.push({ page, bytes, slow, lighthouse: byScore[Math.floor(byScore.length / 2)], lighthouseRuns });
      }
    } finally {
      await browser.close();
    }
    print(rows);
  } finally {
    await stop();
  }
}

function print(rows) {
  console.log(
    `\nbench:web, ${new Date().toISOString().slice(0, 10)}, Chromium ${chromePath}, ${RUNS} runs\n`,
  );
  console.log(
    '| Page | JS (bodies) | JS (with headers) | CSS | Total | Requests | Lighthouse (mobile) | LCP | TBT | CLS | Scores of the runs |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const { page, bytes, lighthouse: lh, lighthouseRuns } of rows) {
    const wire = bytes
      ? `${kb(bytes.jsBodies)} | ${kb(bytes.js)} | ${kb(bytes.css)} | ${kb(bytes.all)} | ${bytes.requests}`
      : '— | — | — | — | —';
    console.log(
      `| ${page.name} | ${wire} | ${lh.score} | ` +
        `${(lh.lcp / 1000).toFixed(2)} s | ${Math.round(lh.tbt)} ms | ${lh.cls.toFixed(3)} | ` +
        `${lighthouseRuns.map((run) => run.score).join(', ')} |`,
    );
  }
  const login = rows.find((row) => row.slow.length > 0);
  if (login) {
    const ms = (values) => `${(median(values) / 1000).toFixed(2)} s`;
    console.log('\n/login on 400 kbit/s, 300 ms latency (cold cache, median):');
    console.log(`| First paint | First contentful paint | Sign-in form shown | Runs (first paint) |`);
    console.log('|---:|---:|---:|---|');
    console.log(
      `| ${ms(login.slow.map((run) => run.firstPaint))} | ${ms(login.slow.map((run) => run.fcp))} | ` +
        `${ms(login.slow.map((run) => run.readyAt))} | ` +
        `${login.slow.map((run) => `${(run.firstPaint / 1000).toFixed(2)} s`).join(', ')} |`,
    );
  }
  const aims = rows.map(({ page, bytes, lighthouse: lh }) =>
    bytes
      ? `${page.name}: JS ${kb(bytes.jsBodies)} (${kb(bytes.js)} with headers), Lighthouse ${lh.score}`
      : `${page.name}: Lighthouse ${lh.score}`,
  );
  console.log(`\nAims: /login JS ≤ 120 KB, Lighthouse ≥ 95 on both, first paint < 4 s. ${aims.join('; ')}`);
}

await main();
