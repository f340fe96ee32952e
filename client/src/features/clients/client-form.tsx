import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { InputField, TextAreaField } from '../../components/field';
import { useSubmission } from '../../hooks/use-submission';
import { formatCpf, formatPhone } from '../../lib/format';
import { createClient, updateClient, type ClientInput } from './clients-api';
import type { Client } from './types';

const SAVE_ERROR = 'Não foi possível salvar o cliente.';

const FIELDS: { name: keyof ClientInput; label: string; type?: string; placeholder?: string; col: string }[] = [
  { name: 'name', label: 'Nome', col: 'col-md-6' },
  { name: 'email', label: 'E-mail', type: 'email', col: 'col-md-6' },
  { name: 'phone', label: 'Telefone', placeholder: '(11) 98765-4321', col: 'col-md-4' },
  { name: 'document', label: 'CPF', placeholder: '000.000.000-00', col: 'col-md-4' },
  { name: 'birthDate', label: 'Data de nascimento', type: 'date', col: 'col-md-4' },
];

interface ClientFormProps {
  /** The client being edited, or null for a new one. */
  client: Client | null;
  onSaved: (client: Client) => void;
  onCancel: () => void;
}

/** Creates or edits a client (POST / PUT /api/clients), showing the server's field errors. */
export function ClientForm({ client, onSaved, onCancel }: ClientFormProps) {
  const [form, setForm] = useState<ClientInput>({
    name: client?.name ?? '',
    email: client?.email ?? '',
    phone: formatPhone(client?.phone),
    document: formatCpf(client?.document),
    birthDate: client?.birthDate ?? '',
    notes: client?.notes ?? '',
  });
  const { errors, message, saving, submit } = useSubmission(SAVE_ERROR);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await submit(async () => {
      const input = { ...form, name: form.name.trim(), email: form.email.trim() };
      const { data } = client ? await updateClient(client.id, input, client.version) : await createClient(input);
      onSaved(data);
    });
  };

  return (
    <form className="card mb-3" onSubmit={onSubmit} noValidate aria-label={client ? 'Editar cliente' : 'Novo cliente'}>
      <div className="card-header">
        <h3 className="card-title h6 mb-0">{client ? `Editar ${client.name}` : 'Novo cliente'}</h3>
      </div>
      <div className="card-body">
        <ErrorAlert message={message} />
        <div className="row g-3">
          {FIELDS.map((f) => (
            <InputField
              key={f.name}
              id={`client-${f.name}`}
              label={f.label}
              errorKey={f.name}
              errors={errors}
              wrapperClassName={f.col}
              type={f.type ?? 'text'}
              placeholder={f.placeholder}
              value={form[f.name]}
              onChange={(e) => setForm({ ...form, [f.name]: e.target.value })}
            />
          ))}
          <TextAreaField
            id="client-notes"
            label="Observações"
            errorKey="notes"
            errors={errors}
            wrapperClassName="col-12"
            rows={2}
            value={form.notes}
            onChange={(e) => setForm({ ...form, notes: e.target.value })}
          />
        </div>
      </div>
      <div className="card-footer d-flex justify-content-end gap-2">
        <button type="button" className="btn btn-light" onClick={onCancel} disabled={saving}>
          Cancelar
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Salvando...' : 'Salvar'}
        </button>
      </div>
    </form>
  );
}
