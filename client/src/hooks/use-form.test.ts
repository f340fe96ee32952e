import { describe, expect, it } from 'vitest';
import { rebase } from './use-form';

describe('a form moved onto a newer version of its record', () => {
  const base = { name: 'Maria', phone: '(11) 1111-1111', email: 'm@x.com', notes: '' };

  it('takes their value where this user typed nothing, keeps what this user alone changed', () => {
    const typed = { ...base, notes: 'Alergia a látex' };
    const theirs = { ...base, phone: '(11) 2222-2222' };
    const { form, review } = rebase(typed, base, theirs);
    expect(form).toEqual({ ...base, phone: '(11) 2222-2222', notes: 'Alergia a látex' });
    expect(review).toEqual({ phone: { theirs: '(11) 2222-2222', clash: false } });
  });

  it('a field both changed, to different values, keeps what was typed and is a clash; the same value is none', () => {
    const typed = { ...base, phone: '(11) 3333-3333', email: 'novo@x.com' };
    const theirs = { ...base, phone: '(11) 2222-2222', email: 'novo@x.com' };
    const { form, review } = rebase(typed, base, theirs);
    expect(form).toEqual(typed);
    expect(review).toEqual({ phone: { theirs: '(11) 2222-2222', clash: true } });
  });
});
