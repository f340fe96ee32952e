import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import type { Appointment } from '../../lib/appointment';
import { addAppointment, APPOINTMENTS_ERROR, fetchAppointments, removeAppointment } from './appointments-slice';

afterEach(() => vi.unstubAllGlobals());

describe('appointments slice', () => {
  it('fetches /appointments?page=1&per_page=10', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: [{ id: 9 }], meta: null })));
    vi.stubGlobal('fetch', fetchMock);
    const store = makeStore();
    await store.dispatch(fetchAppointments());
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/appointments?page=1&per_page=10');
    expect(store.getState().appointments.list).toEqual([{ id: 9 }]);
  });

  it("keeps the spec's default message, spelling included", async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const store = makeStore();
    await store.dispatch(fetchAppointments());
    // A network failure has its own Portuguese text; the default covers answers without a message.
    expect(store.getState().appointments.error).toMatch(/conexão/);
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 502 }));
    await store.dispatch(fetchAppointments());
    expect(store.getState().appointments.error).toBe('Erro ao buscar appointmentes');
    expect(APPOINTMENTS_ERROR).toBe('Erro ao buscar appointmentes');
  });

  it('adds and removes by id', () => {
    const store = makeStore();
    store.dispatch(addAppointment({ id: 1 } as Appointment));
    store.dispatch(addAppointment({ id: 2 } as Appointment));
    store.dispatch(removeAppointment(2));
    expect(store.getState().appointments.list).toEqual([{ id: 1 }]);
  });
});
