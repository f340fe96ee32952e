// First paint and hydration on slow links: the server-rendered app against
// the same app rendered only in the browser (EXPEDIENTE_SSR=off), and both
// against the floor (the link's latency plus the HTML's bytes over its
// throughput), in Chromium with DevTools' presets applied through
// Network.emulateNetworkConditions. A fresh browser context per run (cold
// cache), the sides interleaved run by run.
//
//   node bench/first-paint.mjs [runs=9]      (after cargo build --release)
//
// Per page (/login, and /clients signed in) and preset: TTFB, FCP, LCP, data
// visible (the page's first text on screen: the login form, the first
// client's name), hydrated (the last element of the root has React's props:
// its handlers are attached; client-only: its first render), navigation
// hydrated (the top bar and side menu have React's props: they hydrate once
// their chunk is in, after the page), usable (both: hydrated and the data
// on screen), actionable (a tap is honoured: the server's page once on
// screen, since its links and forms work without the scripts; client-only:
// usable), bytes (encoded, all responses) and
// requests. Data visible and hydrated are watched apart, in the page, from
// its first frame: each side's hydration is its own moment, not the later of
// the two.
//
// The clients' booking page (server/public/booking.rs: plain HTML, one
// inline style, no script) has rows of its own, on the server-rendered
// side's server: step 1 (`/agendar`), step 2 (a weekday's free times with
// "qualquer profissional"), step 3 (the details form of a time held from
// here) and the done page (`/c/{token}?novo=1`, after the booking is sent
// from here), interleaved run by run: TTFB, FCP, LCP against the floor
// (target: LCP ≤ 1.1 × the floor), and the HTML's bytes as sent and
// brotli-compressed (quality 11; the CSS is inline, so that is the whole
// page: target ≤ 15 KB).
//
//   node bench/first-paint.mjs [runs=9] [app|public]   (the second: only those rows)
//
// EXPEDIENTE_BIN names another binary than the release one (the testing build).
//
// FIRST_PAINT_TRACE=1 records a Chromium trace of each server-rendered load
// of the app's pages and prints, per page and preset, where the time from
// the HTML's last byte to the paint goes (medians): the navigation's commit
// until the renderer has read that byte, from there to FCP (parse, style,
// layout, paint, raster, on screen), then to LCP; the tiles rastered before
// FCP and their CPU; each process's CPU from the last byte to LCP. Tracing costs CPU too: the timings of a traced run are not
// those of an untraced one.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { ADMIN, api, launchBrowser, RELEASE_BIN, seedDatabase, startServer } from '../client/e2e/harness.mjs';

const RUNS = Number(process.argv[2] ?? 9);
const TRACE = process.env.FIRST_PAINT_TRACE === '1';
const ONLY = process.argv[3] ?? 'all';
if (!['all', 'app', 'public'].includes(ONLY)) throw new Error(`unknown rows ${ONLY}: app or public`);
// Relative to the repository, as bench/lists.mjs reads it.
const SERVER_BIN = process.env.EXPEDIENTE_BIN ? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', process.env.EXPEDIENTE_BIN) : RELEASE_BIN;
// DevTools' presets (latency in ms, throughput in bytes a second).
const PRESETS = {
  'Slow 3G': { offline: false, latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 },
  'Slow 4G': { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 },
};

async function seededServer(ssr) {
  // Behind a "proxy" (this process): each hold and booking of the public
  // rows comes from its own X-Forwarded-For address, so the per-address
  // limits (three live holds, ten bookings in 15 minutes) never refuse one.
  const server = await startServer({ env: { EXPEDIENTE_SSR: ssr, EXPEDIENTE_TRUSTED_PROXIES: '127.0.0.1/32' }, bin: SERVER_BIN });
  seedDatabase(server);
  const { data: auth } = await api(server.url, null, 'POST', '/login', ADMIN);
  const first = await api(server.url, auth.accessToken, 'GET', '/clients?page=1&per_page=1');
  return { server, ssr, auth, firstName: first.data[0].name };
}

