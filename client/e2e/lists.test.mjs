import assert from 'node:assert/strict';
import { it } from 'node:test';
import { addDays, ADMIN, api, appForSuite, brDate, PHONE, problems, serverNodeKept, suite, waitForShell, weekdayAhead, withPage } from './harness.mjs';

/** A Tuesday ahead (the list opens on today onwards), and the Wednesday after it. */
const TUESDAY = weekdayAhead(3, 2);
const WEDNESDAY = addDays(TUESDAY, 1);

suite('clients and appointments screens', () => {
  const app = appForSuite({ setup: seed });
  async function seed({ server }) {
    const base = server.url;
    const { data } = await api(base, null, 'POST', '/login', ADMIN);
    const token = data.accessToken;
    const ids = [];
    for (let i = 1; i <= 11; i++) {
      const name = `Cliente ${String(i).padStart(2, '0')}`;
      ids.push((await api(base, token, 'POST', '/clients', { name, phone: `(11) 90000-00${String(i).padStart(2, '0')}` })).data.id);
    }
    ids.push((await api(base, token, 'POST', '/clients', { name: 'João Ávila', email: 'joao@example.com' })).data.id);
    await api(base, token, 'POST', '/appointments', {
      clientId: ids[11],
      staffId: data.id,
      service: 'Corte de cabelo',
      startsAt: `${TUESDAY}T14:30:00-03:00`,
      endsAt: `${TUESDAY}T15:00:00-03:00`,
      priceCents: 123450,
    });
  }

  it('lists clients 10 a page, pages through them and searches', async () => {
    await withPage(app, { user: ADMIN }, async ({ page, messages }) => {
      await page.getByRole('link', { name: 'Clientes' }).first().click();
      await page.waitForURL('**/clients');
      await page.getByText('12 clientes · página 1 de 2').waitFor();
      assert.equal(await page.locator('table tbody tr').count(), 10);

      await page.locator('.pagination').getByRole('link', { name: '2', exact: true }).click();
      // The next page goes by keyset: `?page=2&cursor=…`.
      await page.waitForURL(/\/clients\?page=2(&|$)/);
      await page.getByText('12 clientes · página 2 de 2').waitFor();
      assert.equal(await page.locator('table tbody tr').count(), 2);

      await page.fill('#clients-search', 'joao');
      await page.getByRole('button', { name: 'Buscar' }).click();
      await page.waitForURL('**/clients?q=joao');
      await page.getByText('1 cliente · página 1 de 1').waitFor();
      assert.match(await page.locator('table tbody').innerText(), /João Ávila/);
      assert.deepEqual(problems(messages), []);
    });
  });

  it('server-renders the page asked for in the URL', async () => {
    await withPage(app, { user: ADMIN }, async ({ page, messages }) => {
      const response = await page.goto('/clients?page=2', { waitUntil: 'networkidle' });
      const html = await response.text();
      assert.match(html, /12 clientes · página 2 de 2/);
      assert.match(html, /João Ávila/);
      assert.equal(await serverNodeKept(page), true);
      assert.deepEqual(problems(messages), []);
    });
  });

  it('shows appointments with pt-BR date, time range, status and price', async () => {
    await withPage(app, { user: ADMIN }, async ({ page, messages }) => {
      await page.goto('/appointments?view=list');
      const row = page.locator('table tbody tr').first();
      await row.waitFor();
      const text = await row.innerText();
      assert.match(text, new RegExp(brDate(TUESDAY)));
      assert.match(text, /14:30–15:00/);
      assert.match(text, /João Ávila/);
      assert.match(text, /Corte de cabelo/);
      assert.match(text, /Agendado/);
      assert.match(text, /R\$ 1\.234,50/);

      await page.selectOption('#appointments-status', 'cancelado');
      await page.waitForURL('**/appointments?view=list&status=cancelado');
      await page.locator('table').getByText('Nenhum agendamento encontrado.').waitFor();
      assert.deepEqual(problems(messages), []);
    });
  });
  it("a row's Editar far down the list on a phone opens the form in view, at its address", async () => {
    await withPage(app, { user: ADMIN, ...PHONE }, async ({ page }) => {
      await page.goto('/clients');
      await waitForShell(page);
      const last = page.getByRole('link', { name: /^Editar / }).last();
      const name = (await last.getAttribute('aria-label')).replace('Editar ', '');
      await last.scrollIntoViewIfNeeded();
      await last.click();
      await page.waitForURL(/[?&]edit=\d+/);
      const form = page.getByRole('form', { name: 'Editar cliente' });
      await form.waitFor();
      assert.equal(await page.inputValue('#client-name'), name);
      // (The page scrolls smoothly: Bootstrap's scroll-behavior.)
      const inView = () => form.evaluate((el) => el.getBoundingClientRect().top);
      await page.waitForFunction(() => {
        const top = document.querySelector('form[aria-label="Editar cliente"]')?.getBoundingClientRect().top ?? -1;
        return top >= 64 && top < window.innerHeight / 2;
      }, null, { timeout: 3000 }).catch(async () => assert.fail(`the form's top at ${await inView()} px: not in view below the top bar`));
    });
  });
  it('creates and edits a client, showing field errors from the server', async () => {
    await withPage(app, { user: ADMIN }, async ({ page, messages }) => {
      await page.goto('/clients');
      await waitForShell(page);
      await page.getByRole('link', { name: 'Novo cliente' }).click();
      await page.getByRole('form', { name: 'Novo cliente' }).waitFor();
      // The 422 awaited with the click: a failure then says whether the save was sent at all.
      const refused = page.waitForResponse((res) => res.url().endsWith('/api/clients') && res.request().method() === 'POST');
      await page.getByRole('button', { name: 'Salvar' }).click();
      assert.equal((await refused).status(), 422);
      await page.locator('.invalid-feedback').first().waitFor();

      await page.fill('#client-name', 'Beatriz Nova');
      await page.fill('#client-email', 'beatriz@example.com');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await page.getByText('Cliente Beatriz Nova cadastrado.').waitFor();
      await page.locator('table tbody', { hasText: 'Beatriz Nova' }).waitFor();

      await page.getByRole('link', { name: 'Editar Beatriz Nova' }).click();
      await page.waitForURL(/[?&]edit=\d+/);
      await page.fill('#client-phone', '(21) 99999-0000');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await page.getByText('Cliente Beatriz Nova atualizado.').waitFor();
      await page.locator('table tbody tr', { hasText: '(21) 99999-0000' }).waitFor();

      // Its "Arquivar" is a link too: the address renders the confirmation
      // open (server-rendered here), which works once the page has hydrated.
      const archiveHref = await page.getByRole('link', { name: 'Arquivar Beatriz Nova' }).getAttribute('href');
      assert.match(archiveHref, /^\/clients\?archive=\d+$/);
      await page.goto(archiveHref);
      await waitForShell(page);
      assert.equal(await serverNodeKept(page), true, 'hydrated, not replaced');
      const dialog = page.getByRole('dialog', { name: 'Arquivar cliente?' });
      await dialog.getByRole('button', { name: 'Arquivar' }).click();
      await page.getByText('Beatriz Nova foi arquivado.').waitFor();
      await page.waitForURL(/\/clients$/);
      await page.locator('table tbody', { hasText: 'Beatriz Nova' }).waitFor({ state: 'detached' });
      assert.equal(await dialog.count(), 0);
      // Field errors surface as console 4xx resource errors; nothing else may appear.
      assert.deepEqual(problems(messages).filter((m) => !/status of 422/.test(m.text)), []);
    });
  });

  it('moves an appointment through confirm and cancel (with a reason)', async () => {
    await withPage(app, { user: ADMIN }, async ({ page, messages }) => {
      await page.goto('/appointments?view=list');
      const row = page.locator('table tbody tr', { hasText: 'Corte de cabelo' });
      await row.getByRole('button', { name: 'Confirmar' }).click();
      await row.getByText('Confirmado').waitFor();
      await row.getByRole('button', { name: 'Cancelar' }).click();
      await page.fill('#cancellation-reason', 'Cliente pediu para remarcar');
      await page.getByRole('button', { name: 'Cancelar agendamento' }).click();
      await row.getByText('Cancelado').waitFor();
      assert.equal(await row.getByRole('button').count(), 0, 'no action after a final status');
      assert.deepEqual(problems(messages), []);
    });
  });
  it('books an appointment through the form and refuses an overlapping one', async () => {
    await withPage(app, { user: ADMIN }, async ({ page, messages }) => {
      await page.goto('/appointments?view=list');
      await waitForShell(page);
      const book = async () => {
        await page.getByRole('link', { name: 'Novo agendamento' }).click();
        await page.fill('#booking-client', 'joao');
        await page.getByRole('option', { name: /João Ávila/ }).click();
        await page.fill('#booking-service', 'Barba');
        await page.fill('#booking-price', '80,00');
        await page.fill('#booking-date', WEDNESDAY);
        await page.fill('#booking-time', '10:00');
        await page.selectOption('#booking-duration', '45');
        await page.getByRole('dialog').getByRole('button', { name: 'Agendar', exact: true }).click();
      };
      await book();
      await page.getByText('Agendamento de João Ávila criado.').waitFor();
      const row = page.locator('table tbody tr', { hasText: 'Barba' });
      await row.waitFor();
      assert.match(await row.innerText(), new RegExp(`${brDate(WEDNESDAY)}[\\s\\S]*10:00–10:45[\\s\\S]*R\\$ 80,00`));

      await book();
      const alert = page.locator('form[aria-label="Novo agendamento"] .alert-danger');
      await alert.waitFor();
      assert.ok((await alert.innerText()).length > 0, 'the overlap is explained');
      assert.deepEqual(problems(messages).filter((m) => !/status of 409/.test(m.text)), []);
    });
  });
});
