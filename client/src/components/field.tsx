import { createElement, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import type { FieldErrors } from '../lib/api';
import { FieldError, invalidClass } from './field-error';

/** What every labelled control shares: its id, label, the server's messages for `errorKey`, and a hint. */
interface FieldFrame {
  id: string;
  label: ReactNode;
  /** The key of this control's messages in `errors` (the API's field name). */
  errorKey?: string;
  errors?: FieldErrors;
  hint?: ReactNode;
  /** Classes of the wrapping element (spacing or grid column); `mb-3` unless told. */
  wrapperClassName?: string;
  /** Classes added to the control's own (`form-control` or `form-select`). */
  className?: string;
}

/**
 * A labelled `<tag>` with the server's messages and a hint under it: the
 * control is described by whichever of them is shown. Every other prop goes
 * to the control.
 */
function labelledControl<Attributes>(tag: 'input' | 'select' | 'textarea', controlClass: string) {
  return function Field(props: FieldFrame & Omit<Attributes, 'id' | 'className'>) {
    const { id, label, errorKey, errors = {}, hint, wrapperClassName = 'mb-3', className = '', ...control } = props;
    const invalid = errorKey ? invalidClass(errors, errorKey) : '';
    const errorId = `${id}-error`;
    const hintId = `${id}-hint`;
    const describedBy = [invalid ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
    return (
      <div className={wrapperClassName || undefined}>
        <label htmlFor={id} className="form-label">
          {label}
        </label>
        {createElement(tag, {
          id,
          'aria-describedby': describedBy,
          'aria-invalid': invalid ? true : undefined,
          className: `${controlClass}${invalid} ${className}`.trim(),
          ...control,
        })}
        {errorKey ? <FieldError errors={errors} name={errorKey} id={errorId} /> : null}
        {hint ? (
          <div id={hintId} className="form-text">
            {hint}
          </div>
        ) : null}
      </div>
    );
  };
}

export const InputField = labelledControl<InputHTMLAttributes<HTMLInputElement>>('input', 'form-control');
export const SelectField = labelledControl<SelectHTMLAttributes<HTMLSelectElement>>('select', 'form-select');
export const TextAreaField = labelledControl<TextareaHTMLAttributes<HTMLTextAreaElement>>('textarea', 'form-control');
