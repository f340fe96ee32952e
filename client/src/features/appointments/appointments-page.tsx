import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { ListCard } from '../../components/list-card';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { useAppDispatch, useAppSelector } from '../../hooks/store';
import { errorMessage } from '../../lib/api';
import { refreshList } from '../../lib/list-slice';
import { STATUS_LABELS, type Appointment } from '../../lib/appointment';
import { addDays, dayOf, formatDate, formatDayMonth, formatMinutes, formatWeekday } from '../../lib/format';
import { useReadArg } from '../../lib/route-reads';
import { useGetAgendaQuery, useUpdateAppointmentMutation, type Agenda, type AgendaArgs } from './agenda-api';
import { AgendaGrid, type Reschedule } from './agenda-grid';
import { agendaHref, viewOf, type AgendaViewName } from './agenda-url';
import { AppointmentDialog } from './appointment-dialog';
import { AppointmentsList } from './appointments-list';
import { BookingDialog, StaffOptions, type ClashHref } from './booking-dialog';
import { selectAppointments } from './appointments-slice';
import { StatusActions } from './status-actions';

export const AGENDA_ERROR = 'Erro ao buscar a agenda';
/**
 * The booking's parameters: `book=1` opens it (the dashboard's "Novo
 * agendamento", a client's "Agendar" with `book_client`, a slot's click with
 * its day, time and staff member).
 */
const BOOKING_CLOSED = { book: null, book_date: null, book_time: null, book_staff: null, book_client: null };

const VIEWS: { view: AgendaViewName; label: string }[] = [
  { view: 'day', label: 'Dia' },
  { view: 'week', label: 'Semana' },
  { view: 'list', label: 'Lista' },
];

/** "segunda-feira, 23/11/2026" or "23/11 a 29/11/2026". */
function periodLabel(agenda: Agenda): string {
  if (agenda.view === 'day') return `${formatWeekday(agenda.date)}, ${formatDate(agenda.date)}`;
  const [first, last] = [agenda.days[0], agenda.days[agenda.days.length - 1]];
  return `${formatDayMonth(first)} a ${formatDate(last)}`;
}

