// Footer with the current year (docs/behaviour.md#shell).
export default function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="app-footer">
      <div className="container-fluid d-flex flex-wrap justify-content-between gap-2">
        <span>
          © {year} Expediente
        </span>
        <span className="text-body-secondary">Gestão de clientes e agendamentos</span>
      </div>
    </footer>
  );
}
