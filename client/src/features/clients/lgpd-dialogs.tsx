import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { Dialog, DialogButtons } from '../../components/dialog';
import { ExportButton } from '../../components/export-button';
import { FieldError, invalidClass } from '../../components/field-error';
import { errorMessage, fieldErrors, type FieldErrors } from '../../lib/api';
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
  const [typed, setTyped] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [anonymise, { isLoading: busy }] = useAnonymiseClientMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await anonymise({ id: client.id, confirmName: typed }).unwrap();
      toast.success('Os dados pessoais do cliente foram removidos.');
      onDone();
    } catch (error) {
      const found = fieldErrors(error);
      setErrors(found);
      if (!found.confirmName) toast.error(errorMessage(error, 'Não foi possível anonimizar o cliente.'));
    }
  };
  return (
    <Dialog
      title="Anonimizar cliente?"
      onClose={onCancel}
      busy={busy}
      footer={<DialogButtons onCancel={onCancel} busy={busy} tone="danger" label="Anonimizar" busyLabel="Anonimizando..." form={formId} />}
    >
      <form id={formId} onSubmit={(e) => void submit(e)} noValidate>
        <p>
          Os dados pessoais de <strong>{client.name}</strong> serão apagados para sempre: nome, e-mail, telefone, CPF, data de nascimento e
          observações, também das observações dos agendamentos e do histórico. Os agendamentos futuros serão cancelados.
        </p>
        <p className="small text-muted">
          Ficam as datas, situações, serviços e valores, para que os relatórios não mudem. <strong>Não dá para desfazer.</strong>
        </p>
        <label className="form-label" htmlFor={`${formId}-name`}>
          Digite o nome do cliente para confirmar
        </label>
        <input
          id={`${formId}-name`}
          className={`form-control${invalidClass(errors, 'confirmName')}`}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          aria-describedby={`${formId}-error`}
          placeholder={client.name}
        />
        <FieldError errors={errors} name="confirmName" id={`${formId}-error`} />
      </form>
    </Dialog>
  );
}
