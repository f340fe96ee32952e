import { useCallback, useState, type ReactNode } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useNavigate, useSearchParams } from 'react-router';
import { useRouteParams } from '../../app/route-table';
import { AppLink } from '../../components/app-link';
import { toast } from '../../lib/toast';
import { CalendarPlus, Combine, FileDown, Mail, MessageCircle, Pencil, Phone, UserX } from '../../components/icons';
import { useAppSelector } from '../../hooks/store';
import { ClientsIdReads } from '../../../generated/route-reads';
import { withArgs } from '../../lib/read-hooks';
import { AppointmentsTable } from '../../components/appointments-table';
import { useReopenDraft } from '../../hooks/use-draft';
import { Card } from '../../components/card';
import { Email } from '../../components/email';
import { ErrorAlert } from '../../components/error-alert';
import { PageHeader } from '../../components/page-header';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { StatCard } from '../../components/stat-card';
import { errorMessage } from '../../lib/api';
import { isProfessional } from '../../lib/roles';
import { dayOf, formatCpf, formatDate, formatDateTime, formatMoney, formatNumber, formatPhone, formatTime } from '../../lib/format';
import { useGetClientSeriesQuery } from '../appointments';
import type { ListResponse } from '../../lib/types';
import { ClientForm } from './client-form';
import { clientDraft } from './client-draft';
import { ArchiveDialog } from './archive-dialog';
import { AnonymiseDialog, ExportDataDialog } from './lgpd-dialogs';
import { MergeDialog } from './merge-dialog';
import {
  pageArgs,
  useGetClientAppointmentsQuery,
  useGetClientHistoryEntryQuery,
  useGetClientHistoryQuery,
  useGetClientAccessesQuery,
  useGetClientQuery,
  type ClientAppointmentsArgs,
  type ClientHistoryArgs,
  type PageArgs,
} from './clients-api';
import { actionLabel, actorLabel, historyChanges } from './history';
import type { Access, ClientDetail, HistoryEntry } from './types';

export const CLIENT_ERROR = 'Erro ao buscar o cliente';

/** Brazilian numbers are stored as their 10 or 11 digits (area code first). */
const phoneDigits = (phone: string) => `55${phone.replace(/\D/g, '')}`;

function DataRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="client-data-row">
      <dt className="text-muted small fw-semibold">{label}</dt>
      <dd className="mb-0 text-break">{children || '—'}</dd>
    </div>
  );
}

