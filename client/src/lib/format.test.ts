import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatCpf,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPhone,
  formatTime,
  formatTimeRange,
  isoDate,
  moneyInput,
  parseMoney,
  monthPeriod,
} from './format';

describe('format', () => {
  it('reads the wall clock from the string, whatever the offset', () => {
    expect(formatDate('2026-11-21T14:30:00-03:00')).toBe('21/11/2026');
    expect(formatTime('2026-11-21T14:30:00-03:00')).toBe('14:30');
    // 23:30 at -03:00 is the next day in UTC: the business day must win.
    expect(formatDate('2026-11-21T23:30:00-03:00')).toBe('21/11/2026');
    expect(formatTime('2026-01-05T08:05:00+05:30')).toBe('08:05');
    expect(formatDateTime('2026-11-21T14:30:00-03:00')).toBe('21/11/2026 14:30');
  });

  it('formats plain dates and bad input', () => {
    expect(formatDate('1990-02-03')).toBe('03/02/1990');
    expect(formatTime('1990-02-03')).toBe('');
    expect(formatDateTime('1990-02-03')).toBe('03/02/1990');
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate('ontem')).toBe('');
  });

  it('formats a time range with an en dash', () => {
    expect(formatTimeRange('2026-11-21T14:30:00-03:00', '2026-11-21T15:00:00-03:00')).toBe('14:30–15:00');
  });

  it('formats money in reais from cents', () => {
    expect(formatMoney(123450)).toBe('R$ 1.234,50');
    expect(formatMoney(0)).toBe('R$ 0,00');
    expect(formatMoney(5)).toBe('R$ 0,05');
    expect(formatMoney(100000000)).toBe('R$ 1.000.000,00');
    expect(formatMoney(-500)).toBe('-R$ 5,00');
    expect(formatMoney(null)).toBe('R$ 0,00');
  });

  it('groups thousands with dots', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1234)).toBe('1.234');
    expect(formatNumber(1234567)).toBe('1.234.567');
    expect(formatNumber(-1234)).toBe('-1.234');
  });

  it('formats fractions as percentages', () => {
    expect(formatPercent(0)).toBe('0,0%');
    expect(formatPercent(0.1234)).toBe('12,3%');
    expect(formatPercent(1)).toBe('100,0%');
    expect(formatPercent(0.00049)).toBe('0,0%');
    expect(formatPercent(12.5)).toBe('1.250,0%');
    expect(formatPercent(NaN)).toBe('0,0%');
  });

  it('gives local calendar dates and month periods', () => {
    expect(isoDate(new Date(2026, 0, 5))).toBe('2026-01-05');
    expect(monthPeriod(new Date(2026, 1, 14))).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthPeriod(new Date(2028, 1, 1))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthPeriod(new Date(2026, 11, 31))).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('formats phones and CPFs stored as digits', () => {
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('1134567890')).toBe('(11) 3456-7890');
    expect(formatPhone('(21) 99999-0000')).toBe('(21) 99999-0000');
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhone(null)).toBe('');
    expect(formatCpf('12345678909')).toBe('123.456.789-09');
    expect(formatCpf('123.456.789-09')).toBe('123.456.789-09');
    expect(formatCpf('123')).toBe('123');
  });

  it('reads money typed in reais', () => {
    expect(parseMoney('1.234,50')).toBe(123450);
    expect(parseMoney('R$ 45')).toBe(4500);
    expect(parseMoney('45,5')).toBe(4550);
    expect(parseMoney('45.50')).toBe(4550);
    expect(parseMoney('1.000')).toBe(100000);
    expect(parseMoney('0,05')).toBe(5);
    expect(parseMoney('')).toBeNull();
    expect(parseMoney('abc')).toBeNull();
    expect(parseMoney('1,2,3')).toBeNull();
    expect(moneyInput(123450)).toBe('1.234,50');
  });
});
