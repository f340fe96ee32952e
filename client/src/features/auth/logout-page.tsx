import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AppLink } from '../../components/app-link';
import { ErrorAlert } from '../../components/error-alert';
import { Spinner } from '../../components/spinner';
import { clearDrafts } from '../../hooks/use-draft';
import { useAppDispatch, useAppSelector } from '../../hooks/store';
import { errorMessage } from '../../lib/api';
import { clearSession } from '../../lib/session-actions';
import { isSignOutRequest } from '../../lib/sign-out';
import { postLogout } from './auth-api';
import { selectAuth } from './auth-slice';

export const SIGN_OUT_ERROR = 'Não foi possível encerrar a sessão. Tente novamente.';

/**
 * /logout (docs/behaviour.md#authentication). Signed out: says so. Signed
 * in and sent by the app's own "Sair": posts the sign-out at once. Signed in
 * and opened any other way (a typed address, a link from elsewhere): asks,
 * with a form that posts /logout (it works before the script has loaded).
 */
export default function LogoutPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { accessToken, name, error: serverError } = useAppSelector(selectAuth);
  const [leaving, setLeaving] = useState(() => Boolean(accessToken) && isSignOutRequest(location.state));
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!accessToken) {
      // Nothing left in storage either (a reload cannot bring a token back),
      // nor anything typed in a form (the server's form sign-out lands here too).
      dispatch(clearSession());
      clearDrafts();
      return;
    }
    if (!leaving) return;
    let current = true;
    postLogout()
      .then(() => {
        if (!current) return;
        dispatch(clearSession());
        // Back and forward never sign out again.
        navigate('/logout', { replace: true, state: null });
      })
      .catch((failure: unknown) => {
        if (!current) return;
        // Never "signed out" while the token still works.
        setError(errorMessage(failure, SIGN_OUT_ERROR));
        setLeaving(false);
      });
    return () => {
      current = false;
    };
  }, [accessToken, leaving, dispatch, navigate]);

  return (
    <main className="auth-page d-flex align-items-start justify-content-center min-vh-100 px-3 pb-3">
      <div className="card auth-card shadow-sm w-100 text-center" style={{ maxWidth: 420 }}>
        <div className="card-body p-4">
          {!accessToken ? (
            <>
              <h1 className="h4 fw-bold mb-2">Até logo!</h1>
              <p className="text-muted mb-4">Você saiu do sistema.</p>
              <AppLink to="/login" className="btn btn-primary">
                Entrar novamente
              </AppLink>
            </>
          ) : leaving ? (
            <Spinner label="Saindo..." />
          ) : (
            <>
              <h1 className="h4 fw-bold mb-2">Sair do sistema?</h1>
              <p className="text-muted mb-4">Você está conectado(a) como {name}.</p>
              <ErrorAlert message={error ?? serverError} />
              <form method="post" action="/logout" className="d-flex gap-2 justify-content-center">
                <AppLink to="/dashboard" className="btn btn-outline-secondary">
                  Voltar ao painel
                </AppLink>
                <button type="submit" className="btn btn-danger">
                  Sair
                </button>
              </form>
            </>
          )}
        </div>
      </div>
    </main>
  );
}
