import { readFileSync } from 'node:fs';
import { chromium } from 'playwright';
const base = 'http://127.0.0.1:4791';
const token = readFileSync('/tmp/dash-token', 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const context = await browser.newContext({ serviceWorkers: 'block' });
await context.addInitScript((value) => localStorage.setItem('access_token', value), token);
const tab = await context.newPage();
const cdp = await context.newCDPSession(tab); await cdp.send('Network.setCacheDisabled', { cacheDisabled: true }); await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await browser.startTracing(tab, { path: '/tmp/trace.json', categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading'] });
await tab.goto(`${base}${process.env.P ?? '/'}`, { waitUntil: 'load' });
await tab.waitForSelector(process.env.SEL ?? 'figure'); await tab.waitForLoadState('networkidle'); await tab.waitForTimeout(300);
await browser.stopTracing();
await browser.close();
const { traceEvents } = JSON.parse(readFileSync('/tmp/trace.json', 'utf8'));
const mains = traceEvents.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain');
const load = (m) => traceEvents.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask').reduce((s, e) => s + (e.dur ?? 0), 0);
const main = mains.sort((a, b) => load(b) - load(a))[0];
const evs = traceEvents.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
const nav = traceEvents.find((e) => e.name === 'navigationStart' || e.name === 'NavigationTiming' ) ?? evs[0];
const t0 = Math.min(...traceEvents.filter((e) => e.name === 'ResourceSendRequest').map((e) => e.ts));
const tasks = evs.filter((e) => e.name === 'RunTask' && e.dur > 30000);
for (const task of tasks) {
  const inner = evs.filter((e) => e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur && e !== task);
  const sums = {};
  for (const e of inner) if (['EvaluateScript', 'v8.compileModule', 'v8.evaluateModule', 'FunctionCall', 'UpdateLayoutTree', 'Layout', 'ParseHTML', 'Paint', 'PrePaint', 'Layerize', 'MajorGC', 'MinorGC', 'TimerFire', 'EventDispatch', 'RunMicrotasks', 'ParseAuthorStyleSheet', 'HitTest', 'v8.run', 'XHRReadyStateChange', 'ResourceReceivedData'].includes(e.name)) sums[e.name] = (sums[e.name] ?? 0) + e.dur / 1000;
  const urls = [...new Set(inner.filter((e) => e.args?.data?.url || e.args?.data?.functionName).map((e) => (e.args.data.url ?? '').split('/').pop() + ':' + (e.args.data.functionName ?? '')))].slice(0, 6);
  console.log(Math.round((task.ts - t0) / 1000), Math.round(task.dur / 1000), JSON.stringify(Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, Math.round(v)]))), urls.join(' '));
}
