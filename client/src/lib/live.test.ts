import { describe, expect, it } from 'vitest';
import { changeNote, liveTags, parseChange } from './live';

const change = {
  kind: 'changed',
  appointmentId: 9,
  version: 3,
  staffId: 2,
  day: '2030-05-06',
  movedFrom: { staffId: 4, day: '2030-05-05' },
  author: { kind: 'user', id: 7 },
} as const;

describe('live changes', () => {
  it('make stale the agendas of the days they touch and that appointment, not every agenda', () => {
    const tags = liveTags(change);
    expect(tags).toContainEqual({ type: 'Agenda', id: '2:2030-05-06' });
    expect(tags).toContainEqual({ type: 'Agenda', id: '4:2030-05-05' });
    expect(tags).toContainEqual({ type: 'Agenda', id: 'appointment:9' });
    // The bare tag would read every agenda again.
    expect(tags).not.toContain('Agenda');
    expect(liveTags({ ...change, movedFrom: null }).filter((t) => typeof t !== 'string' && String(t.id).includes(':2030'))).toHaveLength(1);
  });

  it('make stale the record of its client only, or every record when it names none', () => {
    expect(liveTags({ ...change, clientId: 5 })).toContainEqual({ type: 'Client', id: 5 });
    expect(liveTags({ ...change, clientId: 5 })).not.toContain('Client');
    expect(liveTags(change)).toContain('Client');
    expect(parseChange(JSON.stringify({ ...change, clientId: 5 }))?.clientId).toBe(5);
    expect(parseChange(JSON.stringify({ ...change, clientId: '5' }))).toEqual(change);
  });

  it('read the stream\'s data, and refuse what is not a change', () => {
    expect(parseChange(JSON.stringify(change))).toEqual(change);
    expect(parseChange('{"kind":"ready"}')).toBeNull();
    expect(parseChange('not json')).toBeNull();
  });

  it('say who changed a block', () => {
    const names = [{ id: 7, name: 'Ana Souza' }];
    expect(changeNote(change, names)).toBe('alterado por Ana agora');
    expect(changeNote({ ...change, kind: 'created' }, names)).toBe('agendado por Ana agora');
    expect(changeNote({ ...change, author: { kind: 'user', id: 8 } }, names)).toBe('alterado por outra pessoa agora');
    expect(changeNote({ ...change, author: { kind: 'online' } }, names)).toBe('alterado pela internet agora');
  });
});
