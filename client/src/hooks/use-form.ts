import { useState } from 'react';
import { errorMessage, fieldErrors, type FieldErrors } from '../lib/api';

/**
 * A form's save: `submit(work)` clears the previous errors, marks it saving,
 * runs `work`, and on failure keeps the server's field errors and message
 * (or `fallback` when the answer carried none).
 */
export function useSubmission(fallback: string) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (work: () => Promise<void>) => {
    setSaving(true);
    setErrors({});
    setMessage(null);
    try {
      await work();
    } catch (error) {
      setErrors(fieldErrors(error));
      setMessage(errorMessage(error, fallback));
    } finally {
      setSaving(false);
    }
  };

  return { errors, setErrors, message, setMessage, saving, submit };
}
