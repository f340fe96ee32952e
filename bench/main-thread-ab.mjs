// The browser's main thread during a cold load of one signed-in page on a
// phone's CPU, on two builds of the server, the sides interleaved load by
// load: what a change to the page or its bundle did to the work that blocks
// a tap. Each load is a fresh context at 412 px with 4× CPU slow-down and
// Lighthouse's mobile link (150 ms, 1.6 Mbit/s), traced through CDP until
// the network is idle and 1.5 s more.
//
//   node bench/main-thread-ab.mjs BEFORE_BIN AFTER_BIN [loads=6] [path=/clients]
//
// Per side, the medians of: the main thread's module evaluation (all
// `v8.evaluateModule`), the first paint's task (style, layout and paint of
// the server's HTML), the tasks over 50 ms and their time beyond 50 ms
// (what Lighthouse's total blocking time adds up, here observed rather than
// simulated), the first style recalculation once the stylesheet linked after
// the paint is in, and the longest style recalculation after the paint.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser, seedAndSignIn, startServer } from '../client/e2e/harness.mjs';

const [before, after] = process.argv.slice(2, 4).map((bin) => bin && path.resolve(bin));
if (!before || !after) throw new Error('usage: node bench/main-thread-ab.mjs BEFORE_BIN AFTER_BIN [loads] [path]');
const LOADS = Number(process.argv[4] ?? 6);
const PAGE = process.argv[5] ?? '/clients';
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function server(bin) {
  const s = await startServer({ bin });
  return { ...s, token: await seedAndSignIn(s) };
}

/** One cold load of PAGE on `s`, traced: the figures of its main thread. */
async function load(browser, s) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 1.75 });
  await context.addCookies([{ name: 'expediente_session', value: s.token, url: s.url, httpOnly: true }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 96_000 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  await page.goto(s.url + PAGE, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  await cdp.send('Tracing.end');
  await complete;
  await context.close();
  // The renderer's main thread: where the first layout ran.
  const firstLayout = events.find((e) => e.name === 'Layout');
  const onMain = (e) => e.pid === firstLayout.pid && e.tid === firstLayout.tid;
  const tasks = events.filter((e) => onMain(e) && e.name === 'RunTask' && e.dur);
  const long = tasks.filter((t) => t.dur > 50_000);
  const paintTask = tasks.find((t) => t.ts <= firstLayout.ts && firstLayout.ts < t.ts + t.dur);
  const ms = (us) => us / 1000;
  // The stylesheet linked after the paint: the style recalculations from its arrival on.
  const sheetIds = new Set(events.filter((e) => e.name === 'ResourceSendRequest' && /\.css(\?|$)/.test(e.args?.data?.url ?? '')).map((e) => e.args.data.requestId));
  const sheetIn = events.find((e) => e.name === 'ResourceFinish' && sheetIds.has(e.args?.data?.requestId))?.ts ?? Infinity;
  const recalcs = events.filter((e) => onMain(e) && e.name === 'UpdateLayoutTree' && e.dur && e.ts >= sheetIn);
  return {
    sheetRecalc: ms(recalcs[0]?.dur ?? 0),
    longestRecalc: ms(Math.max(0, ...events.filter((e) => onMain(e) && e.name === 'UpdateLayoutTree' && e.dur && paintTask && e.ts > paintTask.ts + paintTask.dur).map((e) => e.dur))),
    evaluation: ms(events.filter((e) => onMain(e) && e.name === 'v8.evaluateModule').reduce((sum, e) => sum + (e.dur ?? 0), 0)),
    firstPaintTask: ms(paintTask?.dur ?? 0),
    longTasks: long.length,
    blocking: ms(long.reduce((sum, t) => sum + t.dur - 50_000, 0)),
  };
}

const loadAtStart = loadAverage();
const sides = { before: await server(before), after: await server(after) };
const browser = await launchBrowser();
const results = { before: [], after: [] };
for (let i = 0; i < LOADS; i++) {
  for (const side of i % 2 ? ['after', 'before'] : ['before', 'after']) results[side].push(await load(browser, sides[side]));
}
await browser.close();
for (const s of Object.values(sides)) await s.stop();

const median = (xs) => xs.slice().sort((x, y) => x - y)[Math.floor(xs.length / 2)];
console.log(`${PAGE}, ${LOADS} cold loads a side at 4× CPU; load average ${loadAtStart} at the start, ${loadAverage()} at the end\n`);
console.log('| median | before | after | after ÷ before |');
console.log('|---|---|---|---|');
for (const [key, label] of [
  ['evaluation', 'module evaluation (ms)'],
  ['firstPaintTask', "the first paint's task (ms)"],
  ['longTasks', 'tasks over 50 ms'],
  ['blocking', 'their time beyond 50 ms (ms)'],
  ['sheetRecalc', "the stylesheet's first style recalculation (ms)"],
  ['longestRecalc', 'the longest style recalculation after the paint (ms)'],
]) {
  const b = median(results.before.map((r) => r[key]));
  const a = median(results.after.map((r) => r[key]));
  console.log(`| ${label} | ${b.toFixed(0)} | ${a.toFixed(0)} | ${b ? (a / b).toFixed(2) : '—'} |`);
}
