import { useEffect, useRef, useState, type ReactNode } from 'react';
import { AppLink } from './app-link';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  className?: string;
  /** The list's `sort` key this column orders by (the API's whitelist); absent: not sortable. */
  sort?: string;
}

interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  empty: string;
  loading?: boolean;
  caption?: string;
  /** The current `sort` (`name`, `-name`): its column shows the order. */
  sort?: string;
  /** The address of the list ordered by `sort` (a sortable header is a link to it: ascending first, then descending). */
  sortHref?: (sort: string) => string;
}

/** The next `sort` after choosing `key`'s header: ascending, then descending, then ascending again. */
export function nextSort(current: string | undefined, key: string): string {
  return current === key ? `-${key}` : key;
}

/**
 * A plain table; while loading it dims the rows it already has. On phones
 * (below 768 px, `.table-cards` in utilities.css) each row becomes a card:
 * the first cell is its title, the others are labelled by their header, so
 * nothing scrolls sideways.
 */
export function DataTable<T>({ columns, rows, rowKey, empty, loading = false, caption, sort, sortHref }: DataTableProps<T>) {
  const header = (c: Column<T>) => {
    if (!c.sort || !sortHref) return c.header;
    const order = sort === c.sort ? 'asc' : sort === `-${c.sort}` ? 'desc' : null;
    return (
      <AppLink className="btn btn-link sort-button" to={sortHref(nextSort(sort, c.sort))}>
        {c.header}
        <span aria-hidden="true" className="ms-1">
          {order === 'asc' ? '▲' : order === 'desc' ? '▼' : '↕'}
        </span>
        <span className="visually-hidden">{order === 'asc' ? ' (crescente)' : order === 'desc' ? ' (decrescente)' : ' (ordenar)'}</span>
      </AppLink>
    );
  };
  const ariaSort = (c: Column<T>) =>
    !c.sort || !sortHref ? undefined : sort === c.sort ? 'ascending' : sort === `-${c.sort}` ? 'descending' : 'none';
  // A table wider than its box scrolls sideways: then the box is a named
  // region that takes focus, so the keyboard can scroll it too. Measured
  // after hydration (the server cannot know), and again on resize.
  const boxRef = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return undefined;
    const check = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    // The observer's first report measures it, after the browser's own
    // layout: reading sizes here would force one inside hydration's task.
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(check);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);
  const region = scrolls ? { tabIndex: 0, role: 'region', 'aria-label': caption ?? 'Tabela' } : {};
  return (
    <div className="table-responsive" ref={boxRef} {...region}>
      <table
        className="table table-hover table-centered table-cards align-middle mb-0"
        aria-busy={loading}
        style={loading ? { opacity: 0.6 } : undefined}
      >
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead className="bg-light-subtle">
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.className} aria-sort={ariaSort(c)}>
                {header(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="text-center text-muted py-4 table-cards-empty">
                {loading ? 'Carregando...' : empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c) => (
                  <td key={c.key} className={c.className} data-label={c.header}>
                    {c.render(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
