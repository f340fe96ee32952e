import { describe, expect, it } from 'vitest';
import { expectCases } from './expect-cases';
import * as format from './format';

describe('format', () => {
  it('reads the wall clock from the string, whatever the offset', () => {
    // 23:30 at -03:00 is the next day in UTC: the business day must win.
    expectCases(format.formatDate, [['2026-11-21T14:30:00-03:00', '21/11/2026'], ['2026-11-21T23:30:00-03:00', '21/11/2026']]);
    expectCases(format.formatTime, [['2026-11-21T14:30:00-03:00', '14:30'], ['2026-01-05T08:05:00+05:30', '08:05']]);
    expect(format.formatDateTime('2026-11-21T14:30:00-03:00')).toBe('21/11/2026 14:30');
  });

  it('formats plain dates and bad input', () => {
    expectCases(format.formatDate, [['1990-02-03', '03/02/1990'], ['', ''], [null, ''], ['ontem', '']]);
    expect(format.formatTime('1990-02-03')).toBe('');
    expect(format.formatDateTime('1990-02-03')).toBe('03/02/1990');
  });

  it('formats a time range with an en dash', () => {
    expect(format.formatTimeRange('2026-11-21T14:30:00-03:00', '2026-11-21T15:00:00-03:00')).toBe('14:30–15:00');
  });

  it('formats money in reais from cents', () => {
    expectCases(format.formatMoney, [
      [123450, 'R$ 1.234,50'], [0, 'R$ 0,00'], [5, 'R$ 0,05'], [100000000, 'R$ 1.000.000,00'], [-500, '-R$ 5,00'], [null, 'R$ 0,00'],
    ]);
  });

  it('groups thousands with dots', () => {
    expectCases(format.formatNumber, [[0, '0'], [999, '999'], [1234, '1.234'], [1234567, '1.234.567'], [-1234, '-1.234']]);
  });

  it('says when a count is an estimate', () => {
    expect(format.formatCount(123456, true)).toBe('cerca de 123.456');
    expect(format.formatCount(9999)).toBe('9.999');
  });

  it('formats fractions as percentages', () => {
    expectCases(format.formatPercent, [[0, '0,0%'], [0.1234, '12,3%'], [1, '100,0%'], [0.00049, '0,0%'], [12.5, '1.250,0%'], [NaN, '0,0%']]);
  });

  it('formats phones and CPFs stored as digits', () => {
    expectCases(format.formatPhone, [
      ['11987654321', '(11) 98765-4321'], ['1134567890', '(11) 3456-7890'], ['(21) 99999-0000', '(21) 99999-0000'],
      ['+44 20 7946 0958', '+44 20 7946 0958'], [null, ''],
    ]);
    expectCases(format.formatCpf, [['12345678909', '123.456.789-09'], ['123.456.789-09', '123.456.789-09'], ['123', '123']]);
  });

  it('reads money typed in reais', () => {
    expectCases(format.parseMoney, [
      ['1.234,50', 123450], ['R$ 45', 4500], ['45,5', 4550], ['45.50', 4550], ['1.000', 100000], ['0,05', 5],
      ['', null], ['abc', null], ['1,2,3', null],
    ]);
    expect(format.moneyInput(123450)).toBe('1.234,50');
  });
});
