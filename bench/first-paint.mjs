// First paint with data over a slow mobile link: the server-rendered page
// against the same app rendered only in the browser (EXPEDIENTE_SSR=off),
// measured in one run, in Chromium with network and CPU throttling.
//
//   node bench/first-paint.mjs [runs]      (after cargo build --release)
//
// Both servers get the same seeded data. Each run opens /clients in a fresh
// browser context (cold cache) and records when the first client's name is
// on screen (in the page and painted), and the first contentful paint. The figure that matters is the
// ratio SSR / browser-only of the medians.
import { ADMIN, api, launchBrowser, seedDatabase, startServer } from '../client/e2e/harness.mjs';

const RUNS = Number(process.argv[2] ?? 5);
// Roughly a poor 3G connection, and a mid-range phone's CPU.
const NETWORK = { offline: false, latency: 300, downloadThroughput: (700 * 1024) / 8, uploadThroughput: (300 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

async function seededServer(ssr) {
  const server = await startServer({ env: { EXPEDIENTE_SSR: ssr } });
  seedDatabase(server);
  const { data: auth } = await api(server.url, null, 'POST', '/login', ADMIN);
  const first = await api(server.url, auth.accessToken, 'GET', '/clients?page=1&per_page=1');
  return { server, auth, firstName: first.data[0].name };
}

async function measure(browser, { server, auth, firstName }) {
  const context = await browser.newContext({ baseURL: server.url });
  await context.addCookies([{ name: 'expediente_session', value: auth.accessToken, url: server.url, httpOnly: true }]);
  // What a returning user's browser holds: the persisted session (no data).
  await context.addInitScript((a) => {
    const auth = JSON.stringify({ ...a, loading: false, error: null });
    localStorage.setItem('persist:root', JSON.stringify({ auth, _persist: JSON.stringify({ version: -1, rehydrated: true }) }));
  }, auth);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto('/clients', { waitUntil: 'commit' });
  await page.waitForFunction((name) => document.body && document.body.innerText.includes(name), firstName, {
    polling: 'raf',
    timeout: 120_000,
  });
  const dataVisible = await page.evaluate(() => performance.now());
  // The paint entry is queued a little after the frame: wait for it.
  const fcp = await page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (entry) resolve(entry.startTime);
        }).observe({ type: 'paint', buffered: true });
        setTimeout(() => resolve(NaN), 5000);
      }),
  );
  // The data is on screen once it is in the page and a paint has happened.
  const result = { dataVisible: Math.max(dataVisible, fcp), fcp };
  await context.close();
  return result;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const ssr = await seededServer('on');
const csr = await seededServer('off');
const browser = await launchBrowser();
const samples = { on: [], off: [] };
try {
  // Alternate the two so drift on a shared machine hits both alike.
  for (let i = 0; i < RUNS; i++) {
    samples.on.push(await measure(browser, ssr));
    samples.off.push(await measure(browser, csr));
  }
} finally {
  await browser.close();
  await ssr.server.stop();
  await csr.server.stop();
}

const row = (label, key) => {
  const on = median(samples.on.map((s) => s[key]));
  const off = median(samples.off.map((s) => s[key]));
  return `| ${label} | ${on.toFixed(0)} ms | ${off.toFixed(0)} ms | ${(on / off).toFixed(2)} |`;
};
console.log(`First paint of /clients, median of ${RUNS} cold loads each, ${NETWORK.latency} ms latency, ` +
  `${(NETWORK.downloadThroughput * 8 / 1024).toFixed(0)} kbit/s down, CPU ${CPU_SLOWDOWN}x slower`);
console.log('| measure | server-rendered | browser-only | ratio |');
console.log('|---|---|---|---|');
console.log(row('data on screen', 'dataVisible'));
console.log(row('first contentful paint', 'fcp'));
