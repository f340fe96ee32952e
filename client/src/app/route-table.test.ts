import { describe, expect, it } from 'vitest';
import { documentTitle, screenForPath } from './route-table';

describe('route table', () => {
  it('maps paths to screens', () => {
    expect(screenForPath('/')).toBeNull();
    expect(screenForPath('/clients')).toBe('clients');
    expect(screenForPath('/clients/')).toBe('clients');
    expect(screenForPath('/auth/profile')).toBe('profile');
    expect(screenForPath('/dashboard2')).toBe('notFound');
  });

  it('gives the titles the server gives', () => {
    expect(documentTitle('/reports')).toBe('Relatórios | Expediente');
    expect(documentTitle('/auth/profile')).toBe('Meu perfil | Expediente');
    expect(documentTitle('/nada')).toBe('Página não encontrada | Expediente');
  });
});
