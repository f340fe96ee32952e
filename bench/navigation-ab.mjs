// An in-app navigation from the client list to a client's page on a slow
// link, on two builds of the server, the sides interleaved run by run: how
// long from the click until the page shows the record and both lists of its
// appointments. Each run is a fresh context at 1366 px; the list loads at
// full speed and hydrates, then the link is throttled (DevTools' Slow 3G by
// default: 2 s latency, 50 KB/s) and the client's link clicked.
//
//   node bench/navigation-ab.mjs BEFORE_BIN AFTER_BIN [runs=5] [preset=Slow 3G]
//
// Per side: the median time to the shown page, and the API requests it made.
import path from 'node:path';
import { launchBrowser, seedAndSignIn, startServer, waitForShell } from '../client/e2e/harness.mjs';

const PRESETS = {
  'Slow 3G': { offline: false, latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 },
  'Slow 4G': { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 },
};
const [before, after] = process.argv.slice(2, 4).map((bin) => bin && path.resolve(bin));
if (!before || !after) throw new Error('usage: node bench/navigation-ab.mjs BEFORE_BIN AFTER_BIN [runs] [preset]');
const RUNS = Number(process.argv[4] ?? 5);
const PRESET = process.argv[5] ?? 'Slow 3G';

async function server(bin) {
  const s = await startServer({ bin });
  return { ...s, token: await seedAndSignIn(s) };
}

/** One navigation on `s`: milliseconds from the click to the shown page, and the API requests. */
async function run(browser, s) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  await context.addCookies([{ name: 'expediente_session', value: s.token, url: s.url, httpOnly: true }]);
  const page = await context.newPage();
  await page.goto(`${s.url}/clients`, { waitUntil: 'networkidle' });
  await waitForShell(page);
  // Everything the next screen could need from the network but its data is in before the clock starts.
  await page.waitForTimeout(500);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', PRESETS[PRESET]);
  const calls = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) calls.push(new URL(r.url()).pathname);
  });
  const link = page.locator('main a[href^="/clients/"]').first();
  const name = (await link.innerText()).trim();
  const start = Date.now();
  await link.click();
  // The record's name as the heading, both lists of appointments drawn (no table loading).
  await page.waitForFunction(
    (want) => {
      const main = document.querySelector('main');
      const heading = [...(main?.querySelectorAll('h1') ?? [])].some((h) => h.textContent?.includes(want));
      const tables = [...(main?.querySelectorAll('table[aria-busy]') ?? [])];
      const cards = [...(main?.querySelectorAll('.card-title, h2, h3') ?? [])].map((h) => h.textContent ?? '');
      const lists = cards.some((t) => t.includes('Próximos agendamentos')) && cards.some((t) => t.includes('Agendamentos anteriores'));
      return heading && lists && tables.every((t) => t.getAttribute('aria-busy') === 'false') && !main?.textContent?.includes('Carregando...');
    },
    name,
    { timeout: 120_000, polling: 50 },
  );
  const ms = Date.now() - start;
  await context.close();
  return { ms, calls: calls.length };
}

const sides = { before: await server(before), after: await server(after) };
const browser = await launchBrowser();
const results = { before: [], after: [] };
for (let i = 0; i < RUNS; i++) {
  for (const side of i % 2 ? ['after', 'before'] : ['before', 'after']) results[side].push(await run(browser, sides[side]));
}
await browser.close();
for (const s of Object.values(sides)) await s.stop();

const median = (xs) => xs.slice().sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const b = median(results.before.map((r) => r.ms));
const a = median(results.after.map((r) => r.ms));
console.log(`/clients → a client's page, in-app, ${PRESET}, ${RUNS} runs a side, interleaved\n`);
console.log('| | before | after |');
console.log('|---|---|---|');
console.log(`| median to the shown page (ms) | ${b} | ${a} |`);
console.log(`| runs (ms) | ${results.before.map((r) => r.ms).join(', ')} | ${results.after.map((r) => r.ms).join(', ')} |`);
console.log(`| API requests | ${results.before.map((r) => r.calls).join(', ')} | ${results.after.map((r) => r.calls).join(', ')} |`);
console.log(`\nafter ÷ before: ${(a / b).toFixed(2)}`);
