import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AppLink } from '../../components/app-link';
import { toast } from '../../lib/toast';
import { ExportButton } from '../../components/export-button';
import { ApplyBeforeScript, HiddenFields } from '../../components/get-form';
import { ListCard } from '../../components/list-card';
import { PageHeader } from '../../components/page-header';
import { Plus } from '../../components/icons';
import { Spinner } from '../../components/spinner';
import { useAppDispatch, useAppSelector } from '../../hooks/store';
import { errorMessage, fieldErrors, ruleOf } from '../../lib/api';
import { ConfirmDialog } from '../../components/dialog';
import { refreshList } from '../../lib/list-slice';
import { STATUS_LABELS, type Appointment } from '../../lib/appointment';
import { addDays, dayOf, formatDate, formatDayMonth, formatMinutes, formatTime, formatWeekday, minuteOfDay } from '../../lib/format';
import { AppointmentsReads } from '../../../generated/route-reads';
import { useMounted } from '../../lib/use-mounted';
import { useGetAgendaQuery, useGetStaffQuery, useUpdateAppointmentMutation, type Agenda, type AgendaArgs, type SeriesScope } from './agenda-api';
import { AgendaGrid, type Reschedule } from './agenda-grid';
import { offReason, preferredStaff } from './agenda-layout';
import { agendaHref, viewOf, type AgendaViewName } from './agenda-url';
import { AppointmentDialog } from './appointment-dialog';
import { AppointmentsList } from './appointments-list';
import { BookingDialog } from './booking-dialog';
import { ruleReason, StaffOptions, type ClashHref } from './appointment-fields';
import { FitInDialog } from './fit-in-dialog';
import { ClientPicker, type PickedClient } from '../clients';
import { selectAppointments } from './appointments-slice';
import { useScopeQuestion } from './series-scope';
import { StatusActions } from './status-actions';

export const AGENDA_ERROR = 'Erro ao buscar a agenda';
/**
 * The booking's parameters: `book=1` opens it (the dashboard's "Novo
 * agendamento", a client's "Agendar" with `book_client`, a slot's click with
 * its day, time and staff member, "Encaixe" with `book_service`).
 * `book_outside=1`: the slot is outside the rules (working hours, time off)
 * and the user already said to book there anyway.
 */
const BOOKING_CLOSED = { book: null, book_date: null, book_time: null, book_staff: null, book_client: null, book_service: null, book_outside: null };

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

/**
 * What "Exportar CSV" sends: the view's filters, and the period shown (the
 * day's or week's days, the list's from/to); paging does not apply.
 */
function exportQuery(view: AgendaViewName, search: URLSearchParams, agenda: Agenda | undefined) {
  const value = (key: string) => search.get(key) || undefined;
  const filters = { status: value('status'), staff_id: value('staff_id'), client_id: value('client_id') };
  if (view === 'list') return { ...filters, from: value('from'), to: value('to') };
  if (!agenda) return filters;
  // The grid leaves cancelled ones out unless asked for (server/core/src/booking/agenda.rs): so does its file.
  const status = filters.status ?? 'agendado,confirmado,concluido,faltou,pendente';
  return { ...filters, status, from: agenda.days[0], to: agenda.days[agenda.days.length - 1] };
}

/**
 * The list's client filter (`client_id`): a client looked for by name,
 * phone, e-mail or CPF; its name the one picked, or (an address opened as
 * such) the rows'. Typing over it changes nothing until another client is
 * picked; "×" clears it.
 */
