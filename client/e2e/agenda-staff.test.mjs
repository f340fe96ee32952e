// The agenda with a full team: eight staff members
// (the seed's four and four more) and the administrator, on a phone, in the
// week at 1366 px, and on paper.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { addDays, ADMIN, api, appForSuite, assertFitsScreen, problems, scrollsSideways, seedAndSignIn, shot, suite, VIEWPORTS, waitForShell, weekdayAhead, withPage } from './harness.mjs';

/** A Wednesday weeks ahead, inside the default working hours. */
const DAY = weekdayAhead(100, 3);
const [DESKTOP, PHONE] = VIEWPORTS;
const JULIANA = { email: 'juliana@example.com', password: 'senha-da-juliana' };
const MORE_STAFF = ['Bruno Tavares', 'Juliana Castro Mendes', 'Maria Aparecida Gonçalves Albuquerque', 'Zé Lima'];
// Whose appointments the day has: everyone but Ana Paula (and the administrator).
const BOOKED = ['Bruno Tavares', 'Carlos Eduardo Santos', 'Fernanda Oliveira', 'Juliana Castro Mendes', 'Maria Aparecida Gonçalves Albuquerque', 'Rafael Nogueira', 'Zé Lima'];

/**
 * The day's column headings: their text, title, and whether they are cut
 * (overflowing, or a word broken across lines: each word must fit the
 * heading's width).
 */
const headings = (page) =>
  page.locator('.agenda-col-head').evaluateAll((els) => {
    const ctx = document.createElement('canvas').getContext('2d');
    return els.map((el) => {
      const style = getComputedStyle(el);
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const text = el.innerText.trim();
      const wordBroken = text.split(' ').some((word) => ctx.measureText(word).width > room);
      return { text, title: el.title, cut: wordBroken || el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1 };
    });
  });

