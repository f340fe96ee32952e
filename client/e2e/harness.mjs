// Browser tests against the real server binary (node:test, `npm run e2e`).
// Each suite starts the binary on a free port with a fresh SQLite database
// (or a fresh PostgreSQL one, and then perhaps more instances on it),
// launches the system Chromium through playwright-core (never a downloaded
// browser), collects console output and page errors, and stops everything.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The binary the test command builds (README: `cargo test --profile testing`): the browser tests run it. */
export const BIN = path.resolve(clientDir, process.env.EXPEDIENTE_BIN ?? '../target/testing/expediente');
/** The shipped binary (`cargo build --release`, whole-program LTO): the benchmarks measure it. */
export const RELEASE_BIN = path.resolve(clientDir, '../target/release/expediente');
export const ADMIN = { email: 'admin@example.com', password: 'Senha-e2e-123' };
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The suite's clock: the real one, or the instant `E2E_CLOCK` names (RFC
 * 3339, set by .ci/fixed-clocks.sh), running on from when the suite
 * started. Under a fixed clock the server and `expediente seed` run under
 * libfaketime (`E2E_FAKETIME_LIB`) at that time, and each page reads it from
 * playwright's clock; this process and Chromium keep the real clock
 * (Chromium under libfaketime runs ten times slower, and playwright sets a
 * page's clock from this process's).
 */
const CLOCK_OFFSET_MS = process.env.E2E_CLOCK ? Date.parse(process.env.E2E_CLOCK) - Date.now() : 0;
/** Now, in milliseconds, on the suite's clock: what "today" and "now" are read from. */
export const now = () => Date.now() + CLOCK_OFFSET_MS;

/** The environment that puts a process the suite starts on the suite's clock. */
function clockEnv() {
  if (!CLOCK_OFFSET_MS) return {};
  const seconds = Math.round(CLOCK_OFFSET_MS / 1000);
  return {
    LD_PRELOAD: process.env.E2E_FAKETIME_LIB ?? '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
    FAKETIME: `${seconds >= 0 ? '+' : ''}${seconds}`,
    // File times and the monotonic clock (timeouts, durations) stay real.
    NO_FAKE_STAT: '1',
    DONT_FAKE_MONOTONIC: '1',
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
  };
}

/**
 * Why the suite cannot run here, or null (use with node:test's `skip`).
 * Under CI nothing may be skipped: a missing prerequisite is a failure.
 */
export function missingPrerequisite() {
  let missing = null;
  if (!existsSync(BIN)) missing = `binary not found: ${BIN} (cargo test --profile testing --workspace)`;
  else if (!existsSync(CHROMIUM)) missing = `chromium not found: ${CHROMIUM}`;
  if (missing && process.env.CI) throw new Error(missing);
  return missing;
}

