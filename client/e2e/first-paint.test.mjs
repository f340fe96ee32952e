// The first paint needs nothing but the HTML (issue 9, item 1): every
// screen, its scripts refused, is laid out and coloured by the critical CSS
// inlined in its head exactly as it is once the whole stylesheet has loaded,
// at 1366 and 360 px, in the default layout and in another one (the server
// inlines only the rules of the page's layout). A rule the critical CSS
// lacks shows up as an element whose box or colours differ.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { ADMIN, api, drawWhenSeenBlocks, seedDatabase, startApp, suite, VIEWPORTS } from './harness.mjs';

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

/** The page as first painted: no scripts; the stylesheet refused too, or waited for. */
async function firstPaint(browser, url, options, path, { stylesheet, layout }) {
  const context = await browser.newContext({ baseURL: url, ...options });
  try {
    if (layout) await context.addCookies([{ name: 'expediente_layout', value: encodeURIComponent(JSON.stringify(layout)), url }]);
    if (path !== '/login') await context.request.post('/api/login', { data: ADMIN });
    await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
    if (!stylesheet) await context.route(/\/assets\/.*\.css$/, (route) => route.abort());
    const page = await context.newPage();
    await page.goto(path, { waitUntil: 'load' });
    if (stylesheet) await page.waitForFunction(() => [...document.styleSheets].some((s) => s.href?.includes('/assets/')));
    return await drawn(page);
  } finally {
    await context.close();
  }
}

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

  const cases = [...VIEWPORTS.map((v) => ({ ...v, paths: ['/login', ...SCREENS] })), { ...VIEWPORTS[0], name: 'desktop, another layout', layout: OTHER_LAYOUT, paths: ['/login', '/dashboard', '/clients', '/appointments'] }];
  for (const { name, viewport, layout, paths, ...options } of cases) {
    it(`every screen's critical CSS draws it as the stylesheet does (${name})`, async () => {
      for (const path of [...paths, ...newClientPaths]) {
        const critical = await firstPaint(app.browser, app.server.url, { viewport, ...options }, path, { stylesheet: false, layout });
        const full = await firstPaint(app.browser, app.server.url, { viewport, ...options }, path, { stylesheet: true, layout });
        assert.ok(critical.length > 3, `${path}: the page draws its content`);
        const differences = critical.map((line, i) => [line, full[i]]).filter(([a, b]) => a !== b);
        assert.deepEqual(differences.slice(0, 5), [], `${path} at ${viewport.width} px: critical CSS ≠ stylesheet`);
        assert.equal(critical.length, full.length, `${path}: the same elements drawn`);
      }
    });
  }
});