const PAGES = {
  '/login': { signedIn: false, visible: () => 'E-mail' },
  '/clients': { signedIn: true, visible: (side) => side.firstName },
};

/** The floor of a page on `preset`: one round trip's latency plus its HTML's bytes over the throughput. */
const floor = (preset, htmlBytes) => PRESETS[preset].latency + (htmlBytes / PRESETS[preset].downloadThroughput) * 1000;

/**
 * A new page of `context` on `preset`'s link, and what it loads: every
 * response's encoded bytes, the documents' alone, and the requests.
 */
async function throttledPage(context, preset) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', PRESETS[preset]);
  const counts = { bytes: 0, requests: 0, htmlBytes: 0 };
  const documentIds = new Set();
  cdp.on('Network.requestWillBeSent', (e) => {
    counts.requests++;
    if (e.type === 'Document') documentIds.add(e.requestId);
  });
  cdp.on('Network.loadingFinished', (e) => {
    counts.bytes += e.encodedDataLength;
    if (documentIds.has(e.requestId)) counts.htmlBytes += e.encodedDataLength;
  });
  return { page, counts };
}

/** TTFB, FCP and LCP of a loaded page. */
async function paintTimings(page) {
  // FCP and LCP from buffered observers, waiting until both are reported: a
  // paint's entry is queued after the paint, so reading it at once can find
  // none yet (client-only /login hydrates before its paint is reported). The
  // page is loaded and idle here, so the last LCP entry is final.
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const nav = performance.getEntriesByType('navigation')[0];
        const seen = { ttfb: nav.responseStart, fcp: NaN, lcp: NaN };
        const settle = () => Number.isFinite(seen.fcp) && Number.isFinite(seen.lcp) && resolve(seen);
        new PerformanceObserver((list) => {
          const fcp = list.getEntriesByName('first-contentful-paint')[0];
          if (fcp) seen.fcp = fcp.startTime;
          settle();
        }).observe({ type: 'paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) seen.lcp = e.startTime;
          settle();
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(seen), 5000);
      }),
  );
}

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'loading', 'blink', 'cc', 'toplevel'];

/**
 * Where the time from the HTML's last byte to the paint went, from a trace
 * of one load of `url` (ms; CPU is the threads' own time).
 */
function paintStages(events, url) {
  const names = new Map(events.filter((e) => e.ph === 'M' && e.name === 'process_name').map((e) => [e.pid, e.args.name]));
  const send = events.find((e) => e.name === 'ResourceSendRequest' && e.args?.data?.url === url);
  const finish = events.find((e) => e.name === 'ResourceFinish' && e.args?.data?.requestId === send?.args.data.requestId);
  const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url === url);
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === parse?.pid)?.ts;
  const lcp = events.filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.pid === parse?.pid).at(-1)?.ts;
  if (!finish || !parse || !fcp || !lcp) return null;
  const netEnd = finish.args.data.finishTime * 1e6;
  // The page's renderer is new with the context: all its tiles are this page's.
  const raster = events.filter((e) => e.pid === parse.pid && e.name === 'RasterTask' && e.ph === 'X' && e.ts < fcp);
  // Each thread's outermost tasks between the last byte and LCP, by process.
  const cpu = {};
  const byThread = new Map();
  for (const e of events) {
    if (e.ph !== 'X' || e.ts + e.dur < netEnd || e.ts > lcp) continue;
    const key = `${e.pid}:${e.tid}`;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key).push(e);
  }
  for (const list of byThread.values()) {
    list.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    let end = 0;
    for (const e of list) {
      if (e.ts < end) continue;
      end = e.ts + e.dur;
      const process = e.pid === parse.pid ? 'the page' : (names.get(e.pid) ?? 'other');
      cpu[process] = (cpu[process] ?? 0) + (e.tdur ?? 0) / 1000;
    }
  }
  const ms = (us) => us / 1000;
  return {
    'last byte → the renderer has read it (the navigation commits)': ms(finish.ts - netEnd),
    '→ FCP (parse, style, layout, paint, raster, on screen)': ms(fcp - finish.ts),
    'FCP → LCP': ms(lcp - fcp),
    'last byte → LCP': ms(lcp - netEnd),
    'tiles rastered before FCP': raster.length,
    'their CPU': raster.reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000,
    ...Object.fromEntries(Object.entries(cpu).map(([process, time]) => [`CPU, ${process}`, time])),
  };
}

