import { useId, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { Dialog, DialogButtons } from '../../components/dialog';
import { ErrorAlert } from '../../components/error-alert';
import { ExportButton } from '../../components/export-button';
import { InputField } from '../../components/field';
import { useForm } from '../../hooks/use-form';
import { useAnonymiseClientMutation } from './clients-api';
import type { Client } from './types';

/**
 * "Exportar dados (LGPD)": everything held about the client (record,
 * appointments, history, reminders sent), as one JSON file or a ZIP of
 * spreadsheets. Admins only; the export is recorded in the history.
 */
export function ExportDataDialog({ client, onClose }: { client: Client; onClose: () => void }) {
  const path = `/clients/${client.id}/export`;
  return (
    <Dialog title="Exportar dados (LGPD)" onClose={onClose} footer={<button type="button" className="btn btn-light btn-touch" onClick={onClose}>Fechar</button>}>
      <p>
        Uma cópia de tudo o que o Expediente guarda sobre <strong>{client.name}</strong>: o cadastro, todos os agendamentos, o histórico de
        alterações e os lembretes enviados, para entregar ao cliente que pedir (LGPD, art. 18).
      </p>
      <p className="text-muted small">A exportação fica registrada no histórico do cliente (quem e quando). Entregue o arquivo só ao próprio cliente.</p>
      <div className="d-flex flex-wrap gap-2">
        <ExportButton path={path} query={{ format: 'json' }} filename={`cliente-${client.id}-dados.json`} label="Baixar JSON" variant="btn-primary" />
        <ExportButton path={path} query={{ format: 'zip' }} filename={`cliente-${client.id}-dados.zip`} label="Baixar planilhas (ZIP)" />
      </div>
    </Dialog>
  );
}

/**
 * "Anonimizar cliente": removes the client's personal data for good, once
 * the admin has typed the client's name. Admins only.
 */
export function AnonymiseDialog({ client, onDone, onCancel }: { client: Client; onDone: () => void; onCancel: () => void }) {
  const formId = useId();
  const { form, field, errors, message, submit } = useForm({ confirmName: '' }, 'Não foi possível anonimizar o cliente.');
  const [anonymise, { isLoading: busy }] = useAnonymiseClientMutation();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(async () => {
      await anonymise({ id: client.id, confirmName: form.confirmName }).unwrap();
      toast.success('Os dados pessoais do cliente foram removidos.');
      onDone();
    });
  };
  return (
    <Dialog
      title="Anonimizar cliente?"
      onClose={onCancel}
      busy={busy}
      footer={<DialogButtons onCancel={onCancel} busy={busy} tone="danger" label="Anonimizar" busyLabel="Anonimizando..." form={formId} />}
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        {/* A refusal that is not about the name typed (the name's own shows under its field). */}
        <ErrorAlert message={errors.confirmName ? null : message} />
        <p>
          Os dados pessoais de <strong>{client.name}</strong> serão apagados para sempre: nome, e-mail, telefone, CPF, data de nascimento e
          observações, também das observações dos agendamentos e do histórico. Os agendamentos futuros serão cancelados.
        </p>
        <p className="small text-muted">
          Ficam as datas, situações, serviços e valores, para que os relatórios não mudem. <strong>Não dá para desfazer.</strong>
        </p>
        <InputField
          id={`${formId}-name`}
          label="Digite o nome do cliente para confirmar"
          wrapperClassName=""
          autoComplete="off"
          placeholder={client.name}
          {...field('confirmName')}
        />
      </form>
    </Dialog>
  );
}
