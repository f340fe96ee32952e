import { useEffect } from 'react';
import { toast } from '../../lib/toast';
import { useAppDispatch, useAppSelector } from '../../hooks/store';
import { clearSession } from '../../lib/session-actions';

export const SESSION_EXPIRED_MESSAGE = 'Sua sessão expirou. Entre novamente.';
export const SESSION_WARNING_MESSAGE = 'Sua sessão expira em 1 minuto.';
export const WARNING_BEFORE_MS = 60_000;
// setTimeout overflows above 2^31-1 ms (~24.8 days) and would fire at once.
const MAX_DELAY = 2_147_483_647;

/**
 * While a token exists, clears the session when it expires (docs/behaviour.md#session,
 * "Session") and warns one minute before. Clearing the token is enough to
 * leave a protected screen: the protected route then redirects to /login.
 */
export function useSessionTimer(onExpired: () => void): void {
  const dispatch = useAppDispatch();
  const accessToken = useAppSelector((s) => s.auth.accessToken);
  const expiresAt = useAppSelector((s) => s.auth.expiresAt);

  useEffect(() => {
    if (!accessToken || !expiresAt) return;
    const expire = () => {
      dispatch(clearSession());
      toast.warn(SESSION_EXPIRED_MESSAGE, { toastId: 'session-expired' });
      onExpired();
    };
    const remaining = expiresAt - Date.now();
    if (remaining <= 0) {
      expire();
      return;
    }
    const timers = [setTimeout(expire, Math.min(remaining, MAX_DELAY))];
    if (remaining > WARNING_BEFORE_MS) {
      const warnIn = remaining - WARNING_BEFORE_MS;
      if (warnIn <= MAX_DELAY) {
        timers.push(setTimeout(() => toast.info(SESSION_WARNING_MESSAGE, { toastId: 'session-warning' }), warnIn));
      }
    }
    return () => timers.forEach(clearTimeout);
  }, [accessToken, expiresAt, dispatch, onExpired]);
}
