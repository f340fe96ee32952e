// No screen is wider than a 360 px phone: every route of the route table
// (client/src/app/routes.json), with data enough for its pagers, measured
// after hydration. A screen that scrolls sideways hides its right edge (a
// pager's "Próxima", a table's last column) from a thumb that cannot see it.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { it } from 'node:test';
import { ADMIN, api, appForSuite, problems, seedAndSignIn, shot, suite, VIEWPORTS, waitForShell, withPage } from './harness.mjs';

const PHONE = VIEWPORTS.find((v) => v.name === 'phone');
const ROUTES = JSON.parse(await readFile(new URL('../src/app/routes.json', import.meta.url), 'utf8'));

suite('every screen fits a 360 px phone', () => {
  const ids = {};
  const app = appForSuite({
    async setup({ server }) {
      // Twelve pages of clients, and weeks of appointments behind and ahead.
      ids.token = await seedAndSignIn(server, ['--clients', '120', '--appointments', '600']);
      ids.client = (await api(server.url, ids.token, 'GET', '/clients?per_page=1&sort=name')).data[0].id;
      ids.user = (await api(server.url, ids.token, 'GET', '/users?per_page=1')).data[0].id;
    },
  });

  it('no screen scrolls sideways, and the lists have more than one page', async () => {
    // Each route's addresses: its pages, views and dialogs a phone opens.
    const addresses = {
      '/login': [],
      '/logout': [],
      '/dashboard': ['/dashboard'],
      '/clients': ['/clients', '/clients?page=3', '/clients?page=12', '/clients?new=1'],
      '/clients/:id': [`/clients/${ids.client}`],
      '/appointments': ['/appointments', '/appointments?view=week', '/appointments?view=list', '/appointments?view=list&page=3', '/appointments?book=1'],
      '/appointments/services': ['/appointments/services'],
      '/appointments/reminders': ['/appointments/reminders'],
      '/appointments/online': ['/appointments/online'],
      '/appointments/waitlist': ['/appointments/waitlist'],
      '/reports': ['/reports', '/reports?period=week'],
      '/users': ['/users'],
      '/users/:id': [`/users/${ids.user}`],
      '/auth/profile': ['/auth/profile'],
      '*': ['/nao-existe'],
    };
    assert.deepEqual(ROUTES.map((r) => r.path).sort(), Object.keys(addresses).sort(), 'every route of the table is measured');

    await withPage(app, { user: ADMIN, viewport: PHONE.viewport, isMobile: true, hasTouch: true }, async ({ page, messages }) => {
      const wide = [];
      for (const route of ROUTES) {
        for (const address of addresses[route.path]) {
          await page.goto(address);
          if (route.protected) await waitForShell(page);
          else await page.waitForLoadState('load');
          const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
          if (scroll > client) {
            wide.push(`${address}: ${scroll} px`);
            await shot(page, `wide${address.replace(/[/?&=]+/g, '-')}-360`, { fullPage: true });
          }
        }
      }
      assert.deepEqual(wide, [], 'screens wider than the phone');

      // The pager stands for the whole list: previous and next, and where one is.
      await page.goto('/clients?page=3');
      await waitForShell(page);
      const pager = page.getByRole('navigation', { name: 'Paginação' });
      assert.match(await pager.innerText(), /página 3 de 12/);
      for (const name of ['Página anterior', 'Próxima página']) {
        const box = await pager.getByRole('link', { name }).boundingBox();
        assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.viewport.width, `${name} on the screen`);
      }
      await shot(page, 'clients-pager-360', { fullPage: true });
      // The browser logs the 404 the unknown address answers; nothing else.
      assert.deepEqual(problems(messages).filter((m) => !/status of 404/.test(m.text)), []);
    });
  });
});
