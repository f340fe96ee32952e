import { describe, expect, it } from 'vitest';
import { HORIZONTAL_MENU, isAppRoute, MAIN_MENU } from './menu-data';
import { findActiveTrail, isItemActive, openTrail, toggleGroup, type MenuItem } from './menu-logic';

const TREE: MenuItem[] = [
  { key: 'a', label: 'A', children: [
    { key: 'a1', label: 'A1', url: '/a/one' },
    { key: 'a2', label: 'A2', children: [{ key: 'a2x', label: 'A2x', url: '/a/two/x' }] },
    { key: 'a3', label: 'A3', children: [{ key: 'a3x', label: 'A3x', url: '/a/three/x' }] },
  ] },
  { key: 'b', label: 'B', children: [{ key: 'b1', label: 'B1', url: '/b/one' }] },
  { key: 'c', label: 'C', url: '/c' },
];

describe('active item', () => {
  it('is the item whose url the path ends with', () => {
    expect(isItemActive({ key: 'k', label: 'K', url: '/clients' }, '/clients')).toBe(true);
    expect(isItemActive({ key: 'k', label: 'K', url: '/clients' }, '/app/clients/')).toBe(true);
    expect(isItemActive({ key: 'k', label: 'K', url: '/clients' }, '/clients/7')).toBe(false);
    expect(isItemActive({ key: 'k', label: 'K', url: '#' }, '/')).toBe(false);
    expect(isItemActive({ key: 'k', label: 'K' }, '/clients')).toBe(false);
  });

  it('gives the trail of groups down to the active leaf', () => {
    expect(findActiveTrail(TREE, '/a/two/x')).toEqual(['a', 'a2', 'a2x']);
    expect(findActiveTrail(TREE, '/c')).toEqual(['c']);
    expect(findActiveTrail(TREE, '/nothing')).toEqual([]);
  });

  it('prefers the longest matching url', () => {
    expect(findActiveTrail(HORIZONTAL_MENU, '/users/roles')).toEqual(['h-apps', 'h-users', 'h-users-roles']);
  });

  it('marks exactly one main menu entry on each app page', () => {
    for (const item of MAIN_MENU) expect(findActiveTrail(MAIN_MENU, item.url!)).toEqual([item.key]);
  });
});

describe('open groups', () => {
  it('keeps one top-level group open at a time', () => {
    let open = toggleGroup([], 'a', 0, TREE);
    expect(open).toEqual(['a']);
    open = toggleGroup(open, 'b', 0, TREE);
    expect(open).toEqual(['b']);
  });

  it('toggles nested groups independently', () => {
    let open = toggleGroup([], 'a', 0, TREE);
    open = toggleGroup(open, 'a2', 1, TREE);
    open = toggleGroup(open, 'a3', 1, TREE);
    expect(open).toEqual(['a', 'a2', 'a3']);
    open = toggleGroup(open, 'a2', 1, TREE);
    expect(open).toEqual(['a', 'a3']);
  });

  it('closes what is nested when a group closes or another top-level one opens', () => {
    const open = toggleGroup(toggleGroup([], 'a', 0, TREE), 'a2', 1, TREE);
    expect(toggleGroup(open, 'a', 0, TREE)).toEqual([]);
    expect(toggleGroup(open, 'b', 0, TREE)).toEqual(['b']);
  });
});

describe("opening the current page's groups", () => {
  it('opens the groups on the trail and closes the other top-level group', () => {
    expect(openTrail(['b'], ['a', 'a2', 'a2x'], TREE)).toEqual(['a', 'a2']);
  });
  it('keeps open groups and nested ones that are already open', () => {
    expect(openTrail(['a', 'a3'], ['a', 'a2', 'a2x'], TREE)).toEqual(['a', 'a3', 'a2']);
  });
  it('changes nothing for a top-level leaf or no trail', () => {
    expect(openTrail(['b'], ['c'], TREE)).toEqual(['b']);
    expect(openTrail(['b'], [], TREE)).toEqual(['b']);
  });
});

describe('menu data', () => {
  it('has the main menu of the spec', () => {
    expect(MAIN_MENU.map((i) => [i.label, i.url])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Clientes', '/clients'],
      ['Agendamentos', '/appointments'],
      ['Relatorios', '/reports'],
      ['Usuarios', '/users'],
    ]);
  });

  it('lists the demo routes of the template-style menu with unique keys', () => {
    const urls: string[] = [];
    const keys: string[] = [];
    const walk = (items: MenuItem[]) => items.forEach((i) => (keys.push(i.key), i.url && urls.push(i.url), i.children && walk(i.children)));
    walk(HORIZONTAL_MENU);
    expect(new Set(keys).size).toBe(keys.length);
    for (const url of ['/dashboard', '/dashboard2', '/calendar', '/chat', '/file-manager', '/products', '/orders', '/customers', '/sellers', '/reviews', '/inbox', '/email-compose', '/email-templates', '/users/contacts', '/users/profile', '/users/roles', '/users/permissions', '/invoices', '/add-invoice', '/error/400', '/error/401', '/error/403', '/error/404', '/error/408', '/error/500', '/maintenance', '/coming-soon', '/landing', '/widgets']) {
      expect(urls, url).toContain(url);
    }
    for (const page of ['sign-in', 'sign-up', 'reset-password', 'new-password', 'two-factor', 'lock-screen', 'success-mail', 'login-pin', 'delete-account']) {
      expect(urls).toContain(`/auth-1/${page}`);
      expect(urls).toContain(`/auth-2/${page}`);
    }
    for (const prefix of ['/crm/', '/pages/', '/ui/', '/charts/apex/', '/forms/', '/icons/', '/maps/', '/tables/', '/layouts/', '/miscellaneous/']) {
      expect(urls.some((u) => u.startsWith(prefix)), prefix).toBe(true);
    }
    expect(urls.length).toBeGreaterThan(100);
  });

  it('routes only the app paths inside the app', () => {
    expect(isAppRoute('/clients')).toBe(true);
    expect(isAppRoute('/auth/profile')).toBe(true);
    expect(isAppRoute('/calendar')).toBe(false);
    expect(isAppRoute('/users/roles')).toBe(false);
  });
});