async function measure(browser, side, pagePath, preset) {
  const { server, auth } = side;
  const context = await browser.newContext({ baseURL: server.url });
  if (PAGES[pagePath].signedIn) {
    await context.addCookies([{ name: 'expediente_session', value: auth.accessToken, url: server.url, httpOnly: true }]);
    // What a returning user's browser holds: the persisted session (no data).
    await context.addInitScript((a) => {
      const session = JSON.stringify({ ...a, loading: false, error: null });
      localStorage.setItem('persist:root', JSON.stringify({ auth: session, _persist: JSON.stringify({ version: -1, rehydrated: true }) }));
    }, auth);
  }
  // Every frame from the document's start until both are seen: when the
  // text is first on the page, when the root's last element first has
  // React's props.
  await context.addInitScript((text) => {
    const marks = {};
    window.__firstPaintMarks = marks;
    const tick = () => {
      const now = performance.now();
      if (marks.visible === undefined && document.body && document.body.innerText.includes(text)) marks.visible = now;
      if (marks.hydrated === undefined) {
        const all = document.querySelectorAll('#root *');
        const last = all[all.length - 1];
        if (last && Object.keys(last).some((k) => k.startsWith('__reactProps$'))) marks.hydrated = now;
      }
      if (marks.nav === undefined && marks.hydrated !== undefined) {
        const nav = [...document.querySelectorAll('.app-topbar, .sidenav-menu')];
        if (nav.every((el) => Object.keys(el).some((k) => k.startsWith('__reactProps$')))) marks.nav = now;
      }
      if (marks.visible === undefined || marks.nav === undefined) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }, PAGES[pagePath].visible(side));
  const { page, counts } = await throttledPage(context, preset);
  const tracing = TRACE && side.ssr === 'on';
  if (tracing) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  await page.goto(pagePath, { waitUntil: 'commit' });
  const marks = await page.waitForFunction(
    () => {
      const m = window.__firstPaintMarks;
      return m && m.visible !== undefined && m.nav !== undefined && m;
    },
    null,
    { polling: 50, timeout: 180_000 },
  );
  const { visible: dataVisible, hydrated, nav: navHydrated } = await marks.jsonValue();
  await page.waitForLoadState('load');
  const timing = await paintTimings(page);
  const stages = tracing ? paintStages(JSON.parse(await browser.stopTracing()).traceEvents, server.url + pagePath) : null;
  await context.close();
  // On screen once in the page and painted.
  const onScreen = Math.max(dataVisible, timing.fcp);
  // Usable: hydrated with the data on screen.
  const usable = Math.max(hydrated, onScreen);
  return {
    ...timing,
    dataVisible: onScreen,
    hydrated,
    navHydrated,
    usable,
    // Actionable: a tap or an Enter is honoured. The server's page is
    // actionable once on screen: its links and GET forms (and the sign-in's
    // POST form) work before the scripts have run (e2e/no-script tests);
    // the client-only page, once it is usable.
    actionable: side.ssr === 'on' ? onScreen : usable,
    ...counts,
    floor: floor(preset, counts.htmlBytes),
    stages,
  };
}

// Of the runs that reported the measure (a paint not reported within 5 s is NaN).
const median = (xs) => {
  const sorted = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
};

/** An address of 198.18.0.0/15 (set aside for benchmarks) for the n-th public hold or booking. */
const forwarded = (n) => `198.18.${Math.floor(n / 250) % 256}.${1 + (n % 250)}`;
let visitors = 0;

/**
 * Turns the booking page on (no notice) and finds what the public rows
 * ask: the first service of step 1, and the first weekday from two days on
 * whose step 2 ("qualquer profissional") offers at least five times.
 */
async function publicSetup(side) {
  const { server, auth } = side;
  await api(server.url, auth.accessToken, 'PUT', '/online-booking', { enabled: true, minNoticeHours: 0 });
  const step1 = await (await fetch(`${server.url}/agendar`)).text();
  const service = /href="\/agendar\/(\d+)"/.exec(step1)?.[1];
  if (!service) throw new Error(`/agendar lists no service:\n${step1.slice(0, 500)}`);
  for (let ahead = 2; ahead < 16; ahead++) {
    const date = new Date(Date.now() + ahead * 86_400_000);
    if (date.getUTCDay() === 0 || date.getUTCDay() === 6) continue;
    const dayPath = `/agendar/${service}?dia=${date.toISOString().slice(0, 10)}&profissional=qualquer`;
    const times = (await (await fetch(server.url + dayPath)).text()).match(/name="hora"/g)?.length ?? 0;
    if (times >= 5) return { service, day: date.toISOString().slice(0, 10), dayPath, times };
  }
  throw new Error('no weekday in the next two weeks offers five free times');
}

/** The first time of step 2 held from a new address, as tapping it would: step 3's path. */
async function hold(side) {
  const { server, booking } = side;
  const html = await (await fetch(server.url + booking.dayPath)).text();
  const hora = /name="hora" value="([^"]+)"/.exec(html)?.[1];
  if (!hora) throw new Error(`${booking.dayPath}: no free time left to hold`);
  const res = await fetch(`${server.url}/agendar/${booking.service}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'x-forwarded-for': forwarded(visitors++) },
    body: new URLSearchParams({ dia: booking.day, profissional: 'qualquer', hora }),
  });
  if (res.status !== 303) throw new Error(`holding ${hora}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return res.headers.get('location');
}

