// Least privilege in the browser (docs/permissions.md): a Profissional at
// 1366 and 360 px sees their own appointments whole and everyone else's as
// unnamed busy blocks, a client list of only their clients, and the
// not-found page for another client's address typed by hand; an admin sees
// who read a client's record in the "Acessos" card, in the first HTML.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ADMIN, api, appForSuite, assertFitsScreen, problems, serverNodeKept, shot, suite, VIEWPORTS, waitForShell, weekdayAhead, withPage } from './harness.mjs';

const PAULA = { name: 'Paula Fisioterapeuta', email: 'paula.fisio@example.com', password: 'prancha-azul-42' };
const RUI = { name: 'Rui Osteopata', email: 'rui.osteo@example.com', password: 'prancha-azul-43' };

suite('least privilege', () => {
  const ids = {};
  const day = weekdayAhead(7, 2);
  const app = appForSuite({
    setup: async ({ server }) => {
      const token = (await api(server.url, null, 'POST', '/login', ADMIN)).data.accessToken;
      ids.token = token;
      ids.paula = (await api(server.url, token, 'POST', '/users', { ...PAULA, role: 'professional' })).data.id;
      ids.rui = (await api(server.url, token, 'POST', '/users', { ...RUI, role: 'staff' })).data.id;
      ids.joao = (await api(server.url, token, 'POST', '/clients', { name: 'João Paciente' })).data.id;
      ids.maria = (await api(server.url, token, 'POST', '/clients', { name: 'Maria Sigilosa', notes: 'Dor lombar' })).data.id;
      const book = (clientId, staffId, service, at) =>
        api(server.url, token, 'POST', '/appointments', { clientId, staffId, service, startsAt: `${day}T${at}`, durationMinutes: 60, allowOutsideHours: true });
      await book(ids.joao, ids.paula, 'Fisioterapia', '09:00');
      await book(ids.maria, ids.rui, 'Osteopatia particular', '10:00');
      await book(ids.maria, ids.rui, 'Osteopatia retorno', '14:00');
    },
  });

  for (const { name, viewport, ...options } of VIEWPORTS) {
    it(`a Profissional sees their agenda, others' time unnamed, and only their clients (${name})`, async () => {
      await withPage(app, { user: PAULA, viewport, ...options }, async ({ page, messages }) => {
        await page.goto(`/appointments?date=${day}`);
        await waitForShell(page);
        assert.equal(await serverNodeKept(page), true, 'hydrated, not replaced');
        await page.locator('.agenda-block', { hasText: 'Fisioterapia' }).first().waitFor({ state: 'attached' });
        assert.equal(await page.locator('.agenda-busy').count() >= 1, true, 'busy blocks drawn');
        const html = await page.content();
        for (const secret of ['Maria Sigilosa', 'Osteopatia', 'Dor lombar']) assert.ok(!html.includes(secret), `${secret} in the page`);
        if (viewport.width < 768) {
          // One column at a time: Rui's, where his time shows as busy.
          await page.locator('#agenda-column').selectOption({ label: RUI.name });
        }
        await page.locator('.agenda-busy', { hasText: 'Ocupado' }).first().scrollIntoViewIfNeeded();
        await shot(page, `permissions-agenda-${viewport.width}`);
        await assertFitsScreen(page, viewport, 'the agenda');

        await page.goto('/clients');
        await waitForShell(page);
        await page.getByText('João Paciente').first().waitFor();
        assert.equal(await page.getByText('Maria Sigilosa').count(), 0);
        await shot(page, `permissions-clients-${viewport.width}`);

        // Another client's address, typed by hand: the not-found page, nothing of her.
        const response = await page.goto(`/clients/${ids.maria}`);
        assert.equal(response.status(), 404);
        await waitForShell(page);
        assert.ok(!(await page.content()).includes('Maria Sigilosa'));
        await shot(page, `permissions-not-found-${viewport.width}`);
        // The typed address's 404 is the one expected error.
        assert.deepEqual(problems(messages).filter((m) => !/status of 404/.test(m.text)), []);
      });
    });
  }

  it('an admin sees who read a client\'s record, in the first HTML', async () => {
    // Paula opened João's record (a read); the admin's page lists it.
    const paula = (await api(app.server.url, null, 'POST', '/login', { email: PAULA.email, password: PAULA.password })).data.accessToken;
    await api(app.server.url, paula, 'GET', `/clients/${ids.joao}`);
    // The row is written beside the answer: wait for it.
    for (let i = 0; i < 50 && !(await api(app.server.url, ids.token, 'GET', `/clients/${ids.joao}/accesses`)).meta.total; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const html = await (await fetch(`${app.server.url}/clients/${ids.joao}`, { headers: { cookie: `expediente_session=${ids.token}` } })).text();
    assert.ok(html.includes('Acessos') && html.includes(PAULA.name), 'the card, server-rendered');
    await withPage(app, { user: ADMIN, viewport: { width: 1366, height: 800 } }, async ({ page, messages }) => {
      await page.goto(`/clients/${ids.joao}`);
      await waitForShell(page);
      const card = page.locator('.card', { has: page.getByText('Acessos', { exact: true }) });
      await card.getByText(PAULA.name).first().waitFor();
      await card.scrollIntoViewIfNeeded();
      await shot(page, 'permissions-accesses-1366');
      assert.deepEqual(problems(messages), []);
    });
  });
});
