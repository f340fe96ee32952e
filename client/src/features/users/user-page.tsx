import { AppLink } from '../../components/app-link';
import { toast } from '../../lib/toast';
import { ArrowLeft } from '../../components/icons';
import { Card } from '../../components/card';
import { ErrorAlert } from '../../components/error-alert';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api';
import { roleLabel } from '../../lib/roles';
import { UsersIdReads } from '../../../generated/route-reads';
import { CalendarFeedCard, TimeOffList, useGetUserHoursQuery, usePutUserHoursMutation, WeeklyHoursEditor, type CalendarFeedArgs, type TimeOffArgs } from '../schedule';
import { RoleCard } from './role-card';
import { useGetUserQuery } from './users-api';

/** One member (admins): who they are, their working hours (their own or the business's default) and their time off. */
export default function UserPage() {
  const userArg = UsersIdReads.useGetUser<{ id: number }>();
  const { data: user, error, refetch } = useGetUserQuery(userArg);
  const hours = useGetUserHoursQuery(UsersIdReads.useGetUserHours<{ id: number }>());
  const timeOff = UsersIdReads.useGetTimeOff<TimeOffArgs>();
  const feed = UsersIdReads.useGetCalendarFeed<CalendarFeedArgs>();
  const [putUserHours, { isLoading: resetting }] = usePutUserHoursMutation();
  const id = typeof userArg === 'object' ? userArg.id : 0;

  const reset = async () => {
    try {
      await putUserHours({ id, weekly: null }).unwrap();
      toast.success('Voltou ao horário padrão.');
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível voltar ao horário padrão.'));
    }
  };

  return (
    <div className="container-fluid">
      <PageHeader title={user?.name ?? 'Usuário'} subtitle={user ? `${user.email} · ${roleLabel(user.role)}${user.active ? '' : ' · Inativo'}` : undefined}>
        <AppLink to="/users" className="btn btn-light btn-touch">
          <ArrowLeft size={16} className="me-1" aria-hidden="true" />
          Usuários
        </AppLink>
      </PageHeader>
      <ErrorAlert message={error ? errorMessage(error, 'Erro ao buscar o usuário') : null} onRetry={() => void refetch()} />
      <div className="row g-3 mb-3">
        <div className="col-12 col-xl-6">
          <Card
            title="Horário de trabalho"
            actions={
              hours.data?.usesDefault ? <span className="badge bg-info-subtle text-info-emphasis">Segue o horário padrão</span> : null
            }
          >
            <ErrorAlert message={hours.error ? errorMessage(hours.error, 'Erro ao buscar o horário') : null} onRetry={() => void hours.refetch()} />
            {hours.data ? (
              <WeeklyHoursEditor
                id="user-hours"
                weekly={hours.data.weekly}
                busy={resetting}
                onSave={async (weekly) => {
                  await putUserHours({ id, weekly }).unwrap();
                  toast.success('Horário salvo.');
                }}
                actions={
                  hours.data.usesDefault ? null : (
                    <button type="button" className="btn btn-outline-secondary" onClick={() => void reset()} disabled={resetting}>
                      Voltar ao horário padrão
                    </button>
                  )
                }
              />
            ) : hours.isFetching ? (
              <p className="text-muted mb-0">Carregando...</p>
            ) : null}
          </Card>
        </div>
        <div className="col-12 col-xl-6">
          <Card title="Folgas e ausências">
            <TimeOffList id="user-time-off" arg={timeOff} staffId={id} editable noun="folga" feminine empty="Nenhuma folga pela frente." />
          </Card>
        </div>
        <div className="col-12 col-xl-6">
          <CalendarFeedCard arg={feed} own={false} />
        </div>
        {user ? (
          <div className="col-12 col-xl-6">
            <RoleCard user={user} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
