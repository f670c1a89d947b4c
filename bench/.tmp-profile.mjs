// CPU profile of a cold dashboard load (no service worker), CPU 4x slower.
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright';
const base = 'http://127.0.0.1:4791';
const token = readFileSync('/tmp/dash-token', 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const results = [];
for (let run = 0; run < Number(process.env.RUNS ?? 1); run++) {
const context = await browser.newContext({ serviceWorkers: 'block' });
await context.addInitScript((value) => localStorage.setItem('access_token', value), token);
const tab = await context.newPage();
const cdp = await context.newCDPSession(tab);
await cdp.send('Network.enable');
await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
if (process.env.SLOW) await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 });
const reqs = [];
const t0 = Date.now();
cdp.on('Network.requestWillBeSent', (e) => reqs.push({ id: e.requestId, url: e.request.url.replace(base, ''), start: e.timestamp }));
const ends = new Map();
cdp.on('Network.loadingFinished', (e) => ends.set(e.requestId, { end: e.timestamp, bytes: e.encodedDataLength }));
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await tab.addInitScript(() => {
  window.__long = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });
});
await tab.goto(`${base}/`, { waitUntil: 'load' });
await tab.waitForSelector('h1');
await tab.waitForLoadState('networkidle');
await tab.waitForTimeout(500);
const { profile } = await cdp.send('Profiler.stop');
console.log('final url', tab.url(), (await tab.textContent('body')).slice(0, 200));
const perf = await tab.evaluate(() => ({ long: window.__long, lcp: 0, paints: performance.getEntriesByType('paint').map((e) => [e.name, Math.round(e.startTime)]), nav: performance.getEntriesByType('navigation')[0].toJSON() }));
const lcp = await tab.evaluate(() => new Promise((resolve) => new PerformanceObserver((l) => { const e = l.getEntries().at(-1); resolve([Math.round(e.startTime), e.element?.outerHTML?.slice(0, 80)]); }).observe({ type: 'largest-contentful-paint', buffered: true })));
// self time by url and by function
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas;
profile.samples.forEach((id, i) => { self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0)); });
const byUrl = new Map(); const byFn = new Map();
for (const [id, us] of self) { const n = byId.get(id); const url = (n.callFrame.url || '(' + n.callFrame.functionName + ')').replace(base, ''); byUrl.set(url, (byUrl.get(url) ?? 0) + us); const fn = `${n.callFrame.functionName || '(anon)'} ${url.split('/').pop()}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`; byFn.set(fn, (byFn.get(fn) ?? 0) + us); }
const top = (m, k) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([a, b]) => `${Math.round(b / 1000)}ms ${a}`);
results.push({ long: perf.long, paints: perf.paints, lcp, byUrl: top(byUrl, 15), byFn: top(byFn, 25) });
const t = (x) => Math.round((x - reqs[0].start) * 1000);
console.log('requests', reqs.length, 'bytes', [...ends.values()].reduce((s, e) => s + e.bytes, 0));
if (process.env.REQS) for (const r of reqs) console.log('  ', t(r.start), ends.get(r.id) ? t(ends.get(r.id).end) : '-', r.url);
await context.close();
}
for (const r of results) { console.log('long tasks', JSON.stringify(r.long), 'TBT~', r.long.reduce((s, [, d]) => s + Math.max(0, d - 50), 0)); console.log('paints', JSON.stringify(r.paints), 'lcp', JSON.stringify(r.lcp)); }
const r = results.at(-1);
console.log(r.byUrl.join('\n')); console.log('--'); console.log(r.byFn.join('\n'));
await browser.close();