function ClientFilter({ search, listed, go }: { search: URLSearchParams; listed: Appointment[]; go: (changes: Record<string, string | number | null>) => void }) {
  const id = Number(search.get('client_id')) || null;
  const [picked, setPicked] = useState<PickedClient | null>(null);
  const name = (picked?.id === id ? picked?.name : undefined) ?? listed.find((a) => a.clientId === id)?.clientName;
  return (
    <div className="d-flex align-items-end gap-1">
      <ClientPicker
        // Shows the name once the rows have brought it.
        key={`${id ?? ''}-${name ? 'named' : ''}`}
        id="appointments-client"
        creatable={false}
        className=""
        errors={{}}
        value={id ? { id, name: name ?? '' } : null}
        onChange={(client) => {
          if (!client) return;
          setPicked(client);
          go({ client_id: client.id, page: null, cursor: null });
        }}
      />
      {id ? (
        <button type="button" className="btn btn-light" aria-label="Limpar o filtro de cliente" onClick={() => go({ client_id: null, page: null, cursor: null })}>
          ×
        </button>
      ) : null}
    </div>
  );
}

export default function AppointmentsPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const view = viewOf(search);
  const staffFilter = Number(search.get('staff_id')) || null;
  const status = search.get('status') ?? '';
  const userId = useAppSelector((s) => s.auth.id);
  const frontDesk = useAppSelector((s) => s.auth.role) !== 'professional';
  // A phone's filter sheet, open by its link (so a tap before the scripts still opens it).
  const filtersOpen = search.has('filters');
  const moreOpen = search.has('more');
  const ready = useMounted();
  // The route's reads: the address's day or week, or with the list, today's agenda for its staff.
  const agendaQuery = useGetAgendaQuery(AppointmentsReads.useGetAgenda<AgendaArgs>());
  const agenda = view === 'list' ? undefined : agendaQuery.data;
  // The list view asks for today's agenda: the business's today, where its list starts.
  const todayQuery = useGetAgendaQuery(AppointmentsReads.useToday<AgendaArgs>());
  // The staff to filter by and book with.
  const staff = useGetStaffQuery(AppointmentsReads.useGetStaff()).data ?? [];
  const [updateAppointment] = useUpdateAppointmentMutation();

  const go = (changes: Record<string, string | number | null>) => navigate(agendaHref(search, changes));
  // One link a block of the grid: the agenda's address is made once, `open` put last.
  const agendaHere = agendaHref(search, { open: null });
  const openHref = (a: Appointment) => `${agendaHere}${agendaHere.includes('?') ? '&' : '?'}open=${a.id}`;

  // A slot outside the rules (clicked), or a move the server refused for them: asked before going on.
  const [askSlot, setAskSlot] = useState<{ day: string; minute: number; staffId: number | null; outside: string } | null>(null);
  const [askMove, setAskMove] = useState<{ a: Appointment; change: Reschedule; reason: string; scope: SeriesScope | undefined } | null>(null);
  // A move of an occurrence of a series asks first which occurrences it reaches.
  const { ask: askScope, question: scopeQuestion } = useScopeQuestion();
  const reschedule = async (a: Appointment, change: Reschedule, allowOutsideHours = false, asked?: SeriesScope) => {
    const scope = asked ?? (await askScope(a, 'Remarcar'));
    if (scope === null) return;
    try {
      await updateAppointment({
        id: a.id,
        version: a.version,
        scope,
        staffId: change.staffId,
        // Wall-clock time: the server reads it in the business time zone.
        startsAt: `${change.day}T${formatMinutes(change.start)}`,
        durationMinutes: change.duration,
        ...(allowOutsideHours && { allowOutsideHours }),
      }).unwrap();
      toast.success(`Agendamento de ${a.clientName} remarcado para ${formatDate(change.day)} às ${formatMinutes(change.start)}.`);
    } catch (error) {
      if (ruleOf(error) && !allowOutsideHours) setAskMove({ a, change, reason: ruleReason(fieldErrors(error)), scope });
      else toast.error(errorMessage(error, 'Não foi possível remarcar o agendamento.'));
    }
  };
  const book = (slot: { day: string; minute: number; staffId: number | null }, outside: boolean) =>
    go({ book: 1, book_date: slot.day, book_time: formatMinutes(slot.minute), book_staff: slot.staffId, book_outside: outside ? 1 : null });

  const date = agenda?.date ?? search.get('date') ?? '';
  const listState = useAppSelector(selectAppointments);
  const listed = listState.list;
  const known = agenda ?? todayQuery.data;
  const openId = Number(search.get('open')) || null;
  // A clash's link: that day's agenda with the appointment open.
  const hrefFor: ClashHref = (a) => agendaHref(new URLSearchParams(), { date: dayOf(a.startsAt), open: a.id });
  const closeBooking = () => go(BOOKING_CLOSED);
  const bookingDay = search.get('book_date') || date || known?.today || '';
  const bookingTime = search.get('book_time') || null;
  const bookingStaff = Number(search.get('book_staff')) || null;
  // The slot's reason, as the agenda asked it (the agenda's rules), for the booking to say it books anyway.
  const bookingOutside =
    search.get('book_outside') && bookingTime
      ? ((agenda && offReason(agenda, { key: '', label: '', day: bookingDay, staffId: bookingStaff }, minuteOfDay(`${bookingDay}T${bookingTime}`), 30)) ?? 'Fora das regras da agenda')
      : null;
  const step = view === 'week' ? 7 : 1;
  // A filter changed on a phone closes the sheet: the grid shows what it chose.
  const filter = (changes: Record<string, string | number | null>) => go({ ...changes, filters: null });
  const activeFilters = [status, staffFilter, view === 'list' ? search.get('from') : null, view === 'list' ? search.get('to') : null].filter(Boolean).length;
  const today = (
    <AppLink className="btn btn-light btn-touch" to={agendaHref(search, { date: null, open: null, filters: null, hours: null })}>
      Hoje
    </AppLink>
  );

  return (
    <div className="container-fluid agenda-page">
      <PageHeader title="Agendamentos" subtitle="A agenda do dia, da semana ou em lista.">
        {/* A phone's export and other pages of the agenda, in a row its link opens (as "Filtros"): the grid keeps the first screen. */}
        <AppLink className={`agenda-more-toggle btn btn-light btn-touch${moreOpen ? ' active' : ''}`} to={agendaHref(search, { more: moreOpen ? null : 1 })} aria-expanded={moreOpen} aria-controls="agenda-more">
          Mais
        </AppLink>
        <div id="agenda-more" className={`agenda-more${moreOpen ? ' is-open' : ''}`}>
          <ExportButton path="/appointments/export.csv" query={exportQuery(view, search, agenda)} filename="agendamentos.csv" />
          <AppLink to="/appointments/services" className="btn btn-light btn-touch">
            Serviços
          </AppLink>
          <AppLink to="/appointments/reminders" className="btn btn-light btn-touch">
            Lembretes
          </AppLink>
          <AppLink to="/appointments/online" className="btn btn-light btn-touch">
            Agendamento online
          </AppLink>
          {frontDesk ? (
            // The shown day's: a client who wanted a full day waits for it.
            <AppLink to={view === 'day' && date ? `/appointments/waitlist?dia=${date}` : '/appointments/waitlist'} className="btn btn-light btn-touch">
              Lista de espera
            </AppLink>
          ) : null}
        </div>
        {/* A link to the address that opens the booking: it works before the script has run. */}
        <AppLink to={agendaHref(search, { book: 1, book_date: search.get('date'), open: null, more: null })} className="btn btn-primary btn-touch">
          <Plus size={16} className="agenda-new-icon" aria-hidden="true" />
          Novo<span className="agenda-wide-text"> agendamento</span>
        </AppLink>
      </PageHeader>
      <ListCard
        headerClassName="card-header agenda-toolbar d-flex flex-wrap gap-2 align-items-end"
        header={
          <>
            <nav className="btn-group" aria-label="Visão da agenda">
              {VIEWS.map(({ view: v, label }) => (
                <AppLink
                  key={v}
                  to={agendaHref(search, { view: v === 'day' ? null : v, page: null, cursor: null, open: null })}
                  className={`btn btn-touch ${v === view ? 'btn-primary' : 'btn-outline-primary'}`}
                  aria-current={v === view ? 'page' : undefined}
                >
                  {label}
                </AppLink>
              ))}
            </nav>
            {view !== 'list' && date ? (
              <nav className="agenda-period d-flex gap-1 align-items-center" aria-label="Período">
                <AppLink className="btn btn-light btn-touch" to={agendaHref(search, { date: addDays(date, -step), open: null, hours: null })} aria-label={view === 'week' ? 'Semana anterior' : 'Dia anterior'}>
                  ‹
                </AppLink>
                <span className="agenda-today-wide">{today}</span>
                <AppLink className="btn btn-light btn-touch" to={agendaHref(search, { date: addDays(date, step), open: null, hours: null })} aria-label={view === 'week' ? 'Próxima semana' : 'Próximo dia'}>
                  ›
                </AppLink>
              </nav>
            ) : null}
            <AppLink
              className={`agenda-filters-toggle btn btn-touch btn-outline-primary${filtersOpen ? ' active' : ''}`}
              to={agendaHref(search, { filters: filtersOpen ? null : 1 })}
              aria-expanded={filtersOpen}
              aria-controls="agenda-filters"
            >
              Filtros{activeFilters ? <span className="badge text-bg-light ms-1">{activeFilters}</span> : null}
            </AppLink>
            {/* A GET form too: before the page's script has run, "Aplicar" sends the filters. */}
            <form id="agenda-filters" className={`agenda-filters${filtersOpen ? ' is-open' : ''}`} method="get" action="/appointments" onSubmit={(e) => e.preventDefault()}>
              <HiddenFields values={{ view: search.get('view'), client_id: search.get('client_id') }} />
              {view !== 'list' && date ? (
                <div className="d-flex gap-1 align-items-end">
                  <span className="agenda-today-narrow">{today}</span>
                  <div className="flex-grow-1">
                    <label htmlFor="agenda-date" className="form-label mb-1 small">
                      Data
                    </label>
                    <input id="agenda-date" name="date" type="date" className="form-control agenda-date" value={date} onChange={(e) => e.target.value && filter({ date: e.target.value, open: null, hours: null })} />
                  </div>
                </div>
              ) : null}
              {view === 'list' ? (
                <div className="d-flex gap-2 flex-wrap">
                  <div>
                    <label htmlFor="appointments-from" className="form-label mb-1 small">
                      De
                    </label>
                    <input id="appointments-from" name="from" type="date" className="form-control" value={search.get('from') ?? known?.today ?? ''} onChange={(e) => filter({ from: e.target.value, page: null, cursor: null })} />
                  </div>
                  <div>
                    <label htmlFor="appointments-to" className="form-label mb-1 small">
                      Até
                    </label>
                    <input id="appointments-to" name="to" type="date" className="form-control" value={search.get('to') ?? ''} onChange={(e) => filter({ to: e.target.value, page: null, cursor: null })} />
                  </div>
                </div>
              ) : null}
              {view === 'list' ? <ClientFilter search={search} listed={listed} go={filter} /> : null}
              {/* The first free starts of a service (its own dialog, by its address: a link before the script too). */}
              <AppLink className="btn btn-outline-primary btn-touch agenda-fit-in" to={agendaHref(search, { encaixe: 1, filters: null, open: null })}>
                Encaixe
              </AppLink>
              <div>
                <label htmlFor="appointments-status" className="form-label mb-1 small">
                  Status
                </label>
                <select id="appointments-status" name="status" className="form-select" value={status} onChange={(e) => filter({ status: e.target.value, page: null, cursor: null })}>
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
                <select id="appointments-staff" name="staff_id" className="form-select" value={staffFilter ?? ''} onChange={(e) => filter({ staff_id: e.target.value, page: null, cursor: null })}>
                  <option value="">Todos</option>
                  <StaffOptions staff={staff} />
                </select>
              </div>
              <ApplyBeforeScript ready={ready} className="btn btn-outline-primary btn-touch" />
            </form>
          </>
        }
        error={view === 'list' ? listState.error : agendaQuery.error ? errorMessage(agendaQuery.error, AGENDA_ERROR) : null}
        onRetry={() => (view === 'list' ? dispatch(refreshList('appointments')) : void agendaQuery.refetch())}
        pagination={
          view === 'list'
            ? { meta: listState.meta, noun: ['agendamento', 'agendamentos'], disabled: listState.loading, href: (p, next) => agendaHref(search, { page: p, cursor: next ?? null }) }
            : undefined
        }
      >
        {view === 'list' ? (
          <AppointmentsList
            search={search}
            // Today and what comes, unless the address names a start.
            today={todayQuery.data?.today}
            actions={(a) => (
              <div className="d-inline-flex flex-wrap gap-1">
                <AppLink to={openHref(a)} className="btn btn-sm btn-light btn-touch" aria-label={`Abrir o agendamento de ${a.clientName}`}>
                  Abrir
                </AppLink>
                <StatusActions appointment={a} />
              </div>
            )}
          />
        ) : (
          <>
            {agenda ? (
              <AgendaGrid
                key={`${agenda.view}-${agenda.date}`}
                agenda={agenda}
                title={periodLabel(agenda)}
                wholeDay={search.get('hours') === 'all'}
                wholeDayHref={agendaHref(search, { hours: 'all', open: null })}
                staffFilter={staffFilter}
                shownStaff={Number(search.get('show')) || preferredStaff(agenda, userId)}
                onShowStaff={(id) => go({ show: id })}
                openHref={openHref}
                onOpen={(a) => navigate(openHref(a))}
                onBook={({ outside, ...slot }) => (outside ? setAskSlot({ ...slot, outside }) : book(slot, false))}
                onReschedule={(a, change) => void reschedule(a, change)}
                names={staff}
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
            time: bookingTime,
            staffId: bookingStaff,
            clientId: Number(search.get('book_client')) || null,
            serviceId: Number(search.get('book_service')) || null,
            outside: bookingOutside,
          }}
          // The next free time needs the day's every appointment: not with a status filter.
          startHour={known.startHour}
          now={known.now}
          hrefFor={hrefFor}
          onClose={closeBooking}
        />
      ) : null}
      {search.get('encaixe') && known ? (
        <FitInDialog
          staff={staff}
          today={known.today}
          onClose={() => go({ encaixe: null })}
          onPick={(slot, serviceId) =>
            go({ encaixe: null, book: 1, book_date: dayOf(slot.startsAt), book_time: formatTime(slot.startsAt), book_staff: slot.staffId, book_service: serviceId, book_outside: null, open: null })
          }
        />
      ) : null}
      {askSlot ? (
        <ConfirmDialog
          title="Fora do horário"
          confirmLabel="Agendar mesmo assim"
          onCancel={() => setAskSlot(null)}
          onConfirm={() => {
            setAskSlot(null);
            book(askSlot, true);
          }}
        >
          <p className="mb-0">
            {askSlot.outside} ({formatDate(askSlot.day)} às {formatMinutes(askSlot.minute)}). Agendar mesmo assim?
          </p>
        </ConfirmDialog>
      ) : null}
      {scopeQuestion}
      {askMove ? (
        <ConfirmDialog
          title="Fora do horário"
          confirmLabel="Remarcar mesmo assim"
          onCancel={() => setAskMove(null)}
          onConfirm={() => {
            const { a, change, scope } = askMove;
            setAskMove(null);
            void reschedule(a, change, true, scope);
          }}
        >
          <p className="mb-0">
            {askMove.reason.replace(/\.$/, '')}. Remarcar o agendamento de {askMove.a.clientName} para {formatDate(askMove.change.day)} às {formatMinutes(askMove.change.start)} mesmo assim?
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
