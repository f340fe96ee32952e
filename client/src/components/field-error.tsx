import type { FieldErrors } from '../lib/api';

/** The server's messages for one field, under its input. */
export function FieldError({ errors, name }: { errors: FieldErrors; name: string }) {
  const messages = errors[name];
  return messages?.length ? <div className="invalid-feedback d-block">{messages.join(' ')}</div> : null;
}

export function invalidClass(errors: FieldErrors, name: string): string {
  return errors[name]?.length ? ' is-invalid' : '';
}
