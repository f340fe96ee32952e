import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import type { FieldErrors } from '../lib/api';
import { FieldError, invalidClass } from './field-error';

/** What every labelled control shares: its id, label, the server's messages for `name`, and a hint. */
interface FieldFrame {
  id: string;
  label: ReactNode;
  /** The key of this control's messages in `errors` (the API's field name). */
  errorKey?: string;
  errors?: FieldErrors;
  hint?: ReactNode;
  /** Classes of the wrapping element (spacing or grid column). */
  wrapperClassName?: string;
}

/** Label, control, the server's messages and a hint: the control is described by whichever of them is shown. */
function Frame({ id, label, errorKey, errors = {}, hint, wrapperClassName = 'mb-3', control }: FieldFrame & {
  control: (props: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true; invalid: string }) => ReactNode;
}) {
  const invalid = errorKey ? invalidClass(errors, errorKey) : '';
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [invalid ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={wrapperClassName}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {control({ id, 'aria-describedby': describedBy, 'aria-invalid': invalid ? true : undefined, invalid })}
      {errorKey ? <FieldError errors={errors} name={errorKey} id={errorId} /> : null}
      {hint ? (
        <div id={hintId} className="form-text">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

type InputFieldProps = FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled `<input>` with the server's messages under it. */
export function InputField({ id, label, errorKey, errors, hint, wrapperClassName, className = '', ...input }: InputFieldProps) {
  return (
    <Frame
      {...{ id, label, errorKey, errors, hint, wrapperClassName }}
      control={({ invalid, ...aria }) => <input {...aria} className={`form-control${invalid} ${className}`.trim()} {...input} />}
    />
  );
}

type SelectFieldProps = FieldFrame & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>;

/** A labelled `<select>` with the server's messages under it. */
export function SelectField({ id, label, errorKey, errors, hint, wrapperClassName, className = '', children, ...select }: SelectFieldProps) {
  return (
    <Frame
      {...{ id, label, errorKey, errors, hint, wrapperClassName }}
      control={({ invalid, ...aria }) => (
        <select {...aria} className={`form-select${invalid} ${className}`.trim()} {...select}>
          {children}
        </select>
      )}
    />
  );
}

type TextAreaFieldProps = FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

/** A labelled `<textarea>` with the server's messages under it. */
export function TextAreaField({ id, label, errorKey, errors, hint, wrapperClassName, className = '', ...textarea }: TextAreaFieldProps) {
  return (
    <Frame
      {...{ id, label, errorKey, errors, hint, wrapperClassName }}
      control={({ invalid, ...aria }) => <textarea {...aria} className={`form-control${invalid} ${className}`.trim()} {...textarea} />}
    />
  );
}
