// Holds keyboard focus inside a modal box while it is open (Tab and Shift+Tab
// cycle), closes it on Escape, and gives focus back on close to what had it.
import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface FocusTrapOptions {
  /** Called on Escape. */
  onEscape: () => void;
  /** While true, Escape is ignored (an action is running). */
  busy?: boolean;
  /** Where focus goes first; default: the box itself. */
  initial?: (box: HTMLElement) => HTMLElement | null | undefined;
}

/**
 * For a box rendered only while open: call it in the box's component. Radio
 * groups count once (the browser's own Tab order visits the checked one).
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, { onEscape, busy = false, initial }: FocusTrapOptions): void {
  const latest = useRef({ onEscape, busy, initial });
  useEffect(() => {
    latest.current = { onEscape, busy, initial };
  });

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const box = ref.current;
    if (!box) return undefined;
    (latest.current.initial?.(box) ?? box).focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        if (!latest.current.busy) latest.current.onEscape();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = Array.from(box.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
        (el) => el.getClientRects().length > 0 && !(el instanceof HTMLInputElement && el.type === 'radio' && !el.checked && box.querySelector(`input[type=radio][name="${el.name}"]:checked`)),
      );
      if (!items.length) {
        event.preventDefault();
        return;
      }
      const [head, tail] = [items[0], items[items.length - 1]];
      const active = document.activeElement;
      if (event.shiftKey && (active === head || active === box || !box.contains(active))) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && (active === tail || !box.contains(active))) {
        event.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (previous?.isConnected) previous.focus();
    };
  }, [ref]);
}
