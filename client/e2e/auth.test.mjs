import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ADMIN, api, apiCallsDuring, appForSuite, hydrationProblems, noStoredToken, now, problems, renderedRoot, serverNodeKept, signIn, suite, VIEWPORTS, waitForHydration, waitForShell, withPage } from './harness.mjs';

suite('sign in, server-rendered dashboard, sign out', () => {
  const app = appForSuite();

  it('goes from / to /login, signs in and lands on /dashboard', async () => {
    await withPage(app, {}, async ({ page, messages }) => {
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
    });
  });

  it('reloads /dashboard as server-rendered HTML and hydrates it without warnings', async () => {
    await withPage(app, { user: ADMIN }, async ({ page, messages }) => {
      messages.length = 0;
      const response = await page.reload({ waitUntil: 'networkidle' });
      assert.equal(response.status(), 200);
      const html = await response.text();
      const root = renderedRoot(html);
      assert.match(root, /Total de clientes/, 'the dashboard is in the HTML');
      assert.match(root, /Próximos agendamentos/);
      assert.doesNotMatch(root, /full-page-spinner/, 'no spinner in the server HTML');
      assert.match(html, /<script type="application\/json" id="preloaded-state">/);

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
      await page.waitForURL(/\/appointments\?view=list$/);
      await page.getByRole('heading', { name: 'Agendamentos', exact: true }).waitFor();
      assert.equal(await page.evaluate(() => window.__sameDocument), true);
    });
  });

  it('opens /clients and /appointments server-rendered, without fetching the lists again', async () => {
    await withPage(app, { user: ADMIN }, async ({ page, messages }) => {
      // Let the dashboard's own fetch (client-side navigation) finish first.
      await page.getByText('Total de clientes').waitFor();
      // A full load of the (server-rendered, seeded) dashboard: whatever the
      // sign-in's in-app navigation still had in flight goes with the old document.
      await page.goto('/dashboard', { waitUntil: 'networkidle' });
      for (const [path, heading] of [['/clients', 'Clientes'], ['/appointments?view=list', 'Agendamentos']]) {
        const apiCalls = await apiCallsDuring(page, async () => {
          messages.length = 0;
          const response = await page.goto(path, { waitUntil: 'networkidle' });
          const html = await response.text();
          assert.match(html, new RegExp(`<h1[^>]*>${heading}</h1>`), `${path}: the screen is in the HTML`);
          assert.match(html, /· página 1 de 1/, `${path}: the preloaded meta is rendered`);
          await page.getByRole('heading', { name: heading, exact: true }).waitFor();
          assert.equal(await serverNodeKept(page), true, `${path}: hydration kept the server DOM`);
        });
        assert.deepEqual(apiCalls, [], `${path}: no API call on the first render`);
        assert.deepEqual(problems(messages), []);
      }
    });
  });

  it('opens /dashboard, /users, /reports and the agenda server-rendered, without an API call (the api cache is seeded)', async () => {
    await withPage(app, { user: ADMIN }, async ({ page, messages }) => {
      await page.getByText('Total de clientes').waitFor();
      // A full load of the (server-rendered, seeded) dashboard: whatever the
      // sign-in's in-app navigation still had in flight goes with the old document.
      await page.goto('/dashboard', { waitUntil: 'networkidle' });
      const screens = [
        ['/dashboard', 'Total de clientes'],
        ['/users', 'admin@<wbr/>example.com'], // the list's e-mail, with its line break (components/email.tsx)
        ['/reports', 'Por profissional'],
        ['/reports?period=week', 'Por profissional'],
        ['/appointments', 'Dia anterior'],
        ['/appointments?view=week&date=2026-11-23', 'Semana anterior'],
      ];
      for (const [path, text] of screens) {
        const apiCalls = await apiCallsDuring(page, async () => {
          messages.length = 0;
          const response = await page.goto(path, { waitUntil: 'networkidle' });
          assert.ok(renderedRoot(await response.text()).includes(text), `${path}: the data is in the HTML`);
          await waitForShell(page);
          assert.equal(await serverNodeKept(page), true, `${path}: hydration kept the server DOM`);
        });
        assert.deepEqual(apiCalls, [], `${path}: no API call on the first render`);
        assert.deepEqual(hydrationProblems(messages), []);
        assert.deepEqual(problems(messages), []);
      }
    });
  });

  it('server-renders every screen (no empty root from a failed render)', async () => {
    await withPage(app, { user: ADMIN }, async ({ page }) => {
      const screens = {
        '/dashboard': 'Total de clientes',
        '/clients': 'Novo cliente',
        // (a phone shows "Novo" of "Novo agendamento": the toolbar's name is whole)
        '/appointments': 'Visão da agenda',
        '/reports': 'Relatórios',
        '/users': 'Usuários',
        '/auth/profile': 'Meu perfil',
        '/nao-existe': 'Página não encontrada',
      };
      for (const [path, text] of Object.entries(screens)) {
        const response = await page.request.get(path);
        const html = await response.text();
        const root = renderedRoot(html);
        assert.ok(root.length > 200, `${path}: the root has the rendered screen`);
        assert.ok(root.includes(text), `${path}: shows ${text}`);
        assert.doesNotMatch(root, /full-page-spinner/, `${path}: no spinner`);
      }
    });
  });

  it('signs out from the user menu and is sent to /login when opening /dashboard again', async () => {
    await withPage(app, { user: ADMIN }, async ({ page, messages }) => {
      await page.getByText('Total de clientes').waitFor();
      await page.getByRole('button', { name: 'Menu do usuário' }).click();
      const posts = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
      });
      await page.getByRole('link', { name: 'Sair' }).click();
      await page.getByText('Você saiu do sistema.').waitFor();
      await page.getByRole('link', { name: 'Entrar novamente' }).waitFor();
      assert.deepEqual(posts, ['/api/logout'], 'the screen posted the sign-out');
      assert.ok(await noStoredToken(page), 'no token left in storage');

      await page.goto('/dashboard');
      await page.waitForURL(/\/login\?next=%2Fdashboard$/);
      await page.locator('#login-email').waitFor();
      // And it stays there (no bounce back to /dashboard from stale storage)
      // once the page has hydrated with what storage holds.
      await waitForHydration(page);
      assert.match(page.url(), /\/login\?next=%2Fdashboard$/);
      assert.deepEqual(hydrationProblems(messages), []);
    });
  });

  it('opening /logout (as a link from another site would) signs nobody out: the screen asks, and its form posts', async () => {
    await withPage(app, { user: ADMIN }, async ({ page, messages }) => {
      await page.getByText('Total de clientes').waitFor();
      const response = await page.goto('/logout');
      assert.equal(response.status(), 200);
      await page.getByRole('heading', { name: 'Sair do sistema?' }).waitFor();
      // Still signed in: the session opens pages.
      assert.equal((await page.request.get('/dashboard', { maxRedirects: 0 })).status(), 200);
      await page.getByRole('link', { name: 'Voltar ao painel' }).click();
      await page.getByText('Total de clientes').waitFor();

      await page.goto('/logout');
      await page.getByRole('button', { name: 'Sair', exact: true }).click();
      await page.getByText('Você saiu do sistema.').waitFor();
      assert.match(page.url(), /\/logout$/);
      assert.equal((await page.request.get('/dashboard', { maxRedirects: 0 })).status(), 302, 'the cookie no longer opens pages');
      assert.ok(await noStoredToken(page), 'no token left in storage');
      assert.deepEqual(hydrationProblems(messages), []);
    });
  });
});

