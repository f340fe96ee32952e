import type { ReactNode } from 'react';

/** What a row shows as a phone card: a title and a subtitle beside a badge, one line of detail, then its actions. */
export interface PhoneCard {
  title: ReactNode;
  subtitle: ReactNode;
  badge: ReactNode;
  detail: ReactNode;
  actions: ReactNode;
}

interface TableOrCardsProps<T> {
  /** The table that tablets and desktops show. */
  table: ReactNode;
  rows: T[];
  /** The list's accessible name. */
  label: string;
  loading: boolean;
  empty: string;
  card: (row: T) => PhoneCard;
}

/** Tablets and up: the table; phones: a card per row, so nothing scrolls sideways. */
export function TableOrCards<T extends { id: number }>({ table, rows, label, loading, empty, card }: TableOrCardsProps<T>) {
  return (
    <>
      <div className="d-none d-md-block">{table}</div>
      <ul className="list-group list-group-flush d-md-none" aria-label={label} aria-busy={loading}>
        {rows.length === 0 ? (
          <li className="list-group-item text-center text-muted py-4">{loading ? 'Carregando...' : empty}</li>
        ) : (
          rows.map((row) => {
            const { title, subtitle, badge, detail, actions } = card(row);
            return (
              <li key={row.id} className="list-group-item py-3" style={loading ? { opacity: 0.6 } : undefined}>
                <div className="d-flex justify-content-between align-items-start gap-2">
                  <div style={{ minWidth: 0 }}>
                    <div className="fw-semibold text-break">{title}</div>
                    <div className="text-break">{subtitle}</div>
                  </div>
                  {badge}
                </div>
                <div className="small text-muted mt-1 mb-2 text-break">{detail}</div>
                {actions}
              </li>
            );
          })
        )}
      </ul>
    </>
  );
}
