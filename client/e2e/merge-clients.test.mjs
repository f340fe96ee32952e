// "Juntar cadastros" on a client's page: the front desk picks the duplicate
// with the client search, reads what will happen, confirms; the record then
// shows the duplicate's data, appointments and history, and the duplicate
// is gone. A Profissional is not offered it. At 1366 and 360 px.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { api, appForSuite, assertFitsScreen, closeToast, problems, shot, suite, VIEWPORTS, waitForHydration, weekdayAhead, withPage } from './harness.mjs';

const RITA = { name: 'Rita Recepção', email: 'rita.recepcao@example.com', password: 'prancha-azul-42' };
const PAULA = { name: 'Paula Fisioterapeuta', email: 'paula.fisio@example.com', password: 'prancha-azul-42' };
// One pair of records per width: a merge cannot be undone.
const PEOPLE = {
  desktop: { kept: 'Helena Moura', duplicate: 'Helena M.', email: 'helena.m@example.com' },
  phone: { kept: 'Irene Sampaio', duplicate: 'Irene S.', email: 'irene.s@example.com' },
};

suite('merging two records of one client', () => {
  const ids = {};
  const app = appForSuite({
    async setup({ server, token }) {
      await api(server.url, token, 'POST', '/users', { ...RITA, role: 'staff' });
      const paula = (await api(server.url, token, 'POST', '/users', { ...PAULA, role: 'professional' })).data.id;
      const day = weekdayAhead(3);
      for (const [width, who] of Object.entries(PEOPLE)) {
        const kept = (await api(server.url, token, 'POST', '/clients', { name: who.kept, phone: '(11) 98765-4321' })).data;
        // As the public booking page will make it: a phone, an e-mail, a note.
        const body = { name: who.duplicate, phone: '(11) 91111-2222', email: who.email, notes: 'Cadastro pela internet.' };
        const duplicate = (await api(server.url, token, 'POST', '/clients', body)).data;
        ids[width] = { kept: kept.id, duplicate: duplicate.id };
        const book = (clientId, service, hour) =>
          api(server.url, token, 'POST', '/appointments', { clientId, staffId: paula, service, startsAt: `${day}T${hour}:00:00`, durationMinutes: 30 });
        await book(kept.id, 'Avaliação', width === 'desktop' ? 9 : 13);
        await book(duplicate.id, 'Drenagem agendada online', width === 'desktop' ? 10 : 14);
      }
    },
  });

  for (const { name, ...options } of VIEWPORTS) {
    it(`the front desk picks the duplicate, reads what happens and merges (${name})`, async () => {
      const who = PEOPLE[name];
      const { kept, duplicate } = ids[name];
      await withPage(app, { user: RITA, ...options }, async ({ page, messages }) => {
        await page.goto(`/clients/${kept}`);
        await waitForHydration(page);
        await page.getByRole('link', { name: 'Juntar cadastros' }).click();
        await page.waitForURL(`**/clients/${kept}?open=merge`);
        const dialog = page.getByRole('dialog', { name: 'Juntar cadastros' });
        // Nothing picked: said under the picker, nothing sent.
        await dialog.getByRole('button', { name: 'Juntar cadastros' }).click();
        await dialog.getByText('Escolha o cadastro duplicado.').waitFor();

        // The search offers the duplicate, never the record itself.
        await dialog.getByRole('combobox', { name: 'Cadastro duplicado' }).fill(who.kept.split(' ')[0]);
        const option = page.getByRole('option', { name: new RegExp(who.duplicate.replace('.', '\\.')) });
        await option.waitFor();
        assert.equal(await page.getByRole('option', { name: new RegExp(who.kept) }).count(), 0, 'the record itself is not offered');
        await option.click();
        const warning = dialog.getByRole('status');
        assert.equal(
          (await warning.locator('p').first().innerText()).replace(/\s+/g, ' ').trim(),
          `Os agendamentos, o histórico e os lembretes de ${who.duplicate} passam para ${who.kept}; o cadastro de ${who.duplicate} é apagado.`,
        );
        await shot(page, `merge-dialog-${options.viewport.width}`);
        await assertFitsScreen(page, options.viewport, 'the merge dialog');

        await dialog.getByRole('button', { name: 'Juntar cadastros' }).click();
        await closeToast(page, `O cadastro de ${who.duplicate} foi juntado ao de ${who.kept}.`);
        await page.waitForURL(`**/clients/${kept}`);
        assert.equal(await page.getByRole('dialog').count(), 0);
        // The record now: the duplicate's e-mail and note, its appointment, the merge in the history.
        const data = page.locator('.card', { has: page.getByRole('heading', { name: 'Dados' }) });
        await data.getByText(who.email).first().waitFor();
        await data.getByText('Cadastro pela internet.').waitFor();
        await data.getByText('(11) 98765-4321').waitFor();
        const upcoming = page.locator('.card', { has: page.getByRole('heading', { name: 'Próximos agendamentos' }) });
        await upcoming.getByText('Drenagem agendada online').first().waitFor();
        const first = page.locator('.client-timeline > li').first();
        await first.getByText('Junção de cadastros').waitFor();
        await first.getByText(`${who.duplicate} (código ${duplicate})`, { exact: false }).waitFor();
        // The duplicate's own entries are the record's history now, marked as its.
        await page.locator('.client-timeline').getByText(`Do cadastro juntado (código ${duplicate})`).waitFor();
        await shot(page, `merge-done-${options.viewport.width}`, { fullPage: true });
        await assertFitsScreen(page, options.viewport, 'the merged record');

        // The duplicate is gone.
        await page.goto(`/clients/${duplicate}`);
        await page.getByText('Cliente não encontrado.').first().waitFor();
        assert.deepEqual(problems(messages).filter((m) => !/404/.test(m.text)), []);
      });
    });
  }

  it('a Profissional is not offered the merge, not even at its address', async () => {
    const { kept } = ids.desktop;
    await withPage(app, { user: PAULA, viewport: VIEWPORTS[0].viewport }, async ({ page }) => {
      await page.goto(`/clients/${kept}?open=merge`);
      await waitForHydration(page);
      await page.getByRole('heading', { name: PEOPLE.desktop.kept }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'Juntar cadastros' }).count(), 0);
      assert.equal(await page.getByRole('dialog').count(), 0);
    });
  });
});
