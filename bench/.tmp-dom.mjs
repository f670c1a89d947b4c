import { readFileSync } from 'node:fs';
import { chromium } from 'playwright';
const base = 'http://127.0.0.1:4791';
const token = readFileSync('/tmp/dash-token', 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (let i = 0; i < 2; i++) {
const context = await browser.newContext({ serviceWorkers: 'block' });
await context.addInitScript((value) => {
  localStorage.setItem('access_token', value);
  window.__marks = [];
  const seen = new Set();
  new MutationObserver(() => {
    for (const [name, sel] of [['loading', '[role=status]'], ['h1', 'h1'], ['chart-fallback', 'section p[role=status]'], ['chart', 'figure'], ['table', 'table'], ['nav', 'aside nav, nav']]) {
      if (!seen.has(name) && document.querySelector(sel)) { seen.add(name); window.__marks.push([name, Math.round(performance.now())]); }
    }
  }).observe(document, { subtree: true, childList: true });
}, token);
const tab = await context.newPage();
const cdp = await context.newCDPSession(tab); await cdp.send('Network.setCacheDisabled', { cacheDisabled: true }); await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
const t = {};
tab.on('requestfinished', async (r) => { const u = r.url().split('/').pop(); if (/Dashboard|Shell|BalanceFig|HistoryTable-|schemas|api|series|history/.test(u)) t[u] = 1; });
await tab.goto(`${base}/`, { waitUntil: 'load' });
await tab.waitForSelector('figure'); await tab.waitForLoadState('networkidle');
console.log(JSON.stringify(await tab.evaluate(() => window.__marks)));
console.log(JSON.stringify(await tab.evaluate(() => performance.getEntriesByType('resource').filter((e) => /Dashboard|Shell|BalanceFig|HistoryTable-|schemas|api\//.test(e.name)).map((e) => [e.name.split('/').pop(), Math.round(e.startTime), Math.round(e.responseEnd)]))));
await context.close();
}
await browser.close();
