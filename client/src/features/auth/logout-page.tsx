import { useEffect } from 'react';
import { Link } from 'react-router';
import { useAppDispatch } from '../../hooks/store';
import { clearSession } from '../../lib/session-actions';
import { postLogout } from './auth-api';

export default function LogoutPage() {
  const dispatch = useAppDispatch();

  useEffect(() => {
    // The request reads the token synchronously, before the session is cleared.
    postLogout().catch(() => {
      // Already signed out on the server (GET /logout revokes too): nothing to do.
    });
    dispatch(clearSession());
  }, [dispatch]);

  return (
    <div className="auth-page d-flex align-items-center justify-content-center min-vh-100 p-3">
      <div className="card auth-card shadow-sm w-100 text-center" style={{ maxWidth: 420 }}>
        <div className="card-body p-4">
          <h1 className="h4 fw-bold mb-2">Até logo!</h1>
          <p className="text-muted mb-4">Você saiu do sistema.</p>
          <Link to="/login" className="btn btn-primary">
            Entrar novamente
          </Link>
        </div>
      </div>
    </div>
  );
}
