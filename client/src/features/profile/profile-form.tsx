import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { useAppDispatch } from '../../hooks/store';
import { ErrorAlert } from '../../components/error-alert';
import { InputField } from '../../components/field';
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
        <ErrorAlert message={message} />
        <InputField id="profile-name" label="Nome" errorKey="name" errors={errors} value={form.name} onChange={set('name')} required />
        <InputField
          id="profile-email"
          label="E-mail"
          errorKey="email"
          errors={errors}
          type="email"
          value={form.email}
          onChange={set('email')}
          autoComplete="username"
          required
        />
        <InputField
          id="profile-new-password"
          label={
            <>
              Nova senha <span className="text-muted small">(deixe em branco para manter)</span>
            </>
          }
          errorKey="newPassword"
          errors={errors}
          type="password"
          value={form.newPassword}
          onChange={set('newPassword')}
          autoComplete="new-password"
        />
        <InputField
          id="profile-current-password"
          label={
            <>
              Senha atual <span className="text-muted small">(para alterar e-mail ou senha)</span>
            </>
          }
          errorKey="currentPassword"
          errors={errors}
          type="password"
          value={form.currentPassword}
          onChange={set('currentPassword')}
          autoComplete="current-password"
        />
      </div>
      <div className="card-footer text-end">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Salvando...' : 'Salvar'}
        </button>
      </div>
    </form>
  );
}
