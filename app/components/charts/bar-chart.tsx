import { useId } from "react";

export interface BarSeries {
  key: string;
  label: string;
  color: string;
}
export interface BarChartProps {
  title: string;
  description: string;
  categories: string[];
  series: BarSeries[];
  /** values[categoryIndex][seriesIndex] */
  values: number[][];
  unit?: string;
  max?: number;
  width?: number;
  height?: number;
}

/**
 * The value axis: a round step (1, 2, 2.5 or 5 times a power of ten; whole numbers when every value is whole, so
 * counts never get a "1.3" line) and the first multiple of it at or above the largest value.
 */
export function niceScale(largest: number, wholeNumbers: boolean, lines = 4): { top: number; step: number } {
  if (largest <= 0) return wholeNumbers ? { top: lines, step: 1 } : { top: 1, step: 1 / lines };
  const raw = largest / lines;
  const p = 10 ** Math.floor(Math.log10(raw));
  const steps = [1, 2, 2.5, 5, 10].map((k) => k * p).filter((st) => !wholeNumbers || Number.isInteger(st));
  const step = steps.find((st) => st >= raw) ?? 10 * p; // 10·p ≥ raw always; whole when p ≥ 0.1, i.e. when largest ≥ 1
  return { top: Math.ceil(largest / step - 1e-9) * step, step };
}
/** Wide characters (CJK, full-width forms): about 1 em; the others (digits, Latin, "-") about 0.62 em at most. */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;
const labelWidth = (s: string, fontSize = 11) => [...s].reduce((w, ch) => w + (WIDE.test(ch) ? fontSize : fontSize * 0.62), 0);

/**
 * A category label cut with "…" only when it does not fit its `room` (px): "2026-01" fits a month's band of a year
 * (it used to be cut to "2026-…" by a count of characters made for Chinese names). At least five characters are kept.
 */
export function fitLabel(s: string, room: number): string {
  if (labelWidth(s) <= room) return s;
  const chars = [...s];
  while (chars.length > 5 && labelWidth(chars.join("") + "…") > room) chars.pop();
  return chars.join("") + "…";
}

/**
 * A grouped bar chart rendered as inline SVG on the server (no JavaScript): `role="img"` with a
 * <title> and <desc>, value labels on the bars, a legend. Pair it with a data table for screen readers.
 */
export function BarChart({ title, description, categories, series, values, unit = "", max, width = 720, height = 300 }: BarChartProps) {
  const id = useId().replace(/:/g, "");
  const m = { top: 24, right: 16, bottom: 56, left: 48 };
  const w = width - m.left - m.right;
  const h = height - m.top - m.bottom;
  const flat = values.flat();
  const { top, step } = max ? { top: max, step: max / 4 } : niceScale(Math.max(0, ...flat), flat.every(Number.isInteger));
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => step * i);
  const band = categories.length ? w / categories.length : w;
  const barW = Math.max(4, Math.min(28, (band * 0.8) / Math.max(1, series.length)));
  const y = (v: number) => h - (Math.max(0, v) / top) * h;
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-t ${id}-d`}
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full max-w-3xl"
      data-testid="bar-chart"
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id={`${id}-t`}>{title}</title>
      <desc id={`${id}-d`}>{description}</desc>
      <g transform={`translate(${m.left},${m.top})`} fontSize="11" fontFamily="inherit">
        {ticks.map((v) => (
          <g key={v} transform={`translate(0,${y(v)})`}>
            <line x1={0} x2={w} stroke="#e5e7eb" />
            <text x={-6} dy="0.32em" textAnchor="end" fill="#6b7280">
              {Number.isInteger(v) ? v : Number(v.toFixed(2))}
              {unit}
            </text>
          </g>
        ))}
        {categories.map((c, ci) => {
          const x0 = ci * band + (band - barW * series.length) / 2;
          return (
            <g key={ci}>
              {series.map((s, si) => {
                const v = values[ci]?.[si] ?? 0;
                return (
                  <g key={s.key}>
                    <rect x={x0 + si * barW} y={y(v)} width={barW - 2} height={h - y(v)} fill={s.color} rx={2}>
                      <title>{`${c} · ${s.label}: ${v}${unit}`}</title>
                    </rect>
                    <text x={x0 + si * barW + (barW - 2) / 2} y={y(v) - 3} textAnchor="middle" fill="#374151" fontSize="10">
                      {v}
                    </text>
                  </g>
                );
              })}
              <text x={ci * band + band / 2} y={h + 16} textAnchor="middle" fill="#374151">
                {fitLabel(c, band - 4)}
              </text>
            </g>
          );
        })}
        <line x1={0} x2={w} y1={h} y2={h} stroke="#9ca3af" />
        <g transform={`translate(0,${h + 34})`}>
          {series.map((s, i) => (
            <g key={s.key} transform={`translate(${i * 110},0)`}>
              <rect width={10} height={10} fill={s.color} rx={2} />
              <text x={14} y={9} fill="#374151">
                {s.label}
              </text>
            </g>
          ))}
        </g>
      </g>
    </svg>
  );
}