/** How many pages a PDF from Chromium has. */
const pdfPages = (pdf) => (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;

suite('agenda with eight staff members: phone, week, print', () => {
  const ids = {};
  const app = appForSuite({
    async setup({ server }) {
      const token = await seedAndSignIn(server, ['--clients', '5', '--appointments', '0']);
      ids.token = token;
      for (const name of MORE_STAFF) {
        const email = name === 'Juliana Castro Mendes' ? JULIANA.email : `${name.split(' ')[0].toLowerCase().normalize('NFD').replace(/[^a-z]/g, '')}@example.com`;
        await api(server.url, token, 'POST', '/users', { name, email, role: 'staff', password: name === 'Juliana Castro Mendes' ? JULIANA.password : 'senha-de-teste-1' });
      }
      for (const u of (await api(server.url, token, 'GET', '/users?page=1&per_page=50')).data) ids[u.name] = u.id;
      const carla = (await api(server.url, token, 'POST', '/clients', { name: 'Carla Dias Albuquerque', phone: '(11) 98888-0001' })).data.id;
      ids.carla = carla;
      const diego = (await api(server.url, token, 'POST', '/clients', { name: 'Diego Ramos', phone: '(11) 98888-0002' })).data.id;
      for (const [i, name] of BOOKED.entries()) {
        const staffId = ids[name];
        const book = (clientId, time, service, durationMinutes) =>
          api(server.url, token, 'POST', '/appointments', { clientId, staffId, service, startsAt: `${DAY}T${time}`, durationMinutes, priceCents: 9000 });
        await book(carla, `${String(9 + (i % 3)).padStart(2, '0')}:00`, 'Consulta', 60);
        await book(diego, '14:00', 'Sessão de fisioterapia', 30);
        await book(i % 2 ? carla : diego, '16:30', 'Retorno', 45);
      }
    },
  });

  it('phone: one compact toolbar row, filters in a sheet, the grid on the first screen, the first busy staff member, touch help', async () => {
    await withPage(app, { user: ADMIN, viewport: PHONE.viewport, isMobile: true, hasTouch: true }, async ({ page, messages }) => {
      await page.goto(`/appointments?date=${DAY}`);
      await waitForShell(page);
      // The toolbar is one row, no taller than its buttons.
      const row = await page.locator('.agenda-toolbar > :visible').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
      assert.ok(row.length >= 3, `views, period and Filtros: ${row}`);
      assert.ok(Math.max(...row) - Math.min(...row) <= 2, `one row: ${row}`);
      assert.ok((await page.locator('.agenda-toolbar').boundingBox()).height <= 64, 'a compact toolbar');
      assert.equal(await page.locator('#appointments-status').isVisible(), false, 'status in the sheet');
      // Opens on the first staff member with appointments (the administrator and Ana Paula have none).
      assert.equal(await page.locator('#agenda-column option:checked').innerText(), 'Bruno Tavares');
      assert.equal(await page.locator('.agenda-col:visible').getAttribute('aria-label'), 'Bruno Tavares');
      // The grid starts on the first screen: its first hour and the first appointment are there.
      const col = await page.locator('.agenda-col:visible').boundingBox();
      const hour = await page.evaluate(() => document.querySelector('.agenda-hour').getBoundingClientRect().height);
      assert.ok(col.y + hour <= PHONE.viewport.height, `the grid's first hour above the fold (top ${col.y})`);
      // Touch help, not the mouse and keyboard one (rendered once the grid has mounted).
      await page.locator('.agenda-help-touch').waitFor();
      assert.equal(await page.locator('.agenda-help-pointer').isVisible(), false);
      await assertFitsScreen(page, PHONE.viewport, 'the phone agenda');
      await shot(page, 'agenda-8staff-phone-day-360');

      // The filter sheet: opened by its link, a choice closes it and applies.
      await page.getByRole('link', { name: 'Filtros' }).click();
      await page.waitForURL(/filters=1/);
      await page.locator('#appointments-staff').waitFor();
      assert.equal(await page.locator('#agenda-date').isVisible(), true);
      assert.equal(await page.getByRole('link', { name: 'Hoje', exact: true }).count(), 1);
      await assertFitsScreen(page, PHONE.viewport, 'the filter sheet');
      await shot(page, 'agenda-8staff-phone-filters-360');
      await page.selectOption('#appointments-staff', { label: 'Fernanda Oliveira' });
      await page.waitForURL((url) => url.searchParams.get('staff_id') === String(ids['Fernanda Oliveira']) && !url.searchParams.has('filters'));
      await page.locator('#appointments-staff').waitFor({ state: 'hidden' });
      await page.locator('.agenda-col:visible[aria-label="Fernanda Oliveira"]').waitFor();
      assert.match(await page.getByRole('link', { name: /Filtros/ }).innerText(), /Filtros\s*1/, 'the count of filters in use');

      // Another staff member, chosen in the switcher, stays in the address.
      await page.goto(`/appointments?date=${DAY}`);
      await waitForShell(page);
      await page.selectOption('#agenda-column', { label: 'Zé Lima' });
      await page.waitForURL(new RegExp(`show=${ids['Zé Lima']}`));
      // The address changes first, the column on the next render.
      await page.locator('.agenda-col:visible[aria-label="Zé Lima"]').waitFor();
      assert.equal(await page.locator('.agenda-col:visible').count(), 1);
      assert.deepEqual(problems(messages), []);
    });
  });

  it('phone: a staff member signed in opens on their own column', async () => {
    await withPage(app, { user: JULIANA, viewport: PHONE.viewport, isMobile: true, hasTouch: true }, async ({ page }) => {
      await page.goto(`/appointments?date=${DAY}`);
      await waitForShell(page);
      assert.equal(await page.locator('.agenda-col:visible').getAttribute('aria-label'), 'Juliana Castro Mendes');
      assert.equal(await page.locator('#agenda-column option:checked').innerText(), 'Juliana Castro Mendes');
    });
  });

  it('desktop: every filter in the toolbar, mouse and keyboard help', async () => {
    await withPage(app, { user: ADMIN, viewport: DESKTOP.viewport }, async ({ page }) => {
      await page.goto(`/appointments?date=${DAY}`);
      await waitForShell(page);
      assert.equal(await page.getByRole('link', { name: 'Filtros' }).count(), 0);
      for (const id of ['#agenda-date', '#appointments-status', '#appointments-staff']) assert.equal(await page.locator(id).isVisible(), true, id);
      // The help is rendered once the grid has mounted (a transition after
      // hydration, which a busy machine may not have committed yet): waited for.
      await page.locator('.agenda-help-pointer').waitFor();
      assert.equal(await page.locator('.agenda-help-touch').isVisible(), false);
    });
  });

  /** Every visible block's time on one line, its client's name whole, and a width to read it in. */
  const assertBlocksReadable = async (page, minWidth) => {
    const blocks = await page.locator('a.agenda-block:visible').evaluateAll((els) =>
      els.map((el) => ({
        text: el.innerText,
        width: el.getBoundingClientRect().width,
        timeLines: el.querySelector('.agenda-block-time').getClientRects().length,
        timeClipped: el.querySelector('.agenda-block-time').getBoundingClientRect().right > el.getBoundingClientRect().right - parseFloat(getComputedStyle(el).paddingRight) + 1,
        clientCut: el.querySelector('.agenda-block-client').scrollWidth > el.querySelector('.agenda-block-client').clientWidth + 1,
      })),
    );
    assert.ok(blocks.length > 0, 'blocks shown');
    for (const b of blocks) {
      assert.ok(b.width >= minWidth, `a block ${Math.round(b.width)} px wide (at least ${minWidth}): ${b.text}`);
      assert.equal(b.timeLines, 1, `the time on one line: ${b.text}`);
      assert.equal(b.timeClipped, false, `the time whole: ${b.text}`);
      assert.equal(b.clientCut, false, `the client's name whole: ${b.text}`);
    }
  };

  it('week at 1366 px: one staff member at a time, readable; chosen above and kept from week to week', async () => {
    await withPage(app, { user: ADMIN, viewport: DESKTOP.viewport }, async ({ page, messages }) => {
      await page.goto(`/appointments?view=week&date=${DAY}`);
      await waitForShell(page);
      assert.equal(await page.locator('#agenda-staff option:checked').innerText(), 'Bruno Tavares');
      assert.equal(await page.locator('.agenda-col:visible').count(), 7);
      assert.equal(await page.locator('a.agenda-block:visible').count(), 3, "Bruno's three appointments");
      await assertBlocksReadable(page, 120);
      await shot(page, 'agenda-8staff-week-1366');
      await page.selectOption('#agenda-staff', { label: 'Maria Aparecida Gonçalves Albuquerque' });
      await page.waitForURL(new RegExp(`show=${ids['Maria Aparecida Gonçalves Albuquerque']}`));
      await page.getByRole('region', { name: /de Maria Aparecida Gonçalves Albuquerque$/ }).waitFor();
      await assertBlocksReadable(page, 120);
      await page.getByRole('link', { name: 'Próxima semana' }).click();
      await page.waitForURL(new RegExp(`date=${addDays(DAY, 7)}`));
      assert.equal(await page.locator('#agenda-staff option:checked').innerText(), 'Maria Aparecida Gonçalves Albuquerque');
      assert.deepEqual(problems(messages), []);
    });
    await withPage(app, { user: ADMIN, viewport: PHONE.viewport, isMobile: true, hasTouch: true }, async ({ page }) => {
      await page.goto(`/appointments?view=week&date=${DAY}`);
      await waitForShell(page);
      assert.equal(await page.locator('.agenda-col:visible').count(), 1);
      await assertBlocksReadable(page, 120);
      await assertFitsScreen(page, PHONE.viewport, 'the phone week');
      await shot(page, 'agenda-8staff-week-360');
    });
  });

  it('day at 1366 px: nine columns, every staff name whole in its heading', async () => {
    await withPage(app, { user: ADMIN, viewport: DESKTOP.viewport }, async ({ page }) => {
      await page.goto(`/appointments?date=${DAY}`);
      await waitForShell(page);
      const heads = await headings(page);
      assert.equal(heads.length, 9);
      for (const name of ['Administrador', 'Ana Paula Ribeiro', ...BOOKED]) {
        const head = heads.find((h) => h.text === name);
        assert.ok(head, `a heading with the whole name ${name}: ${heads.map((h) => h.text)}`);
        assert.equal(head.cut, false, `${name} not cut`);
      }
      await assertBlocksReadable(page, 90);
      await shot(page, 'agenda-8staff-day-1366');
    });
  });

  it('prints the day as a list per staff member on one A4 page, without the shell, and the client page without buttons', async () => {
    await withPage(app, { user: ADMIN, viewport: DESKTOP.viewport }, async ({ page }) => {
      await page.goto(`/appointments?date=${DAY}`);
      await waitForShell(page);
      await page.emulateMedia({ media: 'print' });
      for (const hidden of ['.app-topbar', '.sidenav-menu', '.agenda-toolbar', '.agenda-grid', '.agenda-help-pointer', 'main .btn >> nth=0']) {
        assert.equal(await page.locator(hidden).isVisible(), false, `${hidden} not printed`);
      }
      const printed = page.locator('.agenda-print');
      // Drawn once the page has mounted (agenda-grid.tsx, PrintedDay).
      await printed.waitFor({ state: 'visible', timeout: 5000 });
      assert.deepEqual(await printed.locator('h3').allInnerTexts(), ['Administrador', 'Ana Paula Ribeiro', ...BOOKED]);
      assert.match(await printed.innerText(), /09:00–10:00\s+Carla Dias Albuquerque\s+Consulta\s+Agendado/);
      await page.setViewportSize({ width: 794, height: 1123 });
      await shot(page, 'agenda-8staff-print-day-a4', { fullPage: true });
      // (page.pdf prints with the print media)
      assert.equal(pdfPages(await page.pdf({ format: 'A4' })), 1, 'the day on one A4 page');

      await page.emulateMedia({ media: 'screen' });
      await page.setViewportSize(DESKTOP.viewport);
      await page.goto(`/clients/${ids.carla}`);
      await waitForShell(page);
      await page.emulateMedia({ media: 'print' });
      assert.equal(await page.locator('.app-topbar').isVisible(), false);
      assert.equal(await page.locator('main .btn:visible').count(), 0, 'no buttons on paper');
      assert.equal(await page.getByRole('heading', { name: 'Carla Dias Albuquerque', level: 1 }).isVisible(), true);
      assert.ok(await page.locator('main thead:visible').count() >= 1, 'the appointments as a table with its headers, not phone cards');
      await page.setViewportSize({ width: 794, height: 1123 });
      await shot(page, 'agenda-8staff-print-client-a4', { fullPage: true });
      const pages = pdfPages(await page.pdf({ format: 'A4' }));
      assert.ok(pages >= 1 && pages <= 2, `the client page on ${pages} A4 pages`);
    });
  });

  it('print screenshots at 1366 and 360 px', async () => {
    for (const { viewport, ...options } of VIEWPORTS) {
      await withPage(app, { user: ADMIN, viewport, ...options }, async ({ page }) => {
        await page.goto(`/appointments?date=${DAY}`);
        await waitForShell(page);
        await page.emulateMedia({ media: 'print' });
        // Drawn once the page has mounted (agenda-grid.tsx, PrintedDay).
        await page.locator('.agenda-print').waitFor({ state: 'visible', timeout: 5000 });
        assert.equal(await scrollsSideways(page), false, `the printed day fits ${viewport.width} px`);
        await shot(page, `agenda-8staff-print-day-${viewport.width}`, { fullPage: true });
      });
    }
  });
  it('day at 1366 px: twelve columns, each heading a first name and an initial, never broken inside a word', async () => {
    for (const name of ['Roberta Figueiredo Sampaio', 'Teodoro Vasconcelos', 'Valentina Albuquerque Prado']) {
      await api(app.server.url, ids.token, 'POST', '/users', { name, email: `${name.split(' ')[0].toLowerCase()}@example.com`, role: 'staff', password: 'senha-de-teste-1' });
    }
    await withPage(app, { user: ADMIN, viewport: DESKTOP.viewport }, async ({ page, messages }) => {
      await page.goto(`/appointments?date=${DAY}`);
      await waitForShell(page);
      await shot(page, 'agenda-12staff-day-1366');
      const heads = await headings(page);
      assert.equal(heads.length, 12);
      for (const head of heads) {
        const parts = head.title.split(' ');
        const short = parts.length > 1 ? `${parts[0]} ${parts.at(-1)[0]}.` : head.title;
        assert.equal(head.text, short, `the first name and an initial of ${head.title}`);
      }
      // Lines break between words only: a word too long for its column ends
      // in an ellipsis ("Administrador"), never goes on on the next line.
      const broken = await page.locator('.agenda-col-head .agenda-name-short').evaluateAll((els) =>
        els.flatMap((el) => {
          const text = el.firstChild;
          let at = 0;
          return text.data.split(' ').filter((word) => {
            const range = document.createRange();
            range.setStart(text, at);
            range.setEnd(text, at + word.length);
            at += word.length + 1;
            return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
          });
        }),
      );
      assert.deepEqual(broken, [], 'words broken across lines');
      assert.ok(heads.some((h) => h.title === 'Maria Aparecida Gonçalves Albuquerque' && h.text === 'Maria A.'));
      assert.deepEqual(problems(messages), []);
    });
    // A phone shows one column of the twelve, headed by the full name.
    await withPage(app, { user: ADMIN, viewport: PHONE.viewport, isMobile: true, hasTouch: true }, async ({ page }) => {
      await page.goto(`/appointments?date=${DAY}`);
      await waitForShell(page);
      const shown = page.locator('.agenda-col-head:visible');
      assert.equal(await shown.count(), 1);
      assert.equal(await shown.innerText(), await shown.getAttribute('title'), 'the whole name');
      await assertFitsScreen(page, PHONE.viewport, 'the phone agenda of twelve');
      await shot(page, 'agenda-12staff-day-360');
    });
  });
});
