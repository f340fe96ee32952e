import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber } from '../../lib/format';
import { BarChart, ColumnChart, niceMax } from './charts';

const money = (cents: number) => formatMoney(cents).replace(/,00$/, '');
const bars = (values: number[]) => values.map((value, i) => ({ key: String(i), label: `d${i}`, title: `d${i}: ${value}`, value }));

describe('charts', () => {
  it('rounds the axis up to 1, 2, 4, 5 or 10 times a power of ten', () => {
    expect([0, 1, 3, 7, 12, 470, 999].map(niceMax)).toEqual([1, 1, 4, 10, 20, 500, 1000]);
  });

  it('draws an SVG image with its name, a bar per value, the values and whole ticks', () => {
    const html = renderToString(<ColumnChart label="Agendamentos por dia" bars={bars([0, 3, 1])} format={formatNumber} integer />);
    expect(html).toContain('<svg role="img" aria-label="Agendamentos por dia"');
    expect(html.match(/<rect /g)).toHaveLength(3);
    // Ticks 2 and 4 (no 0 label), values 3 and 1 over their bars.
    expect(html).toMatch(/class="chart-text">2<\/text>/);
    expect(html).toMatch(/class="chart-text">4<\/text>/);
    expect(html).toMatch(/class="chart-value">3<\/text>/);
  });

  it('puts money on whole reais, also when every day is zero', () => {
    const zero = renderToString(<ColumnChart label="Receita" bars={bars([0, 0])} format={money} unit={100} />);
    expect(zero).toContain('>R$ 1</text>');
    expect(zero).not.toContain('R$ 0,01');
    const some = renderToString(<BarChart label="Receita" bars={bars([47000, 1000])} format={money} unit={100} />);
    expect(some).toContain('>R$ 250</text>');
    expect(some).toContain('>R$ 500</text>');
    expect(some).toContain('>R$ 470</text>');
  });

  it('leaves the values off a month of money bars (they would overlap), not off a week or a month of counts', () => {
    const month = (format: (v: number) => string, value: number) =>
      renderToString(<ColumnChart label="x" bars={bars(Array.from({ length: 30 }, () => value))} format={format} unit={100} />);
    expect(month(money, 86000)).toContain('chart-crowded');
    expect(month(formatNumber, 7)).not.toContain('chart-crowded');
    expect(renderToString(<ColumnChart label="x" bars={bars([86000, 52000, 0, 1000, 0, 0, 0])} format={money} unit={100} />)).not.toContain('chart-crowded');
  });
});
