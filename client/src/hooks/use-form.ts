import { createElement, useCallback, useState } from 'react';
import { ReviewNote } from '../components/review-note';
import { conflictOf, conflictsOf, errorMessage, fieldErrors, ruleOf, type FieldErrors } from '../lib/api';
import type { ApiScheduleConflict, ApiScheduleRule, ApiSeriesConflict } from '../lib/api-types';
import { useDraft, type DraftOrigin } from './use-draft';

type TextValues<T> = { [K in keyof T]: string };

/** A field someone else saved while this form was open: their value, and whether this user typed another one there too (a clash to settle). */
export interface Review {
  theirs: string;
  clash: boolean;
}

/** Shown when a newer version of the record arrives while this user has changes. */
export const REBASED = 'Outra pessoa salvou este registro enquanto você editava. Os campos que você não alterou já mostram o que foi salvo.';
export const CLASHED = 'Outra pessoa salvou este registro enquanto você editava. Nos campos marcados, escolha entre o que foi salvo e o que você digitou.';
const UNSETTLED = 'Escolha, em cada campo marcado, entre o que foi salvo e o que você digitou.';

/**
 * `form` typed on `base`, moved onto `theirs` (a newer version): a field this
 * user left alone takes their value; a field only this user changed keeps
 * it; a field both changed, to different values, keeps this user's text and
 * is a clash, shown beside theirs until the user picks one.
 */
export function rebase<T extends TextValues<T>>(form: T, base: T, theirs: T): { form: T; review: Partial<Record<keyof T, Review>> } {
  const next = { ...form };
  const review: Partial<Record<keyof T, Review>> = {};
  for (const name of Object.keys(theirs) as (keyof T)[]) {
    const [mine, was, now] = [form[name], base[name], theirs[name]];
    if (now === was) continue;
    if (mine === was) {
      next[name] = now;
      review[name] = { theirs: now, clash: false };
    } else if (mine !== now) {
      review[name] = { theirs: now, clash: true };
    }
  }
  return { form: next, review };
}

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
 * a scheduling clash, the appointment it clashes with (`conflict`), and for
 * a time outside the scheduling rules, which rule (`rule`: ask, then book anyway),
 * and for a series, every date that cannot be booked (`conflicts`).
 * `showErrors(errors)` shows field errors found before sending instead.
 *
 * With `draft` (a name for the form, see use-draft.ts), what is typed
 * survives an expired session: it is restored when the same user opens the
 * form again, until a save succeeds or `discardDraft` (on cancel) drops it.
 *
 * With `record` (the edited record's values as the form holds them, and its
 * version), the form remembers the version it was typed on (kept with the
 * draft too): a save sends `changes()` with that `version`. When a newer
 * version arrives (the reload a 409 brings, or a draft restored after
 * someone else saved), the form is `rebase`d onto it and `field` shows,
 * under each field they saved, their value; a save waits until every clash
 * is settled with `pick`.
 */
export function useForm<T extends TextValues<T>>(initial: T | (() => T), fallback: string, draft?: string, record?: { values: T; version: number }) {
  const [initialValues] = useState<T>(initial);
  const [form, setForm] = useState<T>(initialValues);
  const [origin, setOrigin] = useState<DraftOrigin<T> | null>(record ? { base: record.values, version: record.version } : null);
  const [review, setReview] = useState<Partial<Record<keyof T, Review>>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [conflict, setConflict] = useState<ApiScheduleConflict | null>(null);
  const [rule, setRule] = useState<ApiScheduleRule | null>(null);
  const [conflicts, setConflicts] = useState<ApiSeriesConflict[]>([]);
  const [saving, setSaving] = useState(false);
  // The draft keeps the origin of its last settled state: reloaded while a
  // clash is open, it shows the clash again rather than this user's text alone.
  const [settled, setSettled] = useState<DraftOrigin<T> | null>(origin);
  const restore = useCallback((values: T, from?: DraftOrigin<T>) => {
    setForm(values);
    if (from) {
      setOrigin(from);
      setSettled(from);
    }
  }, []);
  const discardDraft = useDraft(draft, form, initialValues, restore, settled);
  const hasClash = (all: Partial<Record<keyof T, Review>>) => Object.values(all).some((r) => (r as Review).clash);

  const base = origin?.base ?? initialValues;
  /** The fields this user changed: all a save of an existing record sends. */
  const changes = (): Partial<T> => Object.fromEntries(Object.entries(form).filter(([name, value]) => value !== base[name as keyof T])) as Partial<T>;

  // A newer version of the record: move what was typed onto it (during
  // render, as React's state derived from props does; never saves anything).
  if (record && origin && record.version > origin.version) {
    const moved = rebase(form, origin.base, record.values);
    const kept = Object.fromEntries(
      Object.entries(review).filter(([name, r]) => (r as Review).clash && form[name as keyof T] !== record.values[name as keyof T]),
    ) as Partial<Record<keyof T, Review>>;
    const next = { ...kept, ...moved.review };
    const typed = Object.keys(changes()).length > 0;
    const now = { base: record.values, version: record.version };
    setForm(moved.form);
    setOrigin(now);
    setReview(typed ? next : {});
    if (!hasClash(next)) setSettled(now);
    if (typed) setMessage(hasClash(next) ? CLASHED : REBASED);
  }

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    setMessage(null);
    setConflict(null);
    setRule(null);
    setConflicts([]);
  };

  /** Settles a clash: `theirs` takes the value saved by the other person, `mine` keeps what this user typed. */
  const pick = (name: keyof T, which: 'theirs' | 'mine') => {
    const r = review[name];
    if (!r) return;
    if (which === 'theirs') setForm((f) => ({ ...f, [name]: r.theirs }));
    const rest = Object.fromEntries(Object.entries(review).filter(([key]) => key !== name)) as Partial<Record<keyof T, Review>>;
    setReview(rest);
    if (!hasClash(rest)) setSettled(origin);
  };

  /** What `field` and other controls show under a field someone else saved. */
  const reviewOf = (name: keyof T & string, label?: (value: string) => string) => {
    const r = review[name];
    return r ? createElement(ReviewNote, { theirs: label ? label(r.theirs) : r.theirs, clash: r.clash, onPick: (which: 'theirs' | 'mine') => pick(name, which) }) : undefined;
  };

  const field = (name: keyof T & string, errorKey: string | null = name) => {
    const note = reviewOf(name);
    return {
      value: form[name],
      onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
      errorKey: errorKey ?? undefined,
      errors,
      ...(note && { hint: note }),
    };
  };

  const submit = async (work: () => Promise<void>) => {
    if (hasClash(review)) {
      setMessage(UNSETTLED);
      return;
    }
    setSaving(true);
    showErrors({});
    try {
      await work();
      setReview({});
      discardDraft();
    } catch (error) {
      setErrors(fieldErrors(error));
      setMessage(errorMessage(error, fallback));
      setConflict(conflictOf(error));
      setRule(ruleOf(error));
      setConflicts(conflictsOf(error));
    } finally {
      setSaving(false);
    }
  };

  return {
    form,
    setForm,
    field,
    errors,
    showErrors,
    message,
    conflict,
    conflicts,
    rule,
    saving,
    submit,
    discardDraft,
    changes,
    version: origin?.version,
    reviewOf,
  };
}
