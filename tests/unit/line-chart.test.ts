import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { LineChart } from "~/components/charts/line-chart";

/** The roll-up's trend chart (issue 26 item 13): every metric named in a legend, today drawn as partial, no clipped label. */
const labels = Array.from({ length: 14 }, (_, i) => `01-${String(i + 1).padStart(2, "0")}`);
const render = (partialIndex: number | null) =>
  renderToStaticMarkup(
    createElement(LineChart, {
      title: "近14天",
      description: "trend",
      labels,
      series: [
        { label: "因病缺勤", color: "#E6A23C", values: labels.map((_, i) => i % 3) },
        { label: "发热", color: "#F56C6C", values: labels.map((_, i) => (i === 13 ? 0 : 1)) },
      ],
      partialIndex,
      partialLabel: "今日（截至目前）",
    }),
  );

describe("LineChart", () => {
  it("draws every series and names each metric in the legend", () => {
    const svg = render(null);
    expect(svg.match(/data-series="/g)).toHaveLength(2);
    const legend = svg.slice(svg.indexOf('data-testid="chart-legend"'));
    expect(legend).toContain("因病缺勤");
    expect(legend).toContain("发热");
    expect(legend).not.toContain("今日（截至目前）");
    expect(svg).not.toContain("data-partial");
  });
  it("draws today's point hollow on a dashed segment and says so in the legend and the point's title", () => {
    const svg = render(13);
    expect(svg.match(/data-partial=""/g)).toHaveLength(2); // one dashed segment per series
    expect(svg).toContain("01-14 · 发热: 0 (今日（截至目前）)");
    expect(svg.slice(svg.indexOf('data-testid="chart-legend"'))).toContain("今日（截至目前）");
  });
  it("anchors the first and last axis labels inside the plot, and no label crowds the last", () => {
    const svg = render(null);
    expect(svg).toMatch(/text-anchor="start"[^>]*>01-01</);
    expect(svg).toMatch(/text-anchor="end"[^>]*>01-14</);
    expect(svg).not.toContain(">01-13<"); // every second label, but not the one just before the last
  });
  it("counts start at zero with a round top; percentages stay within 100", () => {
    const counts = render(null);
    expect(counts).toMatch(/>0<\/text>/);
    const pct = renderToStaticMarkup(
      createElement(LineChart, { title: "t", description: "d", labels: ["a", "b"], series: [{ label: "r", color: "#000", values: [96, 99] }], unit: "%" }),
    );
    expect(pct).toContain(">100%</text>");
    expect(pct).not.toContain(">110");
  });
});
