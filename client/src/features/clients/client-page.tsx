import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCallback, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { CalendarPlus, Mail, MessageCircle, Pencil, Phone } from 'lucide-react';
import { AppointmentsTable } from '../../components/appointments-table';
import { useReopenDraft } from '../../hooks/use-draft';
import { Card } from '../../components/card';
import { ErrorAlert } from '../../components/error-alert';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { StatCard } from '../../components/stat-card';
import { useAppDispatch } from '../../hooks/store';
import { errorMessage } from '../../lib/api';
import { recordsChanged } from '../../lib/api-slice';
import { formatCpf, formatDate, formatDateTime, formatMoney, formatNumber, formatPhone } from '../../lib/format';
import { clientDraft, ClientForm } from './client-form';
import { ArchiveDialog } from './archive-dialog';
import { useGetClientHistoryQuery, useGetClientQuery } from './clients-api';
import { actionLabel, historyChanges } from './history';
import type { ClientDetail, HistoryEntry } from './types';

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
        <DataRow label="E-mail">{client.email}</DataRow>
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

function Timeline({ entries }: { entries: HistoryEntry[] }) {
  if (!entries.length) return <p className="text-muted mb-0">Nenhuma alteração registrada.</p>;
  return (
    <ol className="list-unstyled mb-0 client-timeline">
      {entries.map((entry) => {
        const changes = historyChanges(entry);
        return (
          <li key={entry.id} className="client-timeline-entry">
            <div className="fw-semibold">{actionLabel(entry.action)}</div>
            <div className="text-muted small">
              {entry.userName ?? 'Sistema'} · <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
            </div>
            {changes.length ? (
              <ul className="list-unstyled small mt-1 mb-0">
                {changes.map((c) => (
                  <li key={c.field} className="text-break">
                    <span className="fw-semibold">{c.label}:</span> {c.from} → {c.to}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * `/clients/{id}`: a client's record. The server renders it with its data
 * (`page.client`, `page.clientHistory`, seeded into the api cache); edits
 * and archiving invalidate the record, which then loads again.
 */
export default function ClientPage() {
  const id = Number(useParams().id);
  // In-app, react-router matches any text as `:id`; the server answers 404 for it.
  const known = Number.isInteger(id) && id > 0;
  const dispatch = useAppDispatch();
  const { data: client, error: failure, isFetching, refetch } = useGetClientQuery(known ? id : skipToken);
  const { data: history } = useGetClientHistoryQuery(known ? id : skipToken);
  const [editing, setEditing] = useState(false);
  useReopenDraft(clientDraft({ id }), useCallback(() => setEditing(true), []));
  const [confirming, setConfirming] = useState(false);

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
        <Link to="/clients">‹ Voltar para clientes</Link>
      </div>
    );
  }

  return (
    <div className="container-fluid">
      <nav aria-label="Trilha" className="pt-3">
        <Link to="/clients" className="small">
          ‹ Clientes
        </Link>
      </nav>
      <PageHeader title={client.name} subtitle={client.archived ? 'Cliente arquivado' : undefined}>
        {client.archived ? (
          <span className="btn btn-primary btn-touch disabled" aria-disabled="true" title="Desarquive o cliente para agendar">
            <CalendarPlus size={16} className="me-1" aria-hidden="true" />
            Agendar
          </span>
        ) : (
          <Link to={`/appointments?book=1&client_id=${client.id}`} className="btn btn-primary btn-touch">
            <CalendarPlus size={16} className="me-1" aria-hidden="true" />
            Agendar
          </Link>
        )}
        <button type="button" className="btn btn-light btn-touch" onClick={() => setEditing(true)} disabled={editing}>
          <Pencil size={16} className="me-1" aria-hidden="true" />
          Editar
        </button>
        <button type="button" className="btn btn-outline-secondary btn-touch" onClick={() => setConfirming(true)}>
          {client.archived ? 'Desarquivar' : 'Arquivar'}
        </button>
      </PageHeader>
      {editing ? (
        <ClientForm
          client={client}
          onSaved={(saved) => {
            toast.success(`Cliente ${saved.name} atualizado.`);
            setEditing(false);
            dispatch(recordsChanged());
          }}
          onCancel={() => setEditing(false)}
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
          <Card title="Histórico de alterações" className="mb-0 flex-grow-1">
            {history ? <Timeline entries={history} /> : <Spinner small />}
          </Card>
        </div>
      </div>
      <Card title="Próximos agendamentos" className="mb-3" body="card-body p-0">
        <AppointmentsTable rows={client.upcomingAppointments} empty="Nenhum agendamento marcado." />
      </Card>
      <Card title="Agendamentos anteriores" className="mb-3" body="card-body p-0">
        <AppointmentsTable rows={client.pastAppointments} empty="Nenhum agendamento anterior." />
      </Card>
      {confirming ? <ArchiveDialog client={client} onDone={() => setConfirming(false)} onCancel={() => setConfirming(false)} /> : null}
    </div>
  );
}
