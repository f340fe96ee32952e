// The live agenda across two instances of the server on one PostgreSQL
// database (server/live.rs bridges them with LISTEN/NOTIFY): Paula, in a
// browser on instance 1, books, moves and cancels; the admin, in a browser
// on instance 2 with the same day open, sees each within 2 s without a
// reload; and with that appointment's dialog open there, is warned of
// Paula's change, and a save on what it showed gets the conflict (409),
// never a silent overwrite. At 1366 and 360 px.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ADMIN, api, appForSuite, dayPerWidth, openPage, PAULA, problems, shot, signIn, suite, VIEWPORTS, weekdayAhead, withPage, agendaBlock as block, openLiveDay } from './harness.mjs';

// A Tuesday per width, weeks ahead, apart from the other live suites' days.
const DAYS = dayPerWidth(weekdayAhead(180, 2), 7);

/** How long `locator` took to reach `state` (at most 2 s, or the test fails). */
async function within2s(locator, state = 'visible') {
  const started = performance.now();
  await locator.waitFor({ state, timeout: 2000 });
  return Math.round(performance.now() - started);
}

suite('live agenda: two instances on PostgreSQL', () => {
  const ids = { appointments: {} };
  const app = appForSuite({
    postgres: true,
    instances: 2,
    personas: ids,
    async setup({ server, token }) {
      for (const [name, day] of Object.entries(DAYS)) {
        ids.appointments[name] = (
          await api(server.url, token, 'POST', '/appointments', { clientId: ids.carla, staffId: ids.paula, service: 'Corte', startsAt: `${day}T10:00`, durationMinutes: 60 })
        ).data;
      }
    },
  });

  for (const { name, viewport, ...options } of VIEWPORTS) {
    const day = DAYS[name];
    /** The day's agenda open on `page`, its stream open, Paula's column in view. */
    const openDay = async (page) => {
      await openLiveDay(page, day, viewport);
    };

    it(`what Paula does on instance 1 reaches the admin's agenda and open dialog on instance 2 (${name})`, async () => {
      const [one, two] = app.servers;
      // Context A: Paula on instance 1, the day open; she writes through the API with her session there.
      const a = await openPage(app.browser, one.url, { viewport, ...options });
      try {
        await signIn(a.page, PAULA);
        await openDay(a.page);
        const paula = (await api(one.url, null, 'POST', '/login', { email: PAULA.email, password: PAULA.password })).data.accessToken;
        const write = (method, path, body) => api(one.url, paula, method, path, body);

        // Context B: the admin on instance 2, the same day open.
        await withPage(app, { user: ADMIN, baseURL: two.url, viewport, ...options }, async ({ page, messages }) => {
          await openDay(page);
          assert.equal(await block(page, 'Luzes').count(), 0);
          const times = {};

          // Booked on instance 1: on instance 2's screen, named as Paula's.
          const booked = (await write('POST', '/appointments', { clientId: ids.carla, staffId: ids.paula, service: 'Luzes', startsAt: `${day}T15:00`, durationMinutes: 90 })).data;
          times.booked = await within2s(block(page, 'Luzes'));
          assert.match(await block(page, 'Luzes').innerText(), /15:00–16:30/);
          assert.equal(await block(page, 'Luzes').locator('.agenda-block-live').innerText(), 'agendado por Paula agora');
          await block(a.page, 'Luzes').waitFor({ timeout: 2000 });
          await block(page, 'Luzes').scrollIntoViewIfNeeded();
          await shot(page, `live-two-instances-booked-${viewport.width}`);

          // Moved: the block goes to 16:00 there.
          await write('PUT', `/appointments/${booked.id}`, { version: booked.version, startsAt: `${day}T16:00`, durationMinutes: 90 });
          times.moved = await within2s(block(page, 'Luzes').filter({ hasText: '16:00–17:30' }));
          assert.equal(await block(page, 'Luzes').locator('.agenda-block-live').innerText(), 'alterado por Paula agora');

          // Cancelled: it leaves the day there.
          await write('PATCH', `/appointments/${booked.id}/status`, { status: 'cancelado', version: booked.version + 1, cancellationReason: 'Desmarcou' });
          times.cancelled = await within2s(block(page, 'Luzes'), 'detached');
          assert.equal(await block(page, 'Corte').count(), 1, 'the rest of the day stays');
          console.log(`# instance 1 → instance 2 (${name}): ${JSON.stringify(times)} ms`);

          // The admin opens Corte; Paula moves it to 11:00 meanwhile.
          const corte = ids.appointments[name];
          await block(page, 'Corte').click();
          const dialog = page.getByRole('dialog', { name: 'Agendamento de Carla Dias' });
          await dialog.getByText('10:00–11:00').waitFor();
          await write('PUT', `/appointments/${corte.id}`, { version: corte.version, startsAt: `${day}T11:00`, durationMinutes: 60 });
          const alert = dialog.getByRole('alert').filter({ hasText: 'Este agendamento foi alterado por Paula agora' });
          await within2s(alert);
          assert.equal(await alert.getByRole('button', { name: 'Recarregar' }).count(), 1);
          assert.equal(await dialog.getByText('10:00–11:00').count(), 1, 'what was shown stays until "Recarregar"');
          await shot(page, `live-two-instances-dialog-${viewport.width}`);

          // A save on what the dialog showed: 90 minutes, on version 1.
          const answers = [];
          page.on('response', (r) => r.request().method() === 'PUT' && answers.push(r.status()));
          await page.selectOption('#reschedule-duration', '90');
          await dialog.getByRole('button', { name: 'Salvar horário' }).click();
          const refused = dialog.getByRole('alert').filter({ hasText: 'Este registro foi alterado por outra pessoa. Recarregue e tente novamente.' });
          await refused.waitFor();
          assert.deepEqual(answers, [409], 'the stale save was refused');
          const { data: kept } = await api(two.url, app.token, 'GET', `/appointments/${corte.id}`);
          assert.equal(kept.version, 2, 'nothing saved over it');
          assert.match(`${kept.startsAt} ${kept.endsAt}`, /T11:00.* .*T12:00/, "Paula's move stands");
          await refused.scrollIntoViewIfNeeded();
          await shot(page, `live-two-instances-conflict-${viewport.width}`);
          // "Recarregar" shows Paula's version.
          await alert.getByRole('button', { name: 'Recarregar' }).click();
          await dialog.getByText('11:00–12:00').waitFor();
          assert.equal(await alert.count(), 0);
          assert.deepEqual(problems(messages).filter((m) => !/status of 409/.test(m.text)), []);
        });
        assert.deepEqual(problems(a.messages), []);
      } finally {
        await a.context.close();
      }
    });
  }
});
