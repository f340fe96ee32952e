import assert from 'node:assert/strict';
import { it } from 'node:test';
import { addDays, ADMIN, api, appForSuite, dayPerWidth, brDate, closeToast, problems, renderedRoot, scrollsSideways, shot, suite, VIEWPORTS, waitForShell, weekdayAhead, withPage } from './harness.mjs';

// Recurring appointments: "Repetir" in the booking, a clash on
// one date lists it to skip or move, the agenda marks the occurrences, the
// appointment shows "2 de 6" and asks "Só esta / Esta e as seguintes /
// Todas" before a change, the client page lists the series.
// Mondays of the default hours (Monday to Friday, 08:00–18:00), a month per width.
const FIRST = dayPerWidth(weekdayAhead(100, 1), 28);

suite('recurring appointments: book a series, settle its clashes, change it as a whole', () => {
  const ids = {};
  const app = appForSuite({
    seed: ['--clients', '5', '--appointments', '0'],
    personas: ids,
    async setup({ server, token }) {
      ids.bruno = (await api(server.url, token, 'POST', '/clients', { name: 'Bruno Reis' })).data.id;
      for (const monday of Object.values(FIRST)) {
        // Bruno already has Paula on the third Monday at 09:00.
        await api(server.url, token, 'POST', '/appointments', { clientId: ids.bruno, staffId: ids.paula, service: 'Avaliação', startsAt: `${addDays(monday, 14)}T09:00`, durationMinutes: 30 });
      }
    },
  });

  for (const { name, viewport, ...options } of VIEWPORTS) {
    const monday = FIRST[name];

    it(`books a weekly series, skipping and moving the dates that clash (${name})`, async () => {
      await withPage(app, { user: ADMIN, viewport, ...options }, async ({ page, messages }) => {
        await page.goto(`/appointments?date=${monday}&book=1&book_date=${monday}&book_time=09:00&book_staff=${ids.paula}&book_client=${ids.carla}`);
        const dialog = page.getByRole('dialog', { name: 'Novo agendamento' });
        await dialog.waitFor();
        await waitForShell(page);
        await page.getByText('Selecionado: Carla Dias').waitFor();
        await page.fill('#booking-service', 'Fisioterapia');
        await page.getByLabel('Repetir').check();
        // The first day's weekday is ticked; Thursdays too, six times.
        assert.equal(await page.isChecked('#repeat-day-1'), true);
        await page.locator('label[for="repeat-day-4"]').click();
        await page.fill('#repeat-count', '6');
        await shot(page, `series-booking-${viewport.width}`);
        await dialog.getByRole('button', { name: 'Agendar série' }).click();

        // The third Monday clashes with Bruno: nothing saved, the date listed.
        const clash = addDays(monday, 14);
        await dialog.getByText('Um dia da série tem conflito; nada foi salvo.', { exact: false }).waitFor();
        await dialog.getByText(`${brDate(clash)} às 09:00: Horário ocupado`, { exact: false }).waitFor();
        await shot(page, `series-conflicts-${viewport.width}`);
        let mine = (await api(app.server.url, ids.token, 'GET', `/appointments?client_id=${ids.carla}&per_page=100&from=${monday}&to=${addDays(monday, 30)}`)).data;
        assert.equal(mine.length, 0, 'nothing of the series saved');

        // Move that date to 11:00 and book.
        await page.fill(`#move-${clash}`, `${clash}T11:00`);
        await dialog.getByRole('button', { name: 'Agendar série' }).click();
        await closeToast(page, 'Série de 6 agendamentos de Carla Dias criada.');
        mine = (await api(app.server.url, ids.token, 'GET', `/appointments?client_id=${ids.carla}&per_page=100&from=${monday}&to=${addDays(monday, 30)}`)).data;
        assert.deepEqual(
          mine.map((a) => a.startsAt.slice(0, 16)),
          [`${monday}T09:00`, `${addDays(monday, 3)}T09:00`, `${addDays(monday, 7)}T09:00`, `${addDays(monday, 10)}T09:00`, `${clash}T11:00`, `${addDays(monday, 17)}T09:00`],
        );
        // The browser logs the 409 the form showed; nothing else.
        assert.deepEqual(problems(messages).filter((m) => !/status of 409/.test(m.text)), []);
      });
    });

    it(`marks the occurrences, shows "2 de 6" and asks which ones a change reaches (${name})`, async () => {
      await withPage(app, { user: ADMIN, viewport, ...options }, async ({ page, messages }) => {
        const second = addDays(monday, 3);
        const html = renderedRoot(await (await page.goto(`/appointments?date=${second}&staff_id=${ids.paula}`)).text());
        assert.match(html, /série: 2 de 6/, 'the mark is in the first HTML');
        await waitForShell(page);
        const block = page.getByRole('link', { name: /série: 2 de 6.*Carla Dias/ });
        await block.click();
        const dialog = page.getByRole('dialog', { name: 'Agendamento de Carla Dias' });
        await dialog.getByText('2 de 6').waitFor();
        assert.equal(await dialog.getByRole('link', { name: 'Ver a série' }).getAttribute('href'), `/clients/${ids.carla}#serie-${(await seriesOf(ids.carla))[0].id}`);

        // Confirm this one and the following: asked first, then four confirmed.
        await dialog.getByRole('button', { name: 'Confirmar' }).click();
        const question = dialog.getByRole('region', { name: 'Só esta ou a série?' });
        await question.waitFor();
        await shot(page, `series-scope-${viewport.width}`);
        await question.getByRole('button', { name: 'Esta e as seguintes' }).click();
        await closeToast(page, 'Agendamento de Carla Dias: Confirmado.');
        const mine = (await api(app.server.url, ids.token, 'GET', `/appointments?client_id=${ids.carla}&per_page=100&from=${monday}&to=${addDays(monday, 30)}`)).data;
        assert.deepEqual(mine.map((a) => a.status), ['agendado', 'confirmado', 'confirmado', 'confirmado', 'confirmado', 'confirmado']);
        assert.equal(await scrollsSideways(page), false);
        assert.deepEqual(problems(messages), []);
      });
    });

    it(`lists the client's series with what is left (${name})`, async () => {
      await withPage(app, { user: ADMIN, viewport, ...options }, async ({ page, messages }) => {
        const html = renderedRoot(await (await page.goto(`/clients/${ids.carla}`)).text());
        assert.match(html, /Séries/);
        assert.match(html, /Toda semana: segunda e quinta, 5 vezes/);
        await waitForShell(page);
        await shot(page, `series-client-${viewport.width}`, { fullPage: true });
        assert.equal(await scrollsSideways(page), false);
        assert.deepEqual(problems(messages), []);
      });
    });
  }

  async function seriesOf(client) {
    return (await api(app.server.url, ids.token, 'GET', `/appointments/series?client_id=${client}`)).data;
  }
});
