import assert from 'node:assert/strict';
import { it } from 'node:test';
import { addDays, ADMIN, api, appForSuite, dayPerWidth, brDate, businessToday, closeToast, problems, renderedRoot, scrollsSideways, shot, suite, VIEWPORTS, waitForShell, weekdayAhead, withPage } from './harness.mjs';

// The business rules in the agenda and the booking: services fill
// the booking, the server's free starts, a time outside the rules asked
// about, the hours and time off shaded in the first HTML, "Encaixe".
// The default hours: Monday to Friday, 08:00 to 18:00. A Wednesday per width.
const DAYS = dayPerWidth(weekdayAhead(100, 3), 7);

/** Picks Carla in the booking's client search. */
async function pickCarla(page) {
  await page.fill('#booking-client', 'carl');
  await page.getByRole('option', { name: /Carla Dias/ }).click();
  await page.getByText('Selecionado: Carla Dias').waitFor();
}

suite('business rules: services, free starts, hours and time off in the agenda, "Encaixe"', () => {
  const ids = {};
  const app = appForSuite({
    seed: ['--clients', '5', '--appointments', '0'],
    personas: ids,
    async setup({ server, token }) {
      ids.service = (await api(server.url, token, 'POST', '/services', { name: 'Coloração', durationMinutes: 90, priceCents: 15000, color: 'purple' })).data.id;
      const massage = (await api(server.url, token, 'POST', '/services', { name: 'Massagem', durationMinutes: 60, bufferAfterMinutes: 30 })).data.id;
      for (const day of Object.values(DAYS)) {
        // Paula's afternoon off, a holiday on Friday, and one coloured appointment.
        await api(server.url, token, 'POST', '/time-off', { staffId: ids.paula, startsAt: `${day}T14:00`, endsAt: `${day}T16:00`, reason: 'Congresso' });
        await api(server.url, token, 'POST', '/time-off', { staffId: null, startsAt: addDays(day, 2), endsAt: addDays(day, 2), reason: 'Aniversário da cidade' });
        await api(server.url, token, 'POST', '/appointments', { clientId: ids.carla, staffId: ids.paula, serviceId: ids.service, startsAt: `${day}T08:00` });
        // Thursday: a massage that keeps the half hour after it free.
        await api(server.url, token, 'POST', '/appointments', { clientId: ids.carla, staffId: ids.paula, serviceId: massage, startsAt: `${addDays(day, 1)}T08:00` });
      }
    },
  });

  for (const { name, viewport, ...options } of VIEWPORTS) {
    const day = DAYS[name];
    const phone = viewport.width < 576;

    it(`shades the hours and shows time off and holidays in the first HTML (${name})`, async () => {
      await withPage(app, { user: ADMIN, viewport, ...options }, async ({ page, messages }) => {
        const html = renderedRoot(await (await page.goto(`/appointments?date=${day}&staff_id=${ids.paula}`)).text());
        assert.match(html, /class="agenda-off"/, 'the time outside the hours is shaded before any script');
        assert.match(html, /Folga: Congresso/);
        // The coloured block: the service's colour as its accent.
        assert.match(html, /--agenda-service:var\(--bs-purple\)/);
        const week = renderedRoot(await (await page.goto(`/appointments?view=week&date=${day}&staff_id=${ids.paula}`)).text());
        assert.match(week, /Feriado: Aniversário da cidade/);
        await waitForShell(page);
        // The phone shows one day: Friday's.
        if (phone) await page.selectOption('#agenda-column', { index: 4 });
        await page.locator('.agenda-timeoff:visible', { hasText: 'Feriado: Aniversário da cidade' }).waitFor();
        await shot(page, `rules-week-${viewport.width}`);
        assert.equal(await scrollsSideways(page), false);
        assert.deepEqual(problems(messages), []);
      });
    });

    it(`a click in time off asks first, then books anyway (${name})`, async () => {
      await withPage(app, { user: ADMIN, viewport, ...options }, async ({ page, messages }) => {
        await page.goto(`/appointments?date=${day}&staff_id=${ids.paula}`);
        await waitForShell(page);
        await shot(page, `rules-day-${viewport.width}`);
        await page.getByRole('button', { name: new RegExp(`^Agendar ${brDate(day)} às 14:30 com Paula Lima`) }).click();
        const ask = page.getByRole('dialog', { name: 'Fora do horário' });
        await ask.getByText(/Folga: Congresso .*Agendar mesmo assim\?/).waitFor();
        await shot(page, `rules-ask-slot-${viewport.width}`);
        await ask.getByRole('button', { name: 'Agendar mesmo assim' }).click();
        const dialog = page.getByRole('dialog', { name: 'Novo agendamento' });
        await dialog.getByText('Folga: Congresso: será agendado mesmo assim').waitFor();
        assert.equal(await page.inputValue('#booking-time'), '14:30');
        await pickCarla(page);
        await page.fill('#booking-service', `Na folga ${name}`);
        await dialog.getByRole('button', { name: 'Agendar', exact: true }).click();
        await closeToast(page, 'Agendamento de Carla Dias criado.');
        const booked = (await api(app.server.url, ids.token, 'GET', `/appointments?per_page=100&from=${day}&to=${day}`)).data.find((a) => a.service === `Na folga ${name}`);
        assert.equal(booked?.startsAt.slice(0, 16), `${day}T14:30`);
        assert.deepEqual(problems(messages), []);
      });
    });

    it(`without a service, the start is the server's first free one for the length, in the first HTML (${name})`, async () => {
      await withPage(app, { user: ADMIN, viewport, ...options }, async ({ page, messages }) => {
        const thursday = addDays(day, 1);
        const response = await page.goto(`/appointments?date=${thursday}&book=1&book_date=${thursday}&book_staff=${ids.paula}`);
        // Paula's 08:00–09:00 massage and the half hour kept after it: her first free hour, on the hour's grid, starts at 10:00, before any script.
        assert.match(renderedRoot(await response.text()), /id="booking-time"[^>]*value="10:00"/);
        const dialog = page.getByRole('dialog', { name: 'Novo agendamento' });
        await dialog.waitFor();
        await waitForShell(page);
        assert.equal(await page.inputValue('#booking-time'), '10:00');
        // Another staff member asks the server again: anyone else is free from the start of the hours.
        const other = await page.$eval('#booking-staff', (select) => [...select.options].find((o) => o.text !== 'Paula Lima')?.value);
        await page.selectOption('#booking-staff', other);
        await page.waitForFunction(() => document.querySelector('#booking-time')?.value === '08:00');
        // A start typed stays, whatever the length.
        await page.fill('#booking-time', '10:15');
        await page.selectOption('#booking-duration', '180');
        assert.equal(await page.inputValue('#booking-time'), '10:15');
        await shot(page, `rules-booking-length-${viewport.width}`);
        assert.deepEqual(problems(messages), []);
      });
    });

    it(`books with a service (duration and price filled), from its free starts; outside the hours asks, then books (${name})`, async () => {
      await withPage(app, { user: ADMIN, viewport, ...options }, async ({ page, messages }) => {
        await page.goto(`/appointments?date=${day}&book=1&book_date=${day}&book_staff=${ids.paula}`);
        const dialog = page.getByRole('dialog', { name: 'Novo agendamento' });
        await dialog.waitFor();
        await waitForShell(page);
        await pickCarla(page);
        await page.selectOption('#booking-service-id', String(ids.service));
        await page.waitForFunction(() => document.querySelector('#booking-price')?.value === '150,00');
        assert.equal(await page.inputValue('#booking-duration'), '90');
        // The server's free starts for Paula from that day: the first one is after her 08:00–09:30 appointment.
        const all = (await api(app.server.url, ids.token, 'GET', `/availability?service_id=${ids.service}&staff_id=${ids.paula}&from=${day}&to=${addDays(day, 13)}`)).data;
        // The dialog offers six of them, each at least 30 minutes after the one before.
        const free = [];
        for (const slot of all) {
          if (free.length < 6 && (!free.length || Date.parse(slot.startsAt) - Date.parse(free.at(-1).startsAt) >= 30 * 60_000)) free.push(slot);
        }
        const slots = dialog.getByRole('list', { name: 'Próximos horários livres' }).getByRole('button');
        await slots.first().waitFor();
        assert.equal(await slots.count(), free.length);
        assert.ok(free.length === 6, `${all.length} free starts`);
        assert.equal(await page.inputValue('#booking-time'), free[0].startsAt.slice(11, 16), 'the start follows the first free one');
        await shot(page, `rules-booking-service-${viewport.width}`);
        await slots.nth(1).click();
        assert.equal(await page.inputValue('#booking-date'), free[1].startsAt.slice(0, 10));
        assert.equal(await page.inputValue('#booking-time'), free[1].startsAt.slice(11, 16));

        // After hours: the server's reason, then "Agendar mesmo assim".
        await page.fill('#booking-date', day);
        await page.fill('#booking-time', phone ? '18:30' : '19:00');
        await dialog.getByRole('button', { name: 'Agendar', exact: true }).click();
        await dialog.getByText('Fora do horário de trabalho de Paula Lima. Agendar mesmo assim?').waitFor();
        await shot(page, `rules-booking-outside-${viewport.width}`);
        await dialog.getByRole('button', { name: 'Agendar mesmo assim' }).click();
        await closeToast(page, 'Agendamento de Carla Dias criado.');
        await dialog.waitFor({ state: 'detached' });
        const booked = (await api(app.server.url, ids.token, 'GET', `/appointments?per_page=100&from=${day}&to=${day}`)).data.find(
          (a) => a.startsAt.slice(11, 16) === (phone ? '18:30' : '19:00'),
        );
        assert.ok(booked, 'booked after hours');
        assert.equal(booked.serviceId, ids.service);
        assert.equal(booked.service, 'Coloração');
        assert.equal(booked.priceCents, 15000);
        assert.equal(Date.parse(booked.endsAt) - Date.parse(booked.startsAt), 90 * 60_000);
        // The browser logs the 422 the form asked about; nothing else.
        assert.deepEqual(problems(messages).filter((m) => !/status of 422/.test(m.text)), []);
      });
    });

    it(`"Encaixe" lists the first free starts and one opens the booking there (${name})`, async () => {
      await withPage(app, { user: ADMIN, viewport, ...options }, async ({ page, messages }) => {
        await page.goto(`/appointments?date=${day}`);
        await waitForShell(page);
        if (phone) await page.getByRole('link', { name: /^Filtros/ }).click();
        await page.getByRole('link', { name: 'Encaixe' }).click();
        const dialog = page.getByRole('dialog', { name: 'Encaixe' });
        await dialog.waitFor();
        await page.selectOption('#fit-in-service', String(ids.service));
        await page.selectOption('#fit-in-staff', String(ids.paula));
        // The dialog searches from now on, as this ask does. Within working
        // hours the first free start is "now" rounded up to the service's
        // 5-minute grid, so an ask a moment later may find the next step:
        // the dialog's first start is checked between an ask just before its
        // search and one just after, and the booking against what it listed.
        const weeksAhead = addDays(businessToday(), 20);
        const firstFree = async () =>
          (await api(app.server.url, ids.token, 'GET', `/availability?service_id=${ids.service}&staff_id=${ids.paula}&to=${weeksAhead}&limit=1`)).data[0].startsAt;
        const before = await firstFree();
        const searched = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/availability');
        await dialog.getByRole('button', { name: 'Buscar' }).click();
        const first = (await (await searched).json()).data[0];
        const slots = dialog.getByRole('list', { name: 'Horários livres para encaixe' }).getByRole('button');
        await slots.first().waitFor();
        const after = await firstFree();
        assert.ok(Date.parse(before) <= Date.parse(first.startsAt) && Date.parse(first.startsAt) <= Date.parse(after), `${before} ≤ ${first.startsAt} ≤ ${after}`);
        assert.match(await slots.first().textContent(), new RegExp(`${brDate(first.startsAt.slice(0, 10)).slice(0, 5)} ${first.startsAt.slice(11, 16)}$`));
        assert.ok((await slots.count()) <= 10);
        await shot(page, `rules-fit-in-${viewport.width}`);
        assert.equal(await scrollsSideways(page), false);
        await slots.first().click();
        const booking = page.getByRole('dialog', { name: 'Novo agendamento' });
        await booking.waitFor();
        assert.equal(await page.inputValue('#booking-date'), first.startsAt.slice(0, 10));
        assert.equal(await page.inputValue('#booking-time'), first.startsAt.slice(11, 16));
        assert.equal(await page.inputValue('#booking-staff'), String(ids.paula));
        // The services' choices arrive with the address's reads: the dialog may open before them.
        await page.waitForFunction((id) => document.querySelector('#booking-service-id')?.value === String(id), ids.service);
        await page.waitForFunction(() => document.querySelector('#booking-price')?.value === '150,00');
        assert.deepEqual(problems(messages), []);
      });
    });
  }
});
