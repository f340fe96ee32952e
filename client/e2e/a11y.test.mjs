// Accessibility against the real binary: axe-core on every
// screen at 1366 px and 360 px, also with the layout customizer, the side
// drawer and the top bar's dropdowns open; fails on any serious or critical
// violation or skipped heading level. Then what axe cannot see: the closed drawer out of the Tab
// order, the notifications inside the screen, the customizer holding focus,
// focus on the new screen's h1, a skip link, visible focus rings.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ADMIN, animationsDone, api, appForSuite, axeViolations, PHONE, problems, seedAndSignIn, shot, suite, VIEWPORTS, waitForShell, weekdayAhead, withPage } from './harness.mjs';

const STAFF = { name: 'Bruno Equipe', email: 'bruno@example.com', password: 'senha-do-bruno' };
/** A Wednesday weeks ahead, inside the default working hours. */
const DAY = weekdayAhead(100, 3);
/** Waits for a screen's h1 after a full load (and hydration when signed in). */
async function openScreen(page, path, { shell = true } = {}) {
  await page.goto(path);
  if (shell) await waitForShell(page);
  await page.locator(':is(h1, .page-main-title)').first().waitFor();
}

suite('accessibility (axe-core and keyboard)', () => {
  const ids = {};
  const app = appForSuite({
    async setup({ server }) {
      const token = await seedAndSignIn(server, ['--clients', '20', '--appointments', '120']);
      const staff = (await api(server.url, token, 'POST', '/users', { ...STAFF, role: 'staff' })).data.id;
      ids.client = (await api(server.url, token, 'POST', '/clients', { name: 'Carla Dias', email: 'carla@example.com', phone: '(11) 98888-0001' })).data.id;
      const statuses = ['confirmado', 'concluido', 'cancelado', 'faltou'];
      for (const [i, hour] of ['08', '09', '10', '11', '14'].entries()) {
        const { data } = await api(server.url, token, 'POST', '/appointments', {
          clientId: ids.client,
          staffId: staff,
          service: `Serviço ${i + 1}`,
          startsAt: `${DAY}T${hour}:00`,
          durationMinutes: 45,
          priceCents: 9000,
        });
        const status = statuses[i];
        if (status) {
          const body = { status, version: data.version, ...(status === 'cancelado' ? { cancellationReason: 'Cliente pediu' } : {}) };
          await api(server.url, token, 'PATCH', `/appointments/${data.id}/status`, body).catch(() => {});
        }
      }
    },
  });

  for (const { name, viewport, ...options } of VIEWPORTS) {
    it(`axe finds no serious or critical violation on any screen (${name})`, async () => {
      const found = [];
      const w = viewport.width;
      // Signed out: the login screen and the 404.
      await withPage(app, { viewport, ...options }, async ({ page }) => {
        await openScreen(page, '/login', { shell: false });
        found.push(...(await axeViolations(page, `/login @${w}`)));
        await shot(page, `login-${w}`);
      });
      await withPage(app, { user: ADMIN, viewport, ...options }, async ({ page, messages }) => {
        const screens = [
          '/dashboard',
          '/clients',
          `/clients/${ids.client}`,
          `/appointments?view=day&date=${DAY}`,
          `/appointments?view=week&date=${DAY}`,
          '/appointments?view=list',
          '/reports',
          '/users',
          '/auth/profile',
          '/nao-existe',
        ];
        for (const path of screens) {
          // The 404 is outside the signed-in shell.
          await openScreen(page, path, { shell: path !== '/nao-existe' });
          found.push(...(await axeViolations(page, `${path} @${w}`)));
          await shot(page, `${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${w}`);
        }

        // The booking's client suggestions (their phone numbers were 3.75:1).
        await openScreen(page, `/appointments?date=${DAY}&book=1`);
        await page.getByRole('dialog').locator('input[role=combobox]').fill('Carla');
        await page.getByRole('option', { name: /Carla Dias/ }).waitFor();
        found.push(...(await axeViolations(page, `/appointments booking suggestions @${w}`)));
        await shot(page, `booking-suggestions-${w}`);
        await page.keyboard.press('Escape');

        // The shell's popups, over the dashboard.
        await openScreen(page, '/dashboard');
        for (const dropdown of ['notifications', 'theme', 'user']) {
          await page.click(`[data-dropdown="${dropdown}"] > button`);
          await page.locator(`[data-dropdown="${dropdown}"] .dropdown-menu`).waitFor();
          found.push(...(await axeViolations(page, `/dashboard ${dropdown} open @${w}`)));
          await shot(page, `dropdown-${dropdown}-${w}`);
          await page.keyboard.press('Escape');
          await page.locator(`[data-dropdown="${dropdown}"] .dropdown-menu`).waitFor({ state: 'detached' });
        }
        const mega = page.getByRole('button', { name: 'Admin Menu' });
        if (await mega.isVisible()) {
          await mega.click();
          await page.locator('.dropdown-mega').waitFor();
          found.push(...(await axeViolations(page, `/dashboard Admin Menu open @${w}`)));
          await page.keyboard.press('Escape');
        }
        await page.click('[data-customizer-toggle]');
        await page.getByRole('dialog', { name: 'Personalizar layout' }).waitFor();
        found.push(...(await axeViolations(page, `/dashboard customizer open @${w}`)));
        await shot(page, `customizer-${w}`);
        await page.keyboard.press('Escape');
        await page.getByRole('dialog', { name: 'Personalizar layout' }).waitFor({ state: 'detached' });
        if (w < 992) {
          await page.click('.sidenav-toggle');
          await page.waitForSelector('.wrapper.sidebar-enable');
          await animationsDone(page); // the drawer's slide
          found.push(...(await axeViolations(page, `/dashboard side menu open @${w}`)));
          await shot(page, `drawer-${w}`);
          await page.keyboard.press('Escape');
        }
        assert.deepEqual(problems(messages).filter((m) => !/status of 404/.test(m.text)), [], 'no console errors or warnings');
      });
      // Staff on /users: the 403 page.
      await withPage(app, { user: STAFF, viewport, ...options }, async ({ page }) => {
        await openScreen(page, '/users');
        await page.getByRole('heading', { name: 'Acesso negado' }).waitFor();
        found.push(...(await axeViolations(page, `/users (403) @${w}`)));
        await shot(page, `forbidden-${w}`);
      });
      assert.deepEqual(found, [], `axe violations:\n${found.join('\n')}`);
    });
  }

  it('phone: the closed side menu takes no Tab stop and is not read; the notifications stay on screen', async () => {
    await withPage(app, { user: ADMIN, ...PHONE }, async ({ page }) => {
      await openScreen(page, '/dashboard');
      const closed = await page.locator('.sidenav-menu').evaluate((el) => ({ inert: el.inert, hidden: getComputedStyle(el).visibility === 'hidden' }));
      assert.ok(closed.inert || closed.hidden, 'the closed drawer is inert or hidden');
      for (let i = 0; i < 8; i++) {
        await page.keyboard.press('Tab');
        assert.equal(await page.evaluate(() => Boolean(document.activeElement?.closest('.sidenav-menu'))), false, `Tab stop ${i + 1} is not in the closed drawer`);
      }
      // Opened, it takes focus and is no longer inert.
      await page.click('.sidenav-toggle');
      await page.waitForSelector('.wrapper.sidebar-enable');
      assert.equal(await page.locator('.sidenav-menu').evaluate((el) => el.inert), false);
      await page.keyboard.press('Escape');
      await page.waitForSelector('.wrapper:not(.sidebar-enable)');

      await page.click('[data-dropdown="notifications"] > button');
      const box = await page.locator('[data-dropdown="notifications"] .dropdown-menu').boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= 360, `notifications inside the screen (x ${box.x}, width ${box.width})`);
    });
  });

  it('the customizer holds focus, closes with Escape and gives focus back', async () => {
    await withPage(app, { user: ADMIN, viewport: { width: 1366, height: 800 } }, async ({ page }) => {
      await openScreen(page, '/dashboard');
      const toggle = page.locator('[data-customizer-toggle]');
      await toggle.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Personalizar layout' });
      await dialog.waitFor();
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press(i % 7 === 6 ? 'Shift+Tab' : 'Tab');
        assert.equal(await page.evaluate(() => Boolean(document.activeElement?.closest('.customizer'))), true, `focus stays in the customizer (Tab ${i + 1})`);
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      assert.equal(await page.evaluate(() => document.activeElement?.hasAttribute('data-customizer-toggle')), true, 'focus back on the toggle');
    });
  });

  it('a skip link leads to the content; a new screen puts focus on its h1; focus rings are visible', async () => {
    await withPage(app, { user: ADMIN, viewport: { width: 1366, height: 800 } }, async ({ page }) => {
      await openScreen(page, '/dashboard');
      await page.keyboard.press('Tab');
      const skipLink = await page.evaluate(() => ({ text: document.activeElement?.textContent, href: document.activeElement?.getAttribute('href') }));
      assert.equal(skipLink.text, 'Pular para o conteúdo');
      await page.keyboard.press('Enter');
      assert.equal(await page.evaluate(() => Boolean(document.activeElement?.closest('main'))), true, 'focus in main');

      await page.locator('.sidenav-menu a[href="/clients"]').click();
      await page.waitForURL('**/clients');
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
      assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Clientes');

      // Focus rings: a button and a field show an outline or ring of ≥ 3:1 against the page.
      const ratios = [];
      for (const selector of ['main .btn-primary', 'main input.form-control', 'main .btn-light, main .btn-outline-secondary']) {
        const target = page.locator(selector).first();
        await target.focus();
        await page.keyboard.press('Shift+Tab');
        await page.keyboard.press('Tab');
        ratios.push([selector, await target.evaluate(focusRingContrast)]);
      }
      for (const [selector, ratio] of ratios) assert.ok(ratio >= 3, `${selector}: focus ring contrast ${ratio.toFixed(2)} ≥ 3`);
    });
  });
});

