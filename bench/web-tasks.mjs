// `node bench/web-tasks.mjs <trace.json> [ms]`: the main thread's tasks of a Lighthouse trace kept by
// bench/web.mjs, from the first contentful paint. Settings in bench/README.md.
import { readFileSync } from 'node:fs';

const [file, minArg] = process.argv.slice(2);
const MIN = Number(minArg ?? 5);
const trace = JSON.parse(readFileSync(file, 'utf8'));
const events = trace.traceEvents ?? trace;
const threads = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
const fcpEvent = events.find((e) => e.name === 'firstContentfulPaint');
if (!fcpEvent) throw new Error('no firstContentfulPaint in the trace');
const main = { pid: fcpEvent.pid, tid: threads.find((t) => t.pid === fcpEvent.pid)?.tid ?? fcpEvent.tid };
const navStart = events.find(
  (e) => e.name === 'navigationStart' && e.pid === main.pid && e.args?.data?.isLoadingMainFrame,
);
const t0 = navStart?.ts ?? fcpEvent.ts;
const ms = (ts) => (ts - t0) / 1000;
const onMain = events
  .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X')
  .sort((a, b) => a.ts - b.ts);
const FROM = process.env.WEB_TASKS_ALL ? t0 : fcpEvent.ts;
const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur / 1000 >= MIN && e.ts >= FROM);
const short = (url) => (url ? url.split('/').pop() : '');
const marks = events
  .filter(
    (e) =>
      e.pid === main.pid && ['firstContentfulPaint', 'largestContentfulPaint::Candidate'].includes(e.name),
  )
  .map((e) => `${e.name} ${ms(e.ts).toFixed(0)} ms`);
console.log(marks.join(', '));
let blocking = 0;
for (const task of tasks) {
  const end = task.ts + task.dur;
  const inside = onMain.filter((e) => e.ts >= task.ts && e.ts + e.dur <= end && e !== task);
  const parts = new Map();
  for (const e of inside) {
    let key;
    if (e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule')
      key = `eval ${short(e.args?.data?.url ?? e.args?.data?.scriptName)}`;
    else if (e.name === 'FunctionCall')
      key = `call ${short(e.args?.data?.url)}:${e.args?.data?.functionName ?? ''}`;
    else if (
      ['TimerFire', 'FireAnimationFrame', 'EventDispatch', 'ResourceReceivedData', 'ParseHTML'].includes(
        e.name,
      )
    )
      key = e.name;
    else if (
      [
        'Layout',
        'UpdateLayoutTree',
        'Paint',
        'PrePaint',
        'Layerize',
        'v8.compileModule',
        'v8.compile',
        'MajorGC',
        'MinorGC',
        'V8.GC_SCAVENGER',
        'BlinkGC.AtomicPhase',
      ].includes(e.name)
    )
      key = e.name;
    else continue;
    parts.set(key, (parts.get(key) ?? 0) + e.dur / 1000);
  }
  const duration = task.dur / 1000;
  blocking += Math.max(0, duration * 4 - 50);
  const what = [...parts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([key, d]) => `${key} ${d.toFixed(1)}`)
    .join('; ');
  console.log(
    `${ms(task.ts).toFixed(0).padStart(6)} ms  ${duration.toFixed(1).padStart(6)} ms (×4 ${(duration * 4).toFixed(0)})  ${what}`,
  );
}
console.log(
  `blocking at ×4 after FCP (observed order, not Lighthouse's simulation): ${blocking.toFixed(0)} ms`,
);
