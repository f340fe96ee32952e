// The shell's layout against the real binary: customizer → cookie → server
// HTML, width rules, the mobile drawer, the system theme, first paint at
// narrow widths before any script runs.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import SPEC_LAYOUT_DEFAULTS from '../src/features/layout/spec-layout-defaults.json' with { type: 'json' };
import { ADMIN, appForSuite, hydrationProblems, now, problems, suite, waitForShell, withPage } from './harness.mjs';

const htmlAttr = (page, name) => page.evaluate((n) => document.documentElement.getAttribute(n), name);
const waitAttr = (page, name, value) =>
  page.waitForFunction(([n, v]) => document.documentElement.getAttribute(n) === v, [name, value], { timeout: 5_000 });

const DESKTOP = { width: 1400, height: 900 };

suite('shell layout', () => {
  // The admin's session cookie, for pages that must start signed in (also without JavaScript).
  let cookies;
  const app = appForSuite({
    setup: (started) =>
      withPage(started, { user: ADMIN }, async ({ context }) => {
        cookies = await context.cookies();
      }),
  });

  it('horizontal orientation chosen in the customizer arrives in the server HTML after a reload', async () => {
    await withPage(app, { cookies, viewport: DESKTOP }, async ({ context, page, messages }) => {
      await page.goto('/dashboard');
      await waitAttr(page, 'data-layout-ready', 'true');
      assert.equal(await htmlAttr(page, 'data-layout'), 'vertical');
      await page.click('[data-customizer-toggle]');
      const customizer = page.locator('.customizer');
      await customizer.waitFor();
      assert.equal(await customizer.locator('[data-section="sidenav-size"]').count(), 1);
      assert.equal(await customizer.locator('[data-section="position"]').count(), 1);
      assert.equal(await customizer.locator('a[data-buy-now]').getAttribute('href'), '');

      await customizer.locator('input[name="orientation"][value="horizontal"]').check();
      await waitAttr(page, 'data-layout', 'horizontal');
      // Size and position make no sense in horizontal orientation.
      assert.equal(await customizer.locator('[data-section="sidenav-size"]').count(), 0);
      assert.equal(await customizer.locator('[data-section="position"]').count(), 0);
      const stored = JSON.parse(await page.evaluate(() => localStorage.getItem('__ADMIN_THEME_CONFIG__')));
      assert.equal(stored.orientation, 'horizontal');
      const cookie = (await context.cookies()).find((c) => c.name === 'expediente_layout');
      assert.ok(cookie, 'the layout cookie is set');
      assert.equal(JSON.parse(decodeURIComponent(cookie.value)).orientation, 'horizontal');

      messages.length = 0;
      const response = await page.reload({ waitUntil: 'networkidle' });
      const body = await response.text();
      assert.match(body.slice(0, body.indexOf('<head>')), /data-layout="horizontal"/, 'the first byte has the layout');
      assert.match(body, /class="topnav"/, 'the server rendered the top navigation');
      assert.match(body, /href="\/auth-1\/sign-in"/, 'with the template-style menu');
      await page.locator('.topnav').waitFor({ state: 'visible' });
      assert.equal(await page.locator('.sidenav-menu').isVisible(), false, 'no side nav at 1400 px');
      assert.deepEqual(hydrationProblems(messages), []);

      // A demo entry is a plain link; an app route navigates inside the app.
      const kept = (href) =>
        page.evaluate((href) => {
          let prevented = null;
          // After the app's handler: note it, then keep the page where it is.
          document.addEventListener('click', (e) => ((prevented = e.defaultPrevented), e.preventDefault()), { once: true });
          document.querySelector(`.topnav a[href="${href}"]`).dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
          return prevented;
        }, href);
      assert.equal(await kept('/calendar'), false);
      assert.equal(await kept('/clients'), true);
      await page.waitForURL('**/clients');

      // Reset restores the defaults.
      await page.click('[data-customizer-toggle]');
      await page.locator('.customizer').getByRole('button', { name: 'Redefinir' }).click();
      await waitAttr(page, 'data-layout', 'vertical');
      const reset = JSON.parse(await page.evaluate(() => localStorage.getItem('__ADMIN_THEME_CONFIG__')));
      assert.deepEqual(reset, SPEC_LAYOUT_DEFAULTS);
      assert.equal(await htmlAttr(page, 'data-skin'), 'modern');
    });
  });

  it('horizontal falls back to the side drawer below 992 px', async () => {
    await withPage(app, { cookies, viewport: { width: 900, height: 800 } }, async ({ page, messages }) => {
      await page.goto('/dashboard');
      await page.evaluate(() => {
        const settings = JSON.parse(localStorage.getItem('__ADMIN_THEME_CONFIG__') ?? '{}');
        localStorage.setItem('__ADMIN_THEME_CONFIG__', JSON.stringify({ ...settings, orientation: 'horizontal' }));
      });
      await page.reload();
      await waitAttr(page, 'data-layout', 'horizontal');
      await waitAttr(page, 'data-sidenav-size', 'offcanvas');
      assert.equal(await page.locator('.topnav').isVisible(), false);
      await page.click('.sidenav-toggle');
      await page.locator('.sidenav-menu .side-nav-link[href="/clients"]').waitFor({ state: 'visible' });
      // Above 767 px the open drawer keeps a 15 px gutter on the body.
      assert.equal(await page.evaluate(() => document.body.style.overflow), 'hidden');
      assert.equal(await page.evaluate(() => document.body.style.paddingRight), '15px');
      await page.locator('[data-testid="sidenav-backdrop"]').click({ position: { x: 880, y: 400 } });
      await page.locator('[data-testid="sidenav-backdrop"]').waitFor({ state: 'detached' });
      assert.equal(await page.evaluate(() => document.body.style.paddingRight), '');
      assert.deepEqual(hydrationProblems(messages), []);
    });
  });

  it('resizing to 1000 px condenses the side nav, and back', async () => {
    await withPage(app, { cookies, viewport: DESKTOP }, async ({ page }) => {
      await page.goto('/clients');
      await waitAttr(page, 'data-layout-ready', 'true');
      assert.equal(await htmlAttr(page, 'data-sidenav-size'), 'default');
      await page.setViewportSize({ width: 1000, height: 800 });
      await waitAttr(page, 'data-sidenav-size', 'condensed');
      // The width animates (0.2 s): wait for it to settle.
      await page.waitForFunction(() => document.querySelector('.sidenav-menu').getBoundingClientRect().width < 100, null, { timeout: 3_000 });
      await page.setViewportSize({ width: 1400, height: 800 });
      await waitAttr(page, 'data-sidenav-size', 'default');
    });
  });

  it('at 500 px the toggle opens the drawer with a backdrop that locks the body; a click on it closes', async () => {
    await withPage(app, { cookies, viewport: { width: 500, height: 800 } }, async ({ page, messages }) => {
      await page.goto('/dashboard');
      await waitAttr(page, 'data-sidenav-size', 'offcanvas');
      const box = await page.locator('.sidenav-menu').boundingBox();
      assert.ok(box.x + box.width <= 1, 'the drawer starts off screen');
      await page.click('.sidenav-toggle');
      const backdrop = page.locator('[data-testid="sidenav-backdrop"]');
      await backdrop.waitFor();
      assert.equal(await page.evaluate(() => document.body.style.overflow), 'hidden');
      assert.equal(await page.evaluate(() => document.body.style.paddingRight), '', 'no padding at 500 px');
      await page.waitForFunction(() => document.querySelector('.sidenav-menu').getBoundingClientRect().x >= 0);
      await backdrop.click({ position: { x: 480, y: 400 } });
      await backdrop.waitFor({ state: 'detached' });
      assert.equal(await page.evaluate(() => document.body.style.overflow), '');

      // Choosing a link in the drawer closes it too.
      await page.click('.sidenav-toggle');
      await backdrop.waitFor();
      await page.locator('.sidenav-menu .side-nav-link[href="/clients"]').click();
      await page.waitForURL('**/clients');
      await backdrop.waitFor({ state: 'detached' });
      // Script errors and React warnings only (the screens' API calls are not the shell's).
      assert.deepEqual(problems(messages).filter((m) => !/Failed to load resource/.test(m.text)), []);
    });
  });

  it('narrow screens are right on the first paint, before any script', async () => {
    for (const [width, expected] of [
      [500, 'offcanvas'],
      [1000, 'condensed'],
      [1400, 'default'],
    ]) {
      await withPage(app, { cookies, viewport: { width, height: 800 }, javaScriptEnabled: false }, async ({ page }) => {
        await page.goto('/dashboard');
        const box = await page.locator('.sidenav-menu').boundingBox();
        const visibleWidth = Math.max(0, box.x + box.width);
        if (expected === 'offcanvas') assert.ok(visibleWidth <= 1, `${width}px: side nav hidden (${visibleWidth})`);
        else if (expected === 'condensed') assert.ok(visibleWidth > 40 && visibleWidth < 100, `${width}px: condensed (${visibleWidth})`);
        else assert.ok(visibleWidth > 200, `${width}px: full side nav (${visibleWidth})`);
        const content = await page.locator('.content-page').boundingBox();
        assert.ok(Math.abs(content.x - visibleWidth) <= 1, `${width}px: content starts after the side nav`);
      });
    }
  });

  it('horizontal: top navigation from 992 px, side drawer below, on the first paint before any script', async () => {
    const layout = encodeURIComponent(JSON.stringify({ orientation: 'horizontal' }));
    for (const width of [900, 1200]) {
      await withPage(app, { cookies, viewport: { width, height: 800 }, javaScriptEnabled: false }, async ({ context, page }) => {
        await context.addCookies([{ name: 'expediente_layout', value: layout, url: app.server.url }]);
        await page.goto('/dashboard');
        assert.equal(await htmlAttr(page, 'data-layout'), 'horizontal');
        const box = await page.locator('.sidenav-menu').boundingBox();
        const drawerShown = Boolean(box) && box.x + box.width > 1;
        assert.equal(drawerShown, false, `${width}px: no side nav on screen`);
        assert.equal(await page.locator('.topnav').isVisible(), width >= 992, `${width}px: top navigation`);
        assert.equal(await page.locator('.sidenav-toggle').isVisible(), width < 992, `${width}px: drawer toggle`);
      });
    }
  });

  it('theme "system" follows the operating system, also when it changes', async () => {
    await withPage(app, { cookies, viewport: DESKTOP }, async ({ page }) => {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto('/dashboard');
      await waitForShell(page);
      await page.click('[data-dropdown="theme"] button');
      await page.getByText('Sistema', { exact: true }).click();
      await waitAttr(page, 'data-theme', 'system');
      assert.equal(await htmlAttr(page, 'data-bs-theme'), 'light');
      await page.emulateMedia({ colorScheme: 'dark' });
      await waitAttr(page, 'data-bs-theme', 'dark');

      // After a reload the server writes light and the head script corrects it before paint.
      const response = await page.reload();
      assert.match(await response.text(), /data-theme="system"/);
      await waitAttr(page, 'data-bs-theme', 'dark');
      await page.emulateMedia({ colorScheme: 'light' });
      await waitAttr(page, 'data-bs-theme', 'light');

      await waitForShell(page);
      await page.click('[data-dropdown="theme"] button');
      await page.getByText('Escuro', { exact: true }).click();
      await waitAttr(page, 'data-bs-theme', 'dark');
      await page.click('[data-dropdown="theme"] button');
      await page.getByText('Claro', { exact: true }).click();
      await waitAttr(page, 'data-bs-theme', 'light');
    });
  });

  it('the footer shows the current year', async () => {
    await withPage(app, { cookies, viewport: DESKTOP }, async ({ page }) => {
      await page.goto('/dashboard');
      assert.match(await page.locator('.app-footer').innerText(), new RegExp(String(new Date(now()).getFullYear())));
    });
  });
});
