import { useState, type ReactNode } from 'react';
import { Dialog } from '../../components/dialog';
import type { Appointment } from '../../lib/appointment';
import type { SeriesScope } from './agenda-api';

const CHOICES: [SeriesScope, string][] = [
  ['this', 'Só esta'],
  ['following', 'Esta e as seguintes'],
  ['all', 'Todas'],
];

interface Question {
  appointment: Appointment;
  what: string;
  resolve: (scope: SeriesScope | null) => void;
}

/**
 * For an occurrence of a series, which occurrences a change reaches: "Só
 * esta", "Esta e as seguintes" or "Todas" (`?scope=`). `ask` answers at once
 * `undefined` for an appointment in no series, and `null` when the user goes
 * back; `question` is what to render meanwhile: a dialog, or in place when
 * the change starts inside a dialog already (`inline`).
 */
export function useScopeQuestion(inline = false): { ask: (a: Appointment, what: string) => Promise<SeriesScope | null | undefined>; question: ReactNode } {
  const [asking, setAsking] = useState<Question | null>(null);
  const ask = (appointment: Appointment, what: string) =>
    appointment.seriesId ? new Promise<SeriesScope | null>((resolve) => setAsking({ appointment, what, resolve })) : Promise.resolve(undefined);
  const answer = (scope: SeriesScope | null) => {
    asking?.resolve(scope);
    setAsking(null);
  };
  if (!asking) return { ask, question: null };
  const { appointment: a, what } = asking;
  const body = (
    <>
      <p className="mb-2">
        {what}: este agendamento de {a.clientName} é o {a.seriesPosition} de {a.seriesTotal} de uma série.
      </p>
      <div className="d-flex flex-wrap gap-2" role="group" aria-label="Quais agendamentos da série">
        {CHOICES.map(([scope, label]) => (
          <button key={scope} type="button" className="btn btn-outline-primary btn-touch" onClick={() => answer(scope)}>
            {label}
          </button>
        ))}
      </div>
      <p className="small text-body-secondary mt-2 mb-0">Agendamentos que já passaram, cancelados ou concluídos não mudam.</p>
    </>
  );
  const question = inline ? (
    <div className="border border-primary-subtle rounded p-2 mb-3 series-scope" role="region" aria-label="Só esta ou a série?">
      {body}
      <button type="button" className="btn btn-light btn-sm btn-touch mt-2" onClick={() => answer(null)}>
        Voltar
      </button>
    </div>
  ) : (
    <Dialog
      title="Só esta ou a série?"
      onClose={() => answer(null)}
      footer={
        <button type="button" className="btn btn-light btn-touch" onClick={() => answer(null)}>
          Voltar
        </button>
      }
    >
      {body}
    </Dialog>
  );
  return { ask, question };
}
