import { useEffect, useState } from 'react';

/** False on the server and during hydration, true after the first commit in the browser. */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
