// The browser makes its store before a protected screen's chunk brings the
// api (app/endpoints.ts): the store must get the api and the server's
// answers then. Fresh modules, since the test setup plugs the api in first.
import { describe, expect, it, vi } from 'vitest';

describe('the api plugged into a store made before it loaded', () => {
  it('seeds the server answers when the api arrives, and the store works with it', async () => {
    vi.resetModules();
    const { makeStore } = await import('./store');
    const value = { clientsTotal: 3 };
    const store = makeStore({ queries: [{ endpoint: 'getDashboard', arg: {}, value }] }, { persist: true });
    expect(store.getState().api).toBeUndefined();

    const { dashboardApi } = await import('./endpoints');
    expect(dashboardApi.endpoints.getDashboard.select({} as never)(store.getState() as never).data).toEqual(value);
    // A store made after the api loaded is seeded at once.
    const later = makeStore({ queries: [{ endpoint: 'getDashboard', arg: {}, value: { clientsTotal: 4 } }] });
    expect(dashboardApi.endpoints.getDashboard.select({} as never)(later.getState() as never).data).toEqual({ clientsTotal: 4 });
  });
});
