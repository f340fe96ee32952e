import assert from 'node:assert/strict';
import { it } from 'node:test';
import { addDays, ADMIN, api, appForSuite, brDate, closeToast, dayPerWidth, PHONE, problems, scrollsSideways, serverNodeKept, shot, suite, VIEWPORTS, waitForShell, weekdayAhead, withPage } from './harness.mjs';

// A Wednesday per width, weeks ahead, so the two runs do not book into each other.
const DAYS = dayPerWidth(weekdayAhead(100, 3), 7);

/** Waits for a toast and closes it (on a phone it would cover the grid). */

/** The appointment's block in the grid, by its service. */
const block = (page, service) => page.locator('a.agenda-block:visible', { hasText: service });

suite('agenda: day and week views, booking and status in dialogs', () => {
  const people = {};
  const app = appForSuite({
    personas: people,
    async setup({ server, token }) {
      const { paula, carla } = people;
      await api(server.url, token, 'POST', '/clients', { name: 'Diego Ramos', phone: '(11) 98888-0002' });
      for (const day of Object.values(DAYS)) {
        await api(server.url, token, 'POST', '/appointments', { clientId: carla, staffId: paula, service: 'Corte', startsAt: `${day}T10:00`, durationMinutes: 60, priceCents: 9000 });
      }
    },
  });

  for (const { name, viewport, ...options } of VIEWPORTS) {
    const day = DAYS[name];
    it(`books from an empty slot, meets a conflict, moves, confirms and cancels (${name})`, async () => {
      await withPage(app, { user: ADMIN, viewport, ...options }, async ({ page, messages }) => {
        const phone = viewport.width < 576;
        // The day is in the first HTML, before any script.
        const response = await page.goto(`/appointments?date=${day}`);
        const html = await response.text();
        assert.match(html, /Corte/);
        assert.match(html, /Carla Dias/);
        await waitForShell(page);
        assert.equal(await serverNodeKept(page), true, 'hydrated, not replaced');
        if (phone) {
          // One staff member at a time, chosen in the switcher.
          assert.equal(await page.locator('.agenda-col:visible').count(), 1);
          await page.selectOption('#agenda-column', { label: 'Paula Lima' });
        }
        await block(page, 'Corte').waitFor();
        await shot(page, `agenda-day-${viewport.width}`);

        // Book from an empty slot: the dialog starts at the slot's time and staff member.
        await page.getByRole('button', { name: `Agendar ${brDate(day)} às 14:00 com Paula Lima` }).click();
        const dialog = page.getByRole('dialog', { name: 'Novo agendamento' });
        await dialog.waitFor();
        assert.equal(await page.inputValue('#booking-date'), day);
        assert.equal(await page.inputValue('#booking-time'), '14:00');
        assert.equal(await page.locator('#booking-staff option:checked').innerText(), 'Paula Lima');
        await page.fill('#booking-client', 'dieg');
        await page.getByRole('option', { name: /Diego Ramos/ }).click();
        await page.fill('#booking-service', 'Barba');
        await page.fill('#booking-price', '50,00');
        await shot(page, `agenda-booking-${viewport.width}`);
        await dialog.getByRole('button', { name: 'Agendar' }).click();
        await closeToast(page, 'Agendamento de Diego Ramos criado.');
        await dialog.waitFor({ state: 'detached' });
        await block(page, 'Barba').waitFor();
        assert.match(await block(page, 'Barba').innerText(), /14:00–15:00/);

        // A clash is shown inside the form, with a link to the other appointment.
        // (the occupied slot is under the block: start from a free one, then type the time)
        await page.getByRole('button', { name: `Agendar ${brDate(day)} às 12:00 com Paula Lima` }).click();
        await page.fill('#booking-time', '10:30');
        await page.fill('#booking-client', 'diego');
        await page.getByRole('option', { name: /Diego Ramos/ }).click();
        await page.fill('#booking-service', 'Sobreposto');
        await dialog.getByRole('button', { name: 'Agendar' }).click();
        const clash = dialog.getByRole('alert').filter({ hasText: 'Conflito de horário' });
        await clash.waitFor();
        assert.match(await clash.innerText(), /Carla Dias/);
        await shot(page, `agenda-conflict-${viewport.width}`);
        await clash.getByRole('link', { name: 'Ver o agendamento em conflito' }).click();
        const carlas = page.getByRole('dialog', { name: 'Agendamento de Carla Dias' });
        await carlas.waitFor();
        await carlas.locator('.modal-footer').getByRole('button', { name: 'Fechar' }).click();
        await carlas.waitFor({ state: 'detached' });
        if (phone) await page.selectOption('#agenda-column', { label: 'Paula Lima' });

        // Move: by dragging on a desktop, by the dialog's "Remarcar" on a phone.
        if (!phone) {
          const box = await block(page, 'Barba').boundingBox();
          const hour = await page.evaluate(() => document.querySelector('.agenda-hour').getBoundingClientRect().height);
          await page.mouse.move(box.x + box.width / 2, box.y + 10);
          await page.mouse.down();
          await page.mouse.move(box.x + box.width / 2, box.y + 10 + hour / 2, { steps: 4 });
          await page.mouse.move(box.x + box.width / 2, box.y + 10 + hour, { steps: 4 });
          await page.mouse.up();
          await closeToast(page, `Agendamento de Diego Ramos remarcado para ${brDate(day)} às 15:00.`);
          await block(page, 'Barba').filter({ hasText: '15:00–16:00' }).waitFor();
          // The keyboard: arrows move a focused block, Enter saves.
          await block(page, 'Barba').focus();
          await page.keyboard.press('ArrowDown');
          await page.keyboard.press('ArrowDown');
          await page.keyboard.press('Enter');
          await closeToast(page, `Agendamento de Diego Ramos remarcado para ${brDate(day)} às 15:30.`);
          await block(page, 'Barba').filter({ hasText: '15:30–16:30' }).waitFor();
        } else {
          await block(page, 'Barba').click();
          const mine = page.getByRole('dialog', { name: 'Agendamento de Diego Ramos' });
          await mine.waitFor();
          await page.fill('#reschedule-time', '15:30');
          await mine.getByRole('button', { name: 'Salvar horário' }).click();
          await closeToast(page, `Agendamento de Diego Ramos remarcado para ${brDate(day)} às 15:30.`);
          await mine.locator('.modal-footer').getByRole('button', { name: 'Fechar' }).click();
          await block(page, 'Barba').filter({ hasText: '15:30–16:30' }).waitFor();
        }

        // Status: confirm, then cancel with a reason, in the appointment's dialog.
        await block(page, 'Barba').click();
        const opened = page.getByRole('dialog', { name: 'Agendamento de Diego Ramos' });
        await opened.waitFor();
        await shot(page, `agenda-dialog-${viewport.width}`);
        await opened.getByRole('button', { name: 'Confirmar' }).click();
        await opened.getByText('Confirmado', { exact: true }).waitFor();
        await opened.getByRole('button', { name: 'Cancelar', exact: true }).click();
        await page.fill('#cancellation-reason', 'Cliente viajou');
        await opened.getByRole('button', { name: 'Cancelar agendamento' }).click();
        await opened.getByText('Cancelado', { exact: true }).waitFor();
        await opened.getByText('Cliente viajou').waitFor();
        await opened.locator('.modal-footer').getByRole('button', { name: 'Fechar' }).click();
        // A cancelled appointment frees its slot: it leaves the grid.
        await block(page, 'Barba').waitFor({ state: 'detached' });

        if (phone) {
          for (const button of await page.locator('.agenda-toolbar :is(a, button, select, input):visible').all()) {
            assert.ok((await button.boundingBox()).height >= 44, `a tap target of 44 px: ${await button.evaluate((e) => e.outerHTML.slice(0, 80))}`);
          }
        }
        assert.equal(await scrollsSideways(page), false, 'no horizontal scrolling (day)');

        // The week and the list, looked at.
        await page.getByRole('link', { name: 'Semana', exact: true }).click();
        await page.waitForURL(/view=week/);
        await block(page, 'Corte').waitFor();
        assert.equal(await scrollsSideways(page), false, 'no horizontal scrolling (week)');
        await shot(page, `agenda-week-${viewport.width}`);
        await page.getByRole('link', { name: 'Lista', exact: true }).click();
        await page.waitForURL(/view=list/);
        await page.locator(':is(tr, li):visible', { hasText: 'Barba' }).first().waitFor();
        assert.equal(await scrollsSideways(page), false, 'no horizontal scrolling (list)');
        await shot(page, `agenda-list-${viewport.width}`);

        // The browser logs the 409 the form showed; nothing else.
        assert.deepEqual(problems(messages).filter((m) => !/status of 409/.test(m.text)), []);
      });
    });
  }

  it("changes an appointment's service in its dialog: the catalogue's name, length and price", async () => {
    const { accessToken: token, id: admin } = (await api(app.server.url, null, 'POST', '/login', ADMIN)).data;
    await api(app.server.url, token, 'POST', '/services', { name: 'Coloração', durationMinutes: 90, priceCents: 15000, color: 'purple' });
    const carla = (await api(app.server.url, token, 'GET', '/clients?q=Carla')).data[0].id;
    const when = `${addDays(DAYS.desktop, 14)}T14:00`;
    const booked = (await api(app.server.url, token, 'POST', '/appointments', { clientId: carla, staffId: admin, service: 'Escova', startsAt: when, durationMinutes: 30, priceCents: 5000 })).data;
    await withPage(app, { user: ADMIN, ...PHONE }, async ({ page, messages }) => {
      await page.goto(`/appointments?date=${when.slice(0, 10)}&open=${booked.id}`);
      await waitForShell(page);
      const dialog = page.getByRole('dialog', { name: 'Agendamento de Carla Dias' });
      // The free-text service is the first choice, then the catalogue's.
      await dialog.locator('#reschedule-service option', { hasText: 'Coloração' }).waitFor({ state: 'attached' });
      assert.equal(await page.inputValue('#reschedule-service'), '');
      await page.selectOption('#reschedule-service', { label: 'Coloração · 1 h 30 min' });
      assert.equal(await page.inputValue('#reschedule-duration'), '90', "the service's length");
      await shot(page, 'agenda-change-service-360');
      await dialog.getByRole('button', { name: 'Salvar horário' }).click();
      await closeToast(page, 'Agendamento de Carla Dias atualizado: Coloração, 14:00–15:30.');
      const saved = (await api(app.server.url, token, 'GET', `/appointments/${booked.id}`)).data;
      assert.equal(saved.service, 'Coloração');
      assert.equal(saved.priceCents, 15000, "the catalogue's price");
      assert.equal(saved.endsAt.slice(11, 16), '15:30');
      assert.deepEqual(problems(messages), []);
    });
  });

  it('asks before booking in the past', async () => {
    await withPage(app, { user: ADMIN, viewport: { width: 1366, height: 800 } }, async ({ page }) => {
      await page.goto('/appointments?date=2020-01-06');
      await waitForShell(page);
      await page.getByRole('button', { name: 'Agendar 06/01/2020 às 09:00 com Paula Lima' }).click();
      const dialog = page.getByRole('dialog', { name: 'Novo agendamento' });
      await page.fill('#booking-client', 'carla');
      await page.getByRole('option', { name: /Carla Dias/ }).click();
      await page.fill('#booking-service', 'Retroativo');
      await dialog.getByRole('button', { name: 'Agendar' }).click();
      await dialog.getByText('já passou').waitFor();
      await dialog.getByRole('button', { name: 'Agendar mesmo assim' }).click();
      await closeToast(page, 'Agendamento de Carla Dias criado.');
      await block(page, 'Retroativo').waitFor();
    });
  });
});
