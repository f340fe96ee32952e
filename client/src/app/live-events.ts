import { useEffect } from 'react';
import { useAppDispatch } from '../hooks/store';

/**
 * The live agenda while signed in (app/live-stream.ts): its code is loaded
 * after hydration, as its stream is opened only then, so that it is not
 * part of the JavaScript every first screen waits for.
 */
export function useLiveEvents(token: string | null | undefined): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!token) return;
    let stop: (() => void) | null = null;
    let left = false;
    void import('./live-stream').then(({ openLiveStream }) => {
      if (!left) stop = openLiveStream(dispatch);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [token, dispatch]);
}
