// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { animateScrollTop, scrollToActiveItem } from './scroll-to-active';

afterEach(() => vi.useRealTimers());

function rect(top: number) {
  return { top, left: 0, right: 0, bottom: top, width: 0, height: 0, x: 0, y: top, toJSON: () => ({}) } as DOMRect;
}

describe('side menu scroll to the active entry', () => {
  it('waits 100 ms, then scrolls over 500 ms to put the entry at 40% of the window', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 1000 });
    const container = document.createElement('div');
    container.innerHTML = '<a class="side-nav-link active">x</a>';
    const item = container.firstElementChild as HTMLElement;
    container.getBoundingClientRect = () => rect(0);
    item.getBoundingClientRect = () => rect(900);
    document.body.appendChild(container);

    scrollToActiveItem(container);
    vi.advanceTimersByTime(99);
    expect(container.scrollTop).toBe(0);
    vi.advanceTimersByTime(1 + 250);
    // Halfway through the ease: between start and target.
    expect(container.scrollTop).toBeGreaterThan(0);
    expect(container.scrollTop).toBeLessThan(500);
    vi.advanceTimersByTime(300);
    expect(container.scrollTop).toBe(500); // 900 - 40% of 1000
    container.remove();
  });

  it('does nothing without an active entry, and can be cancelled', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    const container = document.createElement('div');
    expect(() => {
      scrollToActiveItem(container);
      vi.advanceTimersByTime(1000);
    }).not.toThrow();
    container.scrollTop = 0;
    const stop = animateScrollTop(container, 300, 500);
    vi.advanceTimersByTime(100);
    stop();
    const at = container.scrollTop;
    vi.advanceTimersByTime(1000);
    expect(container.scrollTop).toBe(at);
  });
});
