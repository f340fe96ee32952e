import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { Dialog } from '../../components/dialog';
import { FieldError, invalidClass } from '../../components/field-error';
import { useSubmission } from '../../hooks/use-submission';
import { ROLE_LABELS, type Role } from '../../lib/roles';
import type { NewUser } from './types';
import { useCreateUserMutation } from './users-api';

const SAVE_ERROR = 'Não foi possível criar o usuário.';
const FORM_ID = 'new-user-form';

/** Creates a user (POST /api/users): the server's 422 messages appear under each field. */
export function NewUserDialog({ onClose }: { onClose: () => void }) {
  const [form, setForm] = useState<NewUser>({ name: '', email: '', role: 'staff', password: '' });
  const { errors, message, saving, submit } = useSubmission(SAVE_ERROR);
  const [createUser] = useCreateUserMutation();

  const set = (field: keyof NewUser) => (e: { target: { value: string } }) => setForm({ ...form, [field]: e.target.value });
  const invalid = (field: string) => invalidClass(errors, field);
  const describedBy = (field: string) => (errors[field]?.length ? `${FORM_ID}-${field}-error` : undefined);

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
      onClose={onClose}
      busy={saving}
      footer={
        <>
          <button type="button" className="btn btn-light btn-touch" onClick={onClose} disabled={saving}>
            Cancelar
          </button>
          <button type="submit" form={FORM_ID} className="btn btn-primary btn-touch" disabled={saving}>
            {saving ? 'Salvando...' : 'Criar usuário'}
          </button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={onSubmit} noValidate>
        {message ? (
          <div className="alert alert-danger" role="alert">
            {message}
          </div>
        ) : null}
        <div className="mb-3">
          <label htmlFor="new-user-name" className="form-label">
            Nome
          </label>
          <input
            id="new-user-name"
            className={`form-control${invalid('name')}`}
            value={form.name}
            onChange={set('name')}
            autoComplete="off"
            aria-describedby={describedBy('name')}
            required
          />
          <FieldError errors={errors} name="name" id={`${FORM_ID}-name-error`} />
        </div>
        <div className="mb-3">
          <label htmlFor="new-user-email" className="form-label">
            E-mail
          </label>
          <input
            id="new-user-email"
            type="email"
            className={`form-control${invalid('email')}`}
            value={form.email}
            onChange={set('email')}
            autoComplete="off"
            aria-describedby={describedBy('email')}
            required
          />
          <FieldError errors={errors} name="email" id={`${FORM_ID}-email-error`} />
        </div>
        <div className="mb-3">
          <label htmlFor="new-user-role" className="form-label">
            Perfil
          </label>
          <select
            id="new-user-role"
            className={`form-select${invalid('role')}`}
            value={form.role}
            onChange={(e) => setForm({ ...form, role: e.target.value as Role })}
          >
            {(Object.keys(ROLE_LABELS) as Role[]).map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
          <FieldError errors={errors} name="role" id={`${FORM_ID}-role-error`} />
        </div>
        <div className="mb-0">
          <label htmlFor="new-user-password" className="form-label">
            Senha inicial
          </label>
          <input
            id="new-user-password"
            type="password"
            className={`form-control${invalid('password')}`}
            value={form.password}
            onChange={set('password')}
            autoComplete="new-password"
            aria-describedby={describedBy('password') ?? 'new-user-password-help'}
            required
          />
          <FieldError errors={errors} name="password" id={`${FORM_ID}-password-error`} />
          <div id="new-user-password-help" className="form-text">
            Pelo menos 8 caracteres. A pessoa pode trocá-la em "Meu perfil".
          </div>
        </div>
      </form>
    </Dialog>
  );
}
