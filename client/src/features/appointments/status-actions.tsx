import { useState } from 'react';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../components/dialog';
import { ErrorAlert } from '../../components/error-alert';
import { TextAreaField } from '../../components/field';
import { useForm } from '../../hooks/use-form';
import { errorMessage } from '../../lib/api';
import { STATUS_ACTIONS, statusLabel, type Appointment, type AppointmentStatus } from '../../lib/appointment';
import { useChangeStatusMutation } from './agenda-api';
import { useScopeQuestion } from './series-scope';

/**
 * The status changes the server allows from the appointment's status, as
 * buttons; cancelling asks the reason in a dialog first (the server needs
 * one). What shows appointments reloads after a change, as after every
 * appointment write (`CHANGES` in lib/api-slice.ts). In a series, each
 * change asks first which occurrences it reaches.
 */
export function StatusActions({
  appointment,
  className = '',
  inline = false,
}: {
  appointment: Appointment;
  className?: string;
  /** Inside a dialog already: ask the reason in place rather than in a second dialog. */
  inline?: boolean;
}) {
  const [changeStatus, { isLoading: busy }] = useChangeStatusMutation();
  const [cancelling, setCancelling] = useState(false);
  // The cancellation's one field, the reason, and what the server says of it.
  const { form, setForm, field, errors, message, showErrors, submit } = useForm({ reason: '' }, 'Não foi possível cancelar o agendamento.');
  const next = appointment.nextStatuses ?? [];
  const { ask, question } = useScopeQuestion(inline);
  const done = (status: AppointmentStatus) => toast.success(`Agendamento de ${appointment.clientName}: ${statusLabel(status)}.`);

  // Any other status is one tap, no form: a refusal is a toast.
  const change = async (status: AppointmentStatus) => {
    const scope = await ask(appointment, STATUS_ACTIONS[status]);
    if (scope === null) return;
    try {
      await changeStatus({ id: appointment.id, version: appointment.version, status, scope }).unwrap();
      done(status);
    } catch (error) {
      toast.error(errorMessage(error, 'Não foi possível alterar o status.'));
    }
  };
  const cancel = async () => {
    const scope = await ask(appointment, STATUS_ACTIONS.cancelado);
    if (scope === null) return;
    await submit(async () => {
      await changeStatus({ id: appointment.id, version: appointment.version, status: 'cancelado', cancellationReason: form.reason.trim(), scope }).unwrap();
      done('cancelado');
      setCancelling(false);
    });
  };

  const reasonField = (
    <>
      <ErrorAlert message={errors.cancellationReason ? null : message} />
      <TextAreaField
        id="cancellation-reason"
        label={`Motivo do cancelamento de ${appointment.clientName}`}
        wrapperClassName=""
        rows={3}
        autoFocus={inline}
        {...field('reason', 'cancellationReason')}
      />
    </>
  );

  if (!next.length) return null;
  return (
    <div className={`d-inline-flex flex-wrap gap-1 ${className}`}>
      {next.map((status) => (
        <button
          key={status}
          type="button"
          className={`btn btn-sm btn-touch ${status === 'cancelado' || status === 'faltou' ? 'btn-outline-danger' : 'btn-outline-primary'}`}
          disabled={busy}
          onClick={() => {
            if (status !== 'cancelado') return void change(status);
            setForm({ reason: '' });
            showErrors({});
            setCancelling(true);
          }}
        >
          {STATUS_ACTIONS[status]}
        </button>
      ))}
      {question}
      {cancelling && !inline ? (
        <ConfirmDialog
          title="Cancelar agendamento"
          confirmLabel="Cancelar agendamento"
          cancelLabel="Voltar"
          tone="danger"
          busy={busy}
          onConfirm={() => void cancel()}
          onCancel={() => setCancelling(false)}
        >
          {reasonField}
        </ConfirmDialog>
      ) : null}
      {cancelling && inline ? (
        <div className="w-100 border border-danger-subtle rounded p-2 mt-1">
          {reasonField}
          <div className="d-flex justify-content-end gap-2 mt-2">
            <button type="button" className="btn btn-light btn-touch" onClick={() => setCancelling(false)} disabled={busy}>
              Voltar
            </button>
            <button type="button" className="btn btn-danger btn-touch" onClick={() => void cancel()} disabled={busy}>
              {busy ? 'Aguarde...' : 'Cancelar agendamento'}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
