import { describe, expect, it } from 'vitest';
import { initials, shortName } from './roles';

describe('names in narrow places', () => {
  it('shortens a name to its first name and the last one’s initial', () => {
    expect(shortName('Maria Aparecida Gonçalves Albuquerque')).toBe('Maria A.');
    expect(shortName('  Zé   Lima ')).toBe('Zé L.');
    expect(shortName('Administrador')).toBe('Administrador');
  });

  it('gives up to two initials', () => {
    expect(initials('Ana Maria Souza')).toBe('AS');
    expect(initials('')).toBe('?');
  });
});
