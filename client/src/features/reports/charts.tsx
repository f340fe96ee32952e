/**
 * Charts as SVG, rendered by the server with the page (no script needed to
 * read them). Sizes are in percentages of the chart's width and in pixels
 * of its height, so text keeps its size from a phone to a wide screen; the
 * colours are the theme's CSS variables (utilities.css, `.chart-*`).
 */
import { useEffect, useRef, useState, type RefObject } from 'react';

export interface Bar {
  key: string;
  /** Under the bar (vertical) or before it (horizontal). */
  label: string;
  /** The bar's tooltip and accessible text, e.g. `21/11/2026: 3`. */
  title: string;
  value: number;
  /** A theme colour class (`chart-bar-success`); default the skin's primary. */
  tone?: string;
}

/** A round top for the axis: 1, 2, 4, 5 or 10 times a power of ten, at least `max`. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const step = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 4, 5, 10]) if (m * step >= max) return m * step;
  return 10 * step;
}

/** The axis' ticks: 0, the half (when a whole number of units, or for fractional data) and the top. */
function ticks(top: number, integer: boolean, unit = 1): number[] {
  const half = top / 2;
  return integer && !Number.isInteger(half / unit) ? [0, top] : [0, half, top];
}

const pct = (n: number) => `${Math.round(n * 10000) / 100}%`;

interface ChartProps {
  /** The chart's accessible name (`aria-label`). */
  label: string;
  bars: Bar[];
  /** Values and ticks as text (`formatNumber`, money). */
  format: (value: number) => string;
  /** Whole quantities: no fractional ticks. */
  integer?: boolean;
  /** The axis' smallest step (100 for money in cents: whole reais). */
  unit?: number;
}

/** The axis' top in whole `unit`s: a round number at least the largest value. */
const axisTop = (bars: Bar[], unit: number) => niceMax(Math.max(0, ...bars.map((b) => b.value)) / unit) * unit;

/** A value's width per character (11 px bold digits) and the least gap between two values, in pixels. */
const VALUE_CHAR_PX = 7;
const VALUE_GAP_PX = 4;

/**
 * Whether the values over `n` columns would touch ("10" beside "10" reads
 * "1010"): measured on the drawn chart once in the browser (and on every
 * resize), guessed from the characters before that (the server's render).
 */
function useCrowded(n: number, longest: number): [RefObject<SVGSVGElement | null>, boolean] {
  const ref = useRef<SVGSVGElement>(null);
  const [measured, setMeasured] = useState<boolean | null>(null);
  useEffect(() => {
    const svg = ref.current;
    if (!svg || typeof ResizeObserver === 'undefined') return;
    const check = () => setMeasured(svg.clientWidth / n < longest * VALUE_CHAR_PX + VALUE_GAP_PX);
    // Measured at the observer's first report, after the browser's own layout.
    const observer = new ResizeObserver(check);
    observer.observe(svg);
    return () => observer.disconnect();
  }, [n, longest]);
  // About 120 characters across a half-width chart.
  return [ref, measured ?? n * longest > 120];
}

const V_HEIGHT = 220;
const V_TOP = 22;
const V_BOTTOM = 24;

/**
 * Vertical bars (one a day): ticks with gridlines on the left, the value
 * over each bar (hidden on phones when there are many), and at most about
 * eight labels under the axis.
 */
export function ColumnChart({ label, bars, format, integer = false, unit = 1 }: ChartProps) {
  const top = axisTop(bars, unit);
  const plot = V_HEIGHT - V_TOP - V_BOTTOM;
  const y = (v: number) => V_TOP + plot - (v / top) * plot;
  const n = Math.max(1, bars.length);
  const every = Math.ceil(n / 8);
  const slot = 1 / n;
  // Values over the bars only where they fit side by side: a month of
  // money labels would overlap; the table beneath and each bar's tooltip
  // still give them.
  const [ref, crowded] = useCrowded(n, Math.max(0, ...bars.map((b) => format(b.value).length)));
  return (
    <svg
      ref={ref}
      role="img"
      aria-label={label}
      width="100%"
      height={V_HEIGHT}
      className={`chart${n > 12 ? ' chart-dense' : ''}${crowded ? ' chart-crowded' : ''}`}
    >
      {ticks(top, integer || unit > 1, unit).map((t) => (
        <g key={t}>
          <line x1="0" x2="100%" y1={y(t)} y2={y(t)} className={t === 0 ? 'chart-axis' : 'chart-grid'} />
          {t > 0 ? (
            <text x="0" y={y(t) - 4} className="chart-text">
              {format(t)}
            </text>
          ) : null}
        </g>
      ))}
      {bars.map((b, i) => {
        const height = (b.value / top) * plot;
        const center = pct((i + 0.5) * slot);
        return (
          <g key={b.key}>
            <rect x={pct((i + 0.15) * slot)} width={pct(0.7 * slot)} y={y(b.value)} height={Math.max(0, height)} rx="2" className={`chart-bar ${b.tone ?? ''}`}>
              <title>{b.title}</title>
            </rect>
            {b.value > 0 ? (
              <text x={center} y={y(b.value) - 4} textAnchor="middle" className="chart-value">
                {format(b.value)}
              </text>
            ) : null}
            {i % every === 0 ? (
              <text x={center} y={V_HEIGHT - 6} textAnchor="middle" className="chart-text">
                {b.label}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

const ROW = 40;

/** Horizontal bars (by status, by staff member): the label over each bar, the value after it, ticks under the last. */
export function BarChart({ label, bars, format, integer = false, unit = 1 }: ChartProps) {
  const top = axisTop(bars, unit);
  // The bars use 80% of the width: the value after the longest still fits.
  const x = (v: number) => pct((v / top) * 0.8);
  const height = bars.length * ROW + 24;
  return (
    <svg role="img" aria-label={label} width="100%" height={height} className="chart">
      {ticks(top, integer || unit > 1, unit).map((t) => (
        <g key={t}>
          <line x1={x(t)} x2={x(t)} y1="0" y2={bars.length * ROW} className={t === 0 ? 'chart-axis' : 'chart-grid'} />
          <text x={x(t)} y={height - 6} textAnchor={t === 0 ? 'start' : 'middle'} className="chart-text">
            {format(t)}
          </text>
        </g>
      ))}
      {bars.map((b, i) => (
        <g key={b.key}>
          <text x="4" y={i * ROW + 14} className="chart-label">
            {b.label}
          </text>
          <rect x="0" y={i * ROW + 20} width={x(b.value)} height="14" rx="2" className={`chart-bar ${b.tone ?? ''}`}>
            <title>{b.title}</title>
          </rect>
          <text x={x(b.value)} dx="6" y={i * ROW + 32} className="chart-value">
            {format(b.value)}
          </text>
        </g>
      ))}
    </svg>
  );
}
