/** A Bootstrap-style spinner with an accessible label. */
export function Spinner({ label = 'Carregando...', small = false }: { label?: string; small?: boolean }) {
  return (
    <div className={small ? 'spinner-border spinner-border-sm' : 'spinner-border text-primary'} role="status">
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** The full-height (100vh) placeholder: startup and screens loading on demand. */
export function FullPageSpinner() {
  return (
    <div
      className="d-flex align-items-center justify-content-center"
      style={{ height: '100vh', width: '100%' }}
      data-testid="full-page-spinner"
    >
      <Spinner />
    </div>
  );
}
