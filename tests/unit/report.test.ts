import { describe, expect, it } from "vitest";
import * as z from "zod";
import fc from "fast-check";
import { defineReport, formatReportValue, parseReportParams, reportSheet } from "@contract/report";
import { chartLabels } from "@contract/report-view";
import { fitLabel, niceScale } from "~/components/charts/bar-chart";

/** Reports (contract/report.ts): formats, parameters and the exported sheet of a small definition. */
const report = defineReport({
  id: "demo",
  title: "demo.title",
  page: "/kindergarten/statistics",
  endpoint: "demo/",
  fileName: "demo",
  params: [
    { name: "educationGroupId", kind: "group", label: "g" },
    { name: "to", kind: "date", label: "to" },
    { name: "month", kind: "period", label: "m" },
  ],
  data: z.object({ rows: z.array(z.object({ name: z.string(), n: z.number(), rate: z.number().nullable(), fee: z.number() })) }),
  sections: [
    {
      id: "a",
      title: "demo.a",
      rows: (d) => d.rows,
      columns: [
        { key: "name", label: "name" },
        { key: "n", label: "n", format: "integer" },
        { key: "rate", label: "rate", format: "percent" },
        { key: "fee", label: "fee", format: "money" },
      ],
      chart: { kind: "bar", title: "c", description: "d", x: "name", series: [{ key: "n", label: "n", color: "#000" }] },
    },
  ],
});

describe("reports", () => {
  it("formats integers, percents with one decimal and money in fen", () => {
    expect(formatReportValue(1234, "integer", "en")).toBe("1,234");
    expect(formatReportValue(66.66, "percent", "zh")).toBe("66.7%");
    expect(formatReportValue(100, "percent", "zh")).toBe("100.0%");
    expect(formatReportValue(null, "percent", "zh")).toBe("—");
    expect(formatReportValue(123456, "money", "zh")).toBe("¥1,234.56");
    expect(formatReportValue("x", "text", "zh")).toBe("x");
  });

  it("parses parameters (empty = not given) and names the bad ones", () => {
    expect(parseReportParams(report, new URLSearchParams("educationGroupId=2&to=2026-03-10&month=2026-03"))).toEqual({
      ok: true,
      params: { educationGroupId: 2, to: "2026-03-10", month: "2026-03" },
    });
    expect(parseReportParams(report, new URLSearchParams("educationGroupId=&to="))).toEqual({
      ok: true,
      params: { educationGroupId: null, to: null, month: null },
    });
    expect(parseReportParams(report, new URLSearchParams("educationGroupId=x&to=2026-02-30&month=2026-13"))).toEqual({
      ok: false,
      errors: { educationGroupId: ["crud:validation.choose"], to: ["crud:validation.date"], month: ["crud:validation.date"] },
    });
  });

  it("exports each section as title, header and rows with numbers kept numeric (money in yuan)", () => {
    const rows = reportSheet(report, { rows: [{ name: "A", n: 3, rate: 66.66, fee: 123456 }] }, "en", (k) => k.toUpperCase());
    expect(rows).toEqual([["DEMO.A"], ["NAME", "N", "RATE (%)", "FEE (CNY)"], ["A", 3, 66.7, 1234.56]]);
  });

  it("refuses a chart series that is not a column, and an unknown page", () => {
    expect(() =>
      defineReport({
        ...report,
        sections: [{ ...report.sections[0]!, chart: { ...report.sections[0]!.chart!, series: [{ key: "zz", label: "", color: "" }] } }],
      }),
    ).toThrow();
    expect(() => defineReport({ ...report, page: "/nowhere" })).toThrow();
  });
});

describe("chart axes and labels", () => {
  it("steps a count axis by whole numbers and reaches the largest value", () => {
    expect(niceScale(3, true)).toEqual({ top: 3, step: 1 });
    expect(niceScale(5, true)).toEqual({ top: 6, step: 2 });
    expect(niceScale(0, true)).toEqual({ top: 4, step: 1 });
    expect(niceScale(1, true)).toEqual({ top: 1, step: 1 });
    expect(niceScale(870, true)).toEqual({ top: 1000, step: 250 });
    expect(niceScale(9, true)).toEqual({ top: 10, step: 5 });
    // Fractions keep the 2.5 step.
    expect(niceScale(9.5, false)).toEqual({ top: 10, step: 2.5 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (n) => {
        const { top, step } = niceScale(n, true);
        return Number.isInteger(step) && step >= 1 && top >= n && top - step < n && top / step <= 5;
      }),
    );
  });

  it("cuts a bar's label only when it does not fit its band", () => {
    // The twelve months of the annual plan in a 720-wide chart: each band is about 54 px.
    expect(fitLabel("2026-01", 50)).toBe("2026-01");
    expect(fitLabel("11月23日", 89)).toBe("11月23日");
    expect(fitLabel("阳光幼儿园（朝阳园）", 70)).toBe("阳光幼儿园…");
    expect(fitLabel("Sunshine Kindergarten (Chaoyang)", 80)).toMatch(/^Sunshine K.*…$/);
    // At least five characters are kept, however narrow the band.
    expect(fitLabel("2026-01-05", 10)).toBe("2026-…");
  });

  it("writes dates of one year as a short month and day in each language, and adds the year across years", () => {
    expect(chartLabels(["2026-11-23", "2026-11-24"], "date", "en")).toEqual(["Nov 23", "Nov 24"]);
    expect(chartLabels(["2026-11-23"], "date", "zh")).toEqual(["11月23日"]);
    expect(chartLabels(["2025-12-31", "2026-01-01"], "date", "en")).toEqual(["Dec 31, 2025", "Jan 1, 2026"]);
    expect(chartLabels(["中一班", "2026-11-23"], "date", "zh")).toEqual(["中一班", "2026-11-23"]);
    expect(chartLabels(["a", null], "text", "en")).toEqual(["a", ""]);
  });
});
