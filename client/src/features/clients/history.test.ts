import { describe, expect, it } from 'vitest';
import { actionLabel, historyChanges } from './history';
import type { HistoryEntry } from './types';

const entry = (changes: HistoryEntry['changes']): HistoryEntry => ({
  id: 1,
  action: 'update',
  userId: 1,
  userName: 'Ana',
  actor: null,
  changes,
  abridged: [],
  createdAt: '2026-11-21T14:30:00-03:00',
});

describe('client history', () => {
  it('names actions and fields in Portuguese, formats values, orders as the form', () => {
    expect(actionLabel('archive')).toBe('Arquivamento');
    const lines = historyChanges(
      entry({
        phone: { old: null, new: '11987654321' },
        name: { old: 'Ana', new: 'Ana Lima' },
        archived: { old: false, new: true },
        birthDate: { old: '1990-02-03', new: '' },
      }),
    );
    expect(lines.map((l) => `${l.label}: ${l.from} → ${l.to}`)).toEqual([
      'Nome: Ana → Ana Lima',
      'Telefone: — → (11) 98765-4321',
      'Data de nascimento: 03/02/1990 → —',
      'Arquivado: Não → Sim',
    ]);
  });
});
