import { describe, expect, it } from 'vitest';
import { markServerRendered, takeServerRendered } from './server-rendered';

describe('server-rendered lists', () => {
  it('answers true once per slice and store', () => {
    const store = {};
    markServerRendered(store, ['clients']);
    expect(takeServerRendered({}, 'clients')).toBe(false);
    expect(takeServerRendered(store, 'appointments')).toBe(false);
    expect(takeServerRendered(store, 'clients')).toBe(true);
    expect(takeServerRendered(store, 'clients')).toBe(false);
  });
});
