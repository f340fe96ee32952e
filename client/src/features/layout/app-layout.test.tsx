// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { defaultLayoutSettings, LAYOUT_STORAGE_KEY } from './layout-settings';
import AppLayout from './app-layout';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const auth = { id: 1, name: 'Ana Admin', email: 'a@example.com', role: 'admin' as const, accessToken: 'tok', typeToken: 'Bearer', expiresIn: 3600, expiresAt: 4102444800000 };

function tree(store: ReturnType<typeof makeStore>, path = '/clients') {
  return (
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <AppLayout>
          <p>conteudo</p>
        </AppLayout>
      </MemoryRouter>
    </Provider>
  );
}

describe('AppLayout (server markup)', () => {
  it('renders the vertical shell with the side menu, the user and the footer year', () => {
    const html = renderToString(tree(makeStore({ auth, layout: defaultLayoutSettings() })));
    expect(html).toContain('<li class="side-nav-title">Menu</li>');
    for (const label of ['Dashboard', 'Clientes', 'Agendamentos', 'Relatorios', 'Usuarios']) expect(html).toContain(`>${label}</span>`);
    expect(html).toMatch(/class="side-nav-link active" aria-current="page" href="\/clients"/);
    expect(html).toContain('Ana Admin');
    expect(html).toContain('Administrador');
    expect(html).toContain(String(new Date().getFullYear()));
    expect(html).toContain('conteudo');
    expect(html).not.toContain('topnav');
    expect(html).not.toContain('customizer-body');
  });

  it('renders the horizontal shell with the template-style menu', () => {
    const html = renderToString(tree(makeStore({ auth, layout: { ...defaultLayoutSettings(), orientation: 'horizontal' } })));
    expect(html).toContain('class="topnav"');
    expect(html).toContain('href="/calendar"');
    expect(html).toContain('href="/auth-2/delete-account"');
    // The side nav is there too: the drawer below 992 px.
    expect(html).toContain('sidenav-menu');
  });

  it('shows the staff role label (Recepção)', () => {
    const html = renderToString(tree(makeStore({ auth: { ...auth, role: 'staff', name: 'Bruno' }, layout: defaultLayoutSettings() })));
    expect(html).toContain('Recepção');
    expect(html).not.toContain('Administrador');
    // The users screen is the admins': no link to it in the side menu.
    expect(html).not.toContain('>Usuarios</span>');
  });
});

describe('AppLayout (browser)', () => {
  // As the browser entry does once the page is up: the closed parts' chunks.
  let container: HTMLDivElement;
  let root: Root;

  beforeEach(() => {
    localStorage.clear();
    container = document.createElement('div');
    document.body.appendChild(container);
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1400 });
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  const click = (el: Element | null) => {
    if (!el) throw new Error('element not found');
    // As a real click: mousedown first (the dropdowns close on an outside mousedown).
    act(() => {
      el.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
      (el as HTMLElement).click();
    });
  };

  it('applies and persists the layout; the customizer changes it and hides size in horizontal', () => {
    const store = makeStore({ auth, layout: defaultLayoutSettings() });
    root = createRoot(container);
    act(() => root.render(tree(store)));
    const html = document.documentElement;
    expect(html.getAttribute('data-layout')).toBe('vertical');
    expect(html.getAttribute('data-layout-ready')).toBe('true');

    click(container.querySelector('[data-customizer-toggle]'));
    expect(container.querySelector('[data-section="sidenav-size"]')).not.toBeNull();
    expect(container.querySelector('[data-section="position"]')).not.toBeNull();
    expect(container.querySelector('a[data-buy-now]')?.getAttribute('href')).toBe('');

    click(container.querySelector('input[name="orientation"][value="horizontal"]'));
    expect(html.getAttribute('data-layout')).toBe('horizontal');
    expect(container.querySelector('[data-section="sidenav-size"]')).toBeNull();
    expect(container.querySelector('[data-section="position"]')).toBeNull();
    expect(JSON.parse(localStorage.getItem(LAYOUT_STORAGE_KEY)!).orientation).toBe('horizontal');
    expect(decodeURIComponent(document.cookie)).toContain('"orientation":"horizontal"');

    click(container.querySelector('input[name="skin"][value="saas"]'));
    expect(html.getAttribute('data-skin')).toBe('saas');
    click(Array.from(container.querySelectorAll('.customizer-footer button')).find((b) => b.textContent === 'Redefinir') ?? null);
    expect(html.getAttribute('data-layout')).toBe('vertical');
    expect(html.getAttribute('data-skin')).toBe('modern');
    expect(JSON.parse(localStorage.getItem(LAYOUT_STORAGE_KEY)!)).toEqual(defaultLayoutSettings());

    // Escape closes the panel.
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect(container.querySelector('.customizer')).toBeNull();
  });

  it('opens the drawer with a backdrop on narrow windows and locks the body', () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 500 });
    const store = makeStore({ auth, layout: defaultLayoutSettings() });
    root = createRoot(container);
    act(() => root.render(tree(store)));
    expect(document.documentElement.getAttribute('data-sidenav-size')).toBe('offcanvas');
    click(container.querySelector('.sidenav-toggle'));
    expect(container.querySelector('.wrapper')?.classList.contains('sidebar-enable')).toBe(true);
    expect(document.body.style.overflow).toBe('hidden');
    expect(document.body.style.paddingRight).toBe('');
    click(container.querySelector('[data-testid="sidenav-backdrop"]'));
    expect(container.querySelector('[data-testid="sidenav-backdrop"]')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });

  it('shows the 7 notifications and the three mega-menu columns', () => {
    root = createRoot(container);
    act(() => root.render(tree(makeStore({ auth, layout: defaultLayoutSettings() }))));
    expect(container.querySelector('[data-testid="notifications-badge"]')?.textContent).toBe('7');
    click(container.querySelector('[data-dropdown="notifications"] button'));
    expect(container.querySelectorAll('[data-notification-id]')).toHaveLength(7);
    expect(container.textContent).toContain('Read All Messages');
    click(container.querySelector('[data-dropdown="mega-menu"] button'));
    const titles = Array.from(container.querySelectorAll('.mega-title')).map((t) => t.textContent);
    expect(titles).toEqual(['Dashboard e Analises', 'Gerenciamento do Projeto', 'Gerenciamento de Usuarios']);
    // Opening one dropdown closed the other (outside click).
    expect(container.querySelectorAll('[data-notification-id]')).toHaveLength(0);
  });

  it('lists the user menu entries', () => {
    root = createRoot(container);
    act(() => root.render(tree(makeStore({ auth, layout: defaultLayoutSettings() }))));
    click(container.querySelector('[data-dropdown="user"] button'));
    const links = Array.from(container.querySelectorAll('[data-dropdown="user"] a')).map((a) => [a.textContent?.trim(), a.getAttribute('href')]);
    expect(links).toEqual([
      ['Meu perfil', '/auth/profile'],
      ['Notificacoes', '#'],
      ['Configuracoes da Conta', '#'],
      ['Central de Suporte', '#'],
      ['Sair', '/logout'],
    ]);
  });
});
