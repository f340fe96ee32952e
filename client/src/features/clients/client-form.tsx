import type { FormEvent } from 'react';
import { CardForm } from '../../components/card-form';
import { InputField, TextAreaField } from '../../components/field';
import { useForm } from '../../hooks/use-form';
import { useCreateClientMutation } from '../../lib/client-create';
import { formatCpf, formatPhone } from '../../lib/format';
import { useUpdateClientMutation, type ClientInput } from './clients-api';
import type { Client } from './types';

const SAVE_ERROR = 'Não foi possível salvar o cliente.';

const FIELDS: { name: keyof ClientInput; label: string; type?: string; placeholder?: string; col: string }[] = [
  { name: 'name', label: 'Nome', col: 'col-md-6' },
  { name: 'email', label: 'E-mail', type: 'email', col: 'col-md-6' },
  { name: 'phone', label: 'Telefone', placeholder: '(11) 98765-4321', col: 'col-md-4' },
  { name: 'document', label: 'CPF', placeholder: '000.000.000-00', col: 'col-md-4' },
  { name: 'birthDate', label: 'Data de nascimento', type: 'date', col: 'col-md-4' },
];

/** The name of a client form's draft (hooks/use-draft.ts). */
export function clientDraft(client: { id: number } | null): string {
  return client ? `client:${client.id}` : 'client:new';
}

interface ClientFormProps {
  /** The client being edited, or null for a new one. */
  client: Client | null;
  onSaved: (client: Client) => void;
  onCancel: () => void;
}

/** Creates or edits a client (POST / PUT /api/clients), showing the server's field errors; the screens showing clients reload by what a client write changes. */
export function ClientForm({ client, onSaved, onCancel }: ClientFormProps) {
  const { form, field, message, saving, submit, discardDraft } = useForm<ClientInput>(
    {
      name: client?.name ?? '',
      email: client?.email ?? '',
      phone: formatPhone(client?.phone),
      document: formatCpf(client?.document),
      birthDate: client?.birthDate ?? '',
      notes: client?.notes ?? '',
    },
    SAVE_ERROR,
    clientDraft(client),
  );

  const [createClient] = useCreateClientMutation();
  const [updateClient] = useUpdateClientMutation();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await submit(async () => {
      const input = { ...form, name: form.name.trim(), email: form.email.trim() };
      const saved = client ? await updateClient({ id: client.id, input, version: client.version }).unwrap() : await createClient(input).unwrap();
      onSaved(saved);
    });
  };

  return (
    <CardForm
      title={client ? `Editar ${client.name}` : 'Novo cliente'}
      label={client ? 'Editar cliente' : 'Novo cliente'}
      {...{ message, saving, onSubmit }}
      onCancel={() => {
        discardDraft();
        onCancel();
      }}
      submitLabel="Salvar"
    >
      <div className="row g-3">
        {FIELDS.map((f) => (
          <InputField
            key={f.name}
            id={`client-${f.name}`}
            label={f.label}
            wrapperClassName={f.col}
            type={f.type ?? 'text'}
            placeholder={f.placeholder}
            {...field(f.name)}
          />
        ))}
        <TextAreaField id="client-notes" label="Observações" wrapperClassName="col-12" rows={2} {...field('notes')} />
      </div>
    </CardForm>
  );
}
