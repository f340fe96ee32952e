import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { afterSignIn } from '../../app/route-table';
import { useAppDispatch, useAppSelector } from '../../hooks/store';
import { ErrorAlert } from '../../components/error-alert';
import { InputField } from '../../components/field';
import { Spinner } from '../../components/spinner';
import { login, selectAuth } from './auth-slice';

type LoginField = 'email' | 'password';
const LOGIN_ERROR_ID = 'login-error';

/** The blank fields, else both: the server does not say which of e-mail and password was wrong. */
export function wrongFields(email: string, password: string): LoginField[] {
  const blank = (['email', 'password'] as const).filter((field) => !(field === 'email' ? email : password));
  return blank.length ? blank : ['email', 'password'];
}

export default function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { accessToken, loading, error } = useAppSelector(selectAuth);
  // The screen that sent the user here (an expired session): back to it after.
  const [search] = useSearchParams();
  const next = search.get('next');
  const destination = afterSignIn(next);
  // The fields a failed sign-in is about (docs/behaviour.md#sign-in): marked, tied to the message.
  const [wrong, setWrong] = useState<readonly LoginField[]>([]);

  // A signed-in user has nothing to do here.
  if (accessToken) return <Navigate to={destination} replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    // Uncontrolled inputs: what was typed before hydration is still in the DOM.
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const form = event.currentTarget;
    const result = await dispatch(login({ email, password }));
    if (login.fulfilled.match(result)) {
      navigate(destination, { replace: true });
      return;
    }
    const fields = wrongFields(email, password);
    setWrong(fields);
    (form.elements.namedItem(fields[0]) as HTMLInputElement | null)?.focus();
  };
  const marked = (field: LoginField) =>
    wrong.includes(field) && error ? { className: 'is-invalid', 'aria-invalid': true, 'aria-describedby': LOGIN_ERROR_ID } : {};

  return (
    <main className="auth-page d-flex align-items-start justify-content-center min-vh-100 px-3 pb-3">
      <div className="card auth-card shadow-sm w-100" style={{ maxWidth: 420 }}>
        <div className="card-body p-4">
          <h1 className="h4 fw-bold text-center mb-1">Expediente</h1>
          <p className="text-muted text-center mb-4">Entre com seu e-mail e senha para acessar o painel.</p>
          <ErrorAlert message={error} id={LOGIN_ERROR_ID} />
          {/* method and action let the form sign in before the script has loaded. */}
          <form method="post" action={next ? `/login?${new URLSearchParams({ next })}` : '/login'} onSubmit={onSubmit} noValidate>
            <InputField
              id="login-email"
              label="E-mail"
              name="email"
              type="email"
              autoComplete="username"
              placeholder="voce@empresa.com.br"
              required
              {...marked('email')}
            />
            <InputField
              id="login-password"
              label="Senha"
              name="password"
              type="password"
              autoComplete="current-password"
              placeholder="Sua senha"
              required
              {...marked('password')}
            />
            <button type="submit" className="btn btn-primary w-100" disabled={loading}>
              {loading ? <Spinner small label="Entrando..." /> : null} Entrar
            </button>
          </form>
        </div>
      </div>
    </main>
  );
}
