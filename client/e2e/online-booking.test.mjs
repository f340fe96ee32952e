// The clients' own booking page (`/agendar`) as a client uses it: on a
// 360 px phone with JavaScript off and on, in at most five taps plus
// typing; every step accessible (axe) and with tap targets of 44 px. Then
// the front desk sees it: the toast of the live agenda, the globe mark on
// the agenda, "cadastro pela internet" on the client's page, and the
// settings screen.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ADMIN, api, appForSuite, assertFitsScreen, axeViolations, closeToast, DESKTOP, PHONE, scrollsSideways, shot, suite, waitForShell, withPage } from './harness.mjs';

const SERVICE = { name: 'Corte feminino', durationMinutes: 45, priceCents: 9000 };
const BOOKED_TOAST = 'Novo agendamento pela internet';

/** Every link, button and field of the page that is shorter than 44 px (the consent box counts by its label). */
const smallTargets = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main a, main button, main select, main input:not([type=hidden]):not([type=checkbox]), main label.x')]
      .filter((el) => el.offsetParent !== null && !el.closest('[aria-hidden="true"]'))
      .filter((el) => el.getBoundingClientRect().height < 44)
      .map((el) => `${el.tagName} ${el.textContent?.trim() || el.id}`),
  );

/**
 * Books as a client from `/agendar`, counting the taps: the service, the
 * first free time, the consent box, "Confirmar agendamento". Checks each
 * step as it goes (`check`), and answers the taps and the done page's text.
 */
async function bookAsClient(page, { name, whatsapp }, check, done = 'Horário agendado') {
  let taps = 0;
  const tap = async (locator) => {
    taps += 1;
    await locator.click();
  };
  await page.goto('/agendar');
  await check('servicos');
  await tap(page.getByRole('link', { name: new RegExp(SERVICE.name) }));
  await page.getByRole('heading', { name: 'Escolha o horário' }).waitFor();
  await check('horarios');
  await tap(page.locator('.t button').first());
  await page.getByRole('heading', { name: 'Seus dados' }).waitFor();
  await page.getByLabel('Nome completo').fill(name);
  await page.getByLabel('WhatsApp (com DDD)').fill(whatsapp);
  await check('dados');
  await tap(page.getByLabel('Li e concordo com o uso dos meus dados para este agendamento.'));
  await tap(page.getByRole('button', { name: 'Confirmar agendamento' }));
  await page.getByRole('heading', { name: done }).waitFor();
  await check('pronto');
  return { taps, text: await page.locator('main').innerText() };
}

