// The live agenda: a day open in one browser shows, without a reload, an
// appointment another user books (and then cancels) through the API from
// another browser context, carried by GET /api/events.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ADMIN, api, appForSuite, dayPerWidth, openPage, PAULA, problems, shot, signIn, suite, VIEWPORTS, waitForShell, weekdayAhead, withPage, agendaBlock as block } from './harness.mjs';

// A Thursday per width, weeks ahead, so the two runs do not meet.
const DAYS = dayPerWidth(weekdayAhead(120, 4), 7);

suite('live agenda: changes made elsewhere appear without a reload', () => {
  const ids = {};
  const app = appForSuite({
    personas: ids,
    async setup({ server, token }) {
      for (const day of Object.values(DAYS)) {
        await api(server.url, token, 'POST', '/appointments', { clientId: ids.carla, staffId: ids.paula, service: 'Corte', startsAt: `${day}T10:00`, durationMinutes: 60 });
      }
    },
  });

  for (const { name, viewport, ...options } of VIEWPORTS) {
    const day = DAYS[name];
    it(`shows a booking and its cancellation from another user within 2 s (${name})`, async () => {
      // Context A: Paula, signed in in a browser of her own, writes through the API.
      const other = await openPage(app.browser, app.server.url);
      try {
        await signIn(other.page, PAULA);
        const paulaToken = (await api(app.server.url, null, 'POST', '/login', { email: PAULA.email, password: PAULA.password })).data.accessToken;
        const write = async (method, path, data) => {
          const response = await other.context.request.fetch(`/api${path}`, { method, headers: { Authorization: `Bearer ${paulaToken}` }, data });
          assert.ok(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`);
          return response.json();
        };

        // Context B: the admin with the day open.
        await withPage(app, { user: ADMIN, viewport, ...options }, async ({ page, messages }) => {
          const streamOpen = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
          await page.goto(`/appointments?date=${day}`);
          await waitForShell(page);
          if (viewport.width < 576) await page.selectOption('#agenda-column', { label: 'Paula Lima' });
          await block(page, 'Corte').waitFor();
          const stream = await streamOpen;
          assert.equal(stream.headers()['content-type'], 'text/event-stream');
          assert.equal(await block(page, 'Luzes').count(), 0);

          const booked = (
            await write('POST', '/appointments', { clientId: ids.carla, staffId: ids.paula, service: 'Luzes', startsAt: `${day}T15:00`, durationMinutes: 90 })
          ).data;
          const started = performance.now();
          await block(page, 'Luzes').waitFor({ timeout: 2000 });
          const shown = performance.now() - started;
          assert.ok(shown < 2000, `shown after ${Math.round(shown)} ms`);
          assert.match(await block(page, 'Luzes').innerText(), /15:00–16:30/);
          // The new block in view, as someone watching the day would scroll to it.
          await block(page, 'Luzes').scrollIntoViewIfNeeded();
          await shot(page, `live-agenda-${viewport.width}`);

          await write('PATCH', `/appointments/${booked.id}/status`, { status: 'cancelado', version: booked.version, cancellationReason: 'Desmarcou' });
          await block(page, 'Luzes').waitFor({ state: 'detached', timeout: 2000 });
          assert.equal(await block(page, 'Corte').count(), 1, 'the rest of the day stays');

          // Carla confirms through her link: the desk is told in a toast.
          const reminders = await api(app.server.url, app.token, 'GET', `/reminders?date=${day}`);
          const { link } = reminders.data.rows.find((r) => r.clientName === 'Carla Dias');
          const answer = await fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=confirm' });
          assert.equal(answer.status, 200);
          await page.getByText('Um cliente respondeu pelo link').waitFor({ timeout: 2000 });
          // The toast slid in whole (its own animation; its progress bar runs on until it closes).
          await page.waitForFunction(() => [...document.querySelectorAll('.Toastify__toast')].every((t) => t.getAnimations().length === 0));
          await shot(page, `live-agenda-client-reply-${viewport.width}`, { toasts: true });
          assert.deepEqual(problems(messages), []);
        });
      } finally {
        await other.context.close();
      }
    });
  }
});
