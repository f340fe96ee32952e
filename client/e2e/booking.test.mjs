import assert from 'node:assert/strict';
import { it } from 'node:test';
import { addDays, ADMIN, api, appForSuite, closeToast, now, PAULA, problems, renderedRoot, scrollsSideways, shot, signIn, suite, VIEWPORTS, waitForShell, withPage } from './harness.mjs';

// The business's clock set to late morning whenever the suite runs, so "the
// next free time" is inside the day: a fixed-offset zone (Etc/GMT-N is UTC+N).
const offset = ((11 - new Date(now()).getUTCHours() + 36) % 24) - 12;
const ZONE = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;

const hhmm = (minute) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const minuteOf = (rfc3339) => Number(rfc3339.slice(11, 13)) * 60 + Number(rfc3339.slice(14, 16));


/** True when a tap at the centre of `locator` reaches it (nothing covers it). */
const uncovered = (locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return Boolean(hit) && (hit === el || el.contains(hit));
  });

suite('booking: opened from its address, at the next free time, in few taps', () => {
  const ids = {};
  const app = appForSuite({
    env: { EXPEDIENTE_TZ: ZONE },
    personas: ids,
    async setup({ server, token }) {
      ids.admin = (await api(server.url, token, 'GET', '/me')).data.id;
      // Open every day (the default is Monday to Friday): the suite books "now", whatever the weekday it runs on.
      await api(server.url, token, 'PUT', '/working-hours', { weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '18:00' })) });
      const agenda = (await api(server.url, token, 'GET', '/agenda')).data;
      ids.today = agenda.today;
      // Each staff member is busy from the next quarter hour for 45 minutes:
      // the next free start is the first after it on the grid of the
      // booking's hour (the server's free-slot search: on the hour).
      const from = Math.ceil(minuteOf(agenda.now) / 15) * 15;
      ids.free = hhmm(Math.ceil((from + 45) / 60) * 60);
      for (const staffId of [ids.admin, ids.paula]) {
        await api(server.url, token, 'POST', '/appointments', { clientId: ids.carla, staffId, service: 'Ocupado', startsAt: `${ids.today}T${hhmm(from)}`, durationMinutes: 45, priceCents: 0 });
      }
      // For the list view: one yesterday, one tomorrow.
      await api(server.url, token, 'POST', '/appointments', { clientId: ids.carla, staffId: ids.paula, service: 'Ontem', startsAt: `${addDays(ids.today, -1)}T10:00`, durationMinutes: 30, priceCents: 0 });
      await api(server.url, token, 'POST', '/appointments', { clientId: ids.carla, staffId: ids.paula, service: 'Amanhã', startsAt: `${addDays(ids.today, 1)}T10:00`, durationMinutes: 30, priceCents: 0 });
    },
  });

  for (const { name, viewport, ...options } of VIEWPORTS) {
    // The desktop run books as the admin, the phone run as Paula: each into their own free time.
    const user = name === 'desktop' ? ADMIN : PAULA;
    const staffName = name === 'desktop' ? null : 'Paula Lima';
    const walkIn = `Walk-in ${name}`;

    it(`books a walk-in "now" for a new client from the dashboard in at most 8 taps (${name})`, async () => {
      await withPage(app, { viewport, ...options }, async ({ page, messages }) => {
        await signIn(page, user);
        await waitForShell(page);
        let taps = 0;
        const tap = async (locator) => {
          taps += 1;
          if (options.hasTouch) await locator.tap();
          else await locator.click();
        };

        await tap(page.getByRole('link', { name: 'Novo agendamento' }));
        const dialog = page.getByRole('dialog', { name: 'Novo agendamento' });
        await dialog.waitFor();
        await waitForShell(page);
        // Today, the signed-in staff member's next free time (not 09:00).
        assert.equal(await page.inputValue('#booking-date'), ids.today);
        assert.equal(await page.inputValue('#booking-time'), ids.free);
        if (staffName) assert.equal(await page.locator('#booking-staff option:checked').innerText(), staffName);

        await tap(page.locator('#booking-client'));
        // Suggestions for what is typed never cover "Cadastrar novo cliente".
        await page.keyboard.type('Carl');
        await page.getByRole('option', { name: /Carla Dias/ }).waitFor();
        assert.equal(await uncovered(page.getByRole('button', { name: 'Cadastrar novo cliente' })), true, 'the suggestions leave the button uncovered');
        await page.fill('#booking-client', walkIn);
        await page.getByText('Nenhum cliente encontrado.').waitFor();
        await tap(page.getByRole('button', { name: 'Cadastrar novo cliente' }));
        // The typed name is the new client's.
        assert.equal(await page.inputValue('#booking-client-new-name'), walkIn);
        await tap(page.locator('#booking-client-new-phone'));
        await page.keyboard.type('11977776666');
        await tap(page.getByRole('button', { name: 'Cadastrar cliente' }));
        await page.getByText(`Selecionado: ${walkIn}`).waitFor();
        await tap(page.locator('#booking-service'));
        await page.keyboard.type('Corte');
        await shot(page, `booking-walk-in-${viewport.width}`);
        await tap(dialog.getByRole('button', { name: 'Agendar', exact: true }));
        await closeToast(page, `Agendamento de ${walkIn} criado.`);
        await dialog.waitFor({ state: 'detached' });
        assert.ok(taps <= 8, `a walk-in in ${taps} taps`);

        const booked = (await api(app.server.url, ids.token, 'GET', `/appointments?per_page=100&from=${ids.today}`)).data.find((a) => a.clientName === walkIn);
        assert.ok(booked, 'the walk-in was booked');
        assert.equal(booked.startsAt.slice(0, 16), `${ids.today}T${ids.free}`);
        assert.deepEqual(problems(messages), []);
      });
    });

    it(`"Agendar" on a client's page opens the booking with the client chosen, at the next free time (${name})`, async () => {
      await withPage(app, { viewport, ...options }, async ({ page, messages }) => {
        await signIn(page, user);
        await page.goto(`/clients/${ids.carla}`);
        await waitForShell(page);
        const link = page.getByRole('link', { name: 'Agendar' });
        assert.equal(await link.getAttribute('href'), `/appointments?book=1&book_client=${ids.carla}`);
        // The focused field still searches for its text: its answer shows no list.
        const searched = page.waitForResponse((r) => r.url().includes('/api/clients?') && r.url().includes('q=Carla'));
        await link.click();
        await page.getByRole('dialog', { name: 'Novo agendamento' }).waitFor();
        await page.waitForFunction(() => document.querySelector('#booking-client')?.value === 'Carla Dias');
        await page.getByText('Selecionado: Carla Dias').waitFor();
        // The chosen client's name in the focused field lists no suggestions over the form.
        await searched;
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        assert.equal(await page.getByRole('listbox', { name: 'Clientes encontrados' }).isVisible(), false);
        assert.equal(await page.inputValue('#booking-date'), ids.today);
        // The walk-in of the test before took the first free hour.
        const [h, m] = ids.free.split(':').map(Number);
        assert.equal(await page.inputValue('#booking-time'), hhmm(h * 60 + m + 60));
        await shot(page, `booking-client-${viewport.width}`);
        assert.equal(await scrollsSideways(page), false);
        if (options.hasTouch) {
          // The dialog's own controls are 44 px tall on a phone (the page behind is the agenda's).
          const small = await page.evaluate(() =>
            [...document.querySelectorAll('.modal button.btn, .modal .form-control, .modal .form-select')]
              .filter((el) => el.getBoundingClientRect().height < 44)
              .map((el) => el.textContent?.trim() || el.id),
          );
          assert.deepEqual(small, []);
        }
        // Closing leaves the agenda without the booking's parameters.
        await page.getByRole('button', { name: 'Cancelar' }).click();
        await page.waitForURL((url) => !url.search.includes('book'));
        assert.deepEqual(problems(messages), []);
      });
    });
  }

  it('before the scripts: dialog openers are links the server renders open, and the controls say they wait', async () => {
    const { context, page } = await (async () => {
      const context = await app.browser.newContext({ baseURL: app.server.url, javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
      await context.request.post('/api/login', { data: ADMIN });
      return { context, page: await context.newPage() };
    })();
    try {
      // A row's "Arquivar" is a link to the address that renders its
      // confirmation open, whose buttons wait for the script; its "Editar"
      // is a link to the address that renders the client's form open.
      await page.goto('/clients');
      await Promise.all([page.waitForURL(`**/clients?archive=${ids.carla}`), page.getByRole('link', { name: 'Arquivar Carla Dias' }).click()]);
      const archive = page.getByRole('dialog', { name: 'Arquivar cliente?' });
      await archive.getByText('Carla Dias').waitFor();
      const confirm = archive.getByRole('button', { name: 'Arquivar' });
      assert.equal(await confirm.getAttribute('aria-disabled'), 'true');
      assert.equal(await confirm.getAttribute('title'), 'Aguarde a página carregar');
      await shot(page, 'booking-no-script-archive-client-360');
      await page.goto('/clients');
      await Promise.all([page.waitForURL(`**/clients?edit=${ids.carla}`), page.getByRole('link', { name: 'Editar Carla Dias' }).click()]);
      const editForm = page.getByRole('form', { name: 'Editar cliente' });
      await editForm.waitFor();
      assert.equal(await page.inputValue('#client-name'), 'Carla Dias');
      assert.equal(await editForm.getByRole('button', { name: 'Salvar' }).getAttribute('aria-disabled'), 'true');
      await shot(page, 'booking-no-script-edit-client-360');

      // On the client's record, "Editar" and "Arquivar" are links to the
      // record with the form, or the confirmation, open.
      await page.goto(`/clients/${ids.carla}`);
      await Promise.all([page.waitForURL(`**/clients/${ids.carla}?open=edit`), page.getByRole('link', { name: 'Editar', exact: true }).click()]);
      await page.getByRole('form', { name: 'Editar cliente' }).waitFor();
      assert.equal(await page.inputValue('#client-name'), 'Carla Dias');
      await Promise.all([page.waitForURL(`**/clients/${ids.carla}?open=archive`), page.getByRole('link', { name: 'Arquivar', exact: true }).click()]);
      await page.getByRole('dialog', { name: 'Arquivar cliente?' }).waitFor();
      assert.equal(await page.getByRole('form', { name: 'Editar cliente' }).count(), 0);

      await page.goto('/clients');
      await Promise.all([page.waitForURL('**/clients?new=1'), page.getByRole('link', { name: 'Novo cliente' }).click()]);
      const form = page.getByRole('form', { name: 'Novo cliente' });
      await form.waitFor();
      const save = form.getByRole('button', { name: 'Salvar' });
      assert.equal(await save.getAttribute('aria-disabled'), 'true');
      assert.equal(await save.getAttribute('type'), 'button', 'no native submit to nowhere');
      await shot(page, 'booking-no-script-new-client-360');

      // "Novo agendamento" on the dashboard: the booking, open, at the next free time.
      await page.goto('/dashboard');
      await Promise.all([page.waitForURL('**/appointments?book=1'), page.getByRole('link', { name: 'Novo agendamento' }).click()]);
      const dialog = page.getByRole('dialog', { name: 'Novo agendamento' });
      await dialog.waitFor();
      assert.notEqual(await page.inputValue('#booking-time'), '09:00');
      assert.match(await page.inputValue('#booking-time'), /^\d{2}:\d{2}$/);
      const book = dialog.getByRole('button', { name: 'Agendar', exact: true });
      assert.equal(await book.getAttribute('aria-disabled'), 'true');
      assert.equal(await book.getAttribute('title'), 'Aguarde a página carregar');
      await shot(page, 'booking-no-script-360');

      // "Agendar" on a client's page: the same, with the client.
      await page.goto(`/clients/${ids.carla}`);
      await Promise.all([page.waitForURL(`**/appointments?book=1&book_client=${ids.carla}`), page.getByRole('link', { name: 'Agendar' }).click()]);
      await page.getByRole('dialog', { name: 'Novo agendamento' }).waitFor();
    } finally {
      await context.close();
    }

    // With the scripts, the server's open form works once hydrated.
    await withPage(app, { user: ADMIN, viewport: { width: 1366, height: 800 } }, async ({ page }) => {
      const html = await (await page.request.get('/clients?new=1')).text();
      assert.match(renderedRoot(html), /aria-label="Novo cliente"/);
      await page.goto('/clients?new=1');
      await waitForShell(page);
      const save = page.getByRole('form', { name: 'Novo cliente' }).getByRole('button', { name: 'Salvar' });
      assert.equal(await save.getAttribute('type'), 'submit');
      await page.fill('#client-name', 'Cliente Sem Script');
      await save.click();
      await closeToast(page, 'Cliente Cliente Sem Script cadastrado.');
      await page.waitForURL((url) => !url.search.includes('new=1'));
    });
  });

  for (const { name, viewport, ...options } of VIEWPORTS) {
    it(`the list view opens on today and what comes (${name})`, async () => {
      await withPage(app, { user: ADMIN, viewport, ...options }, async ({ page, messages }) => {
        const html = await (await page.request.get('/appointments?view=list')).text();
        assert.match(renderedRoot(html), /Amanhã/);
        assert.doesNotMatch(renderedRoot(html), /Ontem/);
        await page.goto('/appointments?view=list');
        await waitForShell(page);
        assert.equal(await page.inputValue('#appointments-from'), ids.today);
        await page.locator('text=Amanhã >> visible=true').first().waitFor();
        assert.equal(await page.getByText('Ontem').count(), 0);
        await shot(page, `booking-list-today-${viewport.width}`);
        // An earlier start in the address shows the earlier ones.
        await page.goto(`/appointments?view=list&from=${addDays(ids.today, -1)}`);
        await page.locator('text=Ontem >> visible=true').first().waitFor();
        assert.deepEqual(problems(messages), []);
      });
    });
  }
});
