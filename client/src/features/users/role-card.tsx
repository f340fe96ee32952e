import { useEffect, useState } from 'react';
import { Card } from '../../components/card';
import { SelectField } from '../../components/field';
import { FieldError } from '../../components/field-error';
import { useAppSelector } from '../../hooks/store';
import { errorMessage, fieldErrors, type FieldErrors } from '../../lib/api';
import { ROLE_LABELS, type Role } from '../../lib/roles';
import { toast } from '../../lib/toast';
import type { User } from './types';
import { useUpdateUserMutation } from './users-api';

/** What each role reaches, in a sentence (docs/permissions.md). */
const ROLE_HINTS: Record<Role, string> = {
  admin: 'Tudo, inclusive usuários, serviços, configurações e LGPD.',
  staff: 'A agenda de todos e todos os clientes: agenda para qualquer profissional.',
  professional: 'A própria agenda (a dos outros só como horário ocupado) e só os clientes que atendeu ou vai atender.',
};

/**
 * A user's role and whether they set their own working hours, on their page
 * (admins). One's own role is not changed here (the server refuses it too).
 */
export function RoleCard({ user }: { user: User }) {
  const myId = useAppSelector((s) => s.auth.id);
  const own = user.id === myId;
  const [role, setRole] = useState<Role>(user.role);
  const [ownHours, setOwnHours] = useState(user.ownHours);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [updateUser, { isLoading: saving }] = useUpdateUserMutation();
  useEffect(() => {
    setRole(user.role);
    setOwnHours(user.ownHours);
  }, [user.role, user.ownHours]);
  const changed = role !== user.role || ownHours !== user.ownHours;

  const save = async () => {
    setErrors({});
    try {
      await updateUser({ id: user.id, changes: { ...(role !== user.role && { role }), ...(ownHours !== user.ownHours && { ownHours }) } }).unwrap();
      toast.success('Perfil de acesso salvo.');
    } catch (err) {
      setErrors(fieldErrors(err));
      toast.error(errorMessage(err, 'Não foi possível salvar o perfil de acesso.'));
    }
  };

  return (
    <Card title="Perfil de acesso">
      <SelectField
        id="user-role"
        label="Perfil"
        errorKey="role"
        errors={errors}
        value={role}
        disabled={own || saving}
        hint={own ? 'Você não pode alterar o seu próprio perfil.' : ROLE_HINTS[role]}
        onChange={(e) => setRole(e.target.value as Role)}
      >
        {(Object.keys(ROLE_LABELS) as Role[]).map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </SelectField>
      {role !== 'admin' ? (
        <div className="form-check mb-3">
          <input id="user-own-hours" type="checkbox" className="form-check-input" checked={ownHours} disabled={saving} onChange={(e) => setOwnHours(e.target.checked)} />
          <label htmlFor="user-own-hours" className="form-check-label">
            Pode alterar o próprio horário de trabalho
          </label>
          <FieldError errors={errors} name="ownHours" id="user-own-hours-error" />
        </div>
      ) : null}
      <button type="button" className="btn btn-primary btn-touch" disabled={!changed || saving} onClick={() => void save()}>
        Salvar perfil
      </button>
    </Card>
  );
}
