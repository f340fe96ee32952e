import type { ReactNode } from 'react';
import { AppLink } from './app-link';
import type { Meta } from '../lib/types';
import { formatCount } from '../lib/format';

export interface PaginationProps {
  meta: Meta | null;
  /**
   * A list whose page is in the address: the address of a page. The pages
   * are then links, which work before the page's script has run.
   * `cursor`: where the current page ends, given for the next page (keyset
   * paging: a deep page costs what the first does).
   */
  href?: (page: number, cursor?: string) => string;
  /** A list paged in place (a record's own lists): called with the page chosen. */
  onPageChange?: (page: number, cursor?: string) => void;
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

export function Pagination({ meta, href, onPageChange, disabled = false, noun = ['registro', 'registros'] as const, label = 'Paginação' }: PaginationProps) {
  if (!meta) return null;
  const last = Math.max(1, meta.last_page);
  const page = Math.min(Math.max(1, meta.page), last);
  // The page `p` leads to, with the cursor when it is the next one; null when there is no such page.
  const target = (p: number): [number, string | undefined] | null => {
    if (p < 1 || p === page || p > Math.max(last, meta.next_cursor ? page + 1 : last)) return null;
    return [p, p === page + 1 && meta.next_cursor ? meta.next_cursor : undefined];
  };
  /** A page's control: a link when the list is in the address, else a button. */
  const control = (p: number, children: ReactNode, props: { 'aria-label'?: string; 'aria-current'?: 'page' } = {}) => {
    const to = disabled ? null : target(p);
    if (href) {
      return to ? (
        <AppLink className="page-link" to={href(...to)} {...props}>
          {children}
        </AppLink>
      ) : (
        <span className="page-link" aria-disabled={p === page ? undefined : true} {...props}>
          {children}
        </span>
      );
    }
    return (
      <button type="button" className="page-link" onClick={() => to && onPageChange?.(...to)} disabled={disabled} {...props}>
        {children}
      </button>
    );
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
        <li className={`page-item${page <= 1 || disabled ? ' disabled' : ''}`}>{control(page - 1, '‹ Anterior', { 'aria-label': 'Página anterior' })}</li>
        {pageWindow(page, last).map((p, i) =>
          p === '…' ? (
            <li key={`gap-${i}`} className="page-item page-number disabled">
              <span className="page-link">…</span>
            </li>
          ) : (
            <li key={p} className={`page-item page-number${p === page ? ' active' : ''}`}>
              {control(p, p, p === page ? { 'aria-current': 'page' } : {})}
            </li>
          ),
        )}
        <li className={`page-item${!hasNext || disabled ? ' disabled' : ''}`}>{control(page + 1, 'Próxima ›', { 'aria-label': 'Próxima página' })}</li>
      </ul>
    </nav>
  );
}
