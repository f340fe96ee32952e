import { ShieldX } from '../../components/icons';
import { AppLink } from '../../components/app-link';

/**
 * A screen of the route table whose `roles` leave the signed-in user out:
 * shown inside the shell, by the server (with status 403) and by the route
 * guard on in-app navigation alike.
 */
export default function ForbiddenPage() {
  return (
    <div className="container-fluid">
      <div className="d-flex align-items-center justify-content-center py-5">
        <div className="text-center" style={{ maxWidth: 480 }}>
          <ShieldX size={48} className="text-danger mb-3" aria-hidden="true" />
          <p className="display-5 fw-bold text-danger mb-2">403</p>
          <h1 className="h4 fw-semibold mb-2" tabIndex={-1}>Acesso negado</h1>
          <p className="text-muted mb-4">
            Esta página é restrita a administradores. Se você precisa dela, peça acesso a um administrador do Expediente.
          </p>
          <AppLink to="/dashboard" className="btn btn-primary btn-touch">
            Voltar ao Dashboard
          </AppLink>
        </div>
      </div>
    </div>
  );
}
