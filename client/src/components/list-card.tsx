import type { ReactNode } from 'react';
import { ErrorAlert } from './error-alert';
import { Pagination, type PaginationProps } from './pagination';

interface ListCardProps {
  /** Filters or search, in the header. */
  header?: ReactNode;
  headerClassName?: string;
  /** The load's error, with a retry button. */
  error: string | null;
  onRetry: () => void;
  /** The list's pagination, in the footer. */
  pagination?: PaginationProps;
  /** More of the footer, after the pagination (e.g. the page size). */
  footer?: ReactNode;
  children: ReactNode;
}

/** A list screen's card: its filters in the header, the load error and the list in the body, the pagination in the footer. */
export function ListCard({ header, headerClassName = 'card-header', error, onRetry, pagination, footer, children }: ListCardProps) {
  return (
    <div className="card">
      {header ? <div className={headerClassName}>{header}</div> : null}
      <div className="card-body p-0">
        <ErrorAlert message={error} onRetry={onRetry} className="m-3" />
        {children}
      </div>
      {pagination || footer ? (
        <div className={footer ? 'card-footer d-flex flex-wrap align-items-center justify-content-between gap-2' : 'card-footer'}>
          {pagination ? <Pagination {...pagination} /> : null}
          {footer}
        </div>
      ) : null}
    </div>
  );
}
