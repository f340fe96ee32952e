import type { Meta } from '../lib/types';
import { formatCount } from '../lib/format';

export interface PaginationProps {
  meta: Meta | null;
  /** `cursor`: where the current page ends, given for the next page (keyset paging: a deep page costs what the first does). */
  onPageChange: (page: number, cursor?: string) => void;
  disabled?: boolean;
  /** Noun for the total, singular and plural, e.g. ['cliente', 'clientes']. */
  noun?: readonly [string, string];
  /** The navigation's name; one per list where a screen has several. */
  label?: string;
}

/** Pages around the current one, with first and last always shown. */
export function pageWindow(page: number, last: number, span = 2): (number | '…')[] {
  const pages: (number | '…')[] = [];
  const from = Math.max(1, page - span);
  const to = Math.min(last, page + span);
  if (from > 1) pages.push(1);
  if (from > 2) pages.push('…');
  for (let p = from; p <= to; p++) pages.push(p);
  if (to < last - 1) pages.push('…');
  if (to < last) pages.push(last);
  return pages;
}

export function Pagination({ meta, onPageChange, disabled = false, noun = ['registro', 'registros'] as const, label = 'Paginação' }: PaginationProps) {
  if (!meta) return null;
  const last = Math.max(1, meta.last_page);
  const page = Math.min(Math.max(1, meta.page), last);
  const go = (p: number) => {
    if (disabled || p < 1 || p === page) return;
    if (p === page + 1 && meta.next_cursor) onPageChange(p, meta.next_cursor);
    else if (p <= last) onPageChange(p);
  };
  // Past 10.000 the server estimates the total (meta.total_estimated).
  const count = (n: number) => formatCount(n, meta.total_estimated);
  const hasNext = meta.next_cursor ? true : page < last;
  return (
    <nav className="d-flex align-items-center justify-content-between flex-wrap gap-2" aria-label={label}>
      <span className="text-muted small">
        {`${count(meta.total)} ${meta.total === 1 ? noun[0] : noun[1]} · página ${page} de ${count(last)}`}
      </span>
      <ul className="pagination pagination-sm mb-0">
        <li className={`page-item${page <= 1 || disabled ? ' disabled' : ''}`}>
          <button type="button" className="page-link" onClick={() => go(page - 1)} aria-label="Página anterior">
            ‹ Anterior
          </button>
        </li>
        {pageWindow(page, last).map((p, i) =>
          p === '…' ? (
            <li key={`gap-${i}`} className="page-item disabled">
              <span className="page-link">…</span>
            </li>
          ) : (
            <li key={p} className={`page-item${p === page ? ' active' : ''}`}>
              <button
                type="button"
                className="page-link"
                onClick={() => go(p)}
                aria-current={p === page ? 'page' : undefined}
                disabled={disabled}
              >
                {p}
              </button>
            </li>
          ),
        )}
        <li className={`page-item${!hasNext || disabled ? ' disabled' : ''}`}>
          <button type="button" className="page-link" onClick={() => go(page + 1)} aria-label="Próxima página">
            Próxima ›
          </button>
        </li>
      </ul>
    </nav>
  );
}
