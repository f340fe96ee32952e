import { AppLink } from '../../components/app-link';
import { useAppSelector } from '../../hooks/store';
import { Card } from '../../components/card';
import { ErrorAlert } from '../../components/error-alert';
import { PageHeader } from '../../components/page-header';
import { formatDate } from '../../lib/format';
import { errorMessage } from '../../lib/api';
import { initials, roleLabel } from '../../lib/roles';
import { AuthProfileReads } from '../../../generated/route-reads';
import { toast } from '../../lib/toast';
import { CalendarFeedCard, TimeOffList, useGetUserHoursQuery, usePutUserHoursMutation, WeeklyHoursEditor, type CalendarFeedArgs, type TimeOffArgs } from '../schedule';
import { SIGN_OUT_STATE } from '../../lib/sign-out';
import { useGetMeQuery } from './profile-api';
import { ProfileForm } from './profile-form';

export const PROFILE_ERROR = 'Erro ao buscar o perfil';

export default function ProfilePage() {
  const auth = useAppSelector((s) => s.auth);
  const { data, error, refetch } = useGetMeQuery(AuthProfileReads.useGetMe());
  // Their hours and time off: the page's reads, once "me" is known.
  const hours = useGetUserHoursQuery(AuthProfileReads.useGetUserHours<{ id: number }>());
  const timeOff = AuthProfileReads.useGetTimeOff<TimeOffArgs>();
  const feed = AuthProfileReads.useGetCalendarFeed<CalendarFeedArgs>();
  const [putUserHours] = usePutUserHoursMutation();

  return (
    <div className="container-fluid">
      <PageHeader title="Meu perfil" subtitle="Seus dados de acesso ao Expediente." />
      <ErrorAlert message={error ? errorMessage(error, PROFILE_ERROR) : null} onRetry={() => void refetch()} />
      <div className="card mb-3" style={{ maxWidth: 640 }}>
        <div className="card-body d-flex gap-3 align-items-start">
          <div
            className="avatar rounded-circle bg-primary text-white d-flex align-items-center justify-content-center fw-bold flex-shrink-0"
            style={{ width: 64, height: 64, fontSize: 24 }}
            aria-hidden="true"
          >
            {initials(auth.name)}
          </div>
          {/* minWidth 0: a long e-mail wraps instead of widening a phone's page. */}
          <dl className="row mb-0 flex-grow-1" style={{ minWidth: 0 }}>
            <dt className="col-sm-4">Nome</dt>
            <dd className="col-sm-8">{auth.name ?? '—'}</dd>
            <dt className="col-sm-4">E-mail</dt>
            <dd className="col-sm-8 text-break">{auth.email ?? '—'}</dd>
            <dt className="col-sm-4">Perfil</dt>
            <dd className="col-sm-8">{roleLabel(auth.role)}</dd>
            <dt className="col-sm-4">Situação</dt>
            <dd className="col-sm-8">{data ? (data.active ? 'Ativo' : 'Inativo') : '—'}</dd>
            <dt className="col-sm-4">Membro desde</dt>
            <dd className="col-sm-8">{data ? formatDate(data.createdAt) : '—'}</dd>
          </dl>
        </div>
        <div className="card-footer text-end">
          <AppLink to="/logout" state={SIGN_OUT_STATE} className="btn btn-outline-danger btn-sm">
            Sair
          </AppLink>
        </div>
      </div>
      {/* Keyed by the user so a different session starts from its own values. */}
      <ProfileForm key={auth.id ?? 0} name={auth.name ?? ''} email={auth.email ?? ''} />
      <div className="row g-3 my-0" style={{ maxWidth: 1296 }}>
        <div className="col-12 col-lg-6">
          <Card
            title="Meu horário"
            actions={hours.data?.usesDefault ? <span className="badge bg-info-subtle text-info-emphasis">Segue o horário padrão</span> : null}
          >
            <ErrorAlert message={hours.error ? errorMessage(hours.error, 'Erro ao buscar o horário') : null} onRetry={() => void hours.refetch()} />
            {hours.data ? (
              <WeeklyHoursEditor
                id="my-hours"
                weekly={hours.data.weekly}
                onSave={
                  // Their own hours, where an admin allowed it on their user page (the server checks it too).
                  data?.ownHours && auth.id
                    ? async (weekly) => {
                        await putUserHours({ id: auth.id ?? 0, weekly }).unwrap();
                        toast.success('Horário salvo.');
                      }
                    : undefined
                }
              />
            ) : (
              <p className="text-muted mb-0">Carregando...</p>
            )}
            {data?.ownHours ? null : <p className="text-muted small mt-2 mb-0">Quem muda o horário é um administrador.</p>}
          </Card>
        </div>
        <div className="col-12 col-lg-6">
          <Card title="Minhas folgas">
            {auth.id ? (
              <TimeOffList id="my-time-off" arg={timeOff} staffId={auth.id} editable noun="folga" feminine empty="Nenhuma folga pela frente." />
            ) : null}
          </Card>
        </div>
        <div className="col-12 col-lg-6">
          <CalendarFeedCard arg={feed} own />
        </div>
      </div>
    </div>
  );
}