/** A `describe` of browser tests, skipped when `missingPrerequisite()` says why (never under CI). */
export function suite(name, fn) {
  return describe(name, { skip: missingPrerequisite() ?? false }, fn);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The PostgreSQL the suites on it use: the HTTP tests' `EXPEDIENTE_TEST_PG`
 * (tests/http/common.rs), by default the one CI starts on 127.0.0.1:5432.
 */
const PG_BASE = process.env.EXPEDIENTE_TEST_PG ?? 'postgres://postgres@127.0.0.1:5432';

/** Runs `sql` on PG_BASE's `postgres` database with the `psql` client. */
function psql(sql) {
  execFileSync('psql', ['-q', '-v', 'ON_ERROR_STOP=1', `${PG_BASE}/postgres`, '-c', sql], { stdio: ['ignore', 'ignore', 'pipe'] });
}

/** A fresh PostgreSQL database for one suite: its URL, and `drop()`. */
function createPgDatabase() {
  const name = `expediente_e2e_${randomUUID().replaceAll('-', '')}`;
  psql(`CREATE DATABASE "${name}"`);
  // WITH (FORCE): an instance killed on purpose, or one still stopping, leaves connections.
  return { url: `${PG_BASE}/${name}`, drop: () => psql(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/**
 * Starts the binary (`bin`: another build of it, for an A/B benchmark).
 * `env` adds or overrides variables (e.g.
 * `{ EXPEDIENTE_TOKEN_TTL: '90' }` or `{ EXPEDIENTE_SSR: 'off' }`).
 * `postgres: true` serves a fresh PostgreSQL database, dropped by `stop()`;
 * `databaseUrl` serves that one instead (another instance of a server's:
 * `startInstance`). Resolves once GET /login answers (asked every
 * `pollMs`); `readyMs` is the time from spawning to that answer.
 */
export async function startServer({ env = {}, timeoutMs = 60_000, pollMs = 100, bin = BIN, postgres = false, databaseUrl } = {}) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'expediente-e2e-'));
  const ownDatabase = postgres && !databaseUrl ? createPgDatabase() : null;
  const database = databaseUrl ?? ownDatabase?.url ?? `sqlite://${dir}/e2e.db?mode=rwc`;
  const cleanUp = async () => {
    ownDatabase?.drop();
    await rm(dir, { recursive: true, force: true });
  };
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The server's output goes to a file, not a pipe: while a caller blocks
  // Node (the benchmarks' execFileSync of wrk) nobody reads a pipe, and once
  // its 64 KB were full the server stalled writing a log line.
  const logPath = path.join(dir, 'server.log');
  const logFile = openSync(logPath, 'w');
  const output = () => readFileSync(logPath, 'utf8');
  const started = performance.now();
  const child = spawn(bin, [], {
    cwd: dir,
    env: {
      ...process.env,
      DATABASE_URL: database,
      EXPEDIENTE_ADDR: `127.0.0.1:${port}`,
      EXPEDIENTE_DATA_DIR: dir,
      EXPEDIENTE_ADMIN_EMAIL: ADMIN.email,
      EXPEDIENTE_ADMIN_PASSWORD: ADMIN.password,
      EXPEDIENTE_JWT_SECRET: 'e2e-secret-0123456789abcdef0123456789abcdef',
      RUST_LOG: process.env.RUST_LOG ?? 'warn',
      // The machines that run these are shared and busy: a render gets more
      // than production's 250 ms before the page falls back to the browser.
      EXPEDIENTE_RENDER_TIMEOUT_MS: '5000',
      ...clockEnv(),
      ...env,
    },
    stdio: ['ignore', logFile, logFile],
  });
  closeSync(logFile);
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = { code, signal };
  });

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) {
      const log = output();
      await cleanUp();
      throw new Error(`server exited early (${JSON.stringify(exited)}):\n${log}`);
    }
    try {
      const res = await fetch(`${url}/login`, { redirect: 'manual' });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      ownDatabase?.drop();
      throw new Error(`server did not answer within ${timeoutMs} ms:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }

  return {
    url,
    port,
    dir,
    bin,
    databaseUrl: database,
    pid: child.pid,
    readyMs: performance.now() - started,
    /** Ends the process with `signal` (SIGKILL: a crash, nothing flushed) once it has exited; `stop()` still cleans up. */
    async kill(signal = 'SIGKILL') {
      if (exited) return;
      const done = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await done;
    },
    async stop() {
      if (!exited) {
        const done = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await done;
        clearTimeout(timer);
      }
      await cleanUp();
    },
  };
}

/**
 * Another instance of `server` (options as `startServer`'s): the same
 * database and JWT secret, so a session of one works on the other, as
 * behind a load balancer. Its `stop()` leaves the database to `server`'s.
 */
export function startInstance(server, options = {}) {
  return startServer({ ...options, bin: server.bin, databaseUrl: server.databaseUrl });
}

/** Fills a started server's database with `expediente seed` (`args`: how many clients and appointments). */
export function seedDatabase(server, args = ['--clients', '300', '--appointments', '3000']) {
  execFileSync(server.bin, ['seed', ...args], {
    env: { ...process.env, ...clockEnv(), DATABASE_URL: server.databaseUrl, EXPEDIENTE_DATA_DIR: server.dir },
    stdio: 'ignore',
  });
}

/** Seeds `server` (`expediente seed` with `args`) and signs the admin in through the API: the admin's token. */
export async function seedAndSignIn(server, args) {
  seedDatabase(server, args);
  return adminToken(server);
}

/**
 * Chromium's own features the browser is launched without. Its address bar
 * draws its popup as a web page (WebUIOmniboxPopup, and the AI mode's
 * WebUIOmniboxAimPopup): headless, each new context is a window that starts
 * a renderer of its own for chrome://omnibox-popup.top-chrome, which loads
 * and runs that page's modules while the context's first page loads, on the
 * same cores (bench/README.md, "The first paint after the HTML's last
 * byte": a third of the browser's CPU for a cold load of /login). Chromium
 * honours only the last --disable-features switch, so this one repeats
 * playwright-core's own list, read from its bundle.
 */
const DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];
function playwrightDisabledFeatures() {
  const require = createRequire(import.meta.url);
  const bundle = readFileSync(path.join(path.dirname(require.resolve('playwright-core/package.json')), 'lib/coreBundle.js'), 'utf8');
  const list = /\bdisabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1];
  const names = [...(list ?? '').matchAll(/^\s*"(\w+)",?$/gm)].map((m) => m[1]);
  if (!names.includes('PaintHolding')) throw new Error("playwright-core's --disable-features list was not found in its bundle: update launchBrowser");
  return names;
}

export function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-features=${[...playwrightDisabledFeatures(), ...DISABLED_FEATURES].join(',')}`,
    ],
  });
}

