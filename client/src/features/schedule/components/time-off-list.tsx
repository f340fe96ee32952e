import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import type { skipToken } from '@reduxjs/toolkit/query/react';
import { Trash2 } from '../../../components/icons';
import { useForm } from '../../../hooks/use-form';
import { errorMessage } from '../../../lib/api';
import type { ApiTimeOff } from '../../../lib/api-types';
import { addDays, dayOf, formatDate, formatDateTime, minuteOfDay } from '../../../lib/format';
import { useCreateTimeOffMutation, useDeleteTimeOffMutation, useGetTimeOffQuery, type TimeOffArgs } from '../lib/schedule-api';
import { notReady, useMounted } from '../../../lib/use-mounted';
import { ConfirmDialog } from '../../../components/dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { InputField } from '../../../components/field';

/**
 * When a time off runs, as people say it: whole days (`25/12/2026`,
 * `24/12/2026 a 26/12/2026`; the server keeps the midnight after the last
 * day as the end), or instants (`24/12/2026 14:00 a 24/12/2026 18:00`).
 */
export function timeOffRange(item: Pick<ApiTimeOff, 'startsAt' | 'endsAt'>): string {
  const wholeDays = minuteOfDay(item.startsAt) === 0 && minuteOfDay(item.endsAt) === 0;
  if (!wholeDays) return `${formatDateTime(item.startsAt)} a ${formatDateTime(item.endsAt)}`;
  const first = dayOf(item.startsAt);
  const last = addDays(dayOf(item.endsAt), -1);
  return last <= first ? formatDate(first) : `${formatDate(first)} a ${formatDate(last)}`;
}

interface TimeOffListProps {
  /** Prefix of the form's ids. */
  id: string;
  /** The list's read (the page's, from routes.json). */
  arg: TimeOffArgs | typeof skipToken;
  /** Whose time off is added: a member's id, or null for the whole business (a holiday). */
  staffId: number | null;
  /** Whether this user adds and removes them. */
  editable: boolean;
  /** What one is called: "folga" (`feminine`) or "feriado". */
  noun: string;
  feminine?: boolean;
  empty: string;
}

const BLANK = { startsAt: '', endsAt: '', reason: '' };

/** A member's time off or the business's holidays (`GET /api/time-off`), the ones not over yet; editors add (dates and reason) and remove them. */
export function TimeOffList({ id, arg, staffId, editable, noun, feminine = false, empty }: TimeOffListProps) {
  const [article, ending] = feminine ? ['a', 'a'] : ['o', 'o'];
  const Noun = `${noun[0].toUpperCase()}${noun.slice(1)}`;
  const ready = useMounted();
  const { data, error, isFetching, refetch } = useGetTimeOffQuery(arg);
  const [createTimeOff] = useCreateTimeOffMutation();
  const [deleteTimeOff, { isLoading: removing }] = useDeleteTimeOffMutation();
  const [pending, setPending] = useState<ApiTimeOff | null>(null);
  const { form, setForm, field, message, saving, submit } = useForm(BLANK, `Não foi possível adicionar ${article} ${noun}.`);
  const rows = data?.data ?? [];

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await submit(async () => {
      // One day when the end is left empty.
      const endsAt = form.endsAt || form.startsAt;
      await createTimeOff({ staffId, startsAt: form.startsAt, endsAt, reason: form.reason.trim() }).unwrap();
      setForm(BLANK);
      toast.success(`${Noun} adicionad${ending}.`);
    });
  };

  const remove = async () => {
    if (!pending) return;
    try {
      await deleteTimeOff(pending.id).unwrap();
      toast.success(`${Noun} removid${ending}.`);
      setPending(null);
    } catch (err) {
      toast.error(errorMessage(err, `Não foi possível remover ${article} ${noun}.`));
    }
  };

  return (
    <>
      <ErrorAlert message={error ? errorMessage(error, 'Não foi possível carregar a lista.') : null} onRetry={() => void refetch()} />
      <ul className="list-group list-group-flush mb-3" aria-busy={isFetching} aria-label={`${Noun}s`}>
        {rows.length === 0 ? (
          <li className="list-group-item px-0 text-muted">{isFetching ? 'Carregando...' : empty}</li>
        ) : (
          rows.map((item) => (
            <li key={item.id} className="list-group-item px-0 d-flex align-items-center justify-content-between gap-2">
              <div style={{ minWidth: 0 }}>
                <div className="fw-semibold">{timeOffRange(item)}</div>
                <div className="text-muted small text-break">{item.reason}</div>
              </div>
              {editable ? (
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger btn-touch flex-shrink-0"
                  aria-label={`Remover ${noun} ${item.reason} (${timeOffRange(item)})`}
                  onClick={() => setPending(item)}
                  {...notReady(ready)}
                >
                  <Trash2 size={14} aria-hidden="true" />
                  <span className="ms-1 d-none d-sm-inline">Remover</span>
                </button>
              ) : null}
            </li>
          ))
        )}
      </ul>
      {editable ? (
        <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={`Adicionar ${noun}`} className="border-top pt-3">
          <h3 className="h6">Adicionar {noun}</h3>
          <ErrorAlert message={message} />
          <div className="row g-2">
            <InputField id={`${id}-starts`} label="Início" type="date" wrapperClassName="col-6" {...field('startsAt')} required />
            <InputField id={`${id}-ends`} label="Fim" type="date" wrapperClassName="col-6" {...field('endsAt')} hint="Vazio: um dia." />
            <InputField id={`${id}-reason`} label="Motivo" wrapperClassName="col-12" {...field('reason')} maxLength={120} required />
          </div>
          <div className="text-end mt-2">
            <button type={ready ? 'submit' : 'button'} className="btn btn-outline-primary" disabled={saving} {...notReady(ready)}>
              {saving ? 'Salvando...' : `Adicionar ${noun}`}
            </button>
          </div>
        </form>
      ) : null}
      {pending ? (
        <ConfirmDialog
          title={`Remover ${noun}?`}
          confirmLabel="Remover"
          tone="danger"
          busy={removing}
          onConfirm={() => void remove()}
          onCancel={() => setPending(null)}
        >
          <p className="mb-0">
            <strong>{pending.reason}</strong> ({timeOffRange(pending)}) deixa de valer.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
