import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { hydrationProblems, missingPrerequisite, openPage, problems, serverNodeKept, signIn, startApp } from './harness.mjs';

const skip = missingPrerequisite();

describe('sign in, server-rendered dashboard, sign out', { skip: skip ?? false }, () => {
  let app;
  before(async () => {
    app = await startApp();
  });
  after(async () => {
    await app?.stop();
  });

  it('goes from / to /login, signs in and lands on /dashboard', async () => {
    const { context, page, messages } = await openPage(app.browser, app.server.url);
    try {
      await page.goto('/');
      assert.match(page.url(), /\/login$/);
      await page.getByText('Entrar', { exact: true }).waitFor();

      // A wrong password shows the server's message.
      await page.fill('#login-email', 'admin@example.com');
      await page.fill('#login-password', 'errada');
      await page.click('button[type=submit]');
      await page.getByRole('alert').waitFor();
      assert.match(await page.getByRole('alert').innerText(), /inválid/i);

      await signIn(page);
      await page.getByText('Total de clientes').waitFor();
      assert.deepEqual(hydrationProblems(messages), []);
    } finally {
      await context.close();
    }
  });

  it('reloads /dashboard as server-rendered HTML and hydrates it without warnings', async () => {
    const { context, page, messages } = await openPage(app.browser, app.server.url);
    try {
      await signIn(page);
      messages.length = 0;
      const response = await page.reload({ waitUntil: 'networkidle' });
      assert.equal(response.status(), 200);
      const html = await response.text();
      const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('window.__PRELOADED_STATE__'));
      assert.match(root, /Total de clientes/, 'the dashboard is in the HTML');
      assert.match(root, /Próximos agendamentos/);
      assert.doesNotMatch(root, /full-page-spinner/, 'no spinner in the server HTML');
      assert.match(html, /window\.__PRELOADED_STATE__/);

      await page.getByText('Total de clientes').waitFor();
      assert.equal(await page.locator('[data-testid=full-page-spinner]').count(), 0);
      assert.equal(await serverNodeKept(page), true, 'hydration kept the server-rendered DOM');
      assert.deepEqual(hydrationProblems(messages), []);
      assert.deepEqual(problems(messages), []);

      // Hydrated: an in-app link now navigates without a page load.
      await page.evaluate(() => {
        window.__sameDocument = true;
      });
      await page.getByRole('link', { name: 'Ver todos' }).click();
      await page.waitForURL('**/appointments');
      await page.getByRole('heading', { name: 'Agendamentos', exact: true }).waitFor();
      assert.equal(await page.evaluate(() => window.__sameDocument), true);
    } finally {
      await context.close();
    }
  });

  it('opens /clients and /appointments server-rendered, without fetching the lists again', async () => {
    const { context, page, messages } = await openPage(app.browser, app.server.url);
    try {
      await signIn(page);
      // Let the dashboard's own fetch (client-side navigation) finish first.
      await page.getByText('Total de clientes').waitFor();
      await page.waitForLoadState('networkidle');
      for (const [path, heading] of [['/clients', 'Clientes'], ['/appointments', 'Agendamentos']]) {
        const apiCalls = [];
        const onRequest = (request) => {
          if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
        };
        page.on('request', onRequest);
        messages.length = 0;
        const response = await page.goto(path, { waitUntil: 'networkidle' });
        const html = await response.text();
        assert.match(html, new RegExp(`<h4[^>]*>${heading}</h4>`), `${path}: the screen is in the HTML`);
        assert.match(html, /página <!-- -->1<!-- --> de <!-- -->1/, `${path}: the preloaded meta is rendered`);
        await page.getByRole('heading', { name: heading, exact: true }).waitFor();
        assert.equal(await serverNodeKept(page), true, `${path}: hydration kept the server DOM`);
        page.off('request', onRequest);
        assert.deepEqual(apiCalls, [], `${path}: no API call on the first render`);
        assert.deepEqual(problems(messages), []);
      }
    } finally {
      await context.close();
    }
  });

  it('opens /dashboard, /users and /reports server-rendered, without an API call (the api cache is seeded)', async () => {
    const { context, page, messages } = await openPage(app.browser, app.server.url);
    try {
      await signIn(page);
      await page.getByText('Total de clientes').waitFor();
      await page.waitForLoadState('networkidle');
      for (const [path, text] of [['/dashboard', 'Total de clientes'], ['/users', 'admin@example.com'], ['/reports', 'Por profissional']]) {
        const apiCalls = [];
        const onRequest = (request) => {
          if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
        };
        page.on('request', onRequest);
        messages.length = 0;
        const response = await page.goto(path, { waitUntil: 'networkidle' });
        const html = await response.text();
        const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('window.__PRELOADED_STATE__'));
        assert.ok(root.includes(text), `${path}: the data is in the HTML`);
        await page.getByText(text).first().waitFor();
        assert.equal(await serverNodeKept(page), true, `${path}: hydration kept the server DOM`);
        page.off('request', onRequest);
        assert.deepEqual(apiCalls, [], `${path}: no API call on the first render`);
        assert.deepEqual(hydrationProblems(messages), []);
        assert.deepEqual(problems(messages), []);
      }
    } finally {
      await context.close();
    }
  });

  it('server-renders every screen (no empty root from a failed render)', async () => {
    const { context, page } = await openPage(app.browser, app.server.url);
    try {
      await signIn(page);
      const screens = {
        '/dashboard': 'Total de clientes',
        '/clients': 'Novo cliente',
        '/appointments': 'Novo agendamento',
        '/reports': 'Relatórios',
        '/users': 'Usuários',
        '/auth/profile': 'Meu perfil',
        '/nao-existe': 'Página não encontrada',
      };
      for (const [path, text] of Object.entries(screens)) {
        const response = await page.request.get(path);
        const html = await response.text();
        const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('window.__PRELOADED_STATE__'));
        assert.ok(root.length > 200, `${path}: the root has the rendered screen`);
        assert.ok(root.includes(text), `${path}: shows ${text}`);
        assert.doesNotMatch(root, /full-page-spinner/, `${path}: no spinner`);
      }
    } finally {
      await context.close();
    }
  });

  it('signs out on /logout and is sent to /login when opening /dashboard again', async () => {
    const { context, page, messages } = await openPage(app.browser, app.server.url);
    try {
      await signIn(page);
      await page.goto('/logout');
      await page.getByText('Você saiu do sistema.').waitFor();
      await page.getByRole('link', { name: 'Entrar novamente' }).waitFor();
      const stored = await page.evaluate(() => window.localStorage.getItem('persist:root'));
      assert.ok(!stored || !JSON.parse(JSON.parse(stored).auth).accessToken, 'no token left in storage');

      await page.goto('/dashboard');
      await page.waitForURL('**/login');
      await page.locator('#login-email').waitFor();
      // And it stays there (no bounce back to /dashboard from stale storage).
      await page.waitForTimeout(300);
      assert.match(page.url(), /\/login$/);
      assert.deepEqual(hydrationProblems(messages), []);
    } finally {
      await context.close();
    }
  });
});

