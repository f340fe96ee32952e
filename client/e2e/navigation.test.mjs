// An in-app navigation to a screen with data costs one request before the
// screen shows: `GET /api/reads` answers every read the address calls for,
// those that depend on another's answer included (a client's upcoming and
// past appointments need the record's `asOf`), and the screen finds them
// all in the cache. A record that is gone shows the not-found screen. At
// 1366 and 360 px.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { addDays, ADMIN, api, apiCallsDuring, appForSuite, mondayThisWeek, problems, shot, suite, VIEWPORTS, waitForHydration, withPage } from './harness.mjs';

/** The requests of `work` up to `shown` (the screen with its data), and those after it until the network is quiet. */
async function navigation(page, work, shown) {
  let ms = null;
  const calls = await apiCallsDuring(page, async () => {
    const start = Date.now();
    await work();
    await shown();
    ms = Date.now() - start;
  });
  return { calls: calls.map((url) => decodeURIComponent(new URL(url).pathname + new URL(url).search)), ms };
}

/** Moves the app to `path` as a link of it would (react-router follows the history). */
const goInApp = (page, path) =>
  page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);

suite('in-app navigation', () => {
  const ids = {};
  const app = appForSuite({
    async setup({ server, token }) {
      const { data: me } = await api(server.url, token, 'GET', '/me');
      const { data: client } = await api(server.url, token, 'POST', '/clients', { name: 'Otávio Navegação' });
      ids.client = client.id;
      const monday = mondayThisWeek();
      for (const [weeks, service] of [[-2, 'Sessão passada'], [2, 'Sessão marcada']]) {
        await api(server.url, token, 'POST', '/appointments', {
          clientId: client.id, staffId: me.id, service, startsAt: `${addDays(monday, 7 * weeks)}T10:00:00`, durationMinutes: 50, priceCents: 15000,
        });
      }
      await api(server.url, token, 'POST', '/services', { name: 'Consulta de navegação', durationMinutes: 40, priceCents: 9000 });
    },
  });

  for (const { name, ...options } of VIEWPORTS) {
    it(`shows each screen after one request (${name})`, async () => {
      await withPage(app, { user: ADMIN, ...options }, async ({ page, messages }) => {
        await page.goto('/clients', { waitUntil: 'networkidle' });
        await waitForHydration(page);
        messages.length = 0;
        const width = options.viewport.width;

        // A client's page: the record, its history, upcoming and past appointments, its series.
        const main = page.locator('main');
        const client = await navigation(
          page,
          () => page.getByRole('link', { name: 'Otávio Navegação' }).first().click(),
          async () => {
            await main.getByRole('heading', { name: 'Otávio Navegação' }).waitFor();
            await main.locator('text=Sessão marcada >> visible=true').first().waitFor();
            await main.locator('text=Sessão passada >> visible=true').first().waitFor();
          },
        );
        assert.deepEqual(client.calls, [`/api/reads?path=/clients/${ids.client}`], "the client's page: one request");
        await shot(page, `navigation-client-${width}`, { fullPage: true });

        // The agenda, from the side menu's address.
        const agenda = await navigation(
          page,
          () => goInApp(page, '/appointments'),
          () => main.getByRole('link', { name: 'Novo agendamento' }).waitFor(),
        );
        assert.deepEqual(agenda.calls, ['/api/reads?path=/appointments'], 'the agenda: one request');
        await shot(page, `navigation-agenda-${width}`);

        // The services catalogue: services, staff, business hours, holidays (a phone's link in the header's "Mais" row).
        if (width < 576) {
          await main.getByRole('link', { name: 'Mais' }).click();
          await main.getByRole('link', { name: 'Serviços' }).waitFor();
        }
        const services = await navigation(
          page,
          () => main.getByRole('link', { name: 'Serviços' }).first().click(),
          () => main.locator('text=Consulta de navegação >> visible=true').first().waitFor(),
        );
        assert.deepEqual(services.calls, ['/api/reads?path=/appointments/services'], 'the services page: one request');
        await shot(page, `navigation-services-${width}`, { fullPage: true });

        // The reports.
        const reports = await navigation(
          page,
          () => goInApp(page, '/reports'),
          () => main.locator('text=Por profissional >> visible=true').first().waitFor(),
        );
        assert.deepEqual(reports.calls, ['/api/reads?path=/reports'], 'the reports: one request');

        // The same screen at a new address keeps what it shows, and asks once.
        const week = await navigation(
          page,
          () => goInApp(page, '/reports?period=week'),
          () => main.locator('[aria-current="page"]', { hasText: 'Esta semana' }).waitFor(),
        );
        assert.deepEqual(week.calls, ['/api/reads?path=/reports?period=week'], 'a new period: one request');

        // A record that is gone: the not-found screen, as its page would be.
        const gone = await navigation(
          page,
          () => goInApp(page, '/clients/999999'),
          () => page.getByText('Página não encontrada').first().waitFor(),
        );
        assert.deepEqual(gone.calls, ['/api/reads?path=/clients/999999']);
        assert.deepEqual(problems(messages).filter((m) => !/404/.test(m.text)), []);
      });
    });
  }
});
