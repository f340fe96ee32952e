import { memo, Suspense, useCallback, useEffect, useRef, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { toast } from '../../lib/toast';
import { useNavigate, useSearchParams } from 'react-router';
import { AppLink } from '../../components/app-link';
import { useAppDispatch, useAppSelector } from '../../hooks/store';
import { useReopenDraft } from '../../hooks/use-draft';
import { DataTable, type Column } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import { ApplyBeforeScript, HiddenFields } from '../../components/get-form';
import { Email } from '../../components/email';
import { ListCard } from '../../components/list-card';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { formatCpf, formatPhone } from '../../lib/format';
import { PAGE_SIZE, refreshList } from '../../lib/list-slice';
import { buildQuery, pageParam } from '../../lib/query-string';
import { useListLoader } from '../../lib/use-list';
import { useMounted } from '../../lib/use-mounted';
import { clientDraft } from './client-draft';
import { ArchiveDialog, ClientForm } from './clients-forms';
import { fetchClients, selectClients } from './clients-slice';
import type { Client } from './types';

/** The page sizes offered; the API takes 1 to 100. */
export const PAGE_SIZES = [10, 25, 50, 100];

/** The list's view as the address holds it: `?page&cursor&per_page&q&sort&archived=true`. */
export function clientsView(query: URLSearchParams) {
  const perPage = Number(query.get('per_page'));
  return {
    page: pageParam(query.get('page')),
    // Set by the pager's "next": the server continues after the previous page's last row.
    cursor: query.get('cursor') ?? undefined,
    perPage: PAGE_SIZES.includes(perPage) ? perPage : PAGE_SIZE,
    q: query.get('q') ?? '',
    sort: query.get('sort') ?? 'name',
    archived: query.get('archived') === 'true',
  };
}

type View = ReturnType<typeof clientsView>;

/**
 * A part of the list's forms chunk (the client's form, the archive dialog)
 * in a Suspense boundary of its own, memoised: a render of the list (its
 * first after hydration, say) must not reach a part the server rendered
 * open while the chunk is still loading, or React would drop its HTML, and
 * what was typed there (clients-forms.ts).
 */
function keptWhileLoading<P extends object>(Part: ComponentType<P>, fallback: ReactNode) {
  return memo(function KeptWhileLoading(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Part {...props} />
      </Suspense>
    );
  });
}

const ClientFormCard = keptWhileLoading(ClientForm, <Spinner />);
const ArchiveDialogBox = keptWhileLoading(ArchiveDialog, null);

/** The address of a view; defaults are left out, so the plain list is `/clients`. */
function viewUrl(view: View): string {
  return `/clients${buildQuery({
    page: view.page > 1 ? view.page : null,
    cursor: view.cursor,
    per_page: view.perPage !== PAGE_SIZE ? view.perPage : null,
    q: view.q,
    sort: view.sort !== 'name' ? view.sort : null,
    archived: view.archived ? 'true' : null,
  })}`;
}

/** The API query of a view (`export.csv` takes the same filter). */
function apiQuery(view: View) {
  return { page: view.page, cursor: view.cursor, per_page: view.perPage, q: view.q || undefined, sort: view.sort, archived: view.archived ? 'true' : undefined };
}

