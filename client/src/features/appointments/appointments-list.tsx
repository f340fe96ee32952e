import { useEffect } from 'react';
import { AppointmentsTable, StatusBadge } from '../../components/appointments-table';
import { useAppSelector } from '../../hooks/store';
import type { Appointment } from '../../lib/appointment';
import { formatDate, formatMoney, formatTimeRange } from '../../lib/format';
import { pageParam } from '../../lib/query-string';
import { useListLoader } from '../../lib/use-list';
import { fetchAppointments, selectAppointments } from './appointments-slice';

const EMPTY = 'Nenhum agendamento encontrado.';

/** The list's query from the address: page (and cursor), period, status, staff member, client. */
function listQuery(search: URLSearchParams) {
  const value = (key: string) => search.get(key) || undefined;
  return {
    page: pageParam(search.get('page')),
    // Set by the pager's "next": the server continues after the previous page's last row.
    cursor: value('cursor'),
    from: value('from'),
    to: value('to'),
    status: value('status'),
    staff_id: value('staff_id'),
    client_id: value('client_id'),
  };
}

/**
 * The list view's rows (`?view=list`): the spec's appointments slice, 10 a
 * page, with the address's filters, loaded here; `reload` is handed to the
 * page, whose card shows the error and the pagination.
 */
export function AppointmentsList({
  search,
  actions,
  onReady,
}: {
  search: URLSearchParams;
  actions: (a: Appointment) => React.ReactNode;
  onReady: (reload: () => void) => void;
}) {
  const { list, loading } = useAppSelector(selectAppointments);
  const load = useListLoader('appointments', fetchAppointments, listQuery(search));
  useEffect(() => onReady(() => void load()));

  // Tablets and up: the table; phones: a card per appointment, no horizontal scrolling.
  return (
    <>
      <div className="d-none d-md-block">
        <AppointmentsTable rows={list} loading={loading} empty={EMPTY} actions={actions} />
      </div>
      <ul className="list-group list-group-flush d-md-none" aria-label="Agendamentos" aria-busy={loading}>
        {list.length === 0 ? (
          <li className="list-group-item text-center text-muted py-4">{loading ? 'Carregando...' : EMPTY}</li>
        ) : (
          list.map((a) => (
            <li key={a.id} className="list-group-item py-3" style={loading ? { opacity: 0.6 } : undefined}>
              <div className="d-flex justify-content-between align-items-start gap-2">
                <div style={{ minWidth: 0 }}>
                  <div className="fw-semibold">{`${formatDate(a.startsAt)} · ${formatTimeRange(a.startsAt, a.endsAt)}`}</div>
                  <div className="text-break">{a.clientName}</div>
                </div>
                <StatusBadge status={a.status} />
              </div>
              <div className="small text-muted mt-1 mb-2 text-break">{`${a.service} · ${a.staffName} · ${formatMoney(a.priceCents)}`}</div>
              {actions(a)}
            </li>
          ))
        )}
      </ul>
    </>
  );
}
