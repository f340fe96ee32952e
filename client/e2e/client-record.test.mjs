// A client's record with a long history and many appointments: the server
// renders the first page of each list, hydration fetches nothing, and each
// list pages on from there; a history entry cut short shows its whole text
// on request. At 1366 and 360 px.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { addDays, ADMIN, api, apiCallsDuring, appForSuite, assertFitsScreen, hydrationProblems, mondayThisWeek, problems, renderedRoot, serverNodeKept, shot, suite, VIEWPORTS, waitForShell, withPage } from './harness.mjs';

const EDITS = 24;
const note = (n) => `Evolução ${n}: ${'paciente relata melhora progressiva, segue orientação. '.repeat(8).trim()}`;

suite("a client's record in pages", () => {
  const ids = {};
  const app = appForSuite({
    async setup({ server, token }) {
      const { data: me } = await api(server.url, token, 'GET', '/me');
      const { data: client } = await api(server.url, token, 'POST', '/clients', { name: 'Helena Prontuário' });
      ids.client = client.id;
      for (let n = 1; n <= EDITS; n++) await api(server.url, token, 'PUT', `/clients/${client.id}`, { notes: note(n), version: n });
      // 15 weeks back and 8 ahead: 15 past appointments (two pages), 8 to come.
      const monday = mondayThisWeek();
      for (let w = -15; w < 8; w++) {
        const date = addDays(monday, 7 * (w < 0 ? w : w + 1));
        await api(server.url, token, 'POST', '/appointments', {
          clientId: client.id, staffId: me.id, service: `Sessão ${w + 16}`, startsAt: `${date}T09:00:00`, durationMinutes: 50, priceCents: 20000,
        });
      }
    },
  });

  for (const { name, ...options } of VIEWPORTS) {
    it(`shows the first page of each list from the server, then pages on (${name})`, async () => {
      await withPage(app, { user: ADMIN, ...options }, async ({ page, messages }) => {
        // A full load of the (server-rendered, seeded) dashboard: whatever the
        // sign-in's in-app navigation still had in flight goes with the old document.
        await page.goto('/dashboard', { waitUntil: 'networkidle' });
        let html = '';
        const calls = await apiCallsDuring(page, async () => {
          messages.length = 0;
          const response = await page.goto(`/clients/${ids.client}`, { waitUntil: 'networkidle' });
          html = await response.text();
          await waitForShell(page);
        });
        assert.deepEqual(calls, [], 'hydration fetches nothing');
        assert.equal(await serverNodeKept(page), true, 'hydrated, not replaced');
        const root = renderedRoot(html);
        assert.match(root, /25 alterações · página 1 de 3/, 'the history: its first page and how many');
        assert.match(root, /15 agendamentos · página 1 de 2/, 'the past appointments: their first page');
        // Ten entries, newest first: edits 24 to 15 (the 15th's old value is the 14th note).
        assert.ok(root.includes(`Evolução ${EDITS}:`) && !root.includes(`Evolução ${EDITS - 11}:`), 'ten entries, newest first');

        const timeline = page.locator('.client-timeline');
        assert.equal(await timeline.locator('> li').count(), 10);
        await shot(page, `client-record-${options.viewport.width}`, { fullPage: true });
        await assertFitsScreen(page, options.viewport, 'the record');

        // The history's next page: the ten older entries.
        const history = page.getByRole('navigation', { name: 'Páginas do histórico' });
        await history.getByRole('button', { name: 'Próxima página' }).click();
        await history.getByText('25 alterações · página 2 de 3').waitFor();
        await timeline.getByText(`Evolução ${EDITS - 10}:`, { exact: false }).first().waitFor();
        assert.equal(await timeline.getByText(`Evolução ${EDITS}:`, { exact: false }).count(), 0);

        // A note cut short in the list, whole on request.
        const entry = timeline.locator('> li').first();
        const cut = await entry.innerText();
        assert.match(cut, /…/);
        await entry.getByRole('button', { name: 'Ver texto completo' }).click();
        await entry.getByText(note(EDITS - 10), { exact: false }).waitFor();
        assert.equal(await entry.getByRole('button', { name: 'Ver texto completo' }).count(), 0);

        // The past appointments' second page.
        const past = page.getByRole('navigation', { name: 'Páginas dos agendamentos anteriores' });
        const pastCard = page.locator('.card', { has: page.getByRole('heading', { name: 'Agendamentos anteriores' }) });
        const firstRows = await pastCard.locator('tbody tr').allInnerTexts();
        await past.getByRole('button', { name: 'Próxima página' }).click();
        await past.getByText('15 agendamentos · página 2 de 2').waitFor();
        await pastCard.getByText('Sessão 1', { exact: true }).first().waitFor();
        assert.notDeepEqual(await pastCard.locator('tbody tr').allInnerTexts(), firstRows);
        // Eight to come: one page, no pagination.
        assert.equal(await page.getByRole('navigation', { name: 'Páginas dos próximos agendamentos' }).count(), 0);
        await shot(page, `client-record-paged-${options.viewport.width}`, { fullPage: true });
        assert.deepEqual(hydrationProblems(messages), []);
        assert.deepEqual(problems(messages), []);
      });
    });
  }
});
