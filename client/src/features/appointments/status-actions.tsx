import { useState } from 'react';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../components/dialog';
import { FieldError } from '../../components/field-error';
import { errorMessage, fieldErrors, type FieldErrors } from '../../lib/api';
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
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const next = appointment.nextStatuses ?? [];
  const { ask, question } = useScopeQuestion(inline);

  const change = async (status: AppointmentStatus, cancellationReason?: string) => {
    const scope = await ask(appointment, STATUS_ACTIONS[status]);
    if (scope === null) return;
    try {
      await changeStatus({ id: appointment.id, version: appointment.version, status, cancellationReason, scope }).unwrap();
      toast.success(`Agendamento de ${appointment.clientName}: ${statusLabel(status)}.`);
      setCancelling(false);
    } catch (error) {
      const fields = fieldErrors(error);
      if (status === 'cancelado' && fields.cancellationReason) setErrors(fields);
      else toast.error(errorMessage(error, 'Não foi possível alterar o status.'));
    }
  };

  const reasonField = (
    <>
      <label htmlFor="cancellation-reason" className="form-label">
        Motivo do cancelamento de {appointment.clientName}
      </label>
      <textarea
        id="cancellation-reason"
        className={`form-control${errors.cancellationReason ? ' is-invalid' : ''}`}
        rows={3}
        value={reason}
        autoFocus={inline}
        aria-describedby={errors.cancellationReason ? 'cancellation-reason-error' : undefined}
        onChange={(event) => setReason(event.target.value)}
      />
      <FieldError errors={errors} name="cancellationReason" id="cancellation-reason-error" />
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
            setReason('');
            setErrors({});
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
          onConfirm={() => void change('cancelado', reason.trim())}
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
            <button type="button" className="btn btn-danger btn-touch" onClick={() => void change('cancelado', reason.trim())} disabled={busy}>
              {busy ? 'Aguarde...' : 'Cancelar agendamento'}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
