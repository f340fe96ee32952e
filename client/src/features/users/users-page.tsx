import { useState } from 'react';
import { toast } from 'react-toastify';
import { useAppSelector } from '../../hooks/store';
import { DataTable, type Column } from '../../components/data-table';
import { ErrorAlert } from '../../components/error-alert';
import { PageHeader } from '../../components/page-header';
import { Pagination } from '../../components/pagination';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { roleLabel } from '../../lib/roles';
import type { User } from './types';
import { useGetUsersQuery, useSetUserActiveMutation } from './users-api';

export const USERS_ERROR = 'Erro ao buscar usuários';

const BASE_COLUMNS: Column<User>[] = [
  { key: 'name', header: 'Nome', render: (u) => <span className="fw-semibold">{u.name}</span> },
  { key: 'email', header: 'E-mail', render: (u) => u.email },
  { key: 'role', header: 'Perfil', render: (u) => roleLabel(u.role) },
  {
    key: 'active',
    header: 'Situação',
    render: (u) => (
      <span className={`badge ${u.active ? 'bg-success-subtle text-success' : 'bg-secondary-subtle text-secondary'}`}>
        {u.active ? 'Ativo' : 'Inativo'}
      </span>
    ),
  },
  { key: 'created', header: 'Desde', render: (u) => formatDate(u.createdAt) },
];

export default function UsersPage() {
  const isAdmin = useAppSelector((s) => s.auth.role === 'admin');
  const myId = useAppSelector((s) => s.auth.id);
  const [page, setPage] = useState(1);
  const [busyId, setBusyId] = useState<number | null>(null);
  // Page 1 is in the cache when the server rendered this screen (`page.users`).
  const { data, isFetching: loading, error: failure, refetch } = useGetUsersQuery(page, { skip: !isAdmin });
  const error = failure ? errorMessage(failure, USERS_ERROR) : null;
  const [setUserActive] = useSetUserActiveMutation();

  const toggle = async (user: User) => {
    setBusyId(user.id);
    try {
      // Invalidates the user list, which then loads again.
      await setUserActive({ id: user.id, active: !user.active }).unwrap();
      toast.success(user.active ? `${user.name} foi desativado.` : `${user.name} foi reativado.`);
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível alterar o usuário.'));
    } finally {
      setBusyId(null);
    }
  };

  const columns: Column<User>[] = [
    ...BASE_COLUMNS,
    {
      key: 'actions',
      header: 'Ações',
      className: 'text-end',
      render: (u) =>
        u.id === myId ? (
          <span className="text-muted small">Você</span>
        ) : (
          <button
            type="button"
            className={`btn btn-sm ${u.active ? 'btn-outline-danger' : 'btn-outline-success'}`}
            disabled={busyId !== null}
            onClick={() => void toggle(u)}
          >
            {u.active ? 'Desativar' : 'Reativar'}
          </button>
        ),
    },
  ];

  return (
    <div className="container-fluid">
      <PageHeader title="Usuários" subtitle="Pessoas da equipe com acesso ao Expediente." />
      {!isAdmin ? (
        <div className="alert alert-info" role="status">
          Apenas administradores podem ver e gerenciar os usuários.
        </div>
      ) : (
        <div className="card">
          <div className="card-body p-0">
            <ErrorAlert message={error} onRetry={() => void refetch()} className="m-3" />
            <DataTable
              columns={columns}
              rows={data?.data ?? []}
              rowKey={(u) => u.id}
              loading={loading}
              caption="Usuários"
              empty={error ? 'Não foi possível carregar os usuários.' : 'Nenhum usuário cadastrado.'}
            />
          </div>
          {data?.meta ? (
            <div className="card-footer">
              <Pagination meta={data.meta} noun={['usuário', 'usuários']} disabled={loading} onPageChange={setPage} />
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}
