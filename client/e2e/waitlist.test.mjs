// The waitlist as the front desk and a waiting client use it: a client
// cancels through their link on a phone without JavaScript, the freed time
// is offered to the first in line and shows on the front desk's "Lista de
// espera", and the waiting client claims it on a 360 px phone without
// JavaScript. The screen at phone width adds and removes an entry.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ADMIN, api, appForSuite, assertFitsScreen, DESKTOP, PHONE, problems, shot, suite, weekdayAhead, withPage } from './harness.mjs';

const SERVICE = { name: 'Consulta de retorno', durationMinutes: 60, priceCents: 12000 };
/** Thursday two weeks ahead or so: Paula works 09:00–10:00 on it only, and it is booked. */
const DAY = weekdayAhead(8, 4);
const ON_DESKTOP = { viewport: DESKTOP.viewport };
const ON_PHONE = { viewport: PHONE.viewport, isMobile: true, hasTouch: true };

suite('the waitlist fills a freed time', () => {
  const ids = {};
  const people = {};
  const app = appForSuite({
    personas: people,
    env: { EXPEDIENTE_WAITLIST_ROUND_SECONDS: '2' },
    async setup({ server, token }) {
      const call = (method, path, body) => api(server.url, token, method, path, body);
      ids.service = (await call('POST', '/services', { ...SERVICE, staffIds: [people.paula] })).data.id;
      await call('PUT', `/users/${people.paula}/working-hours`, { weekly: [{ weekday: 4, start: '09:00', end: '10:00' }] });
      ids.rui = (await call('POST', '/clients', { name: 'Rui Fixo', phone: '(11) 97777-0002' })).data.id;
      ids.booked = (await call('POST', '/appointments', { clientId: ids.rui, staffId: people.paula, serviceId: ids.service, startsAt: `${DAY}T09:00:00` })).data.id;
      ids.lia = (await call('POST', '/clients', { name: 'Lia Espera', phone: '(11) 96666-0003' })).data.id;
      await call('PUT', '/online-booking', { enabled: true, minNoticeHours: 0 });
      ids.entry = (await call('POST', '/waitlist', { clientId: ids.lia, serviceId: ids.service, from: DAY, to: DAY, note: 'Qualquer horário serve' })).data.id;
    },
  });

  it('a cancel through the link is offered to the first in line, who claims it on a phone without JavaScript', async () => {
    await withPage(app, { user: ADMIN, ...ON_DESKTOP }, async ({ page, messages }) => {
      await page.goto('/appointments/waitlist');
      const entry = page.locator(`[data-entry="${ids.entry}"]`);
      await entry.getByRole('link', { name: 'Lia Espera', exact: true }).waitFor();
      assert.equal(await entry.getByText('Horário oferecido').count(), 0, 'the day is full: no offer yet');
      await shot(page, 'waitlist-waiting-1366');

      // Rui cancels through his link, on his phone, without JavaScript.
      const { data: day } = await api(app.server.url, app.token, 'GET', `/reminders?date=${DAY}`);
      const link = day.rows.find((row) => row.appointmentId === ids.booked).link;
      await withPage(app, { ...ON_PHONE, javaScriptEnabled: false }, async ({ page: phone }) => {
        await phone.goto(link);
        await phone.getByRole('button', { name: 'Cancelar' }).click();
        await phone.getByRole('button', { name: 'Sim, cancelar' }).click();
        await phone.getByRole('heading', { name: 'Horário cancelado' }).waitFor();
      });

      // The front desk's list shows the offer (it follows on its own), with the WhatsApp text.
      await entry.getByText('Horário oferecido').waitFor({ timeout: 30_000 });
      assert.match(await entry.innerText(), /09:00 com Paula Lima/);
      const whatsapp = await entry.getByRole('link', { name: 'Enviar pelo WhatsApp' }).getAttribute('href');
      assert.match(whatsapp, /^https:\/\/wa\.me\/5511966660003\?text=Ol%C3%A1%2C%20Lia%20Espera/);
      await shot(page, 'waitlist-offered-1366');
      // The agenda shows the time held for her, and until when.
      await page.goto(`/appointments?date=${DAY}`);
      await page.getByText(/Oferecido a Lia Espera \(lista de espera\) até \d\d:\d\d/).first().waitFor();
      await shot(page, 'waitlist-agenda-1366');
      // From the agenda's day, the list's form opens on that day (a client who found it full).
      await page.getByRole('link', { name: 'Lista de espera' }).click();
      await page.getByRole('heading', { name: 'Lista de espera', exact: true }).waitFor();
      assert.deepEqual([await page.getByLabel('A partir de').inputValue(), await page.getByLabel('Até').inputValue()], [DAY, DAY]);

      // Lia claims it from the offer's page, on a 360 px phone without JavaScript.
      const { data: entries } = await api(app.server.url, app.token, 'GET', '/waitlist');
      const offer = entries.find((e) => e.id === ids.entry).offer;
      await withPage(app, { ...ON_PHONE, javaScriptEnabled: false }, async ({ page: phone }) => {
        await phone.goto(offer.link);
        await phone.getByRole('heading', { name: 'Um horário para você' }).waitFor();
        await assertFitsScreen(phone, PHONE.viewport, 'the offer page');
        await shot(phone, 'waitlist-offer-page-360', { fullPage: true });
        await phone.getByRole('button', { name: 'Quero este horário' }).click();
        await phone.getByRole('heading', { name: 'Horário agendado' }).waitFor();
        assert.match(await phone.locator('main').innerText(), /Lia Espera[\s\S]*Paula Lima/);
        await shot(phone, 'waitlist-claimed-360', { fullPage: true });
      });

      // Booked: she waits no more, and the agenda has her.
      await page.goto('/appointments/waitlist');
      await page.getByText('Ninguém na lista de espera.').waitFor();
      const { data: booked } = await api(app.server.url, app.token, 'GET', `/appointments?from=${DAY}&to=${DAY}`);
      assert.deepEqual(
        booked.filter((a) => a.status !== 'cancelado').map((a) => [a.clientName, a.startsAt.slice(11, 16), a.status]),
        [['Lia Espera', '09:00', 'confirmado']],
      );
      assert.deepEqual(problems(messages), []);
    });
  });

  it('a client who finds the day full on the booking page joins the list, on a phone without JavaScript', async () => {
    await withPage(app, { ...ON_PHONE, javaScriptEnabled: false }, async ({ page }) => {
      await page.goto(`/agendar/${ids.service}?dia=${DAY}&profissional=qualquer`);
      await page.getByText('Nenhum horário livre neste dia.').waitFor();
      await page.getByRole('link', { name: 'Quero este dia: entrar na lista de espera' }).click();
      await page.getByRole('heading', { name: 'Lista de espera' }).waitFor();
      await assertFitsScreen(page, PHONE.viewport, 'the waitlist form');
      await shot(page, 'waitlist-join-360', { fullPage: true });
      await page.getByLabel('Nome completo').fill('Téo Cheio');
      await page.getByLabel('WhatsApp (com DDD)').fill('(11) 95555-0004');
      await page.getByLabel('Li e concordo com o uso dos meus dados para este agendamento.').click();
      await page.getByRole('button', { name: 'Entrar na lista de espera' }).click();
      await page.getByRole('heading', { name: 'Você está na lista de espera' }).waitFor();
      await shot(page, 'waitlist-joined-360', { fullPage: true });
    });
    const { data: entries } = await api(app.server.url, app.token, 'GET', '/waitlist');
    const teo = entries.find((e) => e.clientName === 'Téo Cheio');
    assert.deepEqual([teo.from, teo.to, teo.staffId], [DAY, DAY, null]);
  });

  it("the front desk adds a client to the list from the client's page and takes them off, at 360 px", async () => {
    await withPage(app, { user: ADMIN, ...ON_PHONE }, async ({ page, messages }) => {
      // One tap from the client's page: the form opens with them.
      await page.goto(`/clients/${ids.rui}`);
      await page.getByRole('link', { name: 'Lista de espera' }).click();
      await page.getByRole('heading', { name: 'Lista de espera', exact: true }).waitFor();
      const picker = page.getByLabel('Cliente', { exact: true });
      await page.waitForFunction(() => document.querySelector('#waitlist-client')?.value === 'Rui Fixo');
      assert.equal(await picker.inputValue(), 'Rui Fixo');
      await page.getByLabel('Serviço').selectOption(String(ids.service));
      await page.getByLabel('Profissional').selectOption(String(people.paula));
      await page.getByLabel('Até').fill(DAY);
      await page.getByLabel('Período').selectOption('manha');
      await page.getByRole('button', { name: 'Adicionar à lista' }).click();
      const added = page.locator('[data-entry]', { hasText: 'Rui Fixo' });
      await added.waitFor();
      assert.match(await added.innerText(), /Consulta de retorno · Paula Lima/);
      assert.match(await added.innerText(), /Manhã/);
      await assertFitsScreen(page, PHONE.viewport, 'the waitlist');
      await shot(page, 'waitlist-360', { fullPage: true });

      // "Agendar" opens the agenda's booking with the entry's client and service.
      await page.getByRole('link', { name: 'Agendar Rui Fixo' }).click();
      await page.getByRole('dialog', { name: 'Novo agendamento' }).waitFor();
      await page.waitForFunction((id) => document.querySelector('#booking-service-id')?.value === String(id), ids.service);
      assert.match(page.url(), new RegExp(`book_client=${ids.rui}`));
      await page.goBack();
      await page.getByRole('heading', { name: 'Lista de espera', exact: true }).waitFor();

      // A missing last day is said under its field, in Portuguese (the form keeps the rest for the next one).
      await page.getByLabel('Cliente', { exact: true }).fill('Lia');
      await page.getByRole('option', { name: /Lia Espera/ }).click();
      await page.getByLabel('Até').fill('');
      await page.getByRole('button', { name: 'Adicionar à lista' }).click();
      await page.getByText('Informe até que dia o cliente pode vir.').waitFor();

      await page.getByRole('button', { name: 'Tirar Rui Fixo da lista' }).click();
      await page.locator('[data-entry]', { hasText: 'Rui Fixo' }).waitFor({ state: 'detached' });
      assert.deepEqual(problems(messages).filter((m) => !/status of 422/.test(m.text)), []);
    });
  });
});
