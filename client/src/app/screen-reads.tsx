import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorAlert } from '../components/error-alert';
import { FullPageSpinner } from '../components/spinner';
import { useAppSelector, useAppStore } from '../hooks/store';
import { ApiError, errorMessage } from '../lib/api';
import { addressOf, fetchScreenReads } from '../lib/route-reads';
import type { RouteEntry } from './route-table';
import { seedScreenReads } from './store';

/**
 * A screen with reads, shown once the reads of its address are in: the
 * first paint brings them in the page's state; an in-app navigation asks
 * `GET /api/reads` once, whatever its reads depend on, and seeds the cache
 * with the answer. Another screen (a new path) waits with a spinner; the
 * same screen at a new query (a filter, the next week) stays on screen with
 * what it shows until the new answers arrive. A record that is gone shows
 * `notFound`, as the page of that address would.
 */
export function ScreenReads({ route, notFound, children }: { route: RouteEntry; notFound: ReactNode; children: ReactNode }) {
  const location = useLocation();
  const address = addressOf(location);
  const at = useAppSelector((s) => s.reads.at);
  const store = useAppStore();
  const needed = route.reads;
  const [failure, setFailure] = useState<{ address: string; error: unknown } | null>(null);
  const [attempt, setAttempt] = useState(0);

  // Asked once per address (and per retry): the effect runs when the address
  // changes, not when the reads of another address land (a late answer of
  // the screen left behind would otherwise ask again), nor once it failed.
  const failed = failure?.address === address ? failure.error : null;
  useEffect(() => {
    if (!needed || failed || store.getState().reads.at === address) return;
    const controller = new AbortController();
    fetchScreenReads(address, controller.signal).then(
      (reads) => seedScreenReads(store, address, reads),
      (error: unknown) => {
        if (!controller.signal.aborted) setFailure({ address, error });
      },
    );
    return () => controller.abort();
  }, [needed, address, store, attempt, failed]);

  if (!needed || at === address) return children;
  if (failed instanceof ApiError && failed.status === 404) return notFound;
  if (failed) {
    return (
      <div className="container-fluid py-3">
        <ErrorAlert
          message={errorMessage(failed, 'Não foi possível carregar esta tela.')}
          onRetry={() => {
            setFailure(null);
            setAttempt((n) => n + 1);
          }}
        />
      </div>
    );
  }
  // The same screen keeps what it shows while its new reads load.
  const samePath = at !== null && at.split('?')[0] === location.pathname;
  return samePath ? children : <FullPageSpinner />;
}
