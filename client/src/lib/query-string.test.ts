import { describe, expect, it } from 'vitest';
import { buildQuery, pageParam, parseQuery } from './query-string';

describe('query-string', () => {
  it('parses a search string', () => {
    expect(parseQuery('?page=2&q=Ana+Maria&x=%C3%A7')).toEqual({ page: '2', q: 'Ana Maria', x: 'ç' });
    expect(parseQuery('')).toEqual({});
    expect(parseQuery('?flag')).toEqual({ flag: '' });
    expect(parseQuery('?bad=%E0%A4%A&ok=1')).toEqual({ ok: '1' });
  });

  it('reads page numbers defensively', () => {
    expect(pageParam('3')).toBe(3);
    expect(pageParam(undefined)).toBe(1);
    expect(pageParam('0')).toBe(1);
    expect(pageParam('-2')).toBe(1);
    expect(pageParam('1.5')).toBe(1);
    expect(pageParam('abc')).toBe(1);
  });

  it('builds a query skipping empty values', () => {
    expect(buildQuery({ page: 2, q: 'ana maria', status: '' })).toBe('?page=2&q=ana%20maria');
    expect(buildQuery({ page: null })).toBe('');
  });
});
