import type { CSSProperties, FormEvent, ReactNode } from 'react';
import { notReady, useMounted } from '../lib/use-mounted';
import { ErrorAlert } from './error-alert';

interface CardFormProps {
  title: ReactNode;
  /** The form's accessible name, when the page has several forms. */
  label?: string;
  /** The save's message (useForm's `message`), shown above the fields. */
  message: string | null;
  saving: boolean;
  submitLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Shows a "Cancelar" button before the submit button. */
  onCancel?: () => void;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}

/** A form in a card: title, the save's message, the fields, then "Cancelar" and the submit button. */
export function CardForm({ title, label, message, saving, submitLabel, onSubmit, onCancel, className = 'card mb-3', style, children }: CardFormProps) {
  // Server-rendered open (`/clients?new=1`): the buttons wait for the script.
  const ready = useMounted();
  return (
    <form className={className} style={style} onSubmit={onSubmit} noValidate aria-label={label}>
      <div className="card-header">
        <h2 className="card-title h6 mb-0">{title}</h2>
      </div>
      <div className="card-body">
        <ErrorAlert message={message} />
        {children}
      </div>
      <div className="card-footer d-flex justify-content-end gap-2">
        {onCancel ? (
          <button type="button" className="btn btn-light" onClick={onCancel} disabled={saving} {...notReady(ready)}>
            Cancelar
          </button>
        ) : null}
        {/* Before the script, not a submit: the browser would send the form to nowhere. */}
        <button type={ready ? 'submit' : 'button'} className="btn btn-primary" disabled={saving} {...notReady(ready)}>
          {saving ? 'Salvando...' : submitLabel}
        </button>
      </div>
    </form>
  );
}
