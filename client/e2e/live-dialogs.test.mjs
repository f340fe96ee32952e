// The live agenda inside the screens: an open appointment warns of another
// person's change and offers "Recarregar"; a booking whose time was just
// taken says so before saving; a changed block names who changed it; a
// change on another day reads no agenda again; and with the stream refused,
// the agenda is read again every 30 s, a 304 while nothing changed. Two
// browser contexts (the admin's page, Paula writing), at 1366 and 360 px.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ADMIN, addDays, api, appForSuite, dayPerWidth, now, openPage, PAULA, problems, shot, signIn, suite, VIEWPORTS, waitForShell, weekdayAhead, withPage, agendaBlock as block } from './harness.mjs';

// A Wednesday per width, weeks ahead, apart from the other live suite's days.
const DAYS = dayPerWidth(weekdayAhead(150, 3), 7);

const agendaReads = (page) => {
  const seen = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/api/agenda') seen.push({ status: r.status(), ifNoneMatch: r.request().headers()['if-none-match'] ?? null, url: r.url() });
  });
  return seen;
};

suite('live agenda: dialogs, notes, what is read again, and the fallback', () => {
  const ids = { appointments: {} };
  let paula;
  const app = appForSuite({
    personas: ids,
    async setup({ server }) {
      paula = (await api(server.url, null, 'POST', '/login', { email: PAULA.email, password: PAULA.password })).data.accessToken;
      for (const [name, day] of Object.entries(DAYS)) {
        ids.appointments[name] = (await api(server.url, paula, 'POST', '/appointments', { clientId: ids.carla, staffId: ids.paula, service: 'Corte', startsAt: `${day}T10:00`, durationMinutes: 60 })).data;
      }
    },
  });
  const write = (method, path, body) => api(app.server.url, paula, method, path, body);

  for (const { name, viewport, ...options } of VIEWPORTS) {
    const day = DAYS[name];
    const showPaula = async (page) => {
      if (viewport.width < 576) await page.selectOption('#agenda-column', { label: 'Paula Lima' });
    };

    it(`an open appointment warns of Paula's change and reloads it on request; a new block names her (${name})`, async () => {
      const booked = ids.appointments[name];
      await withPage(app, { user: ADMIN, viewport, ...options }, async ({ page, messages }) => {
        const streamOpen = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
        await page.goto(`/appointments?date=${day}&open=${booked.id}`);
        await waitForShell(page);
        await streamOpen;
        const dialog = page.getByRole('dialog');
        await dialog.getByText('10:00–11:00').waitFor();

        // Paula moves it to 11:00: the dialog says so at once and keeps what it showed.
        await write('PUT', `/appointments/${booked.id}`, { version: booked.version, startsAt: `${day}T11:00`, durationMinutes: 60 });
        const alert = dialog.getByRole('alert').filter({ hasText: 'Este agendamento foi alterado por Paula agora' });
        await alert.waitFor({ timeout: 2000 });
        await page.waitForTimeout(500);
        assert.equal(await dialog.getByText('10:00–11:00').count(), 1, 'what was shown stays until "Recarregar"');
        await shot(page, `live-dialog-changed-${viewport.width}`);
        await alert.getByRole('button', { name: 'Recarregar' }).click();
        await dialog.getByText('11:00–12:00').waitFor();
        assert.equal(await alert.count(), 0);
        await dialog.getByRole('button', { name: 'Fechar', exact: true }).last().click();
        await dialog.waitFor({ state: 'detached' });

        // Paula books another: its block names her for a few seconds.
        await showPaula(page);
        await write('POST', '/appointments', { clientId: ids.carla, staffId: ids.paula, service: 'Luzes', startsAt: `${day}T15:00`, durationMinutes: 90 });
        const note = block(page, 'Luzes').locator('.agenda-block-live');
        await note.waitFor({ timeout: 2000 });
        assert.equal(await note.innerText(), 'agendado por Paula agora');
        await block(page, 'Luzes').scrollIntoViewIfNeeded();
        await shot(page, `live-block-note-${viewport.width}`);
        await note.waitFor({ state: 'detached', timeout: 10_000 });

        // A change on another day reads no agenda again (only what it touches).
        const reads = agendaReads(page);
        await write('POST', '/appointments', { clientId: ids.carla, staffId: ids.paula, service: 'Barba', startsAt: `${addDays(day, 1)}T09:00`, durationMinutes: 30 });
        await page.waitForTimeout(1500);
        assert.deepEqual(reads, [], 'another day: no read of this one');
        // And one on this day does, once.
        await write('POST', '/appointments', { clientId: ids.carla, staffId: ids.paula, service: 'Escova', startsAt: `${day}T08:00`, durationMinutes: 30 });
        await block(page, 'Escova').waitFor({ timeout: 2000 });
        assert.equal(reads.length, 1, JSON.stringify(reads));
        assert.deepEqual(problems(messages), []);
      });
    });

    it(`a booking whose chosen time Paula just took says so before saving (${name})`, async () => {
      await withPage(app, { user: ADMIN, viewport, ...options }, async ({ page, messages }) => {
        const streamOpen = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
        await page.goto(`/appointments?date=${day}&book=1&book_date=${day}&book_time=17:00&book_staff=${ids.paula}`);
        await waitForShell(page);
        await streamOpen;
        const dialog = page.getByRole('dialog', { name: 'Novo agendamento' });
        await dialog.waitFor();
        assert.equal(await page.inputValue('#booking-time'), '17:00');
        // Taken elsewhere, from 16:30 to 17:30.
        await write('POST', '/appointments', { clientId: ids.carla, staffId: ids.paula, service: 'Hidratação', startsAt: `${day}T16:30`, durationMinutes: 60 });
        const warning = dialog.getByRole('alert').filter({ hasText: 'O horário escolhido acabou de ser ocupado' });
        await warning.waitFor({ timeout: 2000 });
        assert.match(await warning.innerText(), /por Paula agora, 16:30–17:30/);
        await shot(page, `live-booking-taken-${viewport.width}`);
        // Another time: the warning goes.
        await page.fill('#booking-time', '19:00');
        await warning.waitFor({ state: 'detached' });
        assert.deepEqual(problems(messages), []);
      });
    });

    it(`"Paula está editando" on a client's form she has open, gone when she closes it (${name})`, async () => {
      await withPage(app, { user: ADMIN, viewport, ...options }, async ({ page, messages }) => {
        const other = await openPage(app.browser, app.server.url, { viewport, ...options });
        try {
          await signIn(other.page, PAULA);
          const edit = async (p) => {
            await p.goto(`/clients/${ids.carla}`, { waitUntil: 'networkidle' });
            await p.getByRole('link', { name: 'Editar', exact: true }).click();
            return p.getByRole('form', { name: 'Editar cliente' });
          };
          const mine = await edit(page);
          const theirs = await edit(other.page);
          const note = mine.getByRole('status').filter({ hasText: 'Paula está editando este cliente.' });
          await note.waitFor({ timeout: 3000 });
          await shot(page, `live-presence-${viewport.width}`);
          // Paula leaves the form: the note goes at once.
          await theirs.getByRole('button', { name: 'Cancelar' }).click();
          await note.waitFor({ state: 'detached', timeout: 3000 });
          assert.deepEqual(problems(messages), []);
        } finally {
          await other.context.close();
        }
      });
    });

    it(`with the stream refused, the agenda is read every 30 s: 304 while unchanged, then the change (${name})`, async () => {
      const { context, page } = await openPage(app.browser, app.server.url, { viewport, ...options });
      try {
        await context.route('**/api/events', (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'proxy' }));
        await signIn(page);
        await page.clock.install({ time: now() });
        const reads = agendaReads(page);
        // The stream's code loads after hydration: the screens poll once it was refused.
        const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events');
        await page.goto(`/appointments?date=${day}`);
        await waitForShell(page);
        await showPaula(page);
        await block(page, 'Corte').waitFor();
        assert.deepEqual(reads, [], 'the first paint reads nothing');
        assert.equal((await refused).status(), 503);
        // Its error event, which starts the polling, comes in a task of its own.
        await page.waitForTimeout(300);
        const poll = async (count) => {
          await page.clock.fastForward(30_000);
          // The changes' settle (150 ms) runs on the page's clock too.
          await page.clock.runFor(500);
          for (let i = 0; i < 50 && reads.length < count; i++) await page.waitForTimeout(100);
          assert.equal(reads.length, count, JSON.stringify(reads));
        };
        await poll(1);
        assert.equal(reads[0].status, 200);
        await poll(2);
        assert.deepEqual([reads[1].status, Boolean(reads[1].ifNoneMatch)], [304, true], 'nothing changed: 304');
        await write('POST', '/appointments', { clientId: ids.carla, staffId: ids.paula, service: 'Manicure', startsAt: `${day}T13:00`, durationMinutes: 30 });
        await poll(3);
        assert.equal(reads[2].status, 200);
        await block(page, 'Manicure').waitFor({ timeout: 2000 });
        await shot(page, `live-fallback-${viewport.width}`);
      } finally {
        await context.close();
      }
    });
  }
});
