// Smaller items in a real browser: 44 px tap targets on a phone
// (pagination, the profile's "Salvar", the day arrows, the top bar, fields),
// the agenda's CSV button, the client page without its own name in its
// tables, the reports' staff and service tables, day values and figures, the list's
// client filter, a seeded client's Cadastro entry, the toast region's and
// the menu toggle's accessible state, and a failed sign-in that marks and
// focuses the wrong field.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ADMIN, api, appForSuite, seedAndSignIn, shot, suite, VIEWPORTS, waitForHydration, waitForShell, withPage } from './harness.mjs';

const PHONE = VIEWPORTS.find((v) => v.name === 'phone');

/** Visible controls in `selector` under 44 px tall (or, for `wide`, under 44 px wide). */
const smallControls = (page, selector, { wide = false } = {}) =>
  page.evaluate(
    ([selector, wide]) =>
      [...document.querySelectorAll(selector)]
        .filter((el) => el.offsetParent !== null)
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.height < 44 || (wide && box.width < 44))
        .map(({ el, box }) => `${el.textContent?.trim() || el.getAttribute('aria-label') || el.id} ${Math.round(box.width)}x${Math.round(box.height)}`),
    [selector, wide],
  );

suite('smaller items: tap targets, focus, wording', () => {
  const ids = {};
  const app = appForSuite({
    async setup({ server }) {
      const token = await seedAndSignIn(server, ['--clients', '40', '--appointments', '200']);
      ids.client = (await api(server.url, token, 'POST', '/clients', { name: 'Élton Dias' })).data.id;
    },
  });

  it('phone: pagination, day arrows, the top bar, "Salvar" and fields are 44 px tap targets', async () => {
    await withPage(app, { user: ADMIN, ...PHONE }, async ({ page }) => {
      const found = [];
      await page.goto('/clients');
      await waitForShell(page);
      await page.locator('.pagination .page-link').first().waitFor();
      found.push(...(await smallControls(page, '.pagination .page-link', { wide: true })));
      found.push(...(await smallControls(page, '.app-topbar button', { wide: true })));
      found.push(...(await smallControls(page, 'main :is(.form-control, .form-select, .btn)')));
      await shot(page, 'polish-clients-360');
      await page.goto('/appointments');
      await waitForShell(page);
      found.push(...(await smallControls(page, 'nav[aria-label="Período"] .btn', { wide: true })));
      found.push(...(await smallControls(page, 'main :is(.form-control, .form-select, .btn)')));
      await shot(page, 'polish-agenda-360');
      await page.goto('/auth/profile');
      await waitForShell(page);
      found.push(...(await smallControls(page, 'main :is(.form-control, .form-select, .btn)')));
      await shot(page, 'polish-profile-360');
      assert.deepEqual(found, [], 'tap targets under 44 px');
    });
  });

  for (const { name, viewport, ...options } of VIEWPORTS) {
    it(`the agenda's views export CSV of what they show; the client page names its client once (${name})`, async () => {
      await withPage(app, { user: ADMIN, viewport, ...options }, async ({ page }) => {
        for (const view of ['day', 'week', 'list']) {
          // A phone's export is in the header's "Mais" row.
          await page.goto(`/appointments?view=${view}${viewport.width < 576 ? '&more=1' : ''}`);
          await waitForHydration(page);
          const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
          assert.equal(download.suggestedFilename(), 'agendamentos.csv', view);
          if (view === 'day') await shot(page, `polish-agenda-csv-${viewport.width}`);
        }
        await page.goto(`/clients/${ids.client}`);
        await waitForHydration(page);
        const headers = await page.locator('main table th').allTextContents();
        assert.ok(headers.length > 0 || viewport.width < 768, 'tables on a wide screen');
        assert.equal(headers.filter((h) => h.trim() === 'Cliente').length, 0, 'no Cliente column on the client page');
        await shot(page, `polish-client-page-${viewport.width}`);
      });
    });
  }

  for (const { name, viewport, ...options } of VIEWPORTS) {
    it(`reports: the staff and service tables fit their cards, day values never run together, figures stay on one line (${name})`, async () => {
      await withPage(app, { user: ADMIN, viewport, ...options }, async ({ page }) => {
        await page.goto('/reports');
        await waitForHydration(page);
        await page.locator('svg.chart').first().waitFor();
        const layout = await page.evaluate(() => {
          const card = (title) => [...document.querySelectorAll('main .card')].find((c) => c.querySelector('.card-title')?.textContent === title);
          // What a table's box has to scroll sideways (0: it fits its card).
          const overflow = (title) => {
            const box = card(title).querySelector('.table-responsive');
            return box ? box.scrollWidth - box.clientWidth : 0;
          };
          const serviceCard = card('Por serviço');
          const services = {
            rows: [...serviceCard.querySelectorAll('tbody tr')].map((tr) => tr.querySelector('td').textContent),
            bars: [...serviceCard.querySelectorAll('svg[role="img"] rect title')].map((t) => t.textContent.split(':')[0]),
          };
          // Values drawn over the day columns: none closer than 2 px to the next.
          const touching = [];
          for (const svg of document.querySelectorAll('svg.chart')) {
            const values = [...svg.querySelectorAll('.chart-value')]
              .filter((t) => getComputedStyle(t).display !== 'none')
              .map((t) => ({ text: t.textContent, box: t.getBoundingClientRect() }))
              .sort((a, b) => a.box.left - b.box.left);
            for (let i = 1; i < values.length; i++) {
              const [a, b] = [values[i - 1], values[i]];
              const sameRow = a.box.top < b.box.bottom && b.box.top < a.box.bottom;
              if (sameRow && b.box.left - a.box.right < 2) touching.push(`${a.text}|${b.text}`);
            }
          }
          const figures = [...document.querySelectorAll('.stat-card .card-body p:first-of-type')].map((p) => ({
            text: p.textContent,
            lines: Math.round(p.getBoundingClientRect().height / parseFloat(getComputedStyle(p).lineHeight)),
          }));
          return { overflow: [overflow('Por profissional'), overflow('Por serviço')], touching, figures, services };
        });
        assert.deepEqual(layout.overflow, [0, 0], 'the staff and service tables scroll inside their cards');
        // The seeded services: a bar each (at most ten), in the table's order.
        assert.ok(layout.services.rows.length > 0, 'services in the month');
        assert.deepEqual(layout.services.bars, layout.services.rows.slice(0, 10));
        assert.deepEqual(layout.touching, [], 'values that run together');
        assert.deepEqual(layout.figures.filter((f) => f.lines > 1), [], 'summary figures on one line');
        await shot(page, `polish-reports-${viewport.width}`, { fullPage: true });
      });
    });
  }

  it('the list view filters by client; a seeded client\'s history starts with its Cadastro', async () => {
    for (const { viewport, ...options } of VIEWPORTS) {
      await withPage(app, { user: ADMIN, viewport, ...options }, async ({ page }) => {
        await page.goto('/appointments?view=list&from=2000-01-01');
        await waitForHydration(page);
        const box = page.locator('#appointments-client');
        // On a phone the filters are in a sheet that a choice closes: open it first.
        const showFilters = async () => {
          if (await box.isVisible()) return;
          await page.locator('.agenda-filters-toggle').click();
          await box.waitFor({ state: 'visible' });
        };
        await showFilters();
        await box.fill('Élton');
        await page.getByRole('option', { name: /Élton Dias/ }).click();
        await page.waitForURL(/client_id=/);
        assert.equal(new URL(page.url()).searchParams.get('client_id'), String(ids.client));
        await page.locator('text=Nenhum agendamento encontrado. >> visible=true').first().waitFor();
        assert.equal(await page.getByText('Cadastrar novo cliente').count(), 0, 'a filter does not create clients');
        await shot(page, `polish-list-client-filter-${viewport.width}`);
        await showFilters();
        await page.getByRole('button', { name: 'Limpar o filtro de cliente' }).click();
        await page.waitForURL((url) => !url.searchParams.has('client_id'));

        await page.goto('/clients/1');
        await waitForHydration(page);
        await page.getByText('Cadastro', { exact: true }).first().waitFor();
      });
    }
  });

  it('the toast region is named in Portuguese; the menu toggle tells whether the menu is open', async () => {
    for (const { viewport, ...options } of VIEWPORTS) {
      await withPage(app, { user: ADMIN, viewport, ...options }, async ({ page }) => {
        await page.goto('/dashboard');
        await waitForHydration(page);
        assert.equal(await page.locator('section.Toastify').getAttribute('aria-label'), 'Notificações (Alt+T)');
        const toggle = page.locator('.sidenav-toggle');
        const before = await toggle.getAttribute('aria-expanded');
        assert.equal(before, viewport.width < 768 ? 'false' : 'true', `closed drawer on a phone, full menu on a desktop (${viewport.width})`);
        await toggle.click();
        await page.waitForFunction((b) => document.querySelector('.sidenav-toggle').getAttribute('aria-expanded') !== b, before);
        assert.equal(await toggle.getAttribute('aria-expanded'), before === 'true' ? 'false' : 'true');
      });
    }
  });

  it('a failed sign-in focuses the first wrong field, marked and tied to the message', async () => {
    for (const { viewport, ...options } of VIEWPORTS) {
      await withPage(app, { viewport, ...options }, async ({ page }) => {
        await page.goto('/login');
        await waitForHydration(page);
        // The card grows downwards (utilities.css, .auth-page): the message
        // above the fields moves nothing that was drawn before it.
        const cardTop = () => page.locator('.auth-card').evaluate((card) => card.getBoundingClientRect().top);
        const top = await cardTop();
        await page.fill('#login-email', ADMIN.email);
        await page.click('button[type=submit]');
        await page.locator('#login-error').waitFor();
        assert.equal(await cardTop(), top, 'the card stays where it was');
        assert.equal(await page.evaluate(() => document.activeElement?.id), 'login-password', 'the blank password');
        assert.equal(await page.getAttribute('#login-password', 'aria-invalid'), 'true');
        assert.equal(await page.getAttribute('#login-email', 'aria-invalid'), null);
        await page.fill('#login-password', 'senha-errada-123');
        await page.click('button[type=submit]');
        await page.waitForFunction(() => document.querySelector('#login-email')?.getAttribute('aria-invalid') === 'true');
        assert.equal(await page.evaluate(() => document.activeElement?.id), 'login-email', 'both wrong: the first');
        for (const id of ['#login-email', '#login-password']) {
          assert.equal(await page.getAttribute(id, 'aria-describedby'), 'login-error');
        }
        assert.match(await page.locator('#login-error').textContent(), /E-mail ou senha inválidos/);
        await shot(page, `polish-login-failed-${viewport.width}`);
      });
    }
  });
});
