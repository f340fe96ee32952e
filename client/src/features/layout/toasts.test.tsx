// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppToastContainer, DEFAULT_TOAST_DELAY, TitledToast, titledToastTextClass } from './toasts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  it('uses white text on dark, danger, success and primary only', () => {
    for (const v of ['dark', 'danger', 'success', 'primary'] as const) expect(titledToastTextClass(v)).toBe('text-white');
    for (const v of ['light', 'warning', 'info', 'secondary'] as const) expect(titledToastTextClass(v)).toBe('');
    expect(DEFAULT_TOAST_DELAY).toBe(5000);
  });

  it('the titled toast defaults to light and hides after 2000 ms', () => {
    vi.useFakeTimers();
    const el = document.createElement('div');
    const root = createRoot(el);
    const onClose = vi.fn();
    act(() => root.render(<TitledToast title="Salvo" message="Cliente salvo" onClose={onClose} />));
    expect(el.querySelector('.toast')?.className).toContain('bg-light');
    expect(el.textContent).toContain('Cliente salvo');
    act(() => vi.advanceTimersByTime(1999));
    expect(el.querySelector('.toast')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(el.querySelector('.toast')).toBeNull();
    expect(onClose).toHaveBeenCalledOnce();
    act(() => root.unmount());
  });

  it('the container renders on the server without error', () => {
    expect(() => renderToString(<AppToastContainer />)).not.toThrow();
  });
});
