import type { ReactNode } from 'react';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  className?: string;
}

interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  empty: string;
  loading?: boolean;
  caption?: string;
}

/** A plain responsive table; while loading it dims the rows it already has. */
export function DataTable<T>({ columns, rows, rowKey, empty, loading = false, caption }: DataTableProps<T>) {
  return (
    <div className="table-responsive">
      <table className="table table-hover table-centered align-middle mb-0" aria-busy={loading} style={loading ? { opacity: 0.6 } : undefined}>
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead className="bg-light-subtle">
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.className}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="text-center text-muted py-4">
                {loading ? 'Carregando...' : empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c) => (
                  <td key={c.key} className={c.className}>
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