/**
 * A fresh browser context and page whose console messages and uncaught
 * errors are collected in `messages` ({ type, text }).
 */
export async function openPage(browser, baseURL, contextOptions = {}) {
  const context = await browser.newContext({ baseURL, ...contextOptions });
  // Under a fixed clock the page reads the suite's time (it runs on from there).
  if (CLOCK_OFFSET_MS) await context.clock.setSystemTime(now());
  const page = await context.newPage();
  const messages = [];
  page.on('console', (m) => messages.push({ type: m.type(), text: m.text() }));
  page.on('pageerror', (e) => messages.push({ type: 'pageerror', text: String(e?.stack ?? e) }));
  // The first element the server put in #root, taken before any script runs:
  // if hydration failed React would replace it, so tests can compare.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        window.__ssrFirstNode = document.querySelector('#root > *');
      }
    });
  });
  return { context, page, messages };
}

/** Console errors, warnings and page errors (hydration mismatches surface here). */
export function problems(messages) {
  return messages.filter((m) => m.type === 'error' || m.type === 'warning' || m.type === 'pageerror');
}

export function hydrationProblems(messages) {
  return messages.filter((m) => /hydrat|did not match|server rendered|#418|#419|#422|#423|#425/i.test(m.text));
}

/** True when the node the server rendered is still the one on screen (hydrated, not replaced). */
export function serverNodeKept(page) {
  return page.evaluate(() => {
    const first = window.__ssrFirstNode;
    return Boolean(first) && first === document.querySelector('#root > *') && first.isConnected;
  });
}

/**
 * Waits until the signed-in shell has hydrated (it marks <html> once
 * mounted) and its navigation with it, which hydrates once its own chunk
 * is in (features/layout/lazy-parts.ts). Server-rendered pages fetch their
 * scripts after the first paint, so a click sent before this may land on
 * inert HTML.
 */
export async function waitForShell(page) {
  await page.waitForSelector('html[data-layout-ready]', { state: 'attached' });
  await navHydrated(page);
}

/**
 * Waits until every part of the navigation on the page carries React's
 * fiber, and no control still waits for the page (lib/use-mounted.ts: its
 * re-render after hydration is a transition, done in slices).
 */
async function navHydrated(page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.app-topbar, .sidenav-menu, .topnav')].every((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber$'))),
  );
  await page.waitForFunction(() => !document.querySelector('[data-not-ready]'));
}

/**
 * Waits until React has hydrated the server's HTML (the first node it
 * rendered carries React's fiber), then for two frames: what hydration set
 * in motion (the store's restored state, a redirect it causes) has run by
 * then.
 */
export async function waitForHydration(page) {
  await page.waitForFunction(() => {
    const first = window.__ssrFirstNode;
    return Boolean(first) && Object.keys(first).some((key) => key.startsWith('__reactFiber$'));
  });
  await navHydrated(page);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Waits until the page's finite CSS transitions and animations (a drawer's slide) have finished. */
export function animationsDone(page) {
  return page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
}

/** Signs in through the login form and waits for /dashboard. */
/** An appointment's block on the agenda's grid, by its service. */
export const agendaBlock = (page, service) => page.locator('a.agenda-block:visible', { hasText: service });

/**
 * The agenda of `day` opened on `page` with its live stream open; at phone
 * width Paula Lima's column chosen; done once her block of `service` shows.
 */
