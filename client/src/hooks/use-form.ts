import { useState } from 'react';
import { conflictOf, errorMessage, fieldErrors, type FieldErrors } from '../lib/api';
import type { ApiScheduleConflict } from '../lib/api-types';
import { useDraft } from './use-draft';

type TextValues<T> = { [K in keyof T]: string };

/**
 * A form's text values and its save, for InputField / SelectField / TextAreaField.
 *
 * `field(name)` binds one value to a field: its `value`, an `onChange` that
 * stores what was typed, and the server's messages for `errorKey` (the API's
 * field name, `name` unless told; `null` for a value the server does not name).
 *
 * `submit(work)` clears the previous errors, marks the form saving, runs
 * `work`, and on failure keeps what the server's error body says: its field
 * errors, its message (or `fallback` when the answer carried none) and, for
 * a scheduling clash, the appointment it clashes with (`conflict`).
 * `showErrors(errors)` shows field errors found before sending instead.
 *
 * With `draft` (a name for the form, see use-draft.ts), what is typed
 * survives an expired session: it is restored when the same user opens the
 * form again, until a save succeeds or `discardDraft` (on cancel) drops it.
 */
export function useForm<T extends TextValues<T>>(initial: T | (() => T), fallback: string, draft?: string) {
  const [initialValues] = useState<T>(initial);
  const [form, setForm] = useState<T>(initialValues);
  const discardDraft = useDraft(draft, form, initialValues, setForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [conflict, setConflict] = useState<ApiScheduleConflict | null>(null);
  const [saving, setSaving] = useState(false);

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    setMessage(null);
    setConflict(null);
  };

  const field = (name: keyof T & string, errorKey: string | null = name) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
    errorKey: errorKey ?? undefined,
    errors,
  });

  const submit = async (work: () => Promise<void>) => {
    setSaving(true);
    showErrors({});
    try {
      await work();
      discardDraft();
    } catch (error) {
      setErrors(fieldErrors(error));
      setMessage(errorMessage(error, fallback));
      setConflict(conflictOf(error));
    } finally {
      setSaving(false);
    }
  };

  return { form, setForm, field, errors, showErrors, message, conflict, saving, submit, discardDraft };
}