function ClientData({ client }: { client: ClientDetail }) {
  return (
    <Card title="Dados" className="h-100 mb-0">
      <dl className="d-grid gap-3 mb-3">
        <DataRow label="E-mail">{client.email ? <Email address={client.email} /> : null}</DataRow>
        <DataRow label="Telefone">{formatPhone(client.phone)}</DataRow>
        <DataRow label="CPF">{formatCpf(client.document)}</DataRow>
        <DataRow label="Data de nascimento">{formatDate(client.birthDate)}</DataRow>
        <DataRow label="Observações">{client.notes ? <span style={{ whiteSpace: 'pre-line' }}>{client.notes}</span> : null}</DataRow>
        <DataRow label="Cliente desde">{formatDate(client.createdAt)}</DataRow>
      </dl>
      {client.phone || client.email ? (
        <div className="d-flex flex-wrap gap-2" aria-label="Contato">
          {client.phone ? (
            <>
              <a className="btn btn-sm btn-outline-primary btn-touch" href={`tel:+${phoneDigits(client.phone)}`}>
                <Phone size={16} className="me-1" aria-hidden="true" />
                Ligar
              </a>
              <a
                className="btn btn-sm btn-outline-success btn-touch"
                href={`https://wa.me/${phoneDigits(client.phone)}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                <MessageCircle size={16} className="me-1" aria-hidden="true" />
                WhatsApp
              </a>
            </>
          ) : null}
          {client.email ? (
            <a className="btn btn-sm btn-outline-secondary btn-touch" href={`mailto:${client.email}`}>
              <Mail size={16} className="me-1" aria-hidden="true" />
              E-mail
            </a>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}

function Changes({ entry }: { entry: HistoryEntry }) {
  const changes = historyChanges(entry);
  if (!changes.length) return null;
  return (
    <ul className="list-unstyled small mt-1 mb-0">
      {changes.map((c) => (
        <li key={c.field} className="text-break">
          <span className="fw-semibold">{c.label}:</span> {c.from} → {c.to}
        </li>
      ))}
    </ul>
  );
}

/** An entry whose long texts the list cut short shows them whole on request (`…/history/{entryId}`). */
function WholeChanges({ clientId, entry }: { clientId: number; entry: HistoryEntry }) {
  const { data, error, isFetching } = useGetClientHistoryEntryQuery({ id: clientId, entryId: entry.id });
  return (
    <>
      <Changes entry={data ?? entry} />
      {isFetching ? <Spinner small /> : null}
      {error ? <ErrorAlert message={errorMessage(error, 'Erro ao buscar o texto completo')} className="mt-1 mb-0" /> : null}
    </>
  );
}

function TimelineEntry({ clientId, entry }: { clientId: number; entry: HistoryEntry }) {
  const [whole, setWhole] = useState(false);
  return (
    <li className="client-timeline-entry">
      <div className="fw-semibold">{actionLabel(entry.action)}</div>
      {/* An entry of a record merged into this one (docs/behaviour.md#merging-clients). */}
      {entry.entityId !== clientId ? <div className="small text-body-secondary">Do cadastro juntado (código {entry.entityId})</div> : null}
      <div className="text-muted small">
        {entry.userName ?? actorLabel(entry.actor)} · <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
      </div>
      {whole ? <WholeChanges clientId={clientId} entry={entry} /> : <Changes entry={entry} />}
      {entry.abridged.length && !whole ? (
        <button type="button" className="btn btn-link btn-sm btn-touch p-0" onClick={() => setWhole(true)}>
          Ver texto completo
        </button>
      ) : null}
    </li>
  );
}

/** The footer of one of the record's paged lists, once it has more than one page. */
interface PageFooterProps {
  list: ListResponse<unknown> | undefined;
  onPage: (args: PageArgs) => void;
  disabled: boolean;
  noun: readonly [string, string];
  label: string;
}

function PageFooter({ list, onPage, disabled, noun, label }: PageFooterProps) {
  if (!list || (list.meta.last_page <= 1 && !list.meta.next_cursor && list.meta.page <= 1)) return null;
  return (
    <div className="card-footer">
      <Pagination meta={list.meta} onPageChange={(page, cursor) => onPage(pageArgs(page, cursor))} disabled={disabled} noun={noun} label={label} />
    </div>
  );
}

function Timeline({ clientId }: { clientId: number }) {
  const [at, setAt] = useState<PageArgs>({ page: 1 });
  const { data: history, error, isFetching, refetch } = useGetClientHistoryQuery(withArgs(ClientsIdReads.useGetClientHistory<ClientHistoryArgs>(), at));
  return (
    <Card title="Histórico de alterações" className="mb-0 flex-grow-1" body={false}>
      <div className="card-body">
        <ErrorAlert message={error ? errorMessage(error, 'Erro ao buscar o histórico') : null} onRetry={() => void refetch()} />
        {!history ? (
          <Spinner small />
        ) : history.data.length ? (
          <ol className="list-unstyled mb-0 client-timeline" aria-busy={isFetching || undefined}>
            {history.data.map((entry) => (
              <TimelineEntry key={entry.id} clientId={clientId} entry={entry} />
            ))}
          </ol>
        ) : (
          <p className="text-muted mb-0">Nenhuma alteração registrada.</p>
        )}
      </div>
      <PageFooter list={history} onPage={setAt} disabled={isFetching} noun={['alteração', 'alterações']} label="Páginas do histórico" />
    </Card>
  );
}

const ACCESS_KINDS: Record<Access['what'], string> = { record: 'Ficha', history: 'Histórico', export: 'Exportação (LGPD)' };

/**
 * Who read the client's record, history or export, newest first (admins:
 * the route reads the first page for them only, so it is in the first HTML).
 */
function Accesses() {
  const first = ClientsIdReads.useGetClientAccesses<ClientHistoryArgs>();
  const [at, setAt] = useState<PageArgs>({ page: 1 });
  const { data, error, isFetching, refetch } = useGetClientAccessesQuery(withArgs(first, at));
  // No read for this page (not an admin's, or a state without it): no card.
  if (first === skipToken) return null;
  return (
    <Card title="Acessos" className="mb-3" body={false}>
      <div className="card-body">
        <ErrorAlert message={error ? errorMessage(error, 'Erro ao buscar os acessos') : null} onRetry={() => void refetch()} />
        {!data ? (
          <Spinner small />
        ) : data.data.length ? (
          <ol className="list-unstyled mb-0 client-accesses" aria-busy={isFetching || undefined}>
            {data.data.map((a) => (
              <li key={a.id} className="d-flex flex-wrap gap-2 py-1 border-bottom">
                <span className="fw-semibold">{a.userName}</span>
                <span>{ACCESS_KINDS[a.what]}</span>
                <span className="text-muted">{formatDateTime(a.at)}</span>
                <span className="text-muted small">{a.address}</span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-muted mb-0">Nenhum acesso registrado.</p>
        )}
      </div>
      <PageFooter list={data} onPage={setAt} disabled={isFetching} noun={['acesso', 'acessos']} label="Páginas dos acessos" />
    </Card>
  );
}

/** The client's upcoming or past appointments, a page at a time. */
function ClientAppointments({ first, when }: { first: ClientAppointmentsArgs | typeof skipToken; when: 'upcoming' | 'past' }) {
  const [at, setAt] = useState<PageArgs>({ page: 1 });
  const { data, error, isFetching, refetch } = useGetClientAppointmentsQuery(withArgs(first, at));
  const upcoming = when === 'upcoming';
  return (
    <Card title={upcoming ? 'Próximos agendamentos' : 'Agendamentos anteriores'} className="mb-3" body={false}>
      <div className="card-body p-0">
        <ErrorAlert message={error ? errorMessage(error, 'Erro ao buscar os agendamentos') : null} onRetry={() => void refetch()} className="m-3" />
        <AppointmentsTable
          oneClient
          rows={data?.data ?? []}
          loading={!data || isFetching}
          empty={upcoming ? 'Nenhum agendamento marcado.' : 'Nenhum agendamento anterior.'}
        />
      </div>
      <PageFooter
        list={data}
        onPage={setAt}
        disabled={isFetching}
        noun={['agendamento', 'agendamentos']}
        label={upcoming ? 'Páginas dos próximos agendamentos' : 'Páginas dos agendamentos anteriores'}
      />
    </Card>
  );
}

/** The client's recurring series (`#serie-{id}`, where an occurrence links), with what is left of each; none, no card. */
function ClientSeries() {
  const { data } = useGetClientSeriesQuery(ClientsIdReads.useSeries<{ client_id: number }>());
  if (!data?.length) return null;
  return (
    <Card title="Séries" className="mb-3" body={false}>
      <ul className="list-group list-group-flush">
        {data.map((s) => (
          <li key={s.id} id={`serie-${s.id}`} className="list-group-item client-series">
            <div className="d-flex flex-wrap justify-content-between gap-2">
              <div>
                <div className="fw-semibold">
                  {s.service} com {s.staffName}
                </div>
                <div className="small text-body-secondary">
                  {s.description} · de {formatDate(s.firstStartsAt)} a {formatDate(s.lastStartsAt)}
                </div>
              </div>
              <div className="text-sm-end">
                <div>
                  {s.remaining ? `${s.remaining} de ${s.total} pela frente` : `Encerrada (${s.total} agendamentos)`}
                </div>
                {s.nextStartsAt && s.nextId ? (
                  <AppLink to={`/appointments?date=${dayOf(s.nextStartsAt)}&open=${s.nextId}`} className="small">
                    Próximo: {formatDate(s.nextStartsAt)} às {formatTime(s.nextStartsAt)}
                  </AppLink>
                ) : null}
              </div>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/**
 * `/clients/{id}`: a client's record. The server renders it with its data
 * (the route's reads: the record, and the first page of its history and of
 * its appointments, seeded into the api cache); the lists page on from there. Edits and
 * archiving invalidate the record, which then loads again.
 */
export default function ClientPage() {
  const id = Number(useRouteParams().id);
  // In-app, react-router matches any text as `:id`; the server answers 404 for it.
  const known = Number.isInteger(id) && id > 0;
  const { data: client, error: failure, isFetching, refetch } = useGetClientQuery(ClientsIdReads.useGetClient<{ id: number }>());
  // The route's two reads of the list, split at the record's `asOf` by the server.
  const upcoming = ClientsIdReads.useUpcoming<ClientAppointmentsArgs>();
  const past = ClientsIdReads.usePast<ClientAppointmentsArgs>();
  // The form and each dialog are open at their address (`?open=edit`,
  // `archive`, `merge`, `export`, `anonymise`): links that work before the script
  // has run, to the page the server renders with it open.
  const [search] = useSearchParams();
  const open = search.get('open');
  const navigate = useNavigate();
  const here = `/clients/${id}`;
  const close = useCallback(() => navigate(here), [navigate, here]);
  useReopenDraft(clientDraft({ id }), useCallback(() => navigate(`${here}?open=edit`, { replace: true }), [navigate, here]));
  const role = useAppSelector((s) => s.auth.role);
  const admin = role === 'admin';
  // Merging deletes a record and moves appointments of every agenda: the front desk's (docs/permissions.md).
  const frontDesk = !!role && !isProfessional(role);

  if (!client) {
    return (
      <div className="container-fluid py-3">
        <ErrorAlert
          message={known ? (failure ? errorMessage(failure, CLIENT_ERROR) : null) : 'Cliente não encontrado.'}
          onRetry={known ? () => void refetch() : undefined}
        />
        {isFetching ? (
          <div className="d-flex justify-content-center py-5">
            <Spinner />
          </div>
        ) : null}
        <AppLink to="/clients">‹ Voltar para clientes</AppLink>
      </div>
    );
  }

  return (
    <div className="container-fluid">
      <nav aria-label="Trilha" className="pt-3">
        <AppLink to="/clients" className="small">
          ‹ Clientes
        </AppLink>
      </nav>
      <PageHeader
        title={client.name}
        subtitle={
          client.anonymisedAt
            ? `Dados pessoais removidos em ${formatDate(client.anonymisedAt)} (LGPD)`
            : client.archived
              ? 'Cliente arquivado'
              : client.onlineSignup
                ? 'Cadastro pela internet: confira os dados com o cliente'
                : undefined
        }
      >
        {client.archived ? (
          <span className="btn btn-primary btn-touch disabled" aria-disabled="true" title="Desarquive o cliente para agendar">
            <CalendarPlus size={16} className="me-1" aria-hidden="true" />
            Agendar
          </span>
        ) : (
          <AppLink to={`/appointments?book=1&book_client=${client.id}`} className="btn btn-primary btn-touch">
            <CalendarPlus size={16} className="me-1" aria-hidden="true" />
            Agendar
          </AppLink>
        )}
        {client.anonymisedAt ? null : (
          <AppLink to={`${here}?open=edit`} className="btn btn-light btn-touch">
            <Pencil size={16} className="me-1" aria-hidden="true" />
            Editar
          </AppLink>
        )}
        {client.anonymisedAt ? null : (
          <AppLink to={`${here}?open=archive`} className="btn btn-outline-secondary btn-touch">
            {client.archived ? 'Desarquivar' : 'Arquivar'}
          </AppLink>
        )}
        {frontDesk && !client.anonymisedAt && !client.archived ? (
          <AppLink to={`/appointments/waitlist?cliente=${client.id}`} className="btn btn-light btn-touch">
            Lista de espera
          </AppLink>
        ) : null}
        {frontDesk && !client.anonymisedAt ? (
          <AppLink to={`${here}?open=merge`} className="btn btn-outline-secondary btn-touch">
            <Combine size={16} className="me-1" aria-hidden="true" />
            Juntar cadastros
          </AppLink>
        ) : null}
        {admin ? (
          <AppLink to={`${here}?open=export`} className="btn btn-outline-secondary btn-touch">
            <FileDown size={16} className="me-1" aria-hidden="true" />
            Exportar dados (LGPD)
          </AppLink>
        ) : null}
        {admin && !client.anonymisedAt ? (
          <AppLink to={`${here}?open=anonymise`} className="btn btn-outline-danger btn-touch">
            <UserX size={16} className="me-1" aria-hidden="true" />
            Anonimizar cliente
          </AppLink>
        ) : null}
      </PageHeader>
      {open === 'edit' && !client.anonymisedAt ? (
        <ClientForm
          client={client}
          onSaved={(saved) => {
            toast.success(`Cliente ${saved.name} atualizado.`);
            close();
          }}
          onCancel={close}
        />
      ) : null}
      <div className="row g-3 mb-3">
        <div className="col-lg-4">
          <ClientData client={client} />
        </div>
        <div className="col-lg-8 d-flex flex-column gap-3">
          <div className="row g-2" aria-label="Totais">
            <StatCard className="col-6 col-sm-4" title="Visitas" value={formatNumber(client.totals.visits)} />
            <StatCard className="col-6 col-sm-4" title="Faltas" value={formatNumber(client.totals.noShows)} />
            <StatCard className="col-6 col-sm-4" title="Receita" value={formatMoney(client.totals.revenueCents)} />
          </div>
          <Timeline clientId={client.id} />
        </div>
      </div>
      <ClientSeries />
      <ClientAppointments first={upcoming} when="upcoming" />
      <ClientAppointments first={past} when="past" />
      {admin ? <Accesses /> : null}
      {open === 'export' && admin ? <ExportDataDialog client={client} onClose={close} /> : null}
      {open === 'anonymise' && admin && !client.anonymisedAt ? <AnonymiseDialog client={client} onDone={close} onCancel={close} /> : null}
      {open === 'archive' && !client.anonymisedAt ? <ArchiveDialog client={client} onDone={close} onCancel={close} /> : null}
      {open === 'merge' && frontDesk && !client.anonymisedAt ? <MergeDialog client={client} onDone={close} onCancel={close} /> : null}
    </div>
  );
}
