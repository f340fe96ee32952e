import type { FieldErrors } from '../lib/api';

/** The server's messages for one field, under its input. */
export function FieldError({ errors, name, id }: { errors: FieldErrors; name: string; id?: string }) {
  const messages = errors[name];
  return messages?.length ? (
    <div id={id} className="invalid-feedback d-block">
      {messages.join(' ')}
    </div>
  ) : null;
}

export function invalidClass(errors: FieldErrors, name: string): string {
  return errors[name]?.length ? ' is-invalid' : '';
}
