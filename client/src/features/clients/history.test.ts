import { describe, expect, it } from 'vitest';
import { actionLabel, historyChanges } from './history';
import type { HistoryEntry } from './types';

const entry = (changes: HistoryEntry['changes']): HistoryEntry => ({
  id: 1,
  entity: 'client',
  entityId: 1,
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

  it('tells a merge: the record merged in, by name and code, the fields filled, the appointments moved', () => {
    expect(actionLabel('merge')).toBe('Junção de cadastros');
    const lines = historyChanges(
      entry({
        mergedFrom: { old: null, new: { id: 7, name: 'Maria S.', email: 'maria@example.com' } },
        email: { old: null, new: 'maria@example.com' },
        movedAppointments: { old: null, new: 4 },
      }),
    );
    expect(lines.map((l) => `${l.label}: ${l.from} → ${l.to}`)).toEqual([
      'E-mail: — → maria@example.com',
      'Cadastro juntado: — → Maria S. (código 7)',
      'Agendamentos transferidos: — → 4',
    ]);
    const anonymised = historyChanges(entry({ mergedFrom: { old: null, new: { id: 7, name: '***' } } }));
    expect(anonymised[0].to).toBe('removido (código 7)');
  });
});