/** In the page: the contrast of an element's focus outline (or box-shadow ring) against the page background. */
function focusRingContrast(el) {
  const parse = (c) => {
    const m = c.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const [r, g, b, a = 1] = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return { r, g, b, a };
  };
  const lum = ({ r, g, b }) => {
    const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const style = getComputedStyle(el);
  let bgEl = el.parentElement;
  let bg = null;
  while (bgEl) {
    const c = parse(getComputedStyle(bgEl).backgroundColor);
    // Nearly transparent tints (a card header's 3 % grey) do not count.
    if (c && c.a >= 0.5) {
      bg = c;
      break;
    }
    bgEl = bgEl.parentElement;
  }
  bg ??= { r: 255, g: 255, b: 255, a: 1 };
  let ring = null;
  if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) ring = parse(style.outlineColor);
  if (!ring && style.boxShadow !== 'none') ring = parse(style.boxShadow);
  if (!ring) return 0;
  // A translucent ring over the background.
  const mix = { r: ring.r * ring.a + bg.r * (1 - ring.a), g: ring.g * ring.a + bg.g * (1 - ring.a), b: ring.b * ring.a + bg.b * (1 - ring.a) };
  const [hi, lo] = [lum(mix), lum(bg)].sort((a, b) => b - a);
  return (hi + 0.05) / (lo + 0.05);
}
