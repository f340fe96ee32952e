import assert from 'node:assert/strict';
import { it } from 'node:test';
import { addDays, ADMIN, api, apiCallsDuring, appForSuite, assertFitsScreen, businessToday, closeToast, DESKTOP, PHONE, problems, renderedRoot, shot, suite, VIEWPORTS, waitForShell, withPage } from './harness.mjs';

/** A day ahead of the business's today, so every appointment of it still takes reminders. */
const DAY = addDays(businessToday(), 3);
/** The console's problems, but for the 422s the test asks for. */
const unexpected = (messages) => problems(messages).filter((m) => !/status of 422/.test(m.text));

suite('reminders', () => {
  const ids = {};
  const app = appForSuite({
    personas: ids,
    setup: async ({ server, token }) => {
      const client = async (body) => (await api(server.url, token, 'POST', '/clients', body)).data.id;
      const ana = await client({ name: 'Ana Costa', phone: '11987654321', email: 'ana@example.com' });
      const beto = await client({ name: 'Beto Fixo', phone: '1133334444' });
      const caio = await client({ name: 'Caio Sem Telefone Nenhum Cadastrado' });
      const book = async (clientId, time) =>
        (await api(server.url, token, 'POST', '/appointments', { clientId, staffId: ids.paula, service: 'Corte de cabelo', startsAt: `${DAY}T${time}`, durationMinutes: 30, allowOutsideHours: true })).data;
      ids.ana = await book(ana, '10:00');
      await book(beto, '11:00');
      await book(caio, '14:30');
    },
  });

  it('lists the day server-rendered, opens WhatsApp and marks it sent, and previews the template before saving it', async () => {
    await withPage(app, { user: ADMIN, viewport: DESKTOP.viewport }, async ({ page, context, messages }) => {
      // wa.me is outside: answered here.
      await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>WhatsApp</p>' }));
      await page.goto('/appointments');
      await waitForShell(page);
      await page.getByRole('link', { name: 'Lembretes' }).click();
      await page.waitForURL('**/appointments/reminders');
      await page.getByRole('heading', { name: 'Lembretes', level: 1 }).waitFor();
      // This screen's own reads answered, so none of them lands in the count below.
      await page.getByText(/agendamento\(s\)/).first().waitFor();
      await page.getByText('E-mail desligado').first().waitFor();

      const calls = await apiCallsDuring(page, async () => {
        const response = await page.goto(`/appointments/reminders?date=${DAY}`, { waitUntil: 'networkidle' });
        const html = renderedRoot(await response.text());
        assert.ok(html.includes('Ana Costa') && html.includes('Beto Fixo'), 'the day is server-rendered');
        await waitForShell(page);
      });
      assert.deepEqual(calls, [], 'no API call on the first render');
      const table = page.locator('table');
      await table.locator('tr', { hasText: 'Beto Fixo' }).getByText('Telefone fixo').waitFor();
      await table.locator('tr', { hasText: 'Caio' }).getByText('Sem telefone cadastrado.').waitFor();
      assert.equal(await table.locator('tr', { hasText: 'Caio' }).getByRole('link', { name: 'WhatsApp' }).count(), 0);
      await page.getByText('E-mail desligado').first().waitFor();

      const row = table.locator('tr', { hasText: 'Ana Costa' });
      const link = row.getByRole('link', { name: 'WhatsApp' });
      const href = await link.getAttribute('href');
      assert.ok(href.startsWith('https://wa.me/5511987654321?text='), href);
      assert.ok(decodeURIComponent(href).includes('Olá, Ana Costa!'), href);
      const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
      await popup.close();
      await closeToast(page, 'Lembrete marcado como enviado.');
      await row.getByText(/WhatsApp enviado .* por /).waitFor();

      // The template: an unknown placeholder is refused under the field; a good one is previewed, then saved.
      const template = page.getByLabel('Mensagem do WhatsApp');
      await template.fill('Oi {nome}!');
      assert.equal(await page.getByRole('button', { name: 'Salvar' }).isDisabled(), true, 'saved only once previewed');
      await page.getByRole('button', { name: 'Pré-visualizar' }).click();
      await page.getByText('Marcador desconhecido: {nome}.', { exact: false }).waitFor();
      await template.fill('Oi {cliente}, até {data} às {hora} com {profissional}. {link}');
      await page.getByRole('button', { name: 'Pré-visualizar' }).click();
      await page.getByTestId('reminder-preview').getByText(/^Oi Ana Costa, até /).waitFor();
      await page.getByRole('button', { name: 'Salvar' }).click();
      await closeToast(page, 'Mensagem salva.');
      assert.deepEqual(unexpected(messages), []);
    });
  });

  it('the client confirms through the link without JavaScript, and the screen shows it', async () => {
    const day = (await api(app.server.url, ids.token, 'GET', `/reminders?date=${DAY}`)).data;
    const link = day.rows.find((r) => r.appointmentId === ids.ana.id).link;
    await withPage(app, { viewport: PHONE.viewport, javaScriptEnabled: false }, async ({ page, context }) => {
      const response = await page.goto(link);
      assert.equal(response.status(), 200);
      assert.equal(response.headers()['set-cookie'], undefined);
      await page.getByText('Corte de cabelo').waitFor();
      await shot(page, 'client-link-360', { fullPage: true });
      await page.getByRole('button', { name: 'Confirmar' }).click();
      await page.getByRole('heading', { name: 'Horário confirmado' }).waitFor();
      // "Cancelar" asks first, naming the day and time; "Voltar" leaves it as it was.
      await page.getByRole('button', { name: 'Cancelar' }).click();
      await page.getByRole('heading', { name: 'Cancelar o horário?' }).waitFor();
      await page.getByText(/Cancelar o horário de .+, às \d\d:\d\d\?/).waitFor();
      await shot(page, 'client-link-cancel-360', { fullPage: true });
      await page.getByRole('link', { name: 'Voltar' }).click();
      await page.getByRole('heading', { name: 'Seu horário' }).waitFor();
      await page.getByText('Seu horário está confirmado.').waitFor();
      assert.deepEqual(await context.cookies(), [], 'no cookie at all');
    });
    await withPage(app, { user: ADMIN, viewport: DESKTOP.viewport }, async ({ page }) => {
      await page.goto(`/appointments/reminders?date=${DAY}`);
      await waitForShell(page);
      await page.locator('tr', { hasText: 'Ana Costa' }).getByText('Cliente confirmou pelo link').waitFor();
    });
    // The dashboard tells the front desk, in its first HTML.
    for (const { viewport, ...options } of VIEWPORTS) {
      await withPage(app, { user: ADMIN, viewport, ...options }, async ({ page }) => {
        const html = await (await page.request.get('/dashboard')).text();
        assert.match(html, /Respostas dos clientes[\s\S]*Ana Costa[\s\S]*Confirmou/);
        await page.goto('/dashboard');
        await waitForShell(page);
        const card = page.locator('.card', { has: page.getByRole('heading', { name: 'Respostas dos clientes' }) });
        await card.locator('li', { hasText: 'Ana Costa' }).getByText('Confirmou').waitFor();
        await assertFitsScreen(page, viewport, 'the dashboard');
        await card.scrollIntoViewIfNeeded();
        await shot(page, `dashboard-replies-${viewport.width}`);
      });
    }
  });

  it('offers the WhatsApp notice of a cancel and of a move by the business, on a phone and a desktop', async () => {
    const { url } = app.server;
    // Every appointment of DAY inside the reminders' window: a change to it is told.
    await api(url, ids.token, 'PUT', '/reminders/settings', { hoursBefore: 168 });
    const client = async (body) => (await api(url, ids.token, 'POST', '/clients', body)).data.id;
    const book = async (clientId, time) =>
      (await api(url, ids.token, 'POST', '/appointments', { clientId, staffId: ids.paula, service: 'Corte de cabelo', startsAt: `${DAY}T${time}`, durationMinutes: 30, allowOutsideHours: true })).data;
    const dora = await book(await client({ name: 'Dora Avisada', phone: '11987650000' }), '16:00');
    await api(url, ids.token, 'PATCH', `/appointments/${dora.id}/status`, { status: 'cancelado', version: dora.version, cancellationReason: 'Profissional doente' });
    const edu = await book(await client({ name: 'Edu Remarcado', phone: '11987651111' }), '17:00');
    await api(url, ids.token, 'PUT', `/appointments/${edu.id}`, { startsAt: `${DAY}T17:45`, version: edu.version, allowOutsideHours: true });
    for (const { viewport, ...options } of VIEWPORTS) {
      await withPage(app, { user: ADMIN, viewport, ...options }, async ({ page }) => {
        await page.goto(`/appointments/reminders?date=${DAY}`);
        await waitForShell(page);
        const item = (name) => page.locator(viewport.width < 768 ? 'li' : 'tr', { hasText: name });
        await item('Dora Avisada').getByText('Aviso de cancelamento: e-mail desligado').waitFor();
        const cancelled = decodeURIComponent(await item('Dora Avisada').getByRole('link', { name: 'Avisar no WhatsApp' }).getAttribute('href'));
        assert.ok(cancelled.startsWith('https://wa.me/5511987650000?text=Olá, Dora Avisada!') && cancelled.includes('às 16:00 foi cancelado por'), cancelled);
        await item('Edu Remarcado').getByText('Aviso de remarcação: e-mail desligado').waitFor();
        const moved = decodeURIComponent(await item('Edu Remarcado').getByRole('link', { name: 'Avisar no WhatsApp' }).getAttribute('href'));
        assert.ok(moved.includes('às 17:00 foi remarcado para') && moved.includes('às 17:45, com Paula Lima') && moved.includes('/c/'), moved);
        await assertFitsScreen(page, viewport, 'the reminders screen with notices');
        await item('Dora Avisada').scrollIntoViewIfNeeded();
        await shot(page, `reminders-notices-${viewport.width}`);
      });
    }
  });

  for (const { name, viewport, ...options } of VIEWPORTS) {
    it(`fits ${viewport.width} px (${name})`, async () => {
      await withPage(app, { user: ADMIN, viewport, ...options }, async ({ page }) => {
        await page.goto(`/appointments/reminders?date=${DAY}`);
        await waitForShell(page);
        await page.locator(':text("Ana Costa"):visible').first().waitFor();
        await assertFitsScreen(page, viewport, 'the reminders screen');
        await shot(page, `reminders-${viewport.width}`, { fullPage: true });
      });
    });
  }
});
