import type { FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { useAppDispatch } from '../../hooks/store';
import { CardForm } from '../../components/card-form';
import { InputField } from '../../components/field';
import { useForm } from '../../hooks/use-form';
import { profileUpdated, sessionRenewed } from '../../lib/session-actions';
import { useUpdateMeMutation, type ProfileInput } from './profile-api';

const SAVE_ERROR = 'Não foi possível salvar o perfil.';

/** Edits the signed-in user's name, e-mail and password (PUT /api/me). */
export function ProfileForm({ name, email }: { name: string; email: string }) {
  const dispatch = useAppDispatch();
  const { form, setForm, field, message, saving, submit } = useForm({ name, email, currentPassword: '', newPassword: '' }, SAVE_ERROR);
  const [updateMe] = useUpdateMeMutation();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input: ProfileInput = { name: form.name.trim() };
    if (form.email.trim() !== email) input.email = form.email.trim();
    if (form.newPassword) input.newPassword = form.newPassword;
    if (input.email !== undefined || input.newPassword) input.currentPassword = form.currentPassword;
    await submit(async () => {
      const { data, session } = await updateMe(input).unwrap();
      // A new password ended every other session; this one goes on with the new token.
      if (session) dispatch(sessionRenewed(session));
      dispatch(profileUpdated({ name: data.name, email: data.email }));
      setForm({ name: data.name, email: data.email, currentPassword: '', newPassword: '' });
      toast.success(session ? 'Perfil atualizado. As outras sessões abertas com a senha antiga foram encerradas.' : 'Perfil atualizado.');
    });
  };

  return (
    <CardForm title="Editar dados" className="card" style={{ maxWidth: 640 }} {...{ message, saving, onSubmit }} submitLabel="Salvar">
      <InputField id="profile-name" label="Nome" {...field('name')} required />
      <InputField id="profile-email" label="E-mail" type="email" {...field('email')} autoComplete="username" required />
      <InputField
        id="profile-new-password"
        label={
          <>
            Nova senha <span className="text-muted small">(deixe em branco para manter)</span>
          </>
        }
        type="password"
        {...field('newPassword')}
        autoComplete="new-password"
      />
      <InputField
        id="profile-current-password"
        label={
          <>
            Senha atual <span className="text-muted small">(para alterar e-mail ou senha)</span>
          </>
        }
        type="password"
        {...field('currentPassword')}
        autoComplete="current-password"
      />
    </CardForm>
  );
}
