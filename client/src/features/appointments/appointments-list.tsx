import { AppointmentsTable, StatusBadge } from '../../components/appointments-table';
import { TableOrCards } from '../../components/table-or-cards';
import { useAppSelector } from '../../hooks/store';
import type { Appointment } from '../../lib/appointment';
import { formatDate, formatMoney, formatTimeRange } from '../../lib/format';
import { pageParam } from '../../lib/query-string';
import { useListLoader } from '../../lib/use-list';
import { fetchAppointments, selectAppointments } from './appointments-slice';

const EMPTY = 'Nenhum agendamento encontrado.';

/**
 * The list's query from the address: page (and cursor), period, status,
 * staff member, client; without a `from`, from `today` on (the route's read
 * does the same on the server).
 */
function listQuery(search: URLSearchParams, today: string | undefined) {
  const value = (key: string) => search.get(key) || undefined;
  return {
    page: pageParam(search.get('page')),
    // Set by the pager's "next": the server continues after the previous page's last row.
    cursor: value('cursor'),
    from: value('from') ?? today,
    to: value('to'),
    status: value('status'),
    staff_id: value('staff_id'),
    client_id: value('client_id'),
  };
}

/**
 * The list view's rows (`?view=list`): the spec's appointments slice, 10 a
 * page, with the address's filters, loaded here; the page's card shows the
 * error and the pagination.
 */
export function AppointmentsList({ search, today, actions }: { search: URLSearchParams; today: string | undefined; actions: (a: Appointment) => React.ReactNode }) {
  const { list, loading } = useAppSelector(selectAppointments);
  useListLoader('appointments', fetchAppointments, listQuery(search, today));

  return (
    <TableOrCards
      table={<AppointmentsTable rows={list} loading={loading} empty={EMPTY} actions={actions} />}
      rows={list}
      label="Agendamentos"
      loading={loading}
      empty={EMPTY}
      card={(a) => ({
        title: `${formatDate(a.startsAt)} · ${formatTimeRange(a.startsAt, a.endsAt)}`,
        subtitle: a.clientName,
        badge: <StatusBadge status={a.status} />,
        detail: `${a.service} · ${a.staffName} · ${formatMoney(a.priceCents)}`,
        actions: actions(a),
      })}
    />
  );
}
