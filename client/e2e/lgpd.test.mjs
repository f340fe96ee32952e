// Data that leaves the system, in the browser: a staff member's calendar feed address on the
// profile (copy, "gerar novo" revoking the old one) and on an admin's user
// page; a client's LGPD export (JSON and ZIP downloads) and anonymisation
// with the client's name typed, at 1366 and 360 px.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { it } from 'node:test';
import { ADMIN, addDays, api, appForSuite, assertFitsScreen, businessToday, closeToast, problems, serverNodeKept, shot, suite, VIEWPORTS, waitForShell, withPage } from './harness.mjs';

const STAFF = { name: 'Paula Agenda', email: 'paula.agenda@example.com', password: 'senha-da-paula-1' };

suite('calendar feed and LGPD', () => {
  const ids = { clients: {} };
  const app = appForSuite({
    setup: async ({ server, token }) => {
      ids.token = token;
      ids.staff = (await api(server.url, token, 'POST', '/users', { ...STAFF, role: 'staff' })).data.id;
      const tomorrow = addDays(businessToday(), 1);
      for (const { name } of VIEWPORTS) {
        const client = (
          await api(server.url, token, 'POST', '/clients', {
            name: `Quitéria Fontoura ${name === 'desktop' ? 'Lima' : 'Rocha'}`,
            email: `quiteria.${name}@example.com`,
            phone: '(21) 99876-5432',
            notes: 'Alergia a látex',
          })
        ).data;
        ids.clients[name] = client;
        await api(server.url, token, 'POST', '/appointments', {
          clientId: client.id,
          staffId: ids.staff,
          service: 'Consulta',
          startsAt: `${tomorrow}T${name === 'desktop' ? '10' : '15'}:00`,
          durationMinutes: 30,
          allowOutsideHours: true,
        });
      }
    },
  });

  for (const { name, viewport, ...options } of VIEWPORTS) {
    it(`a staff member copies their feed address and generates a new one (${name})`, async () => {
      await withPage(app, { user: STAFF, viewport, ...options }, async ({ context, page, messages }) => {
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.server.url });
        await page.goto('/auth/profile');
        await waitForShell(page);
        assert.equal(await serverNodeKept(page), true, 'hydrated, not replaced');
        const field = page.getByLabel('Endereço da agenda (iCalendar)');
        await page.waitForFunction(() => document.querySelector('#calendar-feed-url')?.value.startsWith('http'));
        const url = await field.inputValue();
        assert.match(url, new RegExp(`^${app.server.url}/ical/\\d+-[0-9a-f]{64}\\.ics$`));
        const feed = await fetch(url);
        assert.equal(feed.status, 200);
        assert.match(feed.headers.get('content-type'), /^text\/calendar/);
        const text = await feed.text();
        assert.match(text, /BEGIN:VCALENDAR\r\n/);
        assert.match(text, /SUMMARY:Consulta – Quitéria\r\n/);
        assert.doesNotMatch(text, /Fontoura|látex/, 'no full names or notes');

        await page.getByRole('button', { name: 'Copiar' }).click();
        await closeToast(page, 'Endereço copiado.');
        assert.equal(await page.evaluate(() => navigator.clipboard.readText()), url);
        await page.locator('#calendar-feed-url').scrollIntoViewIfNeeded();
        await shot(page, `lgpd-profile-feed-${viewport.width}`);
        await assertFitsScreen(page, viewport, 'the profile');

        await page.getByRole('button', { name: 'Gerar novo' }).click();
        const dialog = page.getByRole('dialog', { name: 'Gerar novo endereço?' });
        await dialog.waitFor();
        await shot(page, `lgpd-feed-regenerate-${viewport.width}`);
        await dialog.getByRole('button', { name: 'Gerar novo' }).click();
        await dialog.waitFor({ state: 'detached' });
        await closeToast(page, 'Novo endereço gerado');
        await page.waitForFunction((old) => document.querySelector('#calendar-feed-url')?.value !== old, url);
        const renewed = await field.inputValue();
        assert.notEqual(renewed, url);
        assert.equal((await fetch(url)).status, 404, 'the old address stops at once');
        assert.equal((await fetch(renewed)).status, 200);
        assert.deepEqual(problems(messages), []);
      });
    });
  }

  it('an admin sees a member\'s feed address on their page', async () => {
    await withPage(app, { user: ADMIN, viewport: { width: 1366, height: 800 } }, async ({ page, messages }) => {
      const { data } = await api(app.server.url, ids.token, 'GET', `/users/${ids.staff}/calendar`);
      await page.goto(`/users/${ids.staff}`);
      await waitForShell(page);
      await page.waitForFunction((want) => document.querySelector('#calendar-feed-url')?.value === want, data.url);
      await shot(page, 'lgpd-user-feed-1366', { fullPage: true });
      assert.deepEqual(problems(messages), []);
    });
  });

  for (const { name, viewport, ...options } of VIEWPORTS) {
    it(`an admin exports a client's data and anonymises the client with the name typed (${name})`, async () => {
      const client = ids.clients[name];
      await withPage(app, { user: ADMIN, viewport, acceptDownloads: true, ...options }, async ({ page, messages }) => {
        await page.goto(`/clients/${client.id}`);
        await waitForShell(page);
        assert.equal(await serverNodeKept(page), true, 'hydrated, not replaced');
        await assertFitsScreen(page, viewport, 'the client page');
        await shot(page, `lgpd-client-${viewport.width}`);

        await page.getByRole('link', { name: 'Exportar dados (LGPD)' }).click();
        const exportDialog = page.getByRole('dialog', { name: 'Exportar dados (LGPD)' });
        await exportDialog.waitFor();
        await shot(page, `lgpd-export-${viewport.width}`);
        const [json] = await Promise.all([page.waitForEvent('download'), exportDialog.getByRole('button', { name: 'Baixar JSON' }).click()]);
        assert.equal(json.suggestedFilename(), `cliente-${client.id}-dados.json`);
        const exported = JSON.parse(await readFile(await json.path(), 'utf8'));
        assert.equal(exported.client.email, client.email);
        assert.equal(exported.appointments.length, 1);
        const [zip] = await Promise.all([page.waitForEvent('download'), exportDialog.getByRole('button', { name: 'Baixar planilhas (ZIP)' }).click()]);
        assert.equal(zip.suggestedFilename(), `cliente-${client.id}-dados.zip`);
        assert.equal((await readFile(await zip.path())).subarray(0, 2).toString(), 'PK');
        await exportDialog.getByRole('button', { name: 'Fechar', exact: true }).last().click();
        await exportDialog.waitFor({ state: 'detached' });

        await page.getByRole('link', { name: 'Anonimizar cliente' }).click();
        const dialog = page.getByRole('dialog', { name: 'Anonimizar cliente?' });
        await dialog.waitFor();
        const typed = dialog.getByLabel('Digite o nome do cliente para confirmar');
        await typed.fill('Outra Pessoa');
        await dialog.getByRole('button', { name: 'Anonimizar' }).click();
        await dialog.getByText('O nome digitado não confere com o nome do cliente.').waitFor();
        await shot(page, `lgpd-anonymise-${viewport.width}`);
        await typed.fill(client.name);
        await dialog.getByRole('button', { name: 'Anonimizar' }).click();
        await dialog.waitFor({ state: 'detached' });
        await closeToast(page, 'Os dados pessoais do cliente foram removidos.');
        await page.getByRole('heading', { name: `Cliente anonimizado ${client.id}` }).waitFor();
        await page.getByText(/Dados pessoais removidos em/).waitFor();
        assert.equal(await page.getByRole('link', { name: 'Anonimizar cliente' }).count(), 0);
        assert.equal(await page.getByRole('link', { name: 'Editar', exact: true }).count(), 0);
        assert.equal(await page.getByText(client.email).count(), 0);
        await page.getByText('Anonimização (LGPD)').first().waitFor();
        await assertFitsScreen(page, viewport, 'the anonymised client');
        await shot(page, `lgpd-anonymised-${viewport.width}`, { fullPage: true });
        // The wrong name's 422 is the browser's one expected error line.
        assert.deepEqual(problems(messages).filter((m) => !/status of 422/.test(m.text)), []);
      });
    });
  }

  it('staff see no LGPD actions on a client', async () => {
    await withPage(app, { user: STAFF, viewport: { width: 1366, height: 800 } }, async ({ page }) => {
      await page.goto(`/clients/${ids.clients.desktop.id}`);
      await waitForShell(page);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      assert.equal(await page.getByRole('link', { name: 'Exportar dados (LGPD)' }).count(), 0);
      assert.equal(await page.getByRole('link', { name: 'Anonimizar cliente' }).count(), 0);
    });
  });
});