export default function ClientsPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const view = clientsView(search);
  const { q, sort, archived } = view;
  const { list, meta, loading, error } = useAppSelector(selectClients);
  const ready = useMounted();
  // The form or dialog is open at its address: `?new=1` for a new client,
  // `?edit={id}` or `?archive={id}` for one of the list's. Links that work
  // before the script has run, to pages the server renders with it open.
  // The list's own query, made once: each row has two of these links.
  const listQuery = (() => {
    const params = new URLSearchParams(search);
    for (const key of ['new', 'edit', 'archive']) params.delete(key);
    return params.toString();
  })();
  const openHref = (open: { new: 1 } | { edit: number } | { archive: number } | null) => {
    const query = [listQuery, ...Object.entries(open ?? {}).map(([key, value]) => `${key}=${value}`)].filter(Boolean).join('&');
    return `/clients${query ? `?${query}` : ''}`;
  };
  const newHref = openHref({ new: 1 });
  const listHref = openHref(null);
  const shown = (key: string) => list.find((c) => c.id === Number(search.get(key))) ?? null;
  const editing: Client | 'new' | null = search.get('new') === '1' ? 'new' : shown('edit');
  const archiving = shown('archive');
  const closeForm = useCallback(() => navigate(listHref), [navigate, listHref]);
  // Opened from a row far down the list (on a phone, the tenth card), the
  // form above the list is brought into view. Not when the page loads with
  // it open: it is at the top then.
  const formRef = useRef<HTMLDivElement>(null);
  const opened = editing === 'new' ? 'new' : (editing?.id ?? null);
  const loaded = useRef(false);
  useEffect(() => {
    if (loaded.current && opened !== null) formRef.current?.scrollIntoView({ block: 'start' });
    loaded.current = true;
  }, [opened]);
  useReopenDraft(clientDraft(null), useCallback(() => navigate(newHref, { replace: true }), [navigate, newHref]));

  useListLoader('clients', fetchClients, apiQuery(view));
  // A new filter, order or size starts again at page 1 (without a cursor).
  const go = (changes: Partial<View>) => navigate(viewUrl({ ...view, page: 1, cursor: undefined, ...changes }));

  const onSaved = useCallback(
    (saved: Client) => {
      toast.success(editing === 'new' ? `Cliente ${saved.name} cadastrado.` : `Cliente ${saved.name} atualizado.`);
      closeForm();
    },
    [editing, closeForm],
  );

  const columns: Column<Client>[] = [
    {
      key: 'name',
      header: 'Nome',
      sort: 'name',
      render: (c) => (
        <AppLink to={`/clients/${c.id}`} className="fw-semibold">
          {c.name}
        </AppLink>
      ),
    },
    { key: 'email', header: 'E-mail', sort: 'email', render: (c) => (c.email ? <Email address={c.email} /> : '—') },
    { key: 'phone', header: 'Telefone', render: (c) => formatPhone(c.phone) || '—', className: 'text-nowrap' },
    { key: 'document', header: 'Documento', render: (c) => formatCpf(c.document) || '—', className: 'text-nowrap' },
    {
      key: 'actions',
      header: 'Ações',
      className: 'text-end',
      render: (c) => (
        <div className="d-inline-flex gap-2">
          <AppLink to={openHref({ edit: c.id })} className="btn btn-sm btn-light btn-touch" aria-label={`Editar ${c.name}`}>
            Editar
          </AppLink>
          <AppLink
            to={openHref({ archive: c.id })}
            className="btn btn-sm btn-outline-secondary btn-touch"
            aria-label={`${c.archived ? 'Desarquivar' : 'Arquivar'} ${c.name}`}
          >
            {c.archived ? 'Desarquivar' : 'Arquivar'}
          </AppLink>
        </div>
      ),
    },
  ];

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Uncontrolled input: text typed before hydration is kept.
    const text = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    go({ q: text });
  };

  const empty = q
    ? 'Nenhum cliente encontrado para esta busca.'
    : archived
      ? 'Nenhum cliente arquivado.'
      : 'Nenhum cliente cadastrado.';

  return (
    <div className="container-fluid">
      <PageHeader title="Clientes" subtitle="Pessoas atendidas pelo seu negócio.">
        <ExportButton path="/clients/export.csv" query={{ ...apiQuery(view), page: undefined, cursor: undefined, per_page: undefined }} filename="clientes.csv" />
        <AppLink to={newHref} className="btn btn-primary btn-touch">
          Novo cliente
        </AppLink>
      </PageHeader>
      {editing ? (
        <div ref={formRef} className="scroll-below-topbar">
          <ClientFormCard
            key={editing === 'new' ? 'new' : editing.id}
            client={editing === 'new' ? null : editing}
            onSaved={onSaved}
            onCancel={closeForm}
          />
        </div>
      ) : null}
      <ListCard
        header={
          // A plain GET form too: it works before the page's script has run.
          <form className="d-flex gap-2 flex-wrap align-items-center" role="search" method="get" action="/clients" onSubmit={onSearch}>
            <label htmlFor="clients-search" className="visually-hidden">
              Buscar clientes
            </label>
            <input
              id="clients-search"
              type="search"
              name="q"
              className="form-control flex-grow-1 btn-touch"
              style={{ maxWidth: 320, minWidth: 0, flexBasis: 200 }}
              placeholder="Nome, e-mail, telefone, CPF"
              // Remounted with the address's q after navigation.
              key={q}
              defaultValue={q}
            />
            <HiddenFields values={{ sort: sort !== 'name' ? sort : null, per_page: view.perPage !== PAGE_SIZE ? view.perPage : null }} />
            <button type="submit" className="btn btn-primary btn-touch">
              Buscar
            </button>
            <label htmlFor="clients-archived" className="visually-hidden">
              Mostrar
            </label>
            <select
              id="clients-archived"
              name="archived"
              className="form-select w-auto btn-touch"
              value={archived ? 'true' : ''}
              onChange={(e) => go({ archived: e.target.value === 'true' })}
            >
              <option value="">Clientes ativos</option>
              <option value="true">Arquivados</option>
            </select>
          </form>
        }
        error={error}
        onRetry={() => dispatch(refreshList('clients'))}
        pagination={{ meta, noun: ['cliente', 'clientes'], disabled: loading, href: (p, next) => viewUrl({ ...view, page: p, cursor: next }) }}
        footer={
          // A GET form too: before the page's script has run, "Aplicar" sends it.
          <form className="d-flex align-items-center gap-2" method="get" action="/clients" onSubmit={(e) => e.preventDefault()}>
            <label htmlFor="clients-per-page" className="small text-muted text-nowrap">
              Por página
            </label>
            <select
              id="clients-per-page"
              name="per_page"
              className="form-select form-select-sm w-auto btn-touch"
              value={view.perPage}
              onChange={(e) => go({ perPage: Number(e.target.value) })}
            >
              {PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
            <HiddenFields values={{ q, sort: sort !== 'name' ? sort : null, archived: archived ? 'true' : null }} />
            <ApplyBeforeScript ready={ready} />
          </form>
        }
      >
        <DataTable
          columns={columns}
          rows={list}
          rowKey={(c) => c.id}
          loading={loading}
          caption={archived ? 'Clientes arquivados' : 'Clientes'}
          empty={empty}
          sort={sort}
          sortHref={(next) => viewUrl({ ...view, page: 1, cursor: undefined, sort: next })}
        />
      </ListCard>
      {archiving ? <ArchiveDialogBox client={archiving} onDone={closeForm} onCancel={closeForm} /> : null}
    </div>
  );
}
