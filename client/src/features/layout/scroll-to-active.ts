// The side menu scrolls its active entry into view (docs/behaviour.md#menus): after 100 ms,
// animated over 500 ms, the entry ending up at 40% of the window's height.
import { easeInOutQuad, MENU_SCROLL_DELAY_MS, MENU_SCROLL_DURATION_MS, menuScrollTarget } from './layout-rules';

/** Animate `container.scrollTop` to `to`; returns a function that stops it. */
export function animateScrollTop(container: HTMLElement, to: number, duration = MENU_SCROLL_DURATION_MS): () => void {
  const from = container.scrollTop;
  const change = to - from;
  let frame = 0;
  let start: number | null = null;
  if (change === 0) return () => {};
  const step = (now: number) => {
    if (start === null) start = now;
    const t = Math.min(1, (now - start) / duration);
    container.scrollTop = from + change * easeInOutQuad(t);
    if (t < 1) frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
  return () => cancelAnimationFrame(frame);
}

/** Schedule the scroll to the container's active link; returns a cancel function. */
export function scrollToActiveItem(container: HTMLElement, selector = '.side-nav-link.active'): () => void {
  let stop = () => {};
  const timer = setTimeout(() => {
    const item = container.querySelector<HTMLElement>(selector);
    if (!item) return;
    // Offset relative to the scroll container, whatever the positioned parents are.
    const top = item.getBoundingClientRect().top - container.getBoundingClientRect().top + container.scrollTop;
    stop = animateScrollTop(container, menuScrollTarget(top, window.innerHeight));
  }, MENU_SCROLL_DELAY_MS);
  return () => {
    clearTimeout(timer);
    stop();
  };
}
