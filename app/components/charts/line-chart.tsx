import { useId } from "react";

export interface LineChartProps {
  title: string;
  description: string;
  points: { label: string; value: number | null }[];
  unit?: string;
  color?: string;
  width?: number;
  height?: number;
}

/**
 * A line chart rendered as inline SVG on the server (no JavaScript): `role="img"` with <title> and
 * <desc>, a point (with its own <title>) per day, the y axis from a rounded minimum to the maximum.
 */
export function LineChart({ title, description, points, unit = "", color = "#409EFF", width = 720, height = 260 }: LineChartProps) {
  const id = useId().replace(/:/g, "");
  const m = { top: 20, right: 16, bottom: 44, left: 48 };
  const w = width - m.left - m.right;
  const h = height - m.top - m.bottom;
  const vals = points.map((p) => p.value).filter((v): v is number => v != null);
  const lo = vals.length ? Math.max(0, Math.floor((Math.min(...vals) - 5) / 10) * 10) : 0;
  const hi = vals.length ? Math.min(100, Math.ceil((Math.max(...vals) + 1) / 10) * 10) : 100;
  const top = hi > lo ? hi : lo + 10;
  const x = (i: number) => (points.length <= 1 ? w / 2 : (i / (points.length - 1)) * w);
  const y = (v: number) => h - ((v - lo) / (top - lo)) * h;
  // Ticks every 10 units when that gives a handful of lines, else quarters.
  const span = top - lo;
  const ticks =
    span % 10 === 0 && span / 10 <= 6 ? Array.from({ length: span / 10 + 1 }, (_, i) => lo + i * 10) : Array.from({ length: 5 }, (_, i) => lo + (span / 4) * i);
  const path = points
    .map((p, i) => (p.value == null ? null : `${x(i).toFixed(1)},${y(p.value).toFixed(1)}`))
    .filter(Boolean)
    .join(" L ");
  const every = Math.max(1, Math.ceil(points.length / 8));
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
              {Math.round(v)}
              {unit}
            </text>
          </g>
        ))}
        <line x1={0} x2={w} y1={h} y2={h} stroke="#9ca3af" />
        {path ? <path d={`M ${path}`} fill="none" stroke={color} strokeWidth={2} /> : null}
        {points.map((p, i) =>
          p.value == null ? null : (
            <circle key={i} cx={x(i)} cy={y(p.value)} r={3} fill="#fff" stroke={color} strokeWidth={1.5}>
              <title>{`${p.label}: ${p.value}${unit}`}</title>
            </circle>
          ),
        )}
        {points.map((p, i) =>
          i % every === 0 || i === points.length - 1 ? (
            <text key={i} x={x(i)} y={h + 16} textAnchor="middle" fill="#374151">
              {p.label}
            </text>
          ) : null,
        )}
      </g>
    </svg>
  );
}