suite('session expiry', () => {
  // A token that lives a few seconds: the session timer must end it.
  const app = appForSuite({ env: { EXPEDIENTE_TOKEN_TTL: '4' } });

  it('clears the session when the token expires, goes to /login and says so', async () => {
    await withPage(app, {}, async ({ page }) => {
      // The page's clock is playwright's: it runs at wall speed until the
      // test jumps it forward, so nothing waits for the token to expire.
      await page.clock.install({ time: now() });
      await signIn(page);
      // Past the 4 s lifetime: the session timer fires now (or, when it is
      // set after this, finds the token already expired).
      await page.clock.fastForward(5_000);
      await page.getByText('Sua sessão expirou. Entre novamente.').waitFor({ timeout: 10_000 });
      await page.waitForURL(/\/login\?next=%2Fdashboard$/);
      await page.locator('#login-email').waitFor();
      assert.ok(await noStoredToken(page), 'no token left in storage');
    });
  });
});

suite('an expired session keeps the work', () => {
  const app = appForSuite({ env: { EXPEDIENTE_TOKEN_TTL: '30' } });

  for (const { name, ...options } of VIEWPORTS) {
    it(`restores what was typed in an open form and returns to its page after signing in again (${name})`, async () => {
      await withPage(app, options, async ({ page, messages }) => {
        await page.clock.install({ time: now() });
        await signIn(page);
        await page.goto('/clients?sort=name');
        await page.getByRole('link', { name: 'Novo cliente' }).click();
        await page.fill('#client-name', `Rascunho ${name}`);
        await page.fill('#client-notes', 'Prefere atendimento à tarde.');

        // Past the token's 30 s: the session ends with the form open.
        await page.clock.fastForward(31_000);
        await page.getByText('Sua sessão expirou. Entre novamente.').waitFor({ timeout: 10_000 });
        // The form's address (`new=1`) is where the session ended.
        await page.waitForURL(/\/login\?next=%2Fclients%3Fsort%3Dname%26new%3D1$/);

        // Back to the wall clock: the new token's expiry is the server's.
        await page.clock.setSystemTime(now());
        await page.fill('#login-email', ADMIN.email);
        await page.fill('#login-password', ADMIN.password);
        await Promise.all([page.waitForURL(/\/clients\?sort=name&new=1$/), page.click('button[type=submit]')]);
        // The form is open again with what was typed.
        await page.locator('#client-name').waitFor();
        assert.equal(await page.inputValue('#client-name'), `Rascunho ${name}`);
        assert.equal(await page.inputValue('#client-notes'), 'Prefere atendimento à tarde.');

        // Saved: the draft is gone, a reload opens no form.
        await page.getByRole('button', { name: 'Salvar' }).click();
        await page.getByText(`Rascunho ${name}`).first().waitFor();
        await page.reload();
        await page.getByRole('link', { name: 'Novo cliente' }).waitFor();
        assert.equal(await page.locator('#client-name').count(), 0);
        assert.deepEqual(hydrationProblems(messages), []);
      });
    });
  }
});

