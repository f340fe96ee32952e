import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from './api';

export interface ApiData<T> {
  data: T | null;
  loading: boolean;
  error: string | null;
  reload: () => void;
}

/**
 * Screen-local data loaded after mount. Without `initial` it starts in the
 * loading state on both sides, so the server's HTML and the first browser
 * render agree. With `initial` (data the server rendered the page with, see
 * `serverData`) it starts with that data and skips the first load.
 */
export function useApiData<T>(
  load: () => Promise<T>,
  fallbackError: string,
  enabled = true,
  /** Loads again whenever this changes (e.g. the page or period asked for). */
  key = '',
  initial: T | null = null,
): ApiData<T> {
  const [data, setData] = useState<T | null>(initial);
  const [loading, setLoading] = useState(enabled && initial === null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const skipFirstLoad = useRef(initial !== null);

  useEffect(() => {
    if (skipFirstLoad.current) {
      skipFirstLoad.current = false;
      return;
    }
    if (!enabled) {
      setLoading(false);
      return;
    }
    let cancelled = false;
    setLoading(true);
    setError(null);
    loadRef.current().then(
      (value) => {
        if (cancelled) return;
        setData(value);
        setLoading(false);
      },
      (err: unknown) => {
        if (cancelled) return;
        setError(errorMessage(err, fallbackError));
        setLoading(false);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [attempt, enabled, fallbackError, key]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data, loading, error, reload };
}
