import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../hooks/store';
import { DataTable, type Column } from '../../components/data-table';
import { ListCard } from '../../components/list-card';
import { PageHeader } from '../../components/page-header';
import { recordsChanged } from '../../lib/api-slice';
import { formatCpf, formatPhone } from '../../lib/format';
import { buildQuery, pageParam } from '../../lib/query-string';
import { useListLoader } from '../../lib/use-list';
import { ClientForm } from './client-form';
import { fetchClients, selectClients } from './clients-slice';
import type { Client } from './types';

const BASE_COLUMNS: Column<Client>[] = [
  { key: 'name', header: 'Nome', render: (c) => <span className="fw-semibold">{c.name}</span> },
  { key: 'email', header: 'E-mail', render: (c) => c.email || '—' },
  { key: 'phone', header: 'Telefone', render: (c) => formatPhone(c.phone) || '—', className: 'text-nowrap' },
  { key: 'document', header: 'Documento', render: (c) => formatCpf(c.document) || '—', className: 'text-nowrap' },
];

export default function ClientsPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const page = pageParam(query.get('page'));
  // Set by the pager's "next": the server continues after the previous page's last row.
  const cursor = query.get('cursor') ?? undefined;
  const q = query.get('q') ?? '';
  const { list, meta, loading, error } = useAppSelector(selectClients);
  // null: no form; 'new': creating; a client: editing it.
  const [editing, setEditing] = useState<Client | 'new' | null>(null);

  const load = useListLoader('clients', fetchClients, { page, cursor, q: q || undefined });

  const onSaved = (saved: Client) => {
    toast.success(editing === 'new' ? `Cliente ${saved.name} cadastrado.` : `Cliente ${saved.name} atualizado.`);
    setEditing(null);
    dispatch(recordsChanged());
    void load();
  };

  const columns: Column<Client>[] = [
    ...BASE_COLUMNS,
    {
      key: 'actions',
      header: 'Ações',
      className: 'text-end',
      render: (c) => (
        <button type="button" className="btn btn-sm btn-light" onClick={() => setEditing(c)} aria-label={`Editar ${c.name}`}>
          Editar
        </button>
      ),
    },
  ];

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Uncontrolled input: text typed before hydration is kept.
    const text = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    navigate(`/clients${buildQuery({ q: text })}`);
  };

  return (
    <div className="container-fluid">
      <PageHeader title="Clientes" subtitle="Pessoas atendidas pelo seu negócio.">
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          Novo cliente
        </button>
      </PageHeader>
      {editing ? (
        <ClientForm
          key={editing === 'new' ? 'new' : editing.id}
          client={editing === 'new' ? null : editing}
          onSaved={onSaved}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      <ListCard
        header={
          <form className="d-flex gap-2 flex-wrap" role="search" method="get" action="/clients" onSubmit={onSearch}>
            <label htmlFor="clients-search" className="visually-hidden">
              Buscar clientes
            </label>
            <input
              id="clients-search"
              type="search"
              name="q"
              className="form-control"
              style={{ maxWidth: 320 }}
              placeholder="Buscar por nome, e-mail, telefone ou documento"
              // Remounted with the address's q after navigation.
              key={q}
              defaultValue={q}
            />
            <button type="submit" className="btn btn-primary">
              Buscar
            </button>
          </form>
        }
        error={error}
        onRetry={() => void load()}
        pagination={{
          meta,
          noun: ['cliente', 'clientes'],
          disabled: loading,
          onPageChange: (p, next) => navigate(`/clients${buildQuery({ page: p, q, cursor: next })}`),
        }}
      >
        <DataTable
          columns={columns}
          rows={list}
          rowKey={(c) => c.id}
          loading={loading}
          caption="Clientes"
          empty={q ? 'Nenhum cliente encontrado para esta busca.' : 'Nenhum cliente cadastrado.'}
        />
      </ListCard>
    </div>
  );
}
