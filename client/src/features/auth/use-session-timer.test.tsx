// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { SESSION_EXPIRED_MESSAGE, SESSION_WARNING_MESSAGE, useSessionTimer } from './use-session-timer';

const toastMock = vi.hoisted(() => ({ warn: vi.fn(), info: vi.fn() }));
vi.mock('../../lib/toast', () => ({ toast: toastMock }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Timer({ onExpired }: { onExpired: () => void }) {
  useSessionTimer(onExpired);
  return null;
}

let root: Root;
let container: HTMLDivElement;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
  toastMock.warn.mockClear();
  toastMock.info.mockClear();
  container = document.createElement('div');
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
});

function mount(expiresInMs: number) {
  const store = makeStore({ auth: { id: 1, accessToken: 'jwt', expiresAt: Date.now() + expiresInMs } });
  const onExpired = vi.fn();
  act(() =>
    root.render(
      <Provider store={store}>
        <Timer onExpired={onExpired} />
      </Provider>,
    ),
  );
  return { store, onExpired };
}

describe('useSessionTimer', () => {
  it('warns a minute before and clears the session at expiry', () => {
    const { store, onExpired } = mount(5 * 60_000);
    act(() => vi.advanceTimersByTime(4 * 60_000 - 1));
    expect(toastMock.info).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(toastMock.info).toHaveBeenCalledWith(SESSION_WARNING_MESSAGE, expect.anything());
    expect(store.getState().auth.accessToken).toBe('jwt');
    act(() => vi.advanceTimersByTime(60_000));
    expect(store.getState().auth.accessToken).toBeNull();
    expect(toastMock.warn).toHaveBeenCalledWith(SESSION_EXPIRED_MESSAGE, expect.anything());
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(SESSION_EXPIRED_MESSAGE).toBe('Sua sessão expirou. Entre novamente.');
  });

  it('clears at once a session that has already expired', () => {
    const { store, onExpired } = mount(-1);
    expect(store.getState().auth.accessToken).toBeNull();
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('does nothing without a token', () => {
    const store = makeStore();
    act(() =>
      root.render(
        <Provider store={store}>
          <Timer onExpired={() => {}} />
        </Provider>,
      ),
    );
    act(() => vi.advanceTimersByTime(10 * 60_000));
    expect(toastMock.warn).not.toHaveBeenCalled();
  });
});