export async function openLiveDay(page, day, { width, service = 'Corte' }) {
  const streamOpen = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
  await page.goto(`/appointments?date=${day}`);
  await waitForShell(page);
  if (width < 576) await page.selectOption('#agenda-column', { label: 'Paula Lima' });
  await agendaBlock(page, service).waitFor();
  return streamOpen;
}

export async function signIn(page, { email = ADMIN.email, password = ADMIN.password } = {}) {
  await page.goto('/login');
  await page.fill('#login-email', email);
  await page.fill('#login-password', password);
  await Promise.all([page.waitForURL('**/dashboard'), page.click('button[type=submit]')]);
}

/**
 * Starts the server and a browser together; `stop()` ends both. With
 * `instances: n` (on PostgreSQL) `servers` holds n instances on one
 * database (`startInstance`), `server` being the first.
 */
export async function startApp({ instances = 1, ...options } = {}) {
  const server = await startServer(options);
  const servers = [server];
  // Others stop first: the first drops the database.
  const stopServers = async () => {
    for (const one of [...servers].reverse()) await one.stop();
  };
  let browser;
  try {
    // One after another: the first has made the schema.
    while (servers.length < instances) servers.push(await startInstance(server, options));
    browser = await launchBrowser();
  } catch (error) {
    await stopServers();
    throw error;
  }
  return {
    server,
    servers,
    browser,
    async stop() {
      await browser.close().catch(() => {});
      await stopServers();
    },
  };
}

/**
 * The app of one `describe`: started before its tests, then `setup(app)`
 * (e.g. data added through the API), and stopped after them. Its `server`
 * and `browser` are there while the tests run, and `token`, the admin's,
 * signed in through the API before `setup`. Before it too: `seed` fills
 * the database (`expediente seed` with those arguments), and `personas`, an
 * object of the suite's, receives that `token` and the ids of the suite's
 * people, `paula` and `carla` (`PAULA`, `CARLA`).
 */
export function appForSuite({ setup, seed, personas, ...options } = {}) {
  const app = {};
  before(async () => {
    Object.assign(app, await startApp(options));
    if (seed) seedDatabase(app.server, seed);
    app.token = await adminToken(app.server);
    if (personas) {
      personas.token = app.token;
      Object.assign(personas, await addPersonas(app.server, app.token));
    }
    await setup?.(app);
  });
  after(async () => {
    await app.stop?.();
  });
  return app;
}

/**
 * Runs `test({ context, page, messages })` on a fresh page of `app`, then
 * closes its context whatever happens. `user` signs in first (`ADMIN` or
 * another `{ email, password }`), `cookies` are added to the context first;
 * the other options are playwright's context options (`baseURL`: another
 * instance's `url` than `app.server`'s).
 */
export async function withPage(app, { user, cookies, ...contextOptions }, test) {
  const opened = await openPage(app.browser, app.server.url, contextOptions);
  try {
    if (cookies) await opened.context.addCookies(cookies);
    if (user) await signIn(opened.page, user);
    await test(opened);
  } finally {
    await opened.context.close();
  }
}

/** Calls the JSON API at `base`, with a Bearer token when given; a non-2xx answer throws. */
export async function api(base, token, method, path, body) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** The admin's access token on `server`, signed in through the API. */
async function adminToken(server) {
  return (await api(server.url, null, 'POST', '/login', ADMIN)).data.accessToken;
}

/** Paula Lima, the staff member of the booking suites (she can sign in), and Carla Dias, their client. */
export const PAULA = { name: 'Paula Lima', email: 'paula@example.com', password: 'senha-da-paula' };
export const CARLA = { name: 'Carla Dias', phone: '(11) 98888-0001' };

/** Adds Paula (staff) and Carla (a client) to `server` through the API (`token`: an admin's); their ids. */
async function addPersonas(server, token) {
  const paula = (await api(server.url, token, 'POST', '/users', { ...PAULA, role: 'staff' })).data.id;
  const carla = (await api(server.url, token, 'POST', '/clients', CARLA)).data.id;
  return { paula, carla };
}

/** What the server rendered into the root: the HTML between `<div id="root">` and the preloaded state. */
export function renderedRoot(html) {
  return html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="preloaded-state">'));
}

