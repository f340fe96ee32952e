import { startTransition, useEffect, useState } from 'react';

/**
 * False on the server and during hydration, true after the first commit in
 * the browser. The re-render it causes is a transition: React then does it
 * in slices between the browser's tasks, so a slow phone sees no long task
 * right after hydration.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  return mounted;
}

/**
 * What a control that needs the page's script carries before it has run:
 * it looks disabled and says so ("Aguarde a página carregar") (a click then is not silently
 * lost: the control shows it cannot work yet). Nothing once mounted.
 */
export function notReady(mounted: boolean): { 'aria-disabled'?: true; title?: string; 'data-not-ready'?: '' } {
  return mounted ? {} : { 'aria-disabled': true, title: 'Aguarde a página carregar', 'data-not-ready': '' };
}
