// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { MenuItem } from './menu-logic';
import AppMenu from './app-menu';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ITEMS: MenuItem[] = [
  { key: 'apps', label: 'Apps', children: [
    { key: 'calendar', label: 'Calendario', url: '/calendar' },
    { key: 'email', label: 'Email', children: [{ key: 'inbox', label: 'Caixa', url: '/inbox' }] },
    { key: 'crm', label: 'CRM', children: [{ key: 'leads', label: 'Leads', url: '/crm/leads' }] },
  ] },
  { key: 'pages', label: 'Paginas', badge: { variant: 'success', text: 'Novo' }, children: [{ key: 'faq', label: 'FAQ', url: '/pages/faq' }] },
  { key: 'clients', label: 'Clientes', url: '/clients' },
];

let root: Root;
let el: HTMLDivElement;

function mount(path: string) {
  el = document.createElement('div');
  document.body.appendChild(el);
  root = createRoot(el);
  act(() =>
    root.render(
      <MemoryRouter initialEntries={[path]}>
        <AppMenu items={ITEMS} title="Menu" />
      </MemoryRouter>,
    ),
  );
}

const group = (label: string) => Array.from(el.querySelectorAll('button.side-nav-link')).find((b) => b.textContent?.includes(label)) as HTMLButtonElement;
const visibleLabels = () => Array.from(el.querySelectorAll('a.side-nav-link')).map((a) => a.textContent);

afterEach(() => {
  act(() => root.unmount());
  el.remove();
});

describe('AppMenu', () => {
  it('opens the groups holding the current page and marks it active', () => {
    mount('/inbox');
    expect(group('Apps').getAttribute('aria-expanded')).toBe('true');
    expect(group('Email').getAttribute('aria-expanded')).toBe('true');
    expect(el.querySelector('a.side-nav-link.active')?.textContent).toBe('Caixa');
    expect(el.querySelector('.menu-badge')?.textContent).toBe('Novo');
  });

  it('keeps one top-level group open; nested groups toggle on their own', () => {
    mount('/clients');
    expect(visibleLabels()).toEqual(['Clientes']);
    act(() => group('Apps').click());
    act(() => group('Email').click());
    act(() => group('CRM').click());
    expect(visibleLabels()).toEqual(['Calendario', 'Caixa', 'Leads', 'Clientes']);
    act(() => group('Email').click());
    expect(visibleLabels()).toEqual(['Calendario', 'Leads', 'Clientes']);
    act(() => group('Paginas').click());
    expect(visibleLabels()).toEqual(['FAQ', 'Clientes']);
    expect(group('Apps').getAttribute('aria-expanded')).toBe('false');
  });
});
