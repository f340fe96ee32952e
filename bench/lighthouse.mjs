// Lighthouse's performance score of each screen, mobile and desktop
// presets (100 on every signed-in screen), against the release
// binary seeded as the other benchmarks do. `/login` is audited first with
// no cookie; then the session cookie is put in the browser's jar (as the
// browser tests' `addCookies` does), so every signed-in screen is asked for
// as a returning user's browser asks: the server renders it with the
// session in the state. (With the cookie in Lighthouse's `extraHeaders`
// instead, every run after the first went round /login?next= and back,
// its trace showed, and a signed-out /login ended on /dashboard: the jar
// had cookies of its own by then.) Lighthouse keeps cookies and local
// storage between runs.
//
//   node bench/lighthouse.mjs [runs=1]        (after cargo build --release)
//
// Lighthouse is not a dependency of the client (about 110 MB with its
// dependencies; `npm ci` in CI would fetch it for every run): the first
// run installs the pinned version into target/lighthouse. 12.2.3 is the
// last that runs on Node 20 (13 wants 22). Chromium is Debian's, as for the
// browser tests (CHROMIUM_PATH).
//
// Per screen and preset: the score, FCP, LCP, TBT, CLS and Speed Index
// (the median run by score), the points each metric costs (its weight in
// the score times what it missed), the longest main-thread tasks and the
// scripts that cost the most CPU, and Lighthouse's own CPU index of the
// machine at that run (its simulated mobile TBT grows as a busy machine
// slows the tasks it observes).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { api, CHROMIUM, RELEASE_BIN, seedAndSignIn, startServer } from '../client/e2e/harness.mjs';

const RUNS = Number(process.argv[2] ?? 1);
const VERSION = '12.2.3';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const prefix = path.join(root, 'target/lighthouse');
const modules = path.join(prefix, 'node_modules');

function installed() {
  const file = path.join(modules, 'lighthouse/package.json');
  return existsSync(file) && JSON.parse(readFileSync(file, 'utf8')).version === VERSION;
}
if (!installed()) {
  console.error(`installing lighthouse@${VERSION} into ${prefix}`);
  execFileSync('npm', ['install', '--prefix', prefix, '--save-exact', '--no-audit', '--no-fund', `lighthouse@${VERSION}`], { stdio: 'inherit' });
}
const load = (name) => import(pathToFileURL(path.join(modules, name)).href);
const { default: lighthouse, desktopConfig } = await load('lighthouse/core/index.js');
const chromeLauncher = await load('chrome-launcher/dist/index.js');
const { default: puppeteer } = await load('puppeteer-core/lib/esm/puppeteer/puppeteer-core.js');

const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const loadAtStart = loadAverage();
const server = await startServer({ bin: RELEASE_BIN });
const token = await seedAndSignIn(server);
const firstClient = (await api(server.url, token, 'GET', '/clients?page=1&per_page=1')).data[0];
const SCREENS = [
  ['/login', false],
  ['/dashboard', true],
  ['/appointments', true],
  ['/reports', true],
  ['/users', true],
  ['/clients', true],
  [`/clients/${firstClient.id}`, true],
];
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
const cdp = await (await browser.pages())[0].createCDPSession();

/** The browser's cookies: none, or the session's. */
async function signedIn(yes) {
  await cdp.send('Network.clearBrowserCookies');
  if (yes) await cdp.send('Network.setCookie', { name: 'expediente_session', value: token, url: server.url, httpOnly: true });
}

/** One Lighthouse run of `url`: its result (lhr). */
async function audit(url, preset) {
  const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  return result.lhr;
}

const rows = [];
try {
  for (const [screen, session] of SCREENS) {
    await signedIn(session);
    for (const preset of ['mobile', 'desktop']) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(`${server.url}${screen}`, preset));
      runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
      rows.push({ screen, preset, lhr: runs[Math.floor(runs.length / 2)] });
    }
  }
} finally {
  await browser.disconnect();
  await chrome.kill();
  await server.stop();
}

const score = (lhr) => Math.round(lhr.categories.performance.score * 100);
const value = (lhr, id) => {
  const a = lhr.audits[id];
  return id === 'cumulative-layout-shift' ? a.numericValue.toFixed(3) : `${Math.round(a.numericValue)} ms`;
};
/** The points of the score each metric costs: its weight times what it missed. */
const lost = (lhr) =>
  lhr.categories.performance.auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({ id: ref.id, points: ref.weight * (1 - (lhr.audits[ref.id].score ?? 0)) }))
    .filter((l) => l.points >= 0.5)
    .sort((a, b) => b.points - a.points);
const short = (url) => (url.startsWith(server.url) ? url.slice(server.url.length) : url);
const label = Object.fromEntries(METRICS);

console.log(
  `${new Date().toISOString().slice(0, 16)} UTC, lighthouse ${VERSION}, ${RUNS} run(s) a screen and preset (median by score), ` +
    `load average ${loadAtStart} at the start, ${loadAverage()} at the end`,
);
console.log(`\n| screen | preset | ended at | score | ${METRICS.map(([, name]) => name).join(' | ')} | points lost | CPU index |`);
console.log(`|---|---|---|---|${METRICS.map(() => '---').join('|')}|---|---|`);
for (const { screen, preset, lhr } of rows) {
  const costs = lost(lhr).map((l) => `${label[l.id] ?? l.id} ${l.points.toFixed(0)}`).join(', ') || '—';
  const ended = short(lhr.finalDisplayedUrl);
  console.log(`| ${screen} | ${preset} | ${ended === screen ? 'same' : ended} | ${score(lhr)} | ${METRICS.map(([id]) => value(lhr, id)).join(' | ')} | ${costs} | ${Math.round(lhr.environment.benchmarkIndex)} |`);
}
for (const { screen, preset, lhr } of rows) {
  const tasks = (lhr.audits['long-tasks']?.details?.items ?? []).slice(0, 3);
  const scripts = [...(lhr.audits['bootup-time']?.details?.items ?? [])].sort((a, b) => b.total - a.total).slice(0, 3);
  const lcp = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet;
  console.log(`\n${screen} ${preset}:`);
  console.log(`  long tasks: ${tasks.map((t) => `${short(t.url)} ${Math.round(t.duration)} ms at ${Math.round(t.startTime)}`).join('; ') || 'none'}`);
  console.log(`  CPU by script: ${scripts.map((s) => `${short(s.url)} ${Math.round(s.total)} ms (script ${Math.round(s.scripting)})`).join('; ')}`);
  if (lcp) console.log(`  LCP element: ${lcp.slice(0, 120)}`);
}