suite('the clients book themselves (/agendar)', () => {
  const ids = {};
  const app = appForSuite({
    async setup({ server, token }) {
      ids.paula = (await api(server.url, token, 'POST', '/users', { name: 'Paula Lima', email: 'paula@example.com', password: 'senha-da-paula', role: 'staff' })).data.id;
      ids.service = (await api(server.url, token, 'POST', '/services', { ...SERVICE, staffIds: [ids.paula] })).data.id;
      await api(server.url, token, 'PUT', '/online-booking', { enabled: true, minNoticeHours: 0 });
    },
  });

  for (const [viewport, javaScriptEnabled] of [
    [PHONE, false],
    [PHONE, true],
    [DESKTOP, true],
  ]) {
    const where = `${viewport.name}, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`;
    it(`a client books in at most five taps (${where})`, async () => {
      await withPage(app, { viewport: viewport.viewport, isMobile: viewport.isMobile, hasTouch: viewport.hasTouch, javaScriptEnabled }, async ({ page, messages }) => {
        const check = async (step) => {
          assert.equal(await scrollsSideways(page), false, `${step}: no sideways scrolling`);
          if (viewport === PHONE) assert.deepEqual(await smallTargets(page), [], `${step}: tap targets of 44 px`);
          if (javaScriptEnabled) assert.deepEqual(await axeViolations(page, step), []);
          await shot(page, `agendar-${step}-${viewport.name}${javaScriptEnabled ? '' : '-sem-js'}`, { fullPage: true });
        };
        const client = { name: `Cliente ${where}`, whatsapp: `(11) 9${String(7000_0000 + Math.floor(Math.random() * 1e6)).slice(0, 8)}` };
        const { taps, text } = await bookAsClient(page, client, check);
        assert.ok(taps <= 5, `${taps} taps`);
        assert.match(text, new RegExp(client.name));
        assert.match(text, /Paula Lima/);
        assert.match(text, /Corte feminino/);
        const calendar = page.getByRole('link', { name: 'Adicionar à agenda' });
        assert.equal(await calendar.getAttribute('href'), '?agenda=1');
        assert.deepEqual(messages.filter((m) => m.type === 'error'), []);
      });
    });
  }

  it('the front desk hears of it, sees it on the agenda and the client page, and sets it up', async () => {
    await withPage(app, { user: ADMIN, viewport: DESKTOP.viewport }, async ({ page: desk }) => {
      await desk.goto('/appointments');
      await desk.locator('.agenda-page').waitFor();
      // A client books meanwhile, in another browser.
      await withPage(app, { viewport: PHONE.viewport, isMobile: true, hasTouch: true }, async ({ page }) => {
        await bookAsClient(page, { name: 'Beatriz Online', whatsapp: '(21) 99876-0000' }, async () => {});
      });
      await desk.getByText(BOOKED_TOAST).waitFor({ timeout: 10_000 });
      await shot(desk, 'agendar-aviso-balcao-desktop', { toasts: true });
      const { data: list } = await api(app.server.url, app.token, 'GET', '/appointments?per_page=100');
      const booked = list.find((a) => a.clientName === 'Beatriz Online');
      assert.equal(booked.channel, 'internet');
      await desk.goto(`/appointments?date=${booked.startsAt.slice(0, 10)}&staff_id=${ids.paula}`);
      const block = desk.locator('.agenda-block', { hasText: 'Beatriz Online' });
      await block.waitFor();
      assert.equal(await block.locator('[title="Agendado pela internet"]').count(), 1, 'the globe mark');
      await shot(desk, 'agendar-agenda-desktop');
      await desk.goto(`/clients/${booked.clientId}`);
      await desk.getByText('Cadastro pela internet: confira os dados com o cliente').waitFor();
      await shot(desk, 'agendar-cliente-desktop');
    });
    for (const viewport of [DESKTOP, PHONE]) {
      await withPage(app, { user: ADMIN, viewport: viewport.viewport, isMobile: viewport.isMobile, hasTouch: viewport.hasTouch }, async ({ page }) => {
        await page.goto('/appointments/online');
        await page.getByRole('heading', { name: 'Agendamento online', level: 1 }).waitFor();
        await page.getByText(`${app.server.url}/agendar`).waitFor();
        assert.equal(await scrollsSideways(page), false);
        assert.deepEqual(await axeViolations(page, `agendamento online ${viewport.name}`), []);
        await shot(page, `agendamento-online-${viewport.name}`, { fullPage: true });
      });
    }
    // Turned off from the screen: the page tells clients so.
    await withPage(app, { user: ADMIN, viewport: DESKTOP.viewport }, async ({ page }) => {
      await page.goto('/appointments/online');
      await page.getByLabel('Clientes podem agendar pela internet').uncheck();
      await page.getByRole('button', { name: 'Salvar' }).click();
      await page.getByText('Desligado: a página diz aos clientes').waitFor();
      await page.goto('/agendar');
      await page.getByRole('heading', { name: 'Agendamento online indisponível' }).waitFor();
    });
  });

  it('a booking that waits for the front desk is accepted from the dashboard (desktop and phone)', async () => {
    // The business chooses, on the settings screen, to have online bookings wait.
    await withPage(app, { user: ADMIN, viewport: DESKTOP.viewport }, async ({ page }) => {
      await api(app.server.url, app.token, 'PUT', '/online-booking', { enabled: true });
      await page.goto('/appointments/online');
      await waitForShell(page);
      await page.getByLabel(/Aguarda a recepção aceitar ou recusar/).check();
      await page.getByRole('button', { name: 'Salvar' }).click();
      await closeToast(page, 'Agendamento online salvo.');
    });
    assert.equal((await api(app.server.url, app.token, 'GET', '/online-booking')).data.confirmAtOnce, false);
    for (const [viewport, whatsapp] of [
      [DESKTOP, '(31) 99876-1111'],
      [PHONE, '(31) 99876-2222'],
    ]) {
      const name = `Dora Espera ${viewport.name}`;
      await withPage(app, { viewport: PHONE.viewport, isMobile: true, hasTouch: true }, async ({ page }) => {
        const { text } = await bookAsClient(page, { name, whatsapp }, async () => {}, 'Pedido enviado: aguardando confirmação');
        assert.match(text, /aguardando confirmação da recepção/);
        if (viewport === PHONE) await shot(page, 'agendar-aguardando-phone', { fullPage: true });
      });
      const { viewport: size, ...options } = viewport;
      await withPage(app, { user: ADMIN, viewport: size, ...options }, async ({ page }) => {
        await page.goto('/dashboard');
        await waitForShell(page);
        const card = page.locator('.card', { has: page.getByRole('heading', { name: 'Agendamentos pela internet aguardando' }) });
        await card.getByText(name).waitFor();
        await assertFitsScreen(page, size, 'the dashboard with a waiting booking');
        await shot(page, `dashboard-aguardando-${size.width}`);
        await card.getByRole('button', { name: `Aceitar o agendamento de ${name}` }).click();
        await closeToast(page, `Agendamento de ${name} aceito: o cliente é avisado.`);
        await card.waitFor({ state: 'detached' });
      });
      const { data: list } = await api(app.server.url, app.token, 'GET', '/appointments?per_page=100');
      assert.equal(list.find((a) => a.clientName === name).status, 'confirmado');
    }
  });
});
