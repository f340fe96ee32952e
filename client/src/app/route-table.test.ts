import { describe, expect, it } from 'vitest';
import { afterSignIn, documentTitle, loginReturningTo, ROUTES, screenForPath } from './route-table';

describe('route table', () => {
  it('maps paths to screens', () => {
    expect(screenForPath('/')).toBeNull();
    expect(screenForPath('/clients')).toBe('clients');
    expect(screenForPath('/clients/')).toBe('clients');
    expect(screenForPath('/auth/profile')).toBe('profile');
    expect(screenForPath('/dashboard2')).toBe('notFound');
    expect(screenForPath('/clients/12')).toBe('clients:id');
    expect(screenForPath('/clients/12/')).toBe('clients:id');
    // Every id up to the largest 32-bit integer, one spelling each (the generated pattern's edges).
    for (const id of ['1', '9', '10', '999999999', '1000000000', '2099999999', '2147483599', '2147483639', '2147483647']) {
      expect(screenForPath(`/clients/${id}`)).toBe('clients:id');
    }
    for (const id of ['2147483648', '2147483650', '2147484000', '2200000000', '3000000000', '10000000000']) {
      expect(screenForPath(`/clients/${id}`)).toBe('notFound');
    }
    for (const bad of ['/clients/0', '/clients/007', '/clients/+5', '/clients/abc', '/clients/-1', '/clients/1/x', '/clients/99999999999']) {
      expect(screenForPath(bad)).toBe('notFound');
    }
  });

  it('gives the titles the server gives', () => {
    expect(documentTitle('/reports')).toBe('Relatórios | Expediente');
    expect(documentTitle('/auth/profile')).toBe('Meu perfil | Expediente');
    expect(documentTitle('/nada')).toBe('Página não encontrada | Expediente');
    expect(documentTitle('/clients/3')).toBe('Cliente | Expediente');
  });
});

describe('returning after signing in', () => {
  it('goes back only to a signed-in screen of this site', () => {
    expect(afterSignIn('/clients/3?tab=x')).toBe('/clients/3?tab=x');
    expect(afterSignIn('/appointments?view=week&date=2026-11-23')).toBe('/appointments?view=week&date=2026-11-23');
    for (const bad of [null, '', 'https://evil.example/clients', '//evil.example/clients', '/\\evil.example', '/login', '/logout', '/nada', 'clients', '/clients\u0000', '/clients?x=\u0085', '/clients/2147483648', '/clients?next=\\x']) {
      expect(afterSignIn(bad)).toBe('/dashboard');
    }
  });

  it('asks /login to come back to a signed-in screen', () => {
    expect(loginReturningTo('/clients?page=2')).toBe('/login?next=%2Fclients%3Fpage%3D2');
    expect(loginReturningTo('/login')).toBe('/login');
  });
});

describe('screens generated from routes.json', () => {
  it('has one lazy screen and one static screen per route', async () => {
    const { loaders } = await import('virtual:screens/browser');
    const { components } = await import('virtual:screens/server');
    const paths = ROUTES.map((r) => r.path);
    expect(Object.keys(loaders)).toEqual(paths);
    expect(Object.keys(components)).toEqual(paths);
    expect(paths).toContain('*');
    for (const path of paths) expect(typeof components[path]).toBe('function');
  });
});
