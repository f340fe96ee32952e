// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { clearDrafts, hasDraft, keepDraftsOf } from './use-draft';

const draft = (userId: number, form: string) => `expediente:draft:${userId}:${form}`;

afterEach(() => sessionStorage.clear());

describe('drafts on a shared computer', () => {
  it('signing out drops every draft, of every user, and nothing else', () => {
    sessionStorage.setItem(draft(1, 'client:new'), JSON.stringify({ name: 'Maria', document: '529.982.247-25' }));
    sessionStorage.setItem(draft(1, 'client:12'), JSON.stringify({ notes: 'Alergia a látex' }));
    sessionStorage.setItem(draft(2, 'booking'), JSON.stringify({ service: 'Corte' }));
    sessionStorage.setItem('other-key', 'kept');
    clearDrafts();
    expect(hasDraft(1, 'client:new')).toBe(false);
    expect(hasDraft(1, 'client:12')).toBe(false);
    expect(hasDraft(2, 'booking')).toBe(false);
    expect(sessionStorage.length).toBe(1);
    expect(sessionStorage.getItem('other-key')).toBe('kept');
  });

  it("a user's sign-in keeps their own drafts and drops those another user left", () => {
    sessionStorage.setItem(draft(1, 'client:new'), JSON.stringify({ name: 'Maria' }));
    sessionStorage.setItem(draft(12, 'client:new'), JSON.stringify({ name: 'João' }));
    sessionStorage.setItem(draft(2, 'client:new'), JSON.stringify({ name: 'Ana' }));
    sessionStorage.setItem('other-key', 'kept');
    keepDraftsOf(1);
    // User 12's key starts with "1" too: the whole id is compared.
    expect([hasDraft(1, 'client:new'), hasDraft(12, 'client:new'), hasDraft(2, 'client:new')]).toEqual([true, false, false]);
    expect(sessionStorage.getItem('other-key')).toBe('kept');
  });
});
