import { useState } from 'react';
import { AppLink } from '../../components/app-link';
import { buildQuery } from '../../lib/query-string';
import { toast } from '../../lib/toast';
import { Plus } from '../../components/icons';
import { useAppSelector } from '../../hooks/store';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/dialog';
import { DataTable, type Column } from '../../components/data-table';
import { ErrorAlert } from '../../components/error-alert';
import { ListCard } from '../../components/list-card';
import { PageHeader } from '../../components/page-header';
import { TableOrCards } from '../../components/table-or-cards';
import { TimeOffList } from './components/time-off-list';
import { WeeklyHoursEditor } from './components/weekly-hours-editor';
import { errorMessage } from '../../lib/api';
import type { ApiService, ApiStaffMember } from '../../lib/api-types';
import { formatDuration, formatMoney } from '../../lib/format';
import { AppointmentsServicesReads } from '../../../generated/route-reads';
import {
  useDeleteServiceMutation,
  useGetBusinessHoursQuery,
  useGetServicesQuery,
  usePutBusinessHoursMutation,
  type ServiceListArgs,
  type TimeOffArgs,
} from './lib/schedule-api';
import { serviceColorLabel, serviceColorVar } from '../../lib/service-colors';
import { useGetStaffQuery } from '../appointments';
import { ServiceDialog } from './service-dialog';

export const SERVICES_ERROR = 'Erro ao buscar os serviços';

/** Who offers a service: the names, or "Todos". */
function offeredBy(service: ApiService, staff: readonly ApiStaffMember[]): string {
  if (service.staffIds.length === 0) return 'Todos';
  return service.staffIds.map((id) => staff.find((s) => s.id === id)?.name ?? `#${id}`).join(', ');
}

const buffers = (s: ApiService) =>
  s.bufferBeforeMinutes || s.bufferAfterMinutes ? `${s.bufferBeforeMinutes} min antes · ${s.bufferAfterMinutes} min depois` : 'Nenhum';

function ServiceName({ service }: { service: ApiService }) {
  return (
    <span className="d-inline-flex align-items-center gap-2">
      <span className="service-swatch" style={{ background: serviceColorVar(service.color) }} title={serviceColorLabel(service.color)} aria-hidden="true" />
      <span className="fw-semibold">{service.name}</span>
    </span>
  );
}

function ActiveBadge({ active }: { active: boolean }) {
  return (
    <span className={`badge ${active ? 'bg-success-subtle text-success-emphasis' : 'bg-secondary-subtle text-secondary-emphasis'}`}>
      {active ? 'Ativo' : 'Inativo'}
    </span>
  );
}

