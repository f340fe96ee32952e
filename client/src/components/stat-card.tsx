interface StatCardProps {
  title: string;
  value: string;
  hint?: string;
  /** The grid column. */
  className?: string;
  /** The value's font size: a row of five figures needs a smaller one. */
  valueSize?: 'fs-3' | 'fs-22';
}

/** One figure of a screen's summary row: title, value, and a hint under it when given. */
export function StatCard({ title, value, hint, className = 'col-sm-6 col-xl-3', valueSize = 'fs-3' }: StatCardProps) {
  return (
    <div className={className}>
      <div className="card stat-card h-100">
        <div className="card-body">
          <h2 className="text-muted text-uppercase fs-13 fw-semibold mb-2">{title}</h2>
          <p className={`${valueSize} fw-bold ${hint ? 'mb-1' : 'mb-0'}`}>{value}</p>
          {hint ? <p className="text-muted small mb-0">{hint}</p> : null}
        </div>
      </div>
    </div>
  );
}
