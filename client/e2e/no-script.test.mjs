// Usable before hydration (docs/behaviour.md#before-the-scripts): with
// the page's scripts refused, as on a slow link before they arrive, the
// lists' search, pages, order, filters and links still navigate to the page
// the server renders, and the sign-in form signs in, instead of a click that
// is lost.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { addDays, ADMIN, api, appForSuite, businessToday, DESKTOP, PHONE, shot, suite, VIEWPORTS, withPage } from './harness.mjs';

suite('usable before the scripts arrive', () => {
  let cookies;
  const app = appForSuite({
    async setup(started) {
      const base = started.server.url;
      const { data } = await api(base, null, 'POST', '/login', ADMIN);
      const token = data.accessToken;
      const ids = [];
      for (let i = 1; i <= 11; i++) {
        ids.push((await api(base, token, 'POST', '/clients', { name: `Cliente ${String(i).padStart(2, '0')}` })).data.id);
      }
      ids.push((await api(base, token, 'POST', '/clients', { name: 'João Ávila', email: 'joao@example.com' })).data.id);
      const archived = (await api(base, token, 'POST', '/clients', { name: 'Arquivada Antiga' })).data.id;
      await api(base, token, 'POST', `/clients/${archived}/archive`);
      const day = addDays(businessToday(), 7);
      for (const [i, status] of [
        [0, 'agendado'],
        [1, 'confirmado'],
      ]) {
        const { data: booked } = await api(base, token, 'POST', '/appointments', {
          clientId: ids[i],
          staffId: data.id,
          service: 'Consulta',
          startsAt: `${day}T${10 + i}:00`,
          durationMinutes: 30,
          allowOutsideHours: true,
        });
        if (status !== 'agendado') await api(base, token, 'PATCH', `/appointments/${booked.id}/status`, { status, version: booked.version });
      }
      await withPage(started, { user: ADMIN }, async ({ context }) => {
        cookies = await context.cookies();
      });
    },
  });

  for (const { name, viewport, ...options } of VIEWPORTS) {
    it(`clients: search, pages, order, size, filter and a client's page, all without a script (${name})`, async () => {
      await withPage(app, { cookies, viewport, ...options, javaScriptEnabled: false }, async ({ page }) => {
        await page.goto('/clients');
        await page.getByText('12 clientes · página 1 de 2').waitFor();
        await shot(page, `no-script-clients-${viewport.width}`);

        // A page of the pager is a link (the next one carries its cursor); a
        // phone's pager has only the previous and the next.
        await page.locator('.pagination').getByRole('link', viewport.width < 576 ? { name: 'Próxima página' } : { name: '2', exact: true }).click();
        await page.waitForURL(/\/clients\?page=2&cursor=/);
        await page.getByText('12 clientes · página 2 de 2').waitFor();
        assert.equal(await page.locator('table tbody tr').count(), 2);

        // The search box is a GET form: Enter sends it.
        await page.fill('#clients-search', 'joao');
        await page.press('#clients-search', 'Enter');
        await page.waitForURL(/\/clients\?q=joao(&|$)/);
        await page.getByText('1 cliente · página 1 de 1').waitFor();
        assert.equal(await page.locator('table tbody tr').count(), 1);

        // The size and the archived filter have nothing to send them but the form's button.
        await page.goto('/clients');
        await page.getByLabel('Por página').selectOption('25');
        await page.getByRole('button', { name: 'Aplicar' }).click();
        await page.waitForURL(/\/clients\?per_page=25$/);
        assert.equal(await page.locator('table tbody tr').count(), 12);
        await page.getByLabel('Mostrar').selectOption('true');
        await page.getByRole('button', { name: 'Buscar' }).click();
        await page.waitForURL(/archived=true/);
        await page.getByText('Arquivada Antiga').waitFor();

        // On a phone the table is cards, and its headers are not shown.
        await page.goto('/clients');
        if (viewport.width >= 768) {
          await page.getByRole('link', { name: /^Nome/ }).click();
          await page.waitForURL(/\/clients\?sort=-name$/);
          assert.equal(await page.locator('tbody tr td').first().textContent(), 'João Ávila');
        }

        await page.getByRole('link', { name: 'Cliente 03', exact: true }).click();
        await page.waitForURL(/\/clients\/\d+$/);
        await page.getByRole('heading', { name: 'Cliente 03' }).waitFor();
      });
    });
  }

  it('appointments: the list view, its filters and its views, without a script', async () => {
    await withPage(app, { cookies, viewport: DESKTOP.viewport, javaScriptEnabled: false }, async ({ page }) => {
      await page.goto('/appointments');
      await page.getByRole('link', { name: 'Lista', exact: true }).click();
      await page.waitForURL(/view=list/);
      await page.getByText('2 agendamentos').waitFor();
      await page.getByLabel('Status').selectOption('confirmado');
      await page.getByRole('button', { name: 'Aplicar' }).click();
      await page.waitForURL(/view=list.*status=confirmado|status=confirmado.*view=list/);
      await page.getByText('1 agendamento ·').waitFor();
      await shot(page, 'no-script-appointments-1366');
    });
  });

  it('sign-in: the form posts to the server, which answers a wrong password on the page and signs in with the right one', async () => {
    await withPage(app, { viewport: PHONE.viewport, javaScriptEnabled: false }, async ({ page }) => {
      await page.goto('/login');
      await page.getByLabel('E-mail').fill(ADMIN.email);
      await page.getByLabel('Senha').fill('not-the-password');
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page.getByRole('alert').waitFor();
      assert.match(await page.getByRole('alert').innerText(), /\S/);
      // Drawn as an alert by the page's own CSS (the stylesheet is added by a script, refused here).
      assert.notEqual(await page.getByRole('alert').evaluate((e) => getComputedStyle(e).backgroundColor), 'rgba(0, 0, 0, 0)');
      assert.equal(new URL(page.url()).pathname, '/login');
      await shot(page, 'no-script-login-error-360');

      await page.getByLabel('E-mail').fill(ADMIN.email);
      await page.getByLabel('Senha').fill(ADMIN.password);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page.waitForURL(/\/dashboard$/);
      await page.getByRole('heading', { name: 'Dashboard' }).first().waitFor();
    });
  });
});
