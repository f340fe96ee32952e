import type { FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { Dialog, DialogButtons } from '../../components/dialog';
import { ErrorAlert } from '../../components/error-alert';
import { InputField, SelectField } from '../../components/field';
import { useForm } from '../../hooks/use-form';
import { ROLE_LABELS, type Role } from '../../lib/roles';
import type { NewUser } from './types';
import { useCreateUserMutation } from './users-api';

const SAVE_ERROR = 'Não foi possível criar o usuário.';
const FORM_ID = 'new-user-form';
/** The name of this form's draft (hooks/use-draft.ts): the initial password is never kept. */
export const NEW_USER_DRAFT = 'user:new';

/** Creates a user (POST /api/users): the server's 422 messages appear under each field. */
export function NewUserDialog({ onClose }: { onClose: () => void }) {
  const { form, field, message, saving, submit, discardDraft } = useForm<NewUser>(
    { name: '', email: '', role: 'staff', password: '' },
    SAVE_ERROR,
    NEW_USER_DRAFT,
  );
  const cancel = () => {
    discardDraft();
    onClose();
  };
  const [createUser] = useCreateUserMutation();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await submit(async () => {
      const user = await createUser({ ...form, name: form.name.trim(), email: form.email.trim() }).unwrap();
      toast.success(`${user.name} foi cadastrado.`);
      onClose();
    });
  };

  return (
    <Dialog
      title="Novo usuário"
      onClose={cancel}
      busy={saving}
      footer={<DialogButtons onCancel={cancel} busy={saving} form={FORM_ID} label="Criar usuário" busyLabel="Salvando..." />}
    >
      <form id={FORM_ID} onSubmit={onSubmit} noValidate>
        <ErrorAlert message={message} />
        <InputField id="new-user-name" label="Nome" {...field('name')} autoComplete="off" required />
        <InputField id="new-user-email" label="E-mail" type="email" {...field('email')} autoComplete="off" required />
        <SelectField id="new-user-role" label="Perfil" {...field('role')}>
          {(Object.keys(ROLE_LABELS) as Role[]).map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </SelectField>
        <InputField
          id="new-user-password"
          label="Senha inicial"
          hint='Pelo menos 10 caracteres, sem senhas comuns ou fáceis de adivinhar. A pessoa pode trocá-la em "Meu perfil".'
          wrapperClassName="mb-0"
          type="password"
          {...field('password')}
          autoComplete="new-password"
          required
        />
      </form>
    </Dialog>
  );
}
