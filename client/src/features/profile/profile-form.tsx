import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { useAppDispatch } from '../../hooks/store';
import { FieldError, invalidClass } from '../../components/field-error';
import { useSubmission } from '../../hooks/use-submission';
import { profileUpdated } from '../../lib/session-actions';
import { useUpdateMeMutation, type ProfileInput } from './profile-api';

const SAVE_ERROR = 'Não foi possível salvar o perfil.';

/** Edits the signed-in user's name, e-mail and password (PUT /api/me). */
export function ProfileForm({ name, email }: { name: string; email: string }) {
  const dispatch = useAppDispatch();
  const [form, setForm] = useState({ name, email, currentPassword: '', newPassword: '' });
  const { errors, message, saving, submit } = useSubmission(SAVE_ERROR);
  const [updateMe] = useUpdateMeMutation();

  const set = (field: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [field]: e.target.value });
  const invalid = (field: string) => invalidClass(errors, field);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input: ProfileInput = { name: form.name.trim() };
    if (form.email.trim() !== email) input.email = form.email.trim();
    if (form.newPassword) input.newPassword = form.newPassword;
    if (input.email !== undefined || input.newPassword) input.currentPassword = form.currentPassword;
    await submit(async () => {
      const data = await updateMe(input).unwrap();
      dispatch(profileUpdated({ name: data.name, email: data.email }));
      setForm({ name: data.name, email: data.email, currentPassword: '', newPassword: '' });
      toast.success('Perfil atualizado.');
    });
  };

  return (
    <form className="card" style={{ maxWidth: 640 }} onSubmit={onSubmit} noValidate>
      <div className="card-header">
        <h3 className="card-title h6 mb-0">Editar dados</h3>
      </div>
      <div className="card-body">
        {message ? (
          <div className="alert alert-danger" role="alert">
            {message}
          </div>
        ) : null}
        <div className="mb-3">
          <label htmlFor="profile-name" className="form-label">
            Nome
          </label>
          <input id="profile-name" className={`form-control${invalid('name')}`} value={form.name} onChange={set('name')} required />
          <FieldError errors={errors} name="name" />
        </div>
        <div className="mb-3">
          <label htmlFor="profile-email" className="form-label">
            E-mail
          </label>
          <input
            id="profile-email"
            type="email"
            className={`form-control${invalid('email')}`}
            value={form.email}
            onChange={set('email')}
            autoComplete="username"
            required
          />
          <FieldError errors={errors} name="email" />
        </div>
        <div className="mb-3">
          <label htmlFor="profile-new-password" className="form-label">
            Nova senha <span className="text-muted small">(deixe em branco para manter)</span>
          </label>
          <input
            id="profile-new-password"
            type="password"
            className={`form-control${invalid('newPassword')}`}
            value={form.newPassword}
            onChange={set('newPassword')}
            autoComplete="new-password"
          />
          <FieldError errors={errors} name="newPassword" />
        </div>
        <div className="mb-3">
          <label htmlFor="profile-current-password" className="form-label">
            Senha atual <span className="text-muted small">(para alterar e-mail ou senha)</span>
          </label>
          <input
            id="profile-current-password"
            type="password"
            className={`form-control${invalid('currentPassword')}`}
            value={form.currentPassword}
            onChange={set('currentPassword')}
            autoComplete="current-password"
          />
          <FieldError errors={errors} name="currentPassword" />
        </div>
      </div>
      <div className="card-footer text-end">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Salvando...' : 'Salvar'}
        </button>
      </div>
    </form>
  );
}