/**
 * The /api/ requests that `page` makes while `work` runs, and after it until
 * none has been open for `quietMs`: its reads and writes. (Playwright's
 * 'networkidle' load state is met once per document, so after an in-app
 * navigation it waits for nothing.) The live agenda's stream (GET
 * /api/events, app/live-stream.ts), which every signed-in page opens once
 * hydrated, waits for changes rather than reading the screen's data, and is
 * left out.
 */
export async function apiCallsDuring(page, work, { quietMs = 500 } = {}) {
  const calls = [];
  const open = new Set();
  let lastChange = Date.now();
  const counted = (request) => {
    const { pathname } = new URL(request.url());
    return pathname.startsWith('/api/') && pathname !== '/api/events';
  };
  const onRequest = (request) => {
    if (!counted(request)) return;
    calls.push(request.url());
    open.add(request);
    lastChange = Date.now();
  };
  const onDone = (request) => {
    if (open.delete(request)) lastChange = Date.now();
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  try {
    await work();
    const deadline = Date.now() + 15_000;
    while (open.size > 0 || Date.now() - lastChange < quietMs) {
      if (Date.now() > deadline) throw new Error(`requests still open after 15 s: ${[...open].map((r) => r.url()).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
  }
  return calls;
}

/**
 * True when no access token is left in the persisted store, waiting up to
 * 5 s for it: a form posted before hydration reaches the store only once the
 * page's script has run and redux-persist has written the server's state.
 */
export async function noStoredToken(page) {
  const gone = () => {
    const stored = window.localStorage.getItem('persist:root');
    return !stored || !JSON.parse(JSON.parse(stored).auth).accessToken;
  };
  return page.waitForFunction(gone, null, { timeout: 5_000 }).then(() => true, () => false);
}

/**
 * The two widths every screen is tested at: a desktop and a phone. Under a
 * fixed clock (.ci/fixed-clocks.sh) only the desktop: what that run checks
 * is the day read, which the width does not change, and the real clock's
 * run has tested both widths.
 */
export const DESKTOP = { name: 'desktop', viewport: { width: 1366, height: 800 } };
export const PHONE = { name: 'phone', viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
export const VIEWPORTS = process.env.E2E_CLOCK ? [DESKTOP] : [DESKTOP, PHONE];

/** Waits for a toast and closes it (on a phone it would cover the page). */
export async function closeToast(page, text) {
  const item = page.locator('.Toastify__toast', { hasText: text });
  await item.waitFor();
  await item.getByRole('button').click();
  await item.waitFor({ state: 'detached' });
}

/** YYYY-MM-DD `n` days after `day`. */
export const addDays = (day, n) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The business's time zone: the server's default `--tz`. "Today", "this
 * week" and "this month" on every screen are the business's, never the
 * machine's (UTC here): near midnight, and on the last days of a month, the
 * two disagree.
 */
const BUSINESS_TZ = 'America/Sao_Paulo';

/** YYYY-MM-DD of today in the business's zone. */
export function businessToday() {
  // en-CA writes dates as YYYY-MM-DD; Node carries the full time-zone data.
  return new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now());
}

/** The ISO weekday of YYYY-MM-DD: 1 Monday … 7 Sunday. */
const isoWeekday = (day) => new Date(`${day}T12:00:00Z`).getUTCDay() || 7;

/** True when YYYY-MM-DD is a Saturday or a Sunday (outside a new install's working hours). */
const isWeekend = (day) => isoWeekday(day) >= 6;

/**
 * YYYY-MM-DD of the first Monday to Friday (or the first `weekday`, 1
 * Monday … 7 Sunday) at least `n` days after the business's today: inside
 * the default working hours and ahead of now, whatever day the suite runs.
 */
export function weekdayAhead(n, weekday = null) {
  let day = addDays(businessToday(), n);
  while (weekday ? isoWeekday(day) !== weekday : isWeekend(day)) day = addDays(day, 1);
  return day;
}

/**
 * A day for each width of VIEWPORTS, `apart` days after one another from
 * `first`, so the desktop's run and the phone's do not book into each other.
 */
export const dayPerWidth = (first, apart) => ({ desktop: first, phone: addDays(first, apart) });

/**
 * YYYY-MM-DD of a Monday to Friday in the business's current month (what
 * `/reports` and the dashboard's month open on): the last one up to today,
 * or, when the month has none yet, the first one after today.
 */
export function weekdayThisMonth() {
  const today = businessToday();
  const inMonth = (day) => day.slice(0, 7) === today.slice(0, 7);
  for (let day = today; inMonth(day); day = addDays(day, -1)) if (!isWeekend(day)) return day;
  let day = addDays(today, 1);
  while (isWeekend(day)) day = addDays(day, 1);
  return day;
}

/** YYYY-MM-DD of the Monday of the business's current week. */
export function mondayThisWeek() {
  const today = businessToday();
  return addDays(today, 1 - isoWeekday(today));
}

/** YYYY-MM-DD as the screens write it, dd/MM/yyyy. */
export const brDate = (day) => day.split('-').reverse().join('/');

/** Screenshots for review go to `E2E_SHOTS` when set (e.g. /tmp/shots), toasts hidden unless `toasts`. */
export async function shot(page, name, { fullPage = false, toasts = false } = {}) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  // Through the elements' style (the page's CSP refuses an injected <style>),
  // and back after: the steps that follow may read the toasts.
  const hide = (visibility) => page.evaluate((v) => document.querySelectorAll('.Toastify').forEach((el) => (el.style.visibility = v)), visibility);
  if (!toasts) await hide('hidden');
  // A whole-page picture shows what scrolling would draw.
  if (fullPage) await drawWhenSeenBlocks(page, 'visible');
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
  if (fullPage) await drawWhenSeenBlocks(page, '');
  await hide('');
}

/**
 * Sets the content-visibility of the blocks drawn only when seen
 * (utilities.css .render-when-seen): 'visible' draws them all, '' gives them
 * back to the stylesheet. Out of sight they are placeholders whose size
 * depends on which frames the browser has drawn, so whole-page pictures and
 * comparisons draw them first.
 */
export const drawWhenSeenBlocks = (page, value) =>
  page.evaluate((v) => document.querySelectorAll('.render-when-seen').forEach((el) => (el.style.contentVisibility = v)), value);

/** True when the page scrolls sideways. */
export const scrollsSideways = (page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** Visible buttons and links styled as buttons in `scope` that are under 44 px tall. */
export const smallTapTargets = (page, scope = 'main, #root') =>
  page.evaluate((selector) => {
    const root = document.querySelector(selector) ?? document.body;
    return [...root.querySelectorAll('button.btn, a.btn, select.form-select, input.form-control')]
      .filter((el) => el.offsetParent !== null && !el.closest('.modal, .topbar, .app-topbar, header, .sidenav-menu, .customizer'))
      .filter((el) => el.getBoundingClientRect().height < 44)
      .map((el) => `${el.tagName} ${el.textContent?.trim() || el.getAttribute('aria-label') || el.id}`);
  }, scope);

/** The page fits its screen: nothing scrolls sideways, and on a phone every tap target is 44 px tall. */
export async function assertFitsScreen(page, viewport, where = 'the page') {
  assert.equal(await scrollsSideways(page), false, `no horizontal scrolling on ${where}`);
  if (viewport.width < 768) assert.deepEqual(await smallTapTargets(page), [], `tap targets of 44 px on ${where}`);
}

const AXE_SOURCE = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe on the page as it is now and returns its serious and critical
 * violations as lines ("rule-id: target, target"). axe's source goes in with
 * page.evaluate, which runs through the DevTools protocol and is not subject
 * to the page's Content-Security-Policy; page.addScriptTag({ content }) would
 * add an inline <script> whose hash the page's policy does not list, which the strict CSP
 * refuses. So no bypassCSP: the pages are tested under their real policy.
 */
export async function axeViolations(page, where) {
  const loaded = await page.evaluate(() => typeof window.axe?.run === 'function');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  assert.equal(await page.evaluate(() => typeof window.axe?.run === 'function'), true, 'axe-core was injected');
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, {
      resultTypes: ['violations'],
      // Experimental, so off by default: a control's name must contain its visible text (WCAG 2.5.3).
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
  return violations
    // A skipped heading level is only "moderate" to axe, but staff with a screen reader lose the outline.
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order')
    .map((v) => `${where}: ${v.id} (${v.impact}): ${v.targets.slice(0, 6).join(' | ')}${v.targets.length > 6 ? ` … +${v.targets.length - 6}` : ''}`);
}
