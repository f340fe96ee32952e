import assert from 'node:assert/strict';
import { it } from 'node:test';
import { addDays, ADMIN, api, apiCallsDuring, appForSuite, assertFitsScreen, brDate, businessToday, DESKTOP, problems, renderedRoot, serverNodeKept, shot, suite, VIEWPORTS, waitForShell, withPage } from './harness.mjs';

const STAFF = { name: 'Bruno Equipe', email: 'bruno@example.com', password: 'senha-do-bruno' };

/** A date some days after the business's today, YYYY-MM-DD (holidays and time off in the past are not listed). */
const daysFromNow = (days) => addDays(businessToday(), days);
/** The console's problems, but for the 422s the test asks for (the browser logs each failed request). */
const unexpected = (messages) => problems(messages).filter((m) => !/status of 422/.test(m.text));

suite('schedule screens', () => {
  const ids = {};
  const app = appForSuite({
    setup: async ({ server, token }) => {
      ids.staff = (await api(server.url, token, 'POST', '/users', { ...STAFF, role: 'staff' })).data.id;
      await api(server.url, token, 'POST', '/services', { name: 'Consulta', durationMinutes: 30, priceCents: 15000, color: 'green' });
      await api(server.url, token, 'POST', '/time-off', { staffId: ids.staff, startsAt: daysFromNow(10), endsAt: daysFromNow(12), reason: 'Congresso' });
    },
  });

  it('an admin creates a service in the dialog (its 422s under the fields), adds a holiday and edits the default hours', async () => {
    await withPage(app, { user: ADMIN, viewport: DESKTOP.viewport }, async ({ page, messages }) => {
      await page.goto('/appointments');
      await waitForShell(page);
      await page.getByRole('link', { name: 'Serviços' }).click();
      await page.waitForURL('**/appointments/services');
      await page.getByRole('heading', { name: 'Serviços', level: 1 }).waitFor();
      await page.locator('tr', { hasText: 'Consulta' }).getByText('Todos').waitFor();

      await page.getByRole('button', { name: 'Novo serviço' }).click();
      const dialog = page.getByRole('dialog', { name: 'Novo serviço' });
      await dialog.waitFor();
      await dialog.getByLabel('Nome').fill('C');
      await dialog.getByLabel('Duração (minutos)').fill('7');
      await dialog.getByRole('button', { name: 'Criar serviço' }).click();
      await dialog.getByText('O nome deve ter de 2 a 120 caracteres.').waitFor();
      await dialog.getByText('A duração deve ser de 5 a 480 minutos, em múltiplos de 5.').waitFor();
      assert.equal(await dialog.getByLabel('Nome').getAttribute('aria-invalid'), 'true');

      await dialog.getByLabel('Nome').fill('Limpeza de pele');
      await dialog.getByLabel('Duração (minutos)').fill('60');
      await dialog.getByLabel('Preço (R$)').fill('120,50');
      await dialog.getByLabel('Intervalo depois (min)').fill('15');
      await dialog.getByText('Roxo').click();
      await dialog.getByLabel(STAFF.name).check();
      await shot(page, 'services-dialog-1366');
      await dialog.getByRole('button', { name: 'Criar serviço' }).click();
      await dialog.waitFor({ state: 'detached' });
      const row = page.locator('tr', { hasText: 'Limpeza de pele' });
      await row.waitFor();
      const text = await row.innerText();
      assert.match(text, /1 h/);
      assert.match(text, /R\$\s?120,50/);
      assert.match(text, /15 min depois/);
      assert.match(text, new RegExp(STAFF.name));

      // Deleting a service no appointment uses removes it.
      await row.getByRole('button', { name: 'Excluir Limpeza de pele' }).click();
      const confirm = page.getByRole('dialog', { name: 'Excluir serviço?' });
      await confirm.getByRole('button', { name: 'Excluir' }).click();
      await row.waitFor({ state: 'detached' });

      // A holiday.
      const day = daysFromNow(20);
      const holidays = page.getByRole('form', { name: 'Adicionar feriado' });
      await holidays.getByLabel('Início').fill(day);
      await holidays.getByLabel('Motivo').fill('Aniversário da cidade');
      await holidays.getByRole('button', { name: 'Adicionar feriado' }).click();
      await page.getByRole('list', { name: 'Feriados' }).getByText('Aniversário da cidade').waitFor();
      assert.match(await page.getByRole('list', { name: 'Feriados' }).innerText(), new RegExp(brDate(day)));

      // The default hours: Saturday morning added.
      await page.getByRole('button', { name: 'Adicionar intervalo no sábado' }).click();
      assert.equal(await page.getByLabel('Sábado, intervalo 1: início').inputValue(), '08:00');
      await page.getByRole('button', { name: 'Salvar horário' }).click();
      await page.getByText('Horário padrão salvo.').waitFor();
      assert.deepEqual(unexpected(messages), []);
    });
  });

  it("an admin changes a member's hours on /users/:id, sees them server-rendered after a reload, and goes back to the default", async () => {
    await withPage(app, { user: ADMIN, viewport: DESKTOP.viewport }, async ({ page, messages }) => {
      await page.goto('/users');
      await waitForShell(page);
      await page.getByRole('link', { name: STAFF.name }).click();
      await page.waitForURL(`**/users/${ids.staff}`);
      await page.getByRole('heading', { name: STAFF.name, level: 1 }).waitFor();
      await page.getByText('Segue o horário padrão').waitFor();
      await page.getByText('Congresso').waitFor();

      // Monday 08:00–12:00 becomes 09:00–13:00; a wrong end is named under its interval.
      await page.getByLabel('Segunda, intervalo 1: fim').fill('07:00');
      await page.getByRole('button', { name: 'Salvar horário' }).click();
      await page.getByText('O fim deve ser depois do início.').waitFor();
      await page.getByLabel('Segunda, intervalo 1: início').fill('09:00');
      await page.getByLabel('Segunda, intervalo 1: fim').fill('13:00');
      await page.getByRole('button', { name: 'Salvar horário' }).click();
      await page.getByText('Horário salvo.').waitFor();
      await page.getByText('Segue o horário padrão').waitFor({ state: 'detached' });

      const calls = await apiCallsDuring(page, async () => {
        const response = await page.reload({ waitUntil: 'networkidle' });
        const html = renderedRoot(await response.text());
        assert.ok(html.includes('value="13:00"'), 'the saved hours are in the server-rendered HTML');
        assert.ok(html.includes('Congresso'), 'the time off too');
        await waitForShell(page);
        assert.equal(await serverNodeKept(page), true);
      });
      assert.deepEqual(calls, [], 'no API call on the first render');
      assert.equal(await page.getByLabel('Segunda, intervalo 1: fim').inputValue(), '13:00');

      // Time off: added and removed.
      const form = page.getByRole('form', { name: 'Adicionar folga' });
      await form.getByLabel('Início').fill(daysFromNow(30));
      await form.getByLabel('Fim').fill(daysFromNow(31));
      await form.getByLabel('Motivo').fill('Curso');
      await form.getByRole('button', { name: 'Adicionar folga' }).click();
      const item = page.getByRole('list', { name: 'Folgas' }).locator('li', { hasText: 'Curso' });
      await item.waitFor();
      await item.getByRole('button', { name: /Remover folga Curso/ }).click();
      await page.getByRole('dialog', { name: 'Remover folga?' }).getByRole('button', { name: 'Remover' }).click();
      await item.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Voltar ao horário padrão' }).click();
      await page.getByText('Segue o horário padrão').waitFor();
      assert.equal(await page.getByLabel('Segunda, intervalo 1: fim').inputValue(), '18:00');
      assert.deepEqual(unexpected(messages), []);
    });
  });

  it('a staff member reads the catalogue, sees their hours on the profile and adds their own time off', async () => {
    await withPage(app, { user: STAFF, viewport: DESKTOP.viewport }, async ({ page, messages }) => {
      await page.goto('/appointments/services');
      await waitForShell(page);
      await page.locator('tr', { hasText: 'Consulta' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Novo serviço' }).count(), 0);
      assert.equal(await page.getByRole('button', { name: 'Salvar horário' }).count(), 0);
      assert.equal(await page.getByRole('form', { name: 'Adicionar feriado' }).count(), 0);

      const calls = await apiCallsDuring(page, async () => {
        const response = await page.goto('/auth/profile', { waitUntil: 'networkidle' });
        const html = renderedRoot(await response.text());
        assert.ok(html.includes('Congresso'), 'their time off is server-rendered');
        assert.ok(html.includes('08:00–18:00'), 'their hours too');
        await waitForShell(page);
      });
      assert.deepEqual(calls, [], 'no API call on the first render');
      const form = page.getByRole('form', { name: 'Adicionar folga' });
      await form.getByLabel('Início').fill(daysFromNow(40));
      await form.getByLabel('Motivo').fill('Consulta médica');
      await form.getByRole('button', { name: 'Adicionar folga' }).click();
      await page.getByRole('list', { name: 'Folgas' }).getByText('Consulta médica').waitFor();
      assert.deepEqual(problems(messages), []);
    });
  });

  for (const { name, viewport, ...options } of VIEWPORTS) {
    it(`the screens fit ${viewport.width} px and are reached by keyboard (${name})`, async () => {
      await withPage(app, { user: ADMIN, viewport, ...options }, async ({ page }) => {
        for (const [path, file] of [
          ['/appointments/services', 'services'],
          [`/users/${ids.staff}`, 'user'],
          ['/auth/profile', 'profile'],
        ]) {
          await page.goto(path);
          await waitForShell(page);
          await page.locator('.weekly-hours').first().waitFor();
          await assertFitsScreen(page, viewport, path);
          await shot(page, `${file}-${viewport.width}`, { fullPage: true });
        }
        // The weekly editor by keyboard: Tab reaches the first interval's start.
        await page.goto(`/users/${ids.staff}`);
        await waitForShell(page);
        await page.getByLabel('Segunda, intervalo 1: início').focus();
        await page.keyboard.press('Tab');
        assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id), 'user-hours-0-0-end');
        await page.keyboard.press('Tab');
        assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Remover segunda, intervalo 1');
        if (viewport.width < 768) {
          await page.goto('/appointments/services');
          await waitForShell(page);
          await page.getByRole('list', { name: 'Serviços' }).getByText('Consulta').waitFor();
        }
      });
    });
  }
});
