import { readFileSync } from 'node:fs';
import { chromium } from 'playwright';
const base = 'http://127.0.0.1:4791';
const token = readFileSync('/tmp/dash-token', 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const context = await browser.newContext({ serviceWorkers: 'block' });
await context.addInitScript((value) => localStorage.setItem('access_token', value), token);
const tab = await context.newPage();
const cdp = await context.newCDPSession(tab); await cdp.send('Network.setCacheDisabled', { cacheDisabled: true }); await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 100 }); await cdp.send('Profiler.start');
await tab.goto(`${base}/`, { waitUntil: 'load' });
await tab.waitForSelector('figure'); await tab.waitForLoadState('networkidle');
const { profile } = await cdp.send('Profiler.stop');
await browser.close();
// inclusive time per function (top-down), limited to functions in index
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const selfT = new Map(); profile.samples.forEach((id, i) => selfT.set(id, (selfT.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const incl = new Map();
for (const [id, t] of selfT) { const seen = new Set(); for (let c = id; c; c = parent.get(c)) { const n = byId.get(c); const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber + 1}`; if (seen.has(key)) continue; seen.add(key); incl.set(key, (incl.get(key) ?? 0) + t); } }
const self2 = new Map(); for (const [id, t] of selfT) { const n = byId.get(id); const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber + 1}`; self2.set(key, (self2.get(key) ?? 0) + t); }
console.log([...incl].filter(([k]) => !k.startsWith('(root)')).sort((a, b) => b[1] - a[1]).slice(0, 45).map(([k, v]) => `${Math.round(v / 1000)}ms ${k}`).join('\n'));
console.log('--- self');
console.log([...self2].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${Math.round(v / 1000)}ms ${k}`).join('\n'));
