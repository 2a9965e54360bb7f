import { useId } from "react";
import { niceScale } from "./bar-chart";

export interface LineSeries {
  label: string;
  color: string;
  /** One value per point label (null: no value that day). */
  values: (number | null)[];
}

export interface LineChartProps {
  title: string;
  description: string;
  labels: string[];
  series: LineSeries[];
  /** Index of a point whose period is not over (today so far): drawn hollow on a dashed segment, named in the legend. */
  partialIndex?: number | null;
  /** Legend text of the partial point ("today so far"). */
  partialLabel?: string;
  unit?: string;
  width?: number;
  height?: number;
}

/** The y axis: percentages from a rounded minimum to at most 100, counts from 0 to a round top. */
function scaleOf(values: number[], unit: string) {
  if (unit === "%") {
    const lo = values.length ? Math.max(0, Math.floor((Math.min(...values) - 5) / 10) * 10) : 0;
    const hi = values.length ? Math.min(100, Math.ceil((Math.max(...values) + 1) / 10) * 10) : 100;
    const top = hi > lo ? hi : lo + 10;
    const span = top - lo;
    // Ticks every 10 units when that gives a handful of lines, else quarters.
    const ticks =
      span % 10 === 0 && span / 10 <= 6 ? Array.from({ length: span / 10 + 1 }, (_, i) => lo + i * 10) : [0, 1, 2, 3, 4].map((i) => lo + (span / 4) * i);
    return { lo, top, ticks };
  }
  const { top, step } = niceScale(Math.max(0, ...values), values.every(Number.isInteger));
  return { lo: 0, top, ticks: Array.from({ length: Math.round(top / step) + 1 }, (_, i) => step * i) };
}

/**
 * A line chart rendered as inline SVG on the server (no JavaScript): `role="img"` with <title> and <desc>, one line
 * per series with a legend naming each metric, a point (with its own <title>) per label. A partial last period is
 * drawn hollow on a dashed segment so nobody reads today's morning as a whole day. The first and last axis labels
 * are anchored inside the plot, never cut at the edge.
 */
export function LineChart({ title, description, labels, series, partialIndex = null, partialLabel, unit = "", width = 720, height = 280 }: LineChartProps) {
  const id = useId().replace(/:/g, "");
  const m = { top: 20, right: 24, bottom: 64, left: 48 };
  const w = width - m.left - m.right;
  const h = height - m.top - m.bottom;
  const { lo, top, ticks } = scaleOf(
    series.flatMap((s) => s.values).filter((v): v is number => v != null),
    unit,
  );
  const x = (i: number) => (labels.length <= 1 ? w / 2 : (i / (labels.length - 1)) * w);
  const y = (v: number) => h - ((v - lo) / (top - lo)) * h;
  const isPartial = (i: number) => partialIndex != null && i === partialIndex;
  /** The polyline of the complete points, and the dashed segment into the partial one. */
  const paths = (values: (number | null)[]) => {
    const pts = values.map((v, i) => (v == null ? null : { i, at: `${x(i).toFixed(1)},${y(v).toFixed(1)}` })).filter((p) => p != null);
    const whole = pts.filter((p) => !isPartial(p.i));
    const last = pts.find((p) => isPartial(p.i));
    const before = last ? whole.filter((p) => p.i < last.i).pop() : undefined;
    return { solid: whole.map((p) => p.at).join(" L "), dashed: last && before ? `M ${before.at} L ${last.at}` : null };
  };
  const every = Math.max(1, Math.ceil(labels.length / 8));
  const last = labels.length - 1;
  // Every `every`-th label and always the last, without one so close before it that the two would overlap.
  const labelled = (i: number) => i === last || (i % every === 0 && last - i >= every);
  const anchor = (i: number) => (last === 0 ? "middle" : i === 0 ? "start" : i === last ? "end" : "middle");
  const legend = [
    ...series.map((s) => ({ label: s.label, color: s.color, dashed: false })),
    ...(partialIndex != null && partialLabel ? [{ label: partialLabel, color: "#6b7280", dashed: true }] : []),
  ];
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-t ${id}-d`}
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full max-w-3xl"
      data-testid="line-chart"
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id={`${id}-t`}>{title}</title>
      <desc id={`${id}-d`}>{description}</desc>
      <g transform={`translate(${m.left},${m.top})`} fontSize="11" fontFamily="inherit">
        {ticks.map((v) => (
          <g key={v} transform={`translate(0,${y(v)})`}>
            <line x1={0} x2={w} stroke="#e5e7eb" />
            <text x={-6} dy="0.32em" textAnchor="end" fill="#6b7280">
              {Number.isInteger(v) ? v : Number(v.toFixed(1))}
              {unit}
            </text>
          </g>
        ))}
        <line x1={0} x2={w} y1={h} y2={h} stroke="#9ca3af" />
        {series.map((s) => {
          const p = paths(s.values);
          return (
            <g key={s.label} data-series={s.label}>
              {p.solid ? <path d={`M ${p.solid}`} fill="none" stroke={s.color} strokeWidth={2} /> : null}
              {p.dashed ? <path d={p.dashed} fill="none" stroke={s.color} strokeWidth={2} strokeDasharray="4 4" data-partial="" /> : null}
              {s.values.map((v, i) =>
                v == null ? null : (
                  <circle key={i} cx={x(i)} cy={y(v)} r={3} fill={isPartial(i) ? "#fff" : s.color} stroke={s.color} strokeWidth={1.5}>
                    <title>{`${labels[i]} · ${s.label}: ${v}${unit}${isPartial(i) && partialLabel ? ` (${partialLabel})` : ""}`}</title>
                  </circle>
                ),
              )}
            </g>
          );
        })}
        {labels.map((label, i) =>
          labelled(i) ? (
            <text key={i} x={x(i)} y={h + 16} textAnchor={anchor(i)} fill="#374151">
              {label}
            </text>
          ) : null,
        )}
        <g transform={`translate(0,${h + 38})`} data-testid="chart-legend">
          {legend.map((l, i) => (
            <g key={l.label} transform={`translate(${i * 150},0)`}>
              <line x1={0} x2={18} y1={5} y2={5} stroke={l.color} strokeWidth={2} strokeDasharray={l.dashed ? "4 4" : undefined} />
              <text x={24} y={9} fill="#374151">
                {l.label}
              </text>
            </g>
          ))}
        </g>
      </g>
    </svg>
  );
}
