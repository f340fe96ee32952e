import type { FormEvent } from 'react';
import { CardForm } from '../../components/card-form';
import { InputField, TextAreaField } from '../../components/field';
import { useForm } from '../../hooks/use-form';
import { useCreateClientMutation } from './client-create';
import { editingNote, useEditors } from '../../lib/live';
import { useAnnouncePresence } from '../../lib/presence-api';
import { formatCpf, formatPhone } from '../../lib/format';
import { useGetClientQuery, useUpdateClientMutation, type ClientInput } from './clients-api';
import { clientDraft } from './client-draft';
import type { Client } from './types';

const SAVE_ERROR = 'Não foi possível salvar o cliente.';

const FIELDS: { name: keyof ClientInput; label: string; type?: string; placeholder?: string; col: string }[] = [
  { name: 'name', label: 'Nome', col: 'col-md-6' },
  { name: 'email', label: 'E-mail', type: 'email', col: 'col-md-6' },
  { name: 'phone', label: 'Telefone', placeholder: '(11) 98765-4321', col: 'col-md-4' },
  { name: 'document', label: 'CPF', placeholder: '000.000.000-00', col: 'col-md-4' },
  { name: 'birthDate', label: 'Data de nascimento', type: 'date', col: 'col-md-4' },
];

/** A client's fields as the form holds them (the phone and CPF formatted). */
function valuesOf(client: Client | null): ClientInput {
  return {
    name: client?.name ?? '',
    email: client?.email ?? '',
    phone: formatPhone(client?.phone),
    document: formatCpf(client?.document),
    birthDate: client?.birthDate ?? '',
    notes: client?.notes ?? '',
  };
}

interface ClientFormProps {
  /** The client being edited, or null for a new one. */
  client: Client | null;
  onSaved: (client: Client) => void;
  onCancel: () => void;
}

/** Creates or edits a client (POST / PUT /api/clients), showing the server's field errors; the screens showing clients reload by what a client write changes. */
export function ClientForm({ client, onSaved, onCancel }: ClientFormProps) {
  // The record as saved now: after a 409 the write's tags reload it, and the
  // form moves what was typed onto it (hooks/use-form.ts).
  const { data: fresh } = useGetClientQuery({ id: client?.id ?? 0 }, { skip: !client });
  const current = client && fresh && fresh.version > client.version ? fresh : client;
  const { form, field, message, saving, submit, discardDraft, changes, version } = useForm<ClientInput>(
    () => valuesOf(client),
    SAVE_ERROR,
    clientDraft(client),
    current ? { values: valuesOf(current), version: current.version } : undefined,
  );

  // Who else has this client's form open ("Ana está editando"), and this user to them.
  useAnnouncePresence('client', client?.id ?? null);
  const editors = useEditors('client', client?.id ?? null);

  const [createClient] = useCreateClientMutation();
  const [updateClient] = useUpdateClientMutation();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await submit(async () => {
      const trim = (input: Partial<ClientInput>) => ({
        ...input,
        ...(input.name !== undefined && { name: input.name.trim() }),
        ...(input.email !== undefined && { email: input.email.trim() }),
      });
      if (!client || !current) {
        onSaved(await createClient(trim(form) as ClientInput).unwrap());
        return;
      }
      // Only what this user changed, on the version it was typed on: a field
      // someone else saved meanwhile is never sent back with its old value.
      const input = trim(changes());
      onSaved(Object.keys(input).length ? await updateClient({ id: client.id, input, version: version ?? current.version }).unwrap() : current);
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
      {editors ? (
        <div className="alert alert-info py-2" role="status">
          {editingNote(editors, 'este cliente')}
        </div>
      ) : null}
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