describe('session expiry', { skip: skip ?? false }, () => {
  let app;
  before(async () => {
    // A token that lives a few seconds: the session timer must end it.
    app = await startApp({ env: { EXPEDIENTE_TOKEN_TTL: '4' } });
  });
  after(async () => {
    await app?.stop();
  });

  it('clears the session when the token expires, goes to /login and says so', async () => {
    const { context, page } = await openPage(app.browser, app.server.url);
    try {
      // The page's clock is playwright's: it runs at wall speed until the
      // test jumps it forward, so nothing waits for the token to expire.
      await page.clock.install();
      await signIn(page);
      // Past the 4 s lifetime: the session timer fires now (or, when it is
      // set after this, finds the token already expired).
      await page.clock.fastForward(5_000);
      await page.getByText('Sua sessão expirou. Entre novamente.').waitFor({ timeout: 10_000 });
      await page.waitForURL('**/login');
      await page.locator('#login-email').waitFor();
      const stored = await page.evaluate(() => window.localStorage.getItem('persist:root'));
      assert.ok(!stored || !JSON.parse(JSON.parse(stored).auth).accessToken, 'no token left in storage');
    } finally {
      await context.close();
    }
  });
});

describe('browser-only rendering (EXPEDIENTE_SSR=off)', { skip: skip ?? false }, () => {
  let app;
  before(async () => {
    app = await startApp({ env: { EXPEDIENTE_SSR: 'off' } });
  });
  after(async () => {
    await app?.stop();
  });

  it('renders /dashboard in the browser from an empty root', async () => {
    const { context, page, messages } = await openPage(app.browser, app.server.url);
    try {
      await signIn(page);
      messages.length = 0;
      const response = await page.reload();
      const html = await response.text();
      assert.match(html, /<div id="root"><\/div>/, 'the server sent an empty root');
      await page.getByText('Total de clientes').waitFor();
      assert.deepEqual(problems(messages), []);
    } finally {
      await context.close();
    }
  });
});
