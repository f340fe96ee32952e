// Two people edit one record: a save sends only what its
// user changed, on the version it was typed on; the later save's 409 moves
// what was typed onto the other person's save, field by field, and nothing
// stale is saved unless its user picks it, reloaded or not. At 1366 and 360 px.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ADMIN, api, appForSuite, DESKTOP, openPage, problems, shot, signIn, suite, VIEWPORTS, weekdayAhead, withPage } from './harness.mjs';

const STALE = 'Este registro foi alterado por outra pessoa. Recarregue e tente novamente.';

suite('two people editing one record', () => {
  const ids = {};
  let token;
  const app = appForSuite({
    async setup({ server, token: admin }) {
      token = admin;
      const { data: me } = await api(server.url, token, 'GET', '/me');
      ids.me = me.id;
      for (const { name } of VIEWPORTS) {
        const { data: client } = await api(server.url, token, 'POST', '/clients', {
          name: `Rita Conflito ${name}`, email: `rita.${name}@example.com`, phone: '(11) 91111-1111', notes: 'Primeira consulta',
        });
        ids[name] = client.id;
      }
    },
  });
  const record = async (id) => (await api(app.server.url, token, 'GET', `/clients/${id}`)).data;

  /** Opens the client's record in `page` and its form ("Editar"). */
  async function edit(page, id) {
    await page.goto(`/clients/${id}`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Editar', exact: true }).click();
    return page.getByRole('form', { name: 'Editar cliente' });
  }

  for (const { name, ...options } of VIEWPORTS) {
    it(`a later save shows the other's save beside what was typed, and saves only what its user picks (${name})`, async () => {
      const id = ids[name];
      const email = `rita.nova.${name}@example.com`;
      await withPage(app, { user: ADMIN, ...options }, async ({ page, messages }) => {
        const other = await openPage(app.browser, app.server.url, options);
        try {
          await signIn(other.page);
          // Both open the form on version 1.
          const mine = await edit(page, id);
          const theirs = await edit(other.page, id);
          // This user types a phone and a note.
          await page.fill('#client-phone', '(11) 93333-3333');
          await page.fill('#client-notes', 'Prefere horários de manhã');
          // The other person saves another phone and an e-mail first.
          await other.page.fill('#client-phone', '(11) 92222-2222');
          await other.page.fill('#client-email', email);
          await theirs.getByRole('button', { name: 'Salvar' }).click();
          await theirs.waitFor({ state: 'detached' });
          assert.equal((await record(id)).version, 2);

          // This user's save: 409, then the form shows, field by field, what changed.
          await mine.getByRole('button', { name: 'Salvar' }).click();
          await mine.getByText('Outra pessoa salvou este registro enquanto você editava.', { exact: false }).waitFor();
          assert.equal(await page.inputValue('#client-email'), email, 'a field this user left alone shows the other save');
          assert.equal(await page.inputValue('#client-phone'), '(11) 93333-3333', 'a field both changed keeps what this user typed');
          assert.equal(await page.inputValue('#client-notes'), 'Prefere horários de manhã');
          await mine.locator('#client-phone-hint').getByText('Salvo por outra pessoa: (11) 92222-2222', { exact: false }).waitFor();
          await mine.locator('#client-email-hint').getByText(`Atualizado por outra pessoa: ${email}`).waitFor();
          await page.evaluate(() => document.querySelector('#client-phone').scrollIntoView({ block: 'center', behavior: 'instant' }));
          await shot(page, `edit-conflict-${options.viewport.width}`);

          // The message says to reload: reloading reopens the kept draft with the same choice, not the stale text.
          await page.reload({ waitUntil: 'networkidle' });
          const again = page.getByRole('form', { name: 'Editar cliente' });
          await again.locator('#client-phone-hint').getByText('Salvo por outra pessoa: (11) 92222-2222', { exact: false }).waitFor();
          assert.equal(await page.inputValue('#client-email'), email, 'the reloaded draft takes the e-mail saved meanwhile');
          assert.equal(await page.inputValue('#client-phone'), '(11) 93333-3333');
          assert.equal(await page.inputValue('#client-notes'), 'Prefere horários de manhã');

          // Saving without picking saves nothing and says why.
          await again.getByRole('button', { name: 'Salvar' }).click();
          await again.getByText('Escolha, em cada campo marcado, entre o que foi salvo e o que você digitou.').waitFor();
          assert.equal((await record(id)).version, 2, 'nothing was sent');

          // The other person's phone is picked: only the note is this user's.
          await again.getByRole('button', { name: 'Usar o salvo' }).click();
          assert.equal(await page.inputValue('#client-phone'), '(11) 92222-2222');
          const sent = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/api/clients/${id}`));
          await again.getByRole('button', { name: 'Salvar' }).click();
          assert.deepEqual((await sent).postDataJSON(), { notes: 'Prefere horários de manhã', version: 2 }, 'only the field this user changed, on the version it now stands on');
          await again.waitFor({ state: 'detached' });
          const saved = await record(id);
          assert.deepEqual(
            { phone: saved.phone, email: saved.email, notes: saved.notes, version: saved.version },
            { phone: '11922222222', email, notes: 'Prefere horários de manhã', version: 3 },
            "both saves kept: the other's phone and e-mail, this user's note",
          );
          assert.deepEqual(problems(messages).filter((m) => !/status of 409/.test(m.text)), []);
        } finally {
          await other.context.close();
        }
      });
    });
  }

  it('a save of a field the other person did not touch goes through after the 409, keeping theirs (desktop)', async () => {
    const { data: client } = await api(app.server.url, token, 'POST', '/clients', { name: 'Otávio Sem Choque', phone: '(11) 94444-4444' });
    await withPage(app, { user: ADMIN, ...DESKTOP }, async ({ page }) => {
      const mine = await edit(page, client.id);
      await page.fill('#client-notes', 'Retorno em 30 dias');
      // Someone else saves the phone (its record moves to version 2).
      await api(app.server.url, token, 'PUT', `/clients/${client.id}`, { phone: '(11) 95555-5555', version: 1 });
      const answers = [];
      page.on('response', (r) => r.request().method() === 'PUT' && answers.push(r.status()));
      await mine.getByRole('button', { name: 'Salvar' }).click();
      await mine.locator('#client-phone-hint').getByText('Atualizado por outra pessoa: (11) 95555-5555').waitFor();
      assert.equal(await mine.getByText(STALE).count(), 0, 'the message no longer says to reload');
      await mine.getByRole('button', { name: 'Salvar' }).click();
      await mine.waitFor({ state: 'detached' });
      assert.deepEqual(answers, [409, 200]);
      const saved = await record(client.id);
      assert.deepEqual([saved.phone, saved.notes], ['11955555555', 'Retorno em 30 dias']);
    });
  });

  for (const { name, ...options } of VIEWPORTS) {
    it(`the appointment's reschedule moves onto the other's save and sends only what changed (${name})`, async () => {
      const { data: client } = await api(app.server.url, token, 'POST', '/clients', { name: `Bia Agenda ${name}` });
      // A weekday a week or two ahead, a different one per width.
      const day = weekdayAhead(name === 'phone' ? 14 : 7);
      const { data: a } = await api(app.server.url, token, 'POST', '/appointments', {
        clientId: client.id, staffId: ids.me, service: 'Consulta', startsAt: `${day}T10:00:00`, durationMinutes: 60, priceCents: 10000,
      });
      await withPage(app, { user: ADMIN, ...options }, async ({ page }) => {
        // The 409's path: without the live stream, which would bring the
        // other's save (and its rebase) before the click on a slow machine.
        await page.route('**/api/events', (route) => route.abort());
        await page.goto(`/appointments?open=${a.id}`, { waitUntil: 'networkidle' });
        const dialog = page.getByRole('dialog', { name: `Agendamento de Bia Agenda ${name}` });
        await dialog.waitFor();
        await page.selectOption('#reschedule-duration', '90');
        // Someone else moves it to 14:00 meanwhile.
        await api(app.server.url, token, 'PUT', `/appointments/${a.id}`, { startsAt: `${day}T14:00:00`, version: a.version });
        await dialog.getByRole('button', { name: 'Salvar horário' }).click();
        await dialog.locator('#reschedule-time-hint').getByText('Atualizado por outra pessoa: 14:00').waitFor();
        assert.equal(await page.inputValue('#reschedule-time'), '14:00');
        assert.equal(await page.inputValue('#reschedule-duration'), '90', 'what this user chose stays');
        await dialog.locator('#reschedule-time-hint').scrollIntoViewIfNeeded();
        await shot(page, `edit-conflict-appointment-${options.viewport.width}`);
        const sent = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/api/appointments/${a.id}`));
        await dialog.getByRole('button', { name: 'Salvar horário' }).click();
        assert.deepEqual((await sent).postDataJSON(), { version: a.version + 1, durationMinutes: 90 }, 'the duration alone, on the version moved onto');
        await page.locator('.Toastify').getByText('remarcado para', { exact: false }).waitFor();
        const { data: saved } = await api(app.server.url, token, 'GET', `/appointments/${a.id}`);
        assert.match(saved.startsAt, /T14:00/);
        assert.match(saved.endsAt, /T15:30/);
      });
    });
  }
});