export default function AppointmentsPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const view = viewOf(search);
  const staffFilter = Number(search.get('staff_id')) || null;
  const status = search.get('status') ?? '';
  // The route's reads: the address's day or week, or with the list, today's agenda for its staff.
  const agendaQuery = useGetAgendaQuery(useReadArg<AgendaArgs>('getAgenda'));
  const agenda = view === 'list' ? undefined : agendaQuery.data;
  // The staff to filter by: the agenda's (the list view asks for today's).
  const staffQuery = useGetAgendaQuery(useReadArg<AgendaArgs>('staff'));
  const staff = (agenda ?? staffQuery.data)?.staff ?? [];
  const [updateAppointment] = useUpdateAppointmentMutation();

  const go = (changes: Record<string, string | number | null>) => navigate(agendaHref(search, changes));
  const openHref = (a: Appointment) => agendaHref(search, { open: a.id });

  const reschedule = async (a: Appointment, change: Reschedule) => {
    try {
      await updateAppointment({
        id: a.id,
        version: a.version,
        staffId: change.staffId,
        // Wall-clock time: the server reads it in the business time zone.
        startsAt: `${change.day}T${formatMinutes(change.start)}`,
        durationMinutes: change.duration,
      }).unwrap();
      toast.success(`Agendamento de ${a.clientName} remarcado para ${formatDate(change.day)} às ${formatMinutes(change.start)}.`);
    } catch (error) {
      toast.error(errorMessage(error, 'Não foi possível remarcar o agendamento.'));
    }
  };

  const date = agenda?.date ?? search.get('date') ?? '';
  const listState = useAppSelector(selectAppointments);
  const listed = listState.list;
  const known = agenda ?? staffQuery.data;
  const openId = Number(search.get('open')) || null;
  // A clash's link: that day's agenda with the appointment open.
  const hrefFor: ClashHref = (a) => agendaHref(new URLSearchParams(), { date: dayOf(a.startsAt), open: a.id });
  const closeBooking = () => go(BOOKING_CLOSED);
  const bookingDay = search.get('book_date') || date || known?.today || '';
  const step = view === 'week' ? 7 : 1;

  return (
    <div className="container-fluid">
      <PageHeader title="Agendamentos" subtitle="A agenda do dia, da semana ou em lista.">
        {/* A link to the address that opens the booking: it works before the script has run. */}
        <Link to={agendaHref(search, { book: 1, open: null })} className="btn btn-primary btn-touch">
          Novo agendamento
        </Link>
      </PageHeader>
      <ListCard
        headerClassName="card-header agenda-toolbar d-flex flex-wrap gap-2 align-items-end"
        header={
          <>
            <nav className="btn-group" aria-label="Visão da agenda">
              {VIEWS.map(({ view: v, label }) => (
                <Link
                  key={v}
                  to={agendaHref(search, { view: v === 'day' ? null : v, page: null, cursor: null, open: null })}
                  className={`btn btn-touch ${v === view ? 'btn-primary' : 'btn-outline-primary'}`}
                  aria-current={v === view ? 'page' : undefined}
                >
                  {label}
                </Link>
              ))}
            </nav>
            {view !== 'list' && date ? (
              <nav className="d-flex flex-wrap gap-1 align-items-center" aria-label="Período">
                <Link className="btn btn-light btn-touch" to={agendaHref(search, { date: addDays(date, -step), open: null })} aria-label={view === 'week' ? 'Semana anterior' : 'Dia anterior'}>
                  ‹
                </Link>
                <Link className="btn btn-light btn-touch" to={agendaHref(search, { date: null, open: null })}>
                  Hoje
                </Link>
                <Link className="btn btn-light btn-touch" to={agendaHref(search, { date: addDays(date, step), open: null })} aria-label={view === 'week' ? 'Próxima semana' : 'Próximo dia'}>
                  ›
                </Link>
                <label htmlFor="agenda-date" className="visually-hidden">
                  Data
                </label>
                <input id="agenda-date" type="date" className="form-control agenda-date" value={date} onChange={(e) => e.target.value && go({ date: e.target.value, open: null })} />
              </nav>
            ) : null}
            {view === 'list' ? (
              <div className="d-flex gap-2 flex-wrap">
                <div>
                  <label htmlFor="appointments-from" className="form-label mb-1 small">
                    De
                  </label>
                  <input id="appointments-from" type="date" className="form-control" value={search.get('from') ?? known?.today ?? ''} onChange={(e) => go({ from: e.target.value, page: null, cursor: null })} />
                </div>
                <div>
                  <label htmlFor="appointments-to" className="form-label mb-1 small">
                    Até
                  </label>
                  <input id="appointments-to" type="date" className="form-control" value={search.get('to') ?? ''} onChange={(e) => go({ to: e.target.value, page: null, cursor: null })} />
                </div>
              </div>
            ) : null}
            <div>
              <label htmlFor="appointments-status" className="form-label mb-1 small">
                Status
              </label>
              <select id="appointments-status" className="form-select" value={status} onChange={(e) => go({ status: e.target.value, page: null, cursor: null })}>
                <option value="">{view === 'list' ? 'Todos' : 'Todos, menos cancelados'}</option>
                {Object.entries(STATUS_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="appointments-staff" className="form-label mb-1 small">
                Profissional
              </label>
              <select id="appointments-staff" className="form-select" value={staffFilter ?? ''} onChange={(e) => go({ staff_id: e.target.value, page: null, cursor: null })}>
                <option value="">Todos</option>
                <StaffOptions staff={staff} />
              </select>
            </div>
          </>
        }
        error={view === 'list' ? listState.error : agendaQuery.error ? errorMessage(agendaQuery.error, AGENDA_ERROR) : null}
        onRetry={() => (view === 'list' ? dispatch(refreshList('appointments')) : void agendaQuery.refetch())}
        pagination={
          view === 'list'
            ? { meta: listState.meta, noun: ['agendamento', 'agendamentos'], disabled: listState.loading, onPageChange: (p, next) => go({ page: p, cursor: next ?? null }) }
            : undefined
        }
      >
        {view === 'list' ? (
          <AppointmentsList
            search={search}
            // Today and what comes, unless the address names a start.
            today={staffQuery.data?.today}
            actions={(a) => (
              <div className="d-inline-flex flex-wrap gap-1">
                <Link to={openHref(a)} className="btn btn-sm btn-light btn-touch" aria-label={`Abrir o agendamento de ${a.clientName}`}>
                  Abrir
                </Link>
                <StatusActions appointment={a} />
              </div>
            )}
          />
        ) : (
          <>
            {agenda ? <h2 className="h6 px-3 pt-3 mb-2">{periodLabel(agenda)}</h2> : null}
            {agenda ? (
              <AgendaGrid
                key={`${agenda.view}-${agenda.date}`}
                agenda={agenda}
                staffFilter={staffFilter}
                openHref={openHref}
                onOpen={(a) => navigate(openHref(a))}
                onBook={({ day, minute, staffId }) => go({ book: 1, book_date: day, book_time: formatMinutes(minute), book_staff: staffId })}
                onReschedule={(a, change) => void reschedule(a, change)}
              />
            ) : agendaQuery.isFetching ? (
              <Spinner />
            ) : null}
          </>
        )}
      </ListCard>
      {openId ? (
        <AppointmentDialog
          key={openId}
          id={openId}
          known={(agenda?.appointments ?? listed).find((a) => a.id === openId)}
          staff={staff}
          hrefFor={hrefFor}
          onClose={() => go({ open: null })}
        />
      ) : null}
      {search.get('book') && known ? (
        <BookingDialog
          staff={staff}
          initial={{
            day: bookingDay,
            time: search.get('book_time') || null,
            staffId: Number(search.get('book_staff')) || null,
            clientId: Number(search.get('book_client')) || null,
          }}
          // The next free time needs the day's every appointment: not with a status filter.
          appointments={known.days.includes(bookingDay) && !status ? known.appointments : null}
          startHour={known.startHour}
          now={known.now}
          hrefFor={hrefFor}
          onClose={closeBooking}
        />
      ) : null}
    </div>
  );
}
