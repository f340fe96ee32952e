import { describe, expect, it } from 'vitest';
import { buildQuery, pageParam } from './query-string';

describe('query-string', () => {
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
