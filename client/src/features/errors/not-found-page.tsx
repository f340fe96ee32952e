import { AppLink } from '../../components/app-link';

export default function NotFoundPage() {
  return (
    <main className="d-flex align-items-center justify-content-center min-vh-100 p-3">
      <div className="text-center" style={{ maxWidth: 480 }}>
        <p className="display-4 fw-bold text-primary mb-2">404</p>
        <h1 className="h4 fw-semibold mb-2">Página não encontrada</h1>
        <p className="text-muted mb-4">O endereço que você abriu não existe ou foi movido.</p>
        <AppLink to="/dashboard" className="btn btn-primary">
          Voltar ao Dashboard
        </AppLink>
      </div>
    </main>
  );
}