/** Step 3's form sent from a new address, with a new WhatsApp number: the done page's path. */
async function book(side, detailsPath) {
  const n = visitors++;
  const res = await fetch(side.server.url + detailsPath, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'x-forwarded-for': forwarded(n) },
    body: new URLSearchParams({ name: 'Cliente Bench', whatsapp: `119${87_000_000 + n}`, email: '', consent: '1', site: '' }),
  });
  if (res.status !== 303) throw new Error(`booking: ${res.status} ${(await res.text()).slice(0, 300)}`);
  const done = new URL(res.headers.get('location'), side.server.url);
  return done.pathname + done.search;
}

/** A cold load of a public page: paint, bytes as sent, and its HTML brotli-compressed. */
async function measurePublic(browser, side, pagePath, preset) {
  const context = await browser.newContext({ baseURL: side.server.url });
  const { page, counts } = await throttledPage(context, preset);
  const response = await page.goto(pagePath, { waitUntil: 'load' });
  if (response.status() !== 200) throw new Error(`${pagePath}: ${response.status()}`);
  const body = await response.body();
  const timing = await paintTimings(page);
  await context.close();
  return {
    ...timing,
    ...counts,
    floor: floor(preset, counts.htmlBytes),
    html: body.length,
    brotli: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** The booking's steps in a visitor's order; a run holds a time before step 3 and books it before the done page. */
const PUBLIC_STEPS = {
  '1 `/agendar`': async () => '/agendar',
  '2 `/agendar/{service}?dia=…&profissional=qualquer`': async (side) => side.booking.dayPath,
  '3 `/agendar/reserva/{token}`': async (side, run) => (run.details = await hold(side)),
  'done `/c/{token}?novo=1`': async (side, run) => book(side, run.details),
};

const sides = { on: await seededServer('on') };
if (ONLY !== 'public') sides.off = await seededServer('off');
if (ONLY !== 'app') sides.on.booking = await publicSetup(sides.on);
const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
const loadAtStart = load();
const browser = await launchBrowser();
const results = {};
const publicResults = {};
try {
  for (const preset of Object.keys(PRESETS)) {
    for (const pagePath of ONLY === 'public' ? [] : Object.keys(PAGES)) {
      const key = `${preset} ${pagePath}`;
      results[key] = { on: [], off: [] };
      for (let i = 0; i < RUNS; i++) {
        for (const side of ['on', 'off']) results[key][side].push(await measure(browser, sides[side], pagePath, preset));
      }
    }
    if (ONLY === 'app') continue;
    // The steps interleaved run by run, as a visitor goes through them.
    publicResults[preset] = Object.fromEntries(Object.keys(PUBLIC_STEPS).map((step) => [step, []]));
    for (let i = 0; i < RUNS; i++) {
      const run = {};
      for (const [step, path] of Object.entries(PUBLIC_STEPS)) {
        publicResults[preset][step].push(await measurePublic(browser, sides.on, await path(sides.on, run), preset));
      }
    }
  }
} finally {
  await browser.close();
  for (const side of Object.values(sides)) await side.server.stop();
}

const ms = (x) => (Number.isFinite(x) ? `${x.toFixed(0)} ms` : '—');
for (const [key, { on, off }] of Object.entries(results)) {
  const m = (list, field) => median(list.map((r) => r[field]));
  const floor = m(on, 'floor');
  console.log(`\n${key}: median of ${RUNS} cold loads a side; floor ${ms(floor)} (latency + ${m(on, 'htmlBytes')} B of HTML)`);
  console.log('| measure | server-rendered | client-only | ratio | server-rendered / floor |');
  console.log('|---|---|---|---|---|');
  for (const [label, field] of [['TTFB', 'ttfb'], ['FCP', 'fcp'], ['LCP', 'lcp'], ['data visible', 'dataVisible'], ['hydrated', 'hydrated'], ['navigation hydrated', 'navHydrated'], ['usable', 'usable'], ['actionable', 'actionable']]) {
    const a = m(on, field);
    const b = m(off, field);
    const missing = [on, off].map((list) => list.filter((r) => !Number.isFinite(r[field])).length);
    const note = missing.some(Boolean) ? ` (not reported in ${missing[0]} + ${missing[1]} runs)` : '';
    console.log(`| ${label}${note} | ${ms(a)} | ${ms(b)} | ${(a / b).toFixed(2)} | ${(a / floor).toFixed(2)} |`);
  }
  for (const [label, field] of [['bytes', 'bytes'], ['requests', 'requests']]) {
    const a = m(on, field);
    const b = m(off, field);
    console.log(`| ${label} | ${a} | ${b} | ${(a / b).toFixed(2)} | |`);
  }
  const traced = on.map((r) => r.stages).filter(Boolean);
  if (traced.length) {
    console.log(`\n${key}, server-rendered, traced: from the HTML's last byte to the paint (median of ${traced.length} loads; CPU is thread time)`);
    console.log('| stage | ms |');
    console.log('|---|---|');
    const labels = [...new Set(traced.flatMap((t) => Object.keys(t)))];
    for (const label of labels) console.log(`| ${label} | ${median(traced.map((t) => t[label] ?? 0)).toFixed(label.startsWith('tiles') ? 0 : 1)} |`);
  }
}
for (const [preset, steps] of Object.entries(publicResults)) {
  const { day, times } = sides.on.booking;
  console.log(`\n${preset}, the booking page (${day}, ${times} free times on step 2 at the start): median of ${RUNS} cold loads a step, the steps interleaved; LCP target ≤ 1.1 × the floor, brotli target ≤ 15 KB`);
  console.log('| step | TTFB | FCP | LCP | floor | LCP / floor | HTML sent | HTML brotli | requests |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const [step, list] of Object.entries(steps)) {
    const m = (field) => median(list.map((r) => r[field]));
    const ratio = median(list.map((r) => r.lcp / r.floor));
    const kb = (b) => `${(b / 1000).toFixed(1)} KB`;
    console.log(
      `| ${step} | ${ms(m('ttfb'))} | ${ms(m('fcp'))} | ${ms(m('lcp'))} | ${ms(m('floor'))} | ${ratio.toFixed(2)}${ratio > 1.1 ? ' ✗' : ''} | ${m('htmlBytes')} B (body ${m('html')} B) | ${kb(m('brotli'))}${m('brotli') > 15_000 ? ' ✗' : ''} | ${m('requests')} |`,
    );
  }
}
console.log(`\nload average (1, 5, 15 min): ${loadAtStart} at the start, ${load()} at the end`);