/** The services catalogue, the business's holidays and its default hours; admins edit them, the rest of the staff reads them. */
export default function ServicesPage() {
  const isAdmin = useAppSelector((s) => s.auth.role) === 'admin';
  const [editing, setEditing] = useState<ApiService | 'new' | null>(null);
  const [removing, setRemoving] = useState<ApiService | null>(null);
  const services = useGetServicesQuery(AppointmentsServicesReads.useGetServices<ServiceListArgs>());
  const staff = useGetStaffQuery(AppointmentsServicesReads.useGetStaff()).data ?? [];
  const hours = useGetBusinessHoursQuery(AppointmentsServicesReads.useGetBusinessHours());
  const [putBusinessHours] = usePutBusinessHoursMutation();
  const [deleteService, { isLoading: deleting }] = useDeleteServiceMutation();
  const holidays = AppointmentsServicesReads.useHolidays<TimeOffArgs>();

  const error = services.error ? errorMessage(services.error, SERVICES_ERROR) : null;
  const rows = services.data?.data ?? [];
  const loading = services.isFetching;
  const empty = error ? 'Não foi possível carregar os serviços.' : 'Nenhum serviço cadastrado.';

  const remove = async () => {
    if (!removing) return;
    try {
      const kept = await deleteService(removing.id).unwrap();
      toast.success(kept ? 'Serviço em uso: foi desativado.' : `${removing.name} foi excluído.`);
      setRemoving(null);
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível excluir o serviço.'));
    }
  };

  // Editar and Excluir, in the table's last column or full width on a phone's card.
  const rowActions = [
    { label: 'Editar', tone: 'secondary', open: setEditing },
    { label: 'Excluir', tone: 'danger', open: setRemoving },
  ] as const;
  const actions = (s: ApiService, block = false) =>
    isAdmin ? (
      <div className={`d-flex gap-2 ${block ? 'flex-wrap' : 'justify-content-end'}`}>
        {rowActions.map(({ label, tone, open }) => (
          <button
            key={label}
            type="button"
            className={`btn btn-sm btn-outline-${tone} btn-touch${block ? ' flex-fill' : ''}`}
            onClick={() => open(s)}
            aria-label={`${label} ${s.name}`}
          >
            {label}
          </button>
        ))}
      </div>
    ) : null;

  const columns: Column<ApiService>[] = [
    { key: 'name', header: 'Serviço', render: (s) => <ServiceName service={s} /> },
    { key: 'duration', header: 'Duração', render: (s) => formatDuration(s.durationMinutes) },
    { key: 'price', header: 'Preço', render: (s) => formatMoney(s.priceCents) },
    { key: 'buffers', header: 'Intervalos', render: buffers },
    { key: 'staff', header: 'Quem oferece', render: (s) => offeredBy(s, staff) },
    { key: 'active', header: 'Situação', render: (s) => <ActiveBadge active={s.active} /> },
    ...(isAdmin ? [{ key: 'actions', header: 'Ações', className: 'text-end', render: (s: ApiService) => actions(s) }] : []),
  ];

  return (
    <div className="container-fluid">
      <PageHeader title="Serviços" subtitle="O que o negócio agenda, os feriados e o horário padrão.">
        <AppLink to="/appointments" className="btn btn-light btn-touch">
          Agenda
        </AppLink>
        {isAdmin ? (
          <button type="button" className="btn btn-primary btn-touch" onClick={() => setEditing('new')}>
            <Plus size={16} className="me-1" aria-hidden="true" />
            Novo serviço
          </button>
        ) : null}
      </PageHeader>
      <ListCard
        error={error}
        onRetry={() => void services.refetch()}
        pagination={services.data?.meta ? { meta: services.data.meta, noun: ['serviço', 'serviços'], disabled: loading, href: (p) => `/appointments/services${buildQuery({ page: p > 1 ? p : null })}` } : undefined}
      >
        <TableOrCards
          table={<DataTable columns={columns} rows={rows} rowKey={(s) => s.id} loading={loading} caption="Serviços" empty={empty} />}
          rows={rows}
          label="Serviços"
          loading={loading}
          empty={empty}
          card={(s) => ({
            title: <ServiceName service={s} />,
            subtitle: (
              <span className="small">
                {formatDuration(s.durationMinutes)} · {formatMoney(s.priceCents)}
              </span>
            ),
            badge: <ActiveBadge active={s.active} />,
            detail: `Intervalos: ${buffers(s)} · Quem oferece: ${offeredBy(s, staff)}`,
            actions: actions(s, true),
          })}
        />
      </ListCard>
      <div className="row g-3 mt-0 mb-3">
        <div className="col-12 col-xl-6">
          <Card title="Feriados e fechamentos">
            <TimeOffList
              id="holiday"
              arg={holidays}
              staffId={null}
              editable={isAdmin}
              noun="feriado"
              empty="Nenhum feriado ou fechamento pela frente."
            />
          </Card>
        </div>
        <div className="col-12 col-xl-6">
          <Card title="Horário padrão">
            <p className="text-muted small">Quem não tem horário próprio segue este.</p>
            <ErrorAlert message={hours.error ? errorMessage(hours.error, 'Erro ao buscar o horário padrão') : null} onRetry={() => void hours.refetch()} />
            {hours.data ? (
              <WeeklyHoursEditor
                id="business-hours"
                weekly={hours.data.weekly}
                onSave={
                  isAdmin
                    ? async (weekly) => {
                        await putBusinessHours(weekly).unwrap();
                        toast.success('Horário padrão salvo.');
                      }
                    : undefined
                }
              />
            ) : hours.isFetching ? (
              <p className="text-muted mb-0">Carregando...</p>
            ) : null}
          </Card>
        </div>
      </div>
      {editing ? <ServiceDialog service={editing === 'new' ? null : editing} staff={staff} onClose={() => setEditing(null)} /> : null}
      {removing ? (
        <ConfirmDialog
          title="Excluir serviço?"
          confirmLabel="Excluir"
          tone="danger"
          busy={deleting}
          onConfirm={() => void remove()}
          onCancel={() => setRemoving(null)}
        >
          <p className="mb-0">
            <strong>{removing.name}</strong> sai do catálogo. Se algum agendamento o usa, ele é apenas desativado.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
