// The screens staff run their day in: a client's
// page and its history, the clients list's view in the address, CSV exports
// read back, the reports' SVG charts and the dashboard, at 1366 and 360 px.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, it } from 'node:test';
import { ADMIN, api, assertFitsScreen, hydrationProblems, openPage, problems, serverNodeKept, shot, signIn, startApp, suite, VIEWPORTS, waitForShell, weekdayAhead, weekdayThisMonth } from './harness.mjs';

/** Where the dashboard lists what comes next: the first weekday at least three days ahead (inside the default working hours, Monday to Friday, 08:00–18:00). */
const BOOKED_DAY = weekdayAhead(3);
/** Where `/reports` opens (the business's current month), whichever day of the month the suite runs. */
const MONTH_DAY = weekdayThisMonth();

suite('clients, reports and dashboard screens', () => {
  let app;
  let token;
  let ana;
  before(async () => {
    app = await startApp();
    ({ data: { accessToken: token } } = await api(app.server.url, null, 'POST', '/login', ADMIN));
    const { data: me } = await api(app.server.url, token, 'GET', '/me');
    ({ data: ana } = await api(app.server.url, token, 'POST', '/clients', {
      name: 'Ana Beatriz Souza',
      email: 'ana.beatriz@example.com',
      phone: '(11) 98765-4321',
      notes: 'Prefere manhãs.',
    }));
    for (const [i, name] of ['Bruno Teles', 'Carla Dias', 'Zeca Pagodinho'].entries()) {
      await api(app.server.url, token, 'POST', '/clients', { name, email: `c${i}@example.com` });
    }
    const archived = (await api(app.server.url, token, 'POST', '/clients', { name: 'Arquivada Antiga' })).data;
    await api(app.server.url, token, 'POST', `/clients/${archived.id}/archive`);
    for (const [service, startsAt, priceCents] of [
      ['Limpeza de pele', `${BOOKED_DAY}T10:00:00`, 15000],
      ['Massagem', `${MONTH_DAY}T15:00:00`, 9000],
    ]) {
      await api(app.server.url, token, 'POST', '/appointments', { clientId: ana.id, staffId: me.id, service, startsAt, durationMinutes: 60, priceCents });
    }
  });
  after(async () => {
    await app?.stop();
  });

  for (const { name, viewport, ...options } of VIEWPORTS) {
    it(`a client's page shows the record and the new history entry after an edit (${name})`, async () => {
      const { context, page, messages } = await openPage(app.browser, app.server.url, { viewport, ...options });
      try {
        await signIn(page);
        await page.goto('/clients');
        await waitForShell(page);
        await shot(page, `clients-${viewport.width}`, { fullPage: true });
        await assertFitsScreen(page, viewport, 'the list');

        // The name opens the client's page (in-app navigation).
        await page.getByRole('link', { name: 'Ana Beatriz Souza' }).first().click();
        await page.waitForURL(`**/clients/${ana.id}`);
        await page.getByRole('heading', { name: 'Histórico de alterações' }).waitFor();
        assert.equal(await page.locator('a[href="https://wa.me/5511987654321"]').count(), 1, 'a WhatsApp link');
        assert.equal(await page.locator('a[href="tel:+5511987654321"]').count(), 1);
        assert.equal(await page.locator('a[href="mailto:ana.beatriz@example.com"]').count(), 1);
        await page.getByText('Limpeza de pele').first().waitFor();

        // A full load of the same page is rendered by the server and hydrates as is.
        await page.goto(`/clients/${ana.id}`);
        await waitForShell(page);
        assert.equal(await serverNodeKept(page), true, 'hydrated, not replaced');
        await shot(page, `client-${viewport.width}`, { fullPage: true });

        const suffix = name === 'phone' ? ' (celular)' : ' (computador)';
        const timeline = page.locator('.client-timeline');
        const before = await timeline.locator('> li').count();
        await page.getByRole('link', { name: 'Editar', exact: true }).click();
        const form = page.getByRole('form', { name: 'Editar cliente' });
        const nameField = form.getByLabel('Nome');
        const oldName = await nameField.inputValue();
        await nameField.fill(`Ana Beatriz Souza${suffix}`);
        await form.getByRole('button', { name: 'Salvar' }).click();
        await form.waitFor({ state: 'detached' });
        await page.getByRole('heading', { name: `Ana Beatriz Souza${suffix}` }).waitFor();
        await timeline.locator('> li').nth(before).waitFor();
        const newest = timeline.locator('> li').first();
        assert.match(await newest.innerText(), new RegExp(`Alteração[\\s\\S]*Administrador|Alteração[\\s\\S]*${oldName.split(' ')[0]}`));
        assert.match(await newest.innerText(), new RegExp(`Nome: ${oldName.replace(/[()]/g, '\\$&')} → Ana Beatriz Souza${suffix.replace(/[()]/g, '\\$&')}`));

        // Archive with confirmation (Escape says no), then bring back.
        await page.getByRole('link', { name: 'Arquivar', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Arquivar cliente?' });
        await dialog.waitFor();
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        await page.getByRole('link', { name: 'Arquivar', exact: true }).click();
        await dialog.getByRole('button', { name: 'Arquivar' }).click();
        await page.getByText('Cliente arquivado').waitFor();
        await timeline.getByText('Arquivamento').first().waitFor();
        await page.getByRole('link', { name: 'Desarquivar', exact: true }).click();
        await page.getByRole('dialog', { name: 'Desarquivar cliente?' }).getByRole('button', { name: 'Desarquivar' }).click();
        await page.getByRole('link', { name: 'Agendar' }).waitFor();
        await assertFitsScreen(page, viewport, 'the client page');
        assert.deepEqual(hydrationProblems(messages), []);
        assert.deepEqual(problems(messages), []);
      } finally {
        await context.close();
      }
    });

    it(`the clients list keeps sort, size and filter in the address and exports them as CSV (${name})`, async () => {
      const { context, page, messages } = await openPage(app.browser, app.server.url, { viewport, ...options });
      try {
        await signIn(page);
        await page.goto('/clients');
        await waitForShell(page);
        if (viewport.width >= 768) {
          await page.getByRole('link', { name: /^Nome/ }).click();
          await page.waitForURL('**/clients?sort=-name');
          // The address changes first, the rows when the new page arrives.
          await page.waitForFunction(() => document.querySelector('tbody tr td')?.textContent === 'Zeca Pagodinho');
        } else {
          await page.goto('/clients?sort=-name');
          await waitForShell(page);
        }
        await page.getByLabel('Por página').selectOption('25');
        await page.waitForURL('**/clients?per_page=25&sort=-name');
        await page.getByLabel('Mostrar').selectOption('true');
        await page.waitForURL('**/clients?per_page=25&sort=-name&archived=true');
        await page.getByText('Arquivada Antiga').waitFor();
        assert.equal(await page.getByText('Zeca Pagodinho').count(), 0);

        // A reload shows the same view.
        await page.reload();
        await waitForShell(page);
        assert.equal(await page.getByLabel('Mostrar').inputValue(), 'true');
        await page.getByText('Arquivada Antiga').waitFor();

        // The export is fetched with the token (the API takes no cookie), for this filter.
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
        assert.equal(download.suggestedFilename(), 'clientes.csv');
        const csv = await readFile(await download.path(), 'utf8');
        assert.ok(csv.startsWith('\ufeffNome;E-mail;'), csv.slice(0, 40));
        assert.match(csv, /Arquivada Antiga;.*;Sim;/);
        assert.doesNotMatch(csv, /Zeca/);
        const plain = await page.request.get('/api/clients/export.csv');
        assert.equal(plain.status(), 401, 'a plain link with only the cookie is refused');
        assert.deepEqual(problems(messages).filter((m) => !/status of 401/.test(m.text)), []);
      } finally {
        await context.close();
      }
    });

    it(`reports: presets in the address, SVG charts with tables, and a CSV (${name})`, async () => {
      const { context, page, messages } = await openPage(app.browser, app.server.url, { viewport, ...options });
      try {
        await signIn(page);
        await page.goto('/reports');
        await waitForShell(page);
        assert.equal(await serverNodeKept(page), true, 'hydrated, not replaced');
        assert.ok((await page.locator('svg[role="img"]').count()) >= 5, 'five SVG charts');
        await page.getByRole('link', { name: 'Esta semana' }).click();
        await page.waitForURL('**/reports?period=week');
        // The address changes first, the chart when the week's figures arrive: seven bars.
        await page.waitForFunction(() => document.querySelectorAll('svg[aria-label^="Agendamentos por dia"] rect').length === 7);
        await page.getByRole('button', { name: 'Personalizado' }).click();
        await page.getByLabel('De', { exact: true }).fill('2026-02-01');
        await page.getByLabel('Até', { exact: true }).fill('2026-02-03');
        await page.getByRole('button', { name: 'Aplicar' }).click();
        await page.waitForURL('**/reports?from=2026-02-01&to=2026-02-03');
        await page.getByText('Período: 01/02/2026 a 03/02/2026').waitFor();
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
        const csv = await readFile(await download.path(), 'utf8');
        assert.equal(csv, '\ufeffData;Agendamentos;Concluídos;Cancelados;Faltas;Receita (R$)\r\n01/02/2026;0;0;0;0;0,00\r\n02/02/2026;0;0;0;0;0,00\r\n03/02/2026;0;0;0;0;0,00\r\nTotal;0;0;0;0;0,00\r\n\r\nServiço;Agendamentos;Concluídos;Cancelados;Faltas;Receita (R$)\r\n' +
            '\r\nCanal;Agendamentos;Concluídos;Cancelados;Faltas;Receita (R$)\r\nBalcão;0;0;0;0;0,00\r\nInternet;0;0;0;0;0,00\r\n' +
            '\r\nLembrete;Agendamentos;Concluídos;Faltas;Taxa de faltas (%)\r\nCom lembrete enviado;0;0;0;0,0\r\nSem lembrete;0;0;0;0,0\r\n');
        // The booked "Limpeza de pele" in "Por serviço": a bar (no revenue yet) and its row.
        await page.goto(`/reports?from=${BOOKED_DAY}&to=${BOOKED_DAY}`);
        await waitForShell(page);
        const services = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Por serviço' }) });
        const chart = services.locator('svg[role="img"]');
        assert.match(await chart.getAttribute('aria-label'), /^Receita por serviço, de \d\d\/\d\d\/\d{4} a \d\d\/\d\d\/\d{4}: R\$\s0,00 no total$/);
        assert.deepEqual(await chart.locator('rect title').allTextContents(), ['Limpeza de pele: R$ 0,00']);
        const row = services.getByRole('row', { name: /Limpeza de pele/ });
        assert.deepEqual((await row.getByRole('cell').allTextContents()).map((t) => t.trim()), ['Limpeza de pele', '1', '0', '0', '0', 'R$ 0,00']);
        await shot(page, `reports-services-${viewport.width}`, { fullPage: true });
        await assertFitsScreen(page, viewport);
        await page.goto('/reports?period=month');
        await waitForShell(page);
        await shot(page, `reports-${viewport.width}`, { fullPage: true });
        await assertFitsScreen(page, viewport);
        assert.deepEqual(problems(messages), []);
      } finally {
        await context.close();
      }
    });

    it(`the dashboard shows today's agenda, the counts and "Novo agendamento" (${name})`, async () => {
      const { context, page, messages } = await openPage(app.browser, app.server.url, { viewport, ...options });
      try {
        await signIn(page);
        await waitForShell(page);
        await page.getByRole('heading', { name: 'Agenda de hoje' }).waitFor();
        for (const title of ['Hoje', 'Na semana', 'Faltas no mês', 'Novos clientes']) await page.getByRole('heading', { name: title, exact: true }).waitFor();
        await page.getByText('Limpeza de pele').first().waitFor();
        assert.equal(await page.getByRole('link', { name: 'Novo agendamento' }).getAttribute('href'), '/appointments?book=1');
        await shot(page, `dashboard-${viewport.width}`, { fullPage: true });
        await assertFitsScreen(page, viewport);
        assert.deepEqual(problems(messages), []);
      } finally {
        await context.close();
      }
    });
  }
});
