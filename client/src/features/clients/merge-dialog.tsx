import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { ClientPicker, type PickedClient } from './client-picker';
import { Dialog, DialogButtons } from '../../components/dialog';
import { ErrorAlert } from '../../components/error-alert';
import { useForm } from '../../hooks/use-form';
import { useMergeClientsMutation } from './clients-api';
import type { Client } from './types';

const NONE_PICKED = 'Escolha o cadastro duplicado.';

/**
 * "Juntar cadastros": one person with two records (one booked online with
 * a phone number, one typed at the front desk). The duplicate is picked
 * with the booking's client search; once picked, the dialog says what
 * will happen, and confirming merges it into this record
 * (`POST /api/clients/{id}/merge`, docs/behaviour.md#merging-clients).
 * Recepção and admins: the page offers it to no Profissional.
 */
export function MergeDialog({ client, onDone, onCancel }: { client: Client; onDone: () => void; onCancel: () => void }) {
  const formId = useId();
  const [duplicate, setDuplicate] = useState<PickedClient | null>(null);
  const { errors, message, submit, showErrors } = useForm({}, 'Não foi possível juntar os cadastros.');
  const [mergeClients, { isLoading: busy }] = useMergeClientsMutation();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!duplicate) {
      showErrors({ from: [NONE_PICKED] });
      return;
    }
    void submit(async () => {
      await mergeClients({ id: client.id, from: duplicate.id, version: client.version }).unwrap();
      toast.success(`O cadastro de ${duplicate.name} foi juntado ao de ${client.name}.`);
      onDone();
    });
  };
  return (
    <Dialog
      title="Juntar cadastros"
      onClose={onCancel}
      busy={busy}
      footer={<DialogButtons onCancel={onCancel} busy={busy} tone="danger" label="Juntar cadastros" busyLabel="Juntando..." form={formId} />}
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        {/* A refusal that is not about the record picked (that one shows under the picker). */}
        <ErrorAlert message={errors.from ? null : message} />
        <p>
          Escolha o outro cadastro de <strong>{client.name}</strong>, o duplicado. Fica este cadastro; o outro é apagado.
        </p>
        <ClientPicker
          id={`${formId}-from`}
          label="Cadastro duplicado"
          field="from"
          value={duplicate}
          onChange={(picked) => {
            setDuplicate(picked);
            // "Escolha o cadastro duplicado." once one is chosen: no longer so.
            if (picked && errors.from) showErrors({});
          }}
          errors={errors}
          creatable={false}
          exclude={client.id}
        />
        {duplicate ? (
          <div className="alert alert-warning mb-0" role="status">
            <p className="mb-2">
              Os agendamentos, o histórico e os lembretes de <strong>{duplicate.name}</strong> passam para <strong>{client.name}</strong>; o
              cadastro de <strong>{duplicate.name}</strong> é apagado.
            </p>
            <p className="small mb-0">
              O que estiver vazio em {client.name} (e-mail, telefone, CPF, nascimento, observações) recebe os dados de {duplicate.name}; nada do
              que já está preenchido é trocado. <strong>Não dá para desfazer.</strong>
            </p>
          </div>
        ) : null}
      </form>
    </Dialog>
  );
}
