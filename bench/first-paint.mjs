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
import os from 'node:os';
import { ADMIN, api, launchBrowser, RELEASE_BIN, seedDatabase, startServer } from '../client/e2e/harness.mjs';

const RUNS = Number(process.argv[2] ?? 9);
// DevTools' presets (latency in ms, throughput in bytes a second).
const PRESETS = {
  'Slow 3G': { offline: false, latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 },
  'Slow 4G': { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 },
};

async function seededServer(ssr) {
  const server = await startServer({ env: { EXPEDIENTE_SSR: ssr }, bin: RELEASE_BIN });
  seedDatabase(server);
  const { data: auth } = await api(server.url, null, 'POST', '/login', ADMIN);
  const first = await api(server.url, auth.accessToken, 'GET', '/clients?page=1&per_page=1');
  return { server, ssr, auth, firstName: first.data[0].name };
}

const PAGES = {
  '/login': { signedIn: false, visible: () => 'E-mail' },
  '/clients': { signedIn: true, visible: (side) => side.firstName },
};

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
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', PRESETS[preset]);
  let bytes = 0;
  let requests = 0;
  let htmlBytes = 0;
  const documentIds = new Set();
  cdp.on('Network.requestWillBeSent', (e) => {
    requests++;
    if (e.type === 'Document') documentIds.add(e.requestId);
  });
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
    if (documentIds.has(e.requestId)) htmlBytes += e.encodedDataLength;
  });
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
  // FCP and LCP from buffered observers, waiting until both are reported: a
  // paint's entry is queued after the paint, so reading it at once can find
  // none yet (client-only /login hydrates before its paint is reported). The
  // page is loaded and idle here, so the last LCP entry is final.
  const timing = await page.evaluate(
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
  await context.close();
  const { latency, downloadThroughput } = PRESETS[preset];
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
    bytes,
    requests,
    floor: latency + (htmlBytes / downloadThroughput) * 1000,
    htmlBytes,
  };
}

// Of the runs that reported the measure (a paint not reported within 5 s is NaN).
const median = (xs) => {
  const sorted = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
};

const sides = { on: await seededServer('on'), off: await seededServer('off') };
const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
const loadAtStart = load();
const browser = await launchBrowser();
const results = {};
try {
  for (const preset of Object.keys(PRESETS)) {
    for (const pagePath of Object.keys(PAGES)) {
      const key = `${preset} ${pagePath}`;
      results[key] = { on: [], off: [] };
      for (let i = 0; i < RUNS; i++) {
        for (const side of ['on', 'off']) results[key][side].push(await measure(browser, sides[side], pagePath, preset));
      }
    }
  }
} finally {
  await browser.close();
  await sides.on.server.stop();
  await sides.off.server.stop();
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
}
console.log(`\nload average (1, 5, 15 min): ${loadAtStart} at the start, ${load()} at the end`);
