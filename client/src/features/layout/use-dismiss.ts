// Closes a popup on Escape and, when a ref is given, on a mousedown outside it.
import { useEffect, useRef, type RefObject } from 'react';

export function useDismiss(active: boolean, onDismiss: () => void, insideRef?: RefObject<HTMLElement | null>): void {
  // A ref, so a new callback each render does not re-subscribe.
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;
  useEffect(() => {
    if (!active) return;
    const onPointer = (e: MouseEvent) => {
      if (insideRef?.current && !insideRef.current.contains(e.target as Node)) dismiss.current();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') dismiss.current();
    };
    if (insideRef) document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [active, insideRef]);
}
