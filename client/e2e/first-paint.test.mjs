// The first paint needs nothing but the HTML: every
// screen, its scripts refused, is laid out and coloured by the critical CSS
// inlined in its head exactly as it is once the whole stylesheet has loaded,
// at 1366 and 360 px, in the default layout and in another one (the server
// inlines only the rules of the page's layout). A rule the critical CSS
// lacks shows up as an element whose box or colours differ.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { ADMIN, api, DESKTOP, drawWhenSeenBlocks, seedDatabase, startApp, suite, VIEWPORTS } from './harness.mjs';

/** A layout far from the default: its skin, theme, colours and orientation all differ. */
const OTHER_LAYOUT = { skin: 'saas', theme: 'dark', orientation: 'horizontal', sidenav: { color: 'light' }, topBar: { color: 'dark' }, width: 'boxed' };

const SCREENS = ['/dashboard', '/clients', '/clients/1', '/appointments', '/appointments?view=week', '/appointments?view=list', '/reports', '/users', '/auth/profile', '/nao-existe'];

/**
 * Box, colours and type of every element drawn in the root, in document
 * order. The blocks drawn only when seen are listed by their
 * content-visibility, then drawn: out of sight their size is a placeholder
 * that depends on how many frames the browser has drawn since the load.
 */
async function drawn(page) {
  const whenSeen = await page.evaluate(() => [...document.querySelectorAll('.render-when-seen')].map((el) => `when seen: ${getComputedStyle(el).contentVisibility}`));
  await drawWhenSeenBlocks(page, 'visible');
  const boxes = await page.evaluate(() =>
    [...document.querySelectorAll('#root *')]
      // The agenda's now line moves with the clock between the two loads.
      .filter((el) => el.getClientRects().length > 0 && !el.classList.contains('agenda-now'))
      .map((el) => {
        const r = el.getBoundingClientRect();
        const s = getComputedStyle(el);
        const where = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].join('.')}`;
        return `${where} ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)} ${s.color} ${s.backgroundColor} ${s.fontSize} ${s.fontWeight} ${s.borderTopWidth}`;
      }),
  );
  return [...whenSeen, ...boxes];
}

/**
 * The page as first painted: no scripts; the stylesheet refused too, or
 * waited for. With `scripts`, the page's script runs (the stylesheet still
 * refused or waited for) and the page is read once the script has written
 * the side menu's size and every transition has ended.
 */
async function firstPaint(browser, url, options, path, { stylesheet, layout, scripts = false, read = drawn, html = null }) {
  const context = await contextFor(browser, url, options, path, layout);
  try {
    const address = new URL(path, url).href;
    if (html) await context.route((u) => u.href === address, (route) => route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' }));
    if (!scripts) await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
    if (!stylesheet) await context.route(/\/assets\/.*\.css$/, (route) => route.abort());
    const page = await context.newPage();
    await page.goto(path, { waitUntil: 'load' });
    if (stylesheet) await page.waitForFunction(() => [...document.styleSheets].some((s) => s.href?.includes('/assets/')));
    if (scripts) {
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-layout-ready'));
      // A transition starts on the frame after the change.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await page.waitForFunction(() => document.getAnimations().length === 0);
    }
    return await read(page);
  } finally {
    await context.close();
  }
}

/** A browser context in `layout`, signed in unless `path` is the sign-in's. */
async function contextFor(browser, url, options, path, layout) {
  const context = await browser.newContext({ baseURL: url, ...options });
  if (layout) await context.addCookies([{ name: 'expediente_layout', value: encodeURIComponent(JSON.stringify(layout)), url }]);
  if (path !== '/login') await context.addCookies(await signedIn(browser, url));
  return context;
}

/**
 * The server's HTML of `path` (signed in, in `layout`), for two loads that
 * must draw the same document: a client's page lists who read the record,
 * its own read included, so a second request would list one more.
 */
async function documentHtml(browser, url, path, layout) {
  const context = await contextFor(browser, url, {}, path, layout);
  try {
    return await (await context.request.get(path)).text();
  } finally {
    await context.close();
  }
}

/**
 * The cookies of one sign-in, made once for the suite's hundred page loads:
 * each sign-in is an argon2id hash (SECURITY.md#password-hashing), made on purpose
 * to take the CPU's time.
 */
const sessions = new Map();
function signedIn(browser, url) {
  if (!sessions.has(url)) {
    sessions.set(
      url,
      (async () => {
        const context = await browser.newContext({ baseURL: url });
        try {
          await context.request.post('/api/login', { data: ADMIN });
          return (await context.storageState()).cookies;
        } finally {
          await context.close();
        }
      })(),
    );
  }
  return sessions.get(url);
}

/**
 * The shell's boxes: the side menu, the top bar's toggle and logo, the
 * content's column (its width: its height follows the charts drawn when seen).
 */
const shellBoxes = (page) =>
  page.evaluate(() =>
    ['.sidenav-menu', '.sidenav-toggle', '.topbar-logo', '.content-page'].map((selector) => {
      const el = document.querySelector(selector);
      const r = el?.getBoundingClientRect();
      if (!r) return `${selector} none`;
      const height = selector === '.content-page' ? '' : `x${Math.round(r.height)}`;
      return `${selector} ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}${height} ${getComputedStyle(el).visibility}`;
    }),
  );

suite('first paint from the HTML alone', () => {
  let app;
  /** A client added after the seed: no appointments, so both of its tables draw their empty state. */
  const newClientPaths = [];
  before(async () => {
    app = await startApp();
    seedDatabase(app.server, ['--clients', '30', '--appointments', '300']);
    const { accessToken } = (await api(app.server.url, null, 'POST', '/login', ADMIN)).data;
    const { id } = (await api(app.server.url, accessToken, 'POST', '/clients', { name: 'Cliente Sem Agenda' })).data;
    newClientPaths.push(`/clients/${id}`);
  });
  after(async () => {
    await app?.stop();
  });

  // The script writes the size the window's width imposes on the side menu
  // (offcanvas on a phone, condensed on a small laptop) on mount, often
  // before the stylesheet is in on a slow link: the critical CSS must
  // already draw that size, or the content slides towards the chosen
  // size's column and back once the stylesheet arrives.
  const widths = [
    { name: 'phone', viewport: { width: 360, height: 780 } },
    { name: 'small laptop', viewport: { width: 1000, height: 700 } },
    { name: 'horizontal layout on a tablet', viewport: { width: 800, height: 1000 }, layout: { orientation: 'horizontal' } },
  ];
  for (const { name, viewport, layout } of widths) {
    it(`the side menu's size the width imposes is drawn without the stylesheet (${name})`, async () => {
      for (const path of ['/clients', '/reports']) {
        const critical = await firstPaint(app.browser, app.server.url, { viewport }, path, { stylesheet: false, layout, scripts: true, read: shellBoxes });
        const full = await firstPaint(app.browser, app.server.url, { viewport }, path, { stylesheet: true, layout, scripts: true, read: shellBoxes });
        assert.deepEqual(critical, full, `${path} at ${viewport.width} px`);
      }
    });
  }

  const cases = [...VIEWPORTS.map((v) => ({ ...v, paths: ['/login', ...SCREENS] })), { ...DESKTOP, name: 'desktop, another layout', layout: OTHER_LAYOUT, paths: ['/login', '/dashboard', '/clients', '/appointments'] }];
  for (const { name, viewport, layout, paths, ...options } of cases) {
    it(`every screen's critical CSS draws it as the stylesheet does (${name})`, async () => {
      for (const path of [...paths, ...newClientPaths]) {
        const html = await documentHtml(app.browser, app.server.url, path, layout);
        const critical = await firstPaint(app.browser, app.server.url, { viewport, ...options }, path, { stylesheet: false, layout, html });
        const full = await firstPaint(app.browser, app.server.url, { viewport, ...options }, path, { stylesheet: true, layout, html });
        assert.ok(critical.length > 3, `${path}: the page draws its content`);
        const differences = critical.map((line, i) => [line, full[i]]).filter(([a, b]) => a !== b);
        assert.deepEqual(differences.slice(0, 5), [], `${path} at ${viewport.width} px: critical CSS ≠ stylesheet`);
        assert.equal(critical.length, full.length, `${path}: the same elements drawn`);
      }
    });
  }
});
