import { useCallback, useState } from 'react';
import { AppLink } from '../../components/app-link';
import { buildQuery } from '../../lib/query-string';
import { toast } from '../../lib/toast';
import { UserPlus } from '../../components/icons';
import { useAppSelector } from '../../hooks/store';
import { useReopenDraft } from '../../hooks/use-draft';
import { ConfirmDialog } from '../../components/dialog';
import { DataTable, type Column } from '../../components/data-table';
import { Email } from '../../components/email';
import { ListCard } from '../../components/list-card';
import { PageHeader } from '../../components/page-header';
import { TableOrCards } from '../../components/table-or-cards';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { roleLabel, type Role } from '../../lib/roles';
import { UsersReads } from '../../../generated/route-reads';
import { NEW_USER_DRAFT, NewUserDialog } from './new-user-dialog';
import type { User } from './types';
import { useGetUsersQuery, useSetUserActiveMutation, useUpdateUserMutation } from './users-api';

export const USERS_ERROR = 'Erro ao buscar usuários';

/** What the confirmation dialog asks about. */
type Pending = { kind: 'active'; user: User } | { kind: 'role'; user: User; role: Role };

/** The list's quick switch: an admin to Recepção, anyone else to admin (every role is on the user's page). */
const otherRole = (role: Role): Role => (role === 'admin' ? 'staff' : 'admin');
const roleAction = (role: Role) => `Tornar ${role === 'admin' ? 'administrador' : roleLabel(role)}`;

function StatusBadge({ user }: { user: User }) {
  return (
    <span className={`badge ${user.active ? 'bg-success-subtle text-success-emphasis' : 'bg-secondary-subtle text-secondary-emphasis'}`}>
      {user.active ? 'Ativo' : 'Inativo'}
    </span>
  );
}

const BASE_COLUMNS: Column<User>[] = [
  {
    key: 'name',
    header: 'Nome',
    render: (u) => (
      <AppLink to={`/users/${u.id}`} className="fw-semibold">
        {u.name}
      </AppLink>
    ),
  },
  { key: 'email', header: 'E-mail', render: (u) => <Email address={u.email} /> },
  { key: 'role', header: 'Perfil', render: (u) => roleLabel(u.role) },
  { key: 'active', header: 'Situação', render: (u) => <StatusBadge user={u} /> },
  { key: 'created', header: 'Desde', render: (u) => formatDate(u.createdAt) },
];

export default function UsersPage() {
  const myId = useAppSelector((s) => s.auth.id);
  const [creating, setCreating] = useState(false);
  useReopenDraft(NEW_USER_DRAFT, useCallback(() => setCreating(true), []));
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  // Page 1 is in the cache when the server rendered this screen (the route's read).
  const { data, isFetching: loading, error: failure, refetch } = useGetUsersQuery(UsersReads.useGetUsers<{ page: number }>());
  const error = failure ? errorMessage(failure, USERS_ERROR) : null;
  const [setUserActive] = useSetUserActiveMutation();
  const [updateUser] = useUpdateUserMutation();

  const confirm = async () => {
    if (!pending) return;
    const { user } = pending;
    setBusy(true);
    try {
      // Each invalidates the user list, which then loads again.
      if (pending.kind === 'active') {
        await setUserActive({ id: user.id, active: !user.active }).unwrap();
        toast.success(user.active ? `${user.name} foi desativado.` : `${user.name} foi reativado.`);
      } else {
        await updateUser({ id: user.id, changes: { role: pending.role } }).unwrap();
        toast.success(`${user.name} agora é ${roleLabel(pending.role)}.`);
      }
      setPending(null);
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível alterar o usuário.'));
    } finally {
      setBusy(false);
    }
  };

  /** The row's actions; never on one's own account (the server refuses too). */
  const actions = (u: User, block = false) =>
    u.id === myId ? (
      <span className="badge bg-primary-subtle text-primary-emphasis">Você</span>
    ) : (
      <div className={`d-flex gap-2 ${block ? 'flex-wrap' : 'justify-content-end'}`}>
        <button
          type="button"
          className={`btn btn-sm btn-outline-secondary btn-touch${block ? ' flex-fill' : ''}`}
          disabled={busy}
          onClick={() => setPending({ kind: 'role', user: u, role: otherRole(u.role) })}
        >
          {roleAction(otherRole(u.role))}
        </button>
        <button
          type="button"
          className={`btn btn-sm ${u.active ? 'btn-outline-danger' : 'btn-outline-success'} btn-touch${block ? ' flex-fill' : ''}`}
          disabled={busy}
          onClick={() => setPending({ kind: 'active', user: u })}
        >
          {u.active ? 'Desativar' : 'Reativar'}
        </button>
      </div>
    );

  const columns: Column<User>[] = [...BASE_COLUMNS, { key: 'actions', header: 'Ações', className: 'text-end', render: (u) => actions(u) }];
  const rows = data?.data ?? [];
  const empty = error ? 'Não foi possível carregar os usuários.' : 'Nenhum usuário cadastrado.';

  return (
    <div className="container-fluid">
      <PageHeader title="Usuários" subtitle="Pessoas da equipe com acesso ao Expediente.">
        <button type="button" className="btn btn-primary btn-touch" onClick={() => setCreating(true)}>
          <UserPlus size={16} className="me-1" aria-hidden="true" />
          Novo usuário
        </button>
      </PageHeader>
      <ListCard
        error={error}
        onRetry={() => void refetch()}
        pagination={data?.meta ? { meta: data.meta, noun: ['usuário', 'usuários'], disabled: loading, href: (p) => `/users${buildQuery({ page: p > 1 ? p : null })}` } : undefined}
      >
        <TableOrCards
          table={<DataTable columns={columns} rows={rows} rowKey={(u) => u.id} loading={loading} caption="Usuários" empty={empty} />}
          rows={rows}
          label="Usuários"
          loading={loading}
          empty={empty}
          card={(u) => ({
            title: <AppLink to={`/users/${u.id}`}>{u.name}</AppLink>,
            subtitle: (
              <span className="text-muted small">
                <Email address={u.email} />
              </span>
            ),
            badge: <StatusBadge user={u} />,
            detail: `${roleLabel(u.role)} · desde ${formatDate(u.createdAt)}`,
            actions: actions(u, true),
          })}
        />
      </ListCard>
      {creating ? <NewUserDialog onClose={() => setCreating(false)} /> : null}
      {pending ? (
        <ConfirmDialog
          title={
            pending.kind === 'role'
              ? `${roleAction(pending.role)}?`
              : pending.user.active
                ? 'Desativar usuário?'
                : 'Reativar usuário?'
          }
          confirmLabel={pending.kind === 'role' ? 'Confirmar' : pending.user.active ? 'Desativar' : 'Reativar'}
          tone={pending.kind === 'role' ? 'primary' : pending.user.active ? 'danger' : 'success'}
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setPending(null)}
        >
          {pending.kind === 'role' ? (
            <p className="mb-0">
              <strong>{pending.user.name}</strong> passará de {roleLabel(pending.user.role)} para {roleLabel(pending.role)}.
              {pending.role === 'admin' ? ' Administradores gerenciam os usuários.' : ' Deixará de gerenciar os usuários.'}
            </p>
          ) : pending.user.active ? (
            <p className="mb-0">
              <strong>{pending.user.name}</strong> não poderá mais entrar no Expediente, e as sessões abertas deixam de valer.
            </p>
          ) : (
            <p className="mb-0">
              <strong>{pending.user.name}</strong> poderá entrar de novo com a senha que já tinha.
            </p>
          )}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
