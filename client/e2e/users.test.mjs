import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ADMIN, api, appForSuite, problems, scrollsSideways, serverNodeKept, shot, suite, VIEWPORTS, waitForShell, withPage } from './harness.mjs';

const STAFF = { name: 'Bruno Equipe', email: 'bruno@example.com', password: 'senha-do-bruno' };

suite('users screen', () => {
  const app = appForSuite({
    setup: async ({ server, token }) => {
      await api(server.url, token, 'POST', '/users', { ...STAFF, role: 'staff' });
    },
  });

  for (const { name, viewport, ...options } of VIEWPORTS) {
    it(`an admin creates a user, deactivates one with confirmation and reactivates it (${name})`, async () => {
      await withPage(app, { user: ADMIN, viewport, ...options }, async ({ page, messages }) => {
        await page.goto('/users');
        await waitForShell(page);
        assert.equal(await serverNodeKept(page), true, 'hydrated, not replaced');
        // Never oneself: no actions on the admin's own row.
        const mine = page.locator(':is(tr, li):visible', { hasText: ADMIN.email });
        await mine.getByText('Você').waitFor();
        assert.equal(await mine.getByRole('button').count(), 0);

        // The creation dialog: the API's field errors under each field.
        await page.getByRole('button', { name: 'Novo usuário' }).click();
        const dialog = page.getByRole('dialog', { name: 'Novo usuário' });
        await dialog.waitFor();
        assert.equal(await page.evaluate(() => document.activeElement?.id), 'new-user-name', 'focus moves into the dialog');
        await dialog.getByLabel('Nome').fill('X');
        await dialog.getByLabel('E-mail').fill('sem-arroba');
        await dialog.getByLabel('Senha inicial').fill('curta');
        await dialog.getByRole('button', { name: 'Criar usuário' }).click();
        await dialog.getByText('O nome deve ter de 2 a 120 caracteres.').waitFor();
        await dialog.getByText('Informe um e-mail válido.').waitFor();
        await dialog.getByText('A senha deve ter pelo menos 10 caracteres.').waitFor();
        await shot(page, `users-new-${viewport.width}`);
        // An e-mail in use (checked once the rest is valid).
        await dialog.getByLabel('Nome').fill('Outro Bruno');
        await dialog.getByLabel('E-mail').fill(STAFF.email);
        await dialog.getByLabel('Senha inicial').fill('senha-valida-1');
        await dialog.getByRole('button', { name: 'Criar usuário' }).click();
        await dialog.getByText('Já existe um usuário com este e-mail.').waitFor();
        assert.equal(await dialog.getByText('Informe um e-mail válido.').count(), 0, 'old errors go');

        const email = `carla.${name}@example.com`;
        await dialog.getByLabel('Nome').fill(`Carla ${name}`);
        await dialog.getByLabel('E-mail').fill(email);
        await dialog.getByLabel('Perfil').selectOption('staff');
        await dialog.getByLabel('Senha inicial').fill('senha-da-carla');
        await dialog.getByRole('button', { name: 'Criar usuário' }).click();
        await dialog.waitFor({ state: 'detached' });
        const row = page.locator(':is(tr, li):visible', { hasText: email });
        await row.waitFor();
        assert.match(await row.innerText(), /Ativo/);

        // Escape closes a dialog without acting.
        await row.getByRole('button', { name: 'Desativar' }).click();
        const confirm = page.getByRole('dialog', { name: 'Desativar usuário?' });
        await confirm.waitFor();
        await page.keyboard.press('Escape');
        await confirm.waitFor({ state: 'detached' });
        assert.match(await row.innerText(), /Ativo/);

        await row.getByRole('button', { name: 'Desativar' }).click();
        await confirm.waitFor();
        await shot(page, `users-confirm-${viewport.width}`);
        await confirm.getByRole('button', { name: 'Desativar' }).click();
        await confirm.waitFor({ state: 'detached' });
        await row.getByText('Inativo').waitFor();

        await row.getByRole('button', { name: 'Reativar' }).click();
        const reactivate = page.getByRole('dialog', { name: 'Reativar usuário?' });
        await reactivate.getByRole('button', { name: 'Reativar' }).click();
        await reactivate.waitFor({ state: 'detached' });
        await row.getByText('Ativo', { exact: true }).waitFor();

        // The role, with confirmation too.
        await row.getByRole('button', { name: 'Tornar administrador' }).click();
        await page.getByRole('dialog', { name: 'Tornar administrador?' }).getByRole('button', { name: 'Confirmar' }).click();
        await row.getByText('Administrador').waitFor();
        await row.getByRole('button', { name: 'Tornar Recepção' }).waitFor();

        // Phones: 44 px tap targets, no sideways scrolling.
        if (viewport.width < 768) {
          for (const button of await row.getByRole('button').all()) {
            assert.ok((await button.boundingBox()).height >= 44, 'a tap target of 44 px');
          }
          assert.ok((await page.getByRole('button', { name: 'Novo usuário' }).boundingBox()).height >= 44);
        }
        assert.equal(await scrollsSideways(page), false, 'no horizontal scrolling');
        await shot(page, `users-${viewport.width}`);
        // The browser logs the two 422 answers the form showed; nothing else.
        assert.deepEqual(
          problems(messages).filter((m) => !/status of 422/.test(m.text)),
          [],
        );
      });
    });

    it(`staff opening /users get the 403 page, on a full load and in the app (${name})`, async () => {
      await withPage(app, { user: STAFF, viewport, ...options }, async ({ page, messages }) => {
        const response = await page.goto('/users');
        assert.equal(response.status(), 403);
        await waitForShell(page);
        await page.getByRole('heading', { name: 'Acesso negado' }).waitFor();
        assert.equal(await serverNodeKept(page), true, 'the 403 screen hydrates as rendered');
        assert.equal(await scrollsSideways(page), false, 'no horizontal scrolling');
        await shot(page, `forbidden-${viewport.width}`);

        // In-app navigation renders the same screen.
        await page.getByRole('link', { name: 'Voltar ao Dashboard' }).click();
        await page.waitForURL('**/dashboard');
        await page.evaluate(() => {
          window.history.pushState({}, '', '/users');
          window.dispatchEvent(new PopStateEvent('popstate'));
        });
        await page.getByRole('heading', { name: 'Acesso negado' }).waitFor();
        assert.equal(await page.getByRole('button', { name: 'Novo usuário' }).count(), 0);
        // Messages other than the 403 of the document itself.
        assert.deepEqual(
          problems(messages).filter((m) => !/status of 403/.test(m.text)),
          [],
        );
      });
    });
  }
});
