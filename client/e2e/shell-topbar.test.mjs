// The top bar against the real binary: notifications, Admin Menu, the user's
// menu with the real name and role, the side menu, fullscreen and toasts.
import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { ADMIN, appForSuite, openPage, problems, signIn, startApp, suite, withPage } from './harness.mjs';

const DESKTOP = { width: 1400, height: 900 };

/** Each link's text and address, in order. */
function linksOf(locator) {
  return locator.evaluateAll((links) => links.map((a) => [a.textContent.trim(), a.getAttribute('href')]));
}

suite('shell top bar and menus', () => {
  // One signed-in page for the whole suite; closed before the app stops.
  let opened;
  after(async () => {
    await opened?.context.close();
  });
  appForSuite({
    setup: async ({ browser, server }) => {
      opened = await openPage(browser, server.url, { viewport: DESKTOP });
      await signIn(opened.page);
    },
  });

  it('notifications: badge 7 and 7 items in a list of at most 300 px', async () => {
    const { page } = opened;
    assert.equal(await page.locator('[data-testid="notifications-badge"]').innerText(), '7');
    await page.click('[data-dropdown="notifications"] button');
    assert.equal(await page.locator('[data-notification-id]').count(), 7);
    assert.equal(await page.locator('.notification-list').evaluate((el) => getComputedStyle(el).maxHeight), '300px');
    await page.getByText('Read All Messages').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('[data-notification-id]').first().waitFor({ state: 'detached' });
  });

  it('Admin Menu: three columns, at most 380 px high', async () => {
    const { page } = opened;
    await page.getByRole('button', { name: 'Admin Menu' }).click();
    assert.deepEqual(await page.locator('.mega-title').allInnerTexts(), [
      'DASHBOARD E ANALISES',
      'GERENCIAMENTO DO PROJETO',
      'GERENCIAMENTO DE USUARIOS',
    ]);
    assert.deepEqual(await page.locator('.mega-title').evaluateAll((els) => els.map((e) => e.textContent)), [
      'Dashboard e Analises',
      'Gerenciamento do Projeto',
      'Gerenciamento de Usuarios',
    ]);
    assert.equal(await page.locator('.dropdown-mega').evaluate((el) => getComputedStyle(el).maxHeight), '380px');
    await page.keyboard.press('Escape');
  });

  it("user menu: the signed-in user's name, Administrador, profile and logout links", async () => {
    const { page } = opened;
    const toggle = page.locator('[data-dropdown="user"] button');
    const me = await page.evaluate(() => JSON.parse(document.getElementById('preloaded-state')?.textContent ?? 'null')?.auth?.name ?? null);
    const text = await toggle.innerText();
    assert.match(text, /Administrador/);
    if (me) assert.match(text, new RegExp(me));
    await toggle.click();
    assert.deepEqual(await linksOf(page.locator('[data-dropdown="user"] a')), [
      ['Meu perfil', '/auth/profile'],
      ['Notificacoes', '#'],
      ['Configuracoes da Conta', '#'],
      ['Central de Suporte', '#'],
      ['Sair', '/logout'],
    ]);
    await page.getByRole('link', { name: 'Meu perfil' }).click();
    await page.waitForURL('**/auth/profile');
  });

  it('side menu: titled Menu, five entries, the current page active', async () => {
    const { page } = opened;
    await page.goto('/appointments');
    assert.equal(await page.locator('.side-nav-title').first().innerText(), 'MENU');
    assert.deepEqual(await linksOf(page.locator('.sidenav-menu .side-nav-link')), [
      ['Dashboard', '/dashboard'],
      ['Clientes', '/clients'],
      ['Agendamentos', '/appointments'],
      ['Relatorios', '/reports'],
      ['Usuarios', '/users'],
    ]);
    assert.equal(await page.locator('.side-nav-link.active').innerText(), 'Agendamentos');
    // In-app navigation moves the active entry without a page load.
    await page.evaluate(() => (window.__sameDocument = true));
    await page.locator('.side-nav-link[href="/clients"]').click();
    await page.waitForURL('**/clients');
    await page.waitForFunction(() => document.querySelector('.side-nav-link.active')?.textContent === 'Clientes');
    assert.equal(await page.evaluate(() => window.__sameDocument), true);
  });

  it('the logo links to /', async () => {
    const { page } = opened;
    assert.equal(await page.locator('.sidenav-menu a.logo').getAttribute('href'), '/');
  });

  it('the fullscreen toggle asks the document for fullscreen', async () => {
    const { page } = opened;
    await page.evaluate(() => {
      window.__fullscreenCalls = 0;
      document.documentElement.requestFullscreen = () => {
        window.__fullscreenCalls += 1;
        return Promise.resolve();
      };
    });
    await page.click('[data-fullscreen-toggle]');
    assert.equal(await page.evaluate(() => window.__fullscreenCalls), 1);
  });

  it('a toast appears top-right, 54 px from the top', async () => {
    const { messages } = opened;
    // The app's toast container listens to react-toastify's global emitter,
    // which the bundle does not expose: a short session shows its warning.
    const short = await startApp({ env: { EXPEDIENTE_TOKEN_TTL: '62' } });
    try {
      await withPage(short, { user: ADMIN, viewport: DESKTOP }, async ({ page: p }) => {
        const toast = p.locator('.Toastify__toast').first();
        await toast.waitFor({ timeout: 15_000 });
        const container = p.locator('.Toastify__toast-container');
        assert.match(await container.getAttribute('class'), /Toastify__toast-container--top-right/);
        assert.equal(await container.evaluate((el) => el.style.marginTop), '54px');
        const box = await toast.boundingBox();
        assert.ok(box.x + box.width > 1400 - 40, 'at the right edge');
        assert.ok(box.y < 140, 'at the top');
      });
    } finally {
      await short.stop();
    }
    // Script errors and React warnings only: failed network requests of the
    // screens (API answers) are not the shell's to judge.
    assert.deepEqual(problems(messages).filter((m) => !/Failed to load resource/.test(m.text)), []);
  });
});
