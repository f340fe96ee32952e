/** An error message with an optional retry action. */
export function ErrorAlert({
  message,
  onRetry,
  className = '',
  id,
}: {
  message: string | null | undefined;
  onRetry?: () => void;
  className?: string;
  /** For the fields it is about to name it with `aria-describedby`. */
  id?: string;
}) {
  if (!message) return null;
  return (
    <div id={id} className={`alert alert-danger d-flex align-items-center justify-content-between gap-2 ${className}`} role="alert">
      <span>{message}</span>
      {onRetry ? (
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={onRetry}>
          Tentar novamente
        </button>
      ) : null}
    </div>
  );
}