suite('drafts on a shared computer', () => {
  // A token that lives 30 s, and a second person who uses the same tab.
  const BRUNO = { email: 'bruno@example.com', password: 'Senha-do-bruno-1' };
  const app = appForSuite({
    env: { EXPEDIENTE_TOKEN_TTL: '30' },
    async setup({ server, token }) {
      await api(server.url, token, 'POST', '/users', { name: 'Bruno Staff', role: 'staff', ...BRUNO });
    },
  });
  const drafts = (page) => page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('expediente:draft:')));
  const typeDraft = async (page, text) => {
    await page.goto('/clients?sort=name');
    await page.getByRole('link', { name: 'Novo cliente' }).click();
    await page.fill('#client-name', text);
    await page.fill('#client-document', '529.982.247-25');
    await page.fill('#client-notes', 'Alergia a látex.');
    await page.waitForFunction(() => Object.keys(sessionStorage).some((key) => key.startsWith('expediente:draft:')));
  };

  it('signing out ("Sair") leaves no draft, and the next user in the tab finds none', async () => {
    await withPage(app, { user: ADMIN }, async ({ page, messages }) => {
      await typeDraft(page, 'Paciente Sigilosa');
      await page.getByRole('button', { name: 'Menu do usuário' }).click();
      await page.getByRole('link', { name: 'Sair' }).click();
      await page.getByText('Você saiu do sistema.').waitFor();
      assert.deepEqual(await drafts(page), [], 'nothing typed is left in the tab');

      await signIn(page, BRUNO);
      await page.goto('/clients?sort=name');
      await page.getByRole('link', { name: 'Novo cliente' }).waitFor();
      assert.equal(await page.locator('#client-name').count(), 0, 'no form opened with what the other user typed');
      assert.deepEqual(hydrationProblems(messages), []);
    });
  });

  it('after an expired session, another user who signs in never sees the draft, and it is gone from the tab', async () => {
    await withPage(app, {}, async ({ page }) => {
      await page.clock.install({ time: now() });
      await signIn(page);
      await typeDraft(page, 'Paciente Sigilosa');
      await page.clock.fastForward(31_000);
      await page.getByText('Sua sessão expirou. Entre novamente.').waitFor({ timeout: 10_000 });
      assert.equal((await drafts(page)).length, 1, 'an expired session keeps the draft (for the same user)');

      await page.clock.setSystemTime(now());
      await page.fill('#login-email', BRUNO.email);
      await page.fill('#login-password', BRUNO.password);
      await Promise.all([page.waitForURL(/\/clients\?sort=name&new=1$/), page.click('button[type=submit]')]);
      await page.getByRole('link', { name: 'Novo cliente' }).waitFor();
      await page.waitForFunction(() => !Object.keys(sessionStorage).some((key) => key.startsWith('expediente:draft:')));
      // The tab's address opens the new client's form, empty: never with the other user's draft.
      assert.equal(await page.inputValue('#client-name'), '', 'no form opened with the other user\'s draft');
      assert.equal(await page.inputValue('#client-notes'), '');
    });
  });
});

suite('browser-only rendering (EXPEDIENTE_SSR=off)', () => {
  const app = appForSuite({ env: { EXPEDIENTE_SSR: 'off' } });

  it('renders /dashboard in the browser from an empty root', async () => {
    await withPage(app, { user: ADMIN }, async ({ page, messages }) => {
      messages.length = 0;
      const response = await page.reload();
      const html = await response.text();
      assert.match(html, /<div id="root"><\/div>/, 'the server sent an empty root');
      await page.getByText('Total de clientes').waitFor();
      assert.deepEqual(problems(messages), []);
    });
  });
});
