// `node bench/web-profile.mjs`, after `npm run build`: a CPU profile of the signed-in dashboard loaded cold
// at a 4× slower CPU, its long tasks and heaviest functions. Settings (WEB_PROFILE_*) in bench/README.md.
/* global window -- the scripts below run in the page */
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright';
import { startBenchServer } from './web-server.mjs';

const RUNS = Number(process.env.WEB_PROFILE_RUNS ?? 1);

const { base, token, stop } = await startBenchServer('prof');
try {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext();
    const tab = await context.newPage();
    await tab.goto(`${base}/api/health`);
    await tab.evaluate((value) => localStorage.setItem('access_token', value), token);
    await tab.addInitScript(() => {
      window.__long = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__long.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await tab.goto(`${base}/`, { waitUntil: 'load' });
    await tab.waitForSelector('[data-testid=balance-line]', { state: 'attached', timeout: 60_000 });
    await tab.waitForTimeout(3000);
    const { profile } = await cdp.send('Profiler.stop');
    const marks = await tab.evaluate(() => ({
      long: window.__long,
      paints: performance.getEntriesByType('paint').map((entry) => [entry.name, Math.round(entry.startTime)]),
      lcp: window.__lcp,
    }));
    if (process.env.WEB_PROFILE_OUT) writeFileSync(process.env.WEB_PROFILE_OUT, JSON.stringify(profile));
    await context.close();
    const fcp = Number(marks.paints.find(([name]) => name === 'first-contentful-paint')?.[1] ?? 0);
    const after = marks.long.filter(([start]) => start >= fcp);
    const blocking = after.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    console.log(`run ${run + 1}: paints ${JSON.stringify(marks.paints)}`);
    console.log(
      `  long tasks (start ms, duration ms): ${marks.long.map(([s, d]) => `${Math.round(s)}+${Math.round(d)}`).join(' ')}`,
    );
    console.log(
      `  after FCP: ${after.length} long tasks, blocking ${Math.round(blocking)} ms (4× CPU, real)`,
    );
    // Self time by function and by file.
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const self = new Map();
    const samples = profile.samples ?? [];
    const deltas = profile.timeDeltas ?? [];
    /** @param {number} id */
    const nodeOf = (id) => /** @type {(typeof profile.nodes)[number]} */ (nodes.get(id));
    for (let i = 0; i < samples.length; i += 1) {
      const node = nodeOf(samples[i]);
      const dt = (deltas[i + 1] ?? 0) / 1000;
      self.set(node.id, (self.get(node.id) ?? 0) + dt);
    }
    const byFunction = new Map();
    const byFile = new Map();
    for (const [id, ms] of self) {
      const { callFrame } = nodeOf(id);
      const file = callFrame.url.split('/').pop() || callFrame.functionName || '(native)';
      const key = `${callFrame.functionName || '(anon)'} ${file}:${callFrame.lineNumber + 1}:${callFrame.columnNumber + 1}`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
      byFile.set(file, (byFile.get(file) ?? 0) + ms);
    }
    const top = (map, n) =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([key, ms]) => `    ${ms.toFixed(1).padStart(7)} ms  ${key}`)
        .join('\n');
    console.log(`  self time by file:\n${top(byFile, 15)}`);
    console.log(`  self time by function:\n${top(byFunction, 30)}`);
  }
  await browser.close();
} finally {
  await stop();
}
