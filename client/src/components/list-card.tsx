import type { ReactNode } from 'react';
import { ErrorAlert } from './error-alert';

interface ListCardProps {
  /** Filters or search, in the header. */
  header?: ReactNode;
  headerClassName?: string;
  /** The load's error, with a retry button. */
  error: string | null;
  onRetry: () => void;
  /** The pagination, in the footer. */
  footer?: ReactNode;
  children: ReactNode;
}

/** A list screen's card: its filters in the header, the load error and the list in the body, the pagination in the footer. */
export function ListCard({ header, headerClassName = 'card-header', error, onRetry, footer, children }: ListCardProps) {
  return (
    <div className="card">
      {header ? <div className={headerClassName}>{header}</div> : null}
      <div className="card-body p-0">
        <ErrorAlert message={error} onRetry={onRetry} className="m-3" />
        {children}
      </div>
      {footer ? <div className="card-footer">{footer}</div> : null}
    </div>
  );
}
