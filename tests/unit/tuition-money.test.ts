import { describe, expect, it } from "vitest";
import { computeBill, computeRefund, divRound, fenToYuan, formatFen, parseItemLines, parseMonthLines, parseYuan } from "@contract/tuition/money";

/** Money rules of docs/sections/tuition-assessment.md against worked examples (integer fen only). */
describe("yuan text ↔ fen", () => {
  it("parses by string, never through a float", () => {
    expect(parseYuan("0.1")).toBe(10);
    expect(parseYuan("1,234.5")).toBe(123450);
    expect(parseYuan("¥12")).toBe(1200);
    expect(parseYuan("80.05")).toBe(8005);
    expect(parseYuan("1.005")).toBeNull();
    expect(parseYuan("-3")).toBeNull();
    expect(parseYuan("abc")).toBeNull();
    expect(fenToYuan(8005)).toBe("80.05");
    expect(fenToYuan(-1)).toBe("-0.01");
    expect(formatFen(123456789)).toBe("¥1,234,567.89");
  });
  it("divides with each rounding method", () => {
    expect(divRound(5, 2, "halfUp")).toBe(3);
    expect(divRound(5, 2, "down")).toBe(2);
    expect(divRound(5, 2, "up")).toBe(3);
    expect(divRound(7, 3, "halfUp")).toBe(2);
    expect(divRound(8, 3, "halfUp")).toBe(3);
    expect(divRound(9, 3, "up")).toBe(3);
  });
});

describe("bills", () => {
  const items = [
    { name: "保育费", amountFen: 280000 },
    { name: "伙食费", amountFen: 45000 },
    { name: "材料费", amountFen: 8050 },
  ];
  it("a term is 5 months, a year 10 (section 9); the subtotal is the sum of the lines", () => {
    const term = computeBill(items, "term", 0, 0);
    expect(term.lines.map((l) => l.amountFen)).toEqual([1400000, 225000, 40250]);
    expect(term.subtotalFen).toBe(1665250);
    expect(term.amountFen).toBe(1665250);
    const year = computeBill(items, "year", 0, 0);
    expect(year.subtotalFen).toBe(3330500);
    expect(computeBill(items, "month", 0, 0).subtotalFen).toBe(333050);
  });
  it("discount 30 means the parent pays 70 %, rounded half up to the fen", () => {
    // 333050 × 70 / 100 = 233135 exactly
    const b = computeBill(items, "month", 30, 0);
    expect(b.amountFen).toBe(233135);
    expect(b.discountFen).toBe(99915);
    expect(b.subtotalFen).toBe(b.discountFen + b.amountFen);
    // 8050 × 1 × 67 / 100 = 5393.5 → 5394
    expect(computeBill([{ name: "x", amountFen: 8050 }], "month", 33, 0).amountFen).toBe(5394);
    expect(computeBill(items, "month", 100, 0).amountFen).toBe(0);
    expect(() => computeBill(items, "month", 101, 0)).toThrow();
  });
  it("the deposit covers at most the discounted amount", () => {
    const b = computeBill(items, "month", 0, 100000);
    expect(b.depositFen).toBe(100000);
    expect(b.amountFen).toBe(233050);
    const all = computeBill(items, "month", 0, 9999999);
    expect(all.depositFen).toBe(333050);
    expect(all.amountFen).toBe(0);
  });
  it("template items: names and values cannot be empty (section 5)", () => {
    expect(parseItemLines("保育费=2800\n伙食费=450.5").items).toEqual([
      { name: "保育费", amountFen: 280000 },
      { name: "伙食费", amountFen: 45050 },
    ]);
    expect(parseItemLines("=2800").errors).toEqual(["nameEmpty"]);
    expect(parseItemLines("保育费=").errors).toEqual(["valueEmpty"]);
    expect(parseItemLines("保育费").errors).toEqual(["valueEmpty"]);
    expect(parseItemLines("保育费=0").errors).toEqual(["valueInvalid"]);
    expect(parseItemLines("").errors).toEqual(["itemsEmpty"]);
  });
});

describe("refunds", () => {
  const monthDays = { "2025-12": 22, "2026-01": 17 };
  it("by days with a daily price: absent days × price", () => {
    const r = computeRefund({ method: "days", basis: "daily", priceFen: 2000, rounding: "halfUp", monthDays, absence: { "2025-12": 5, "2026-01": 3 } });
    expect(r.lines.map((l) => l.amountFen)).toEqual([10000, 6000]);
    expect(r.totalFen).toBe(16000);
  });
  it("by days with a monthly price: price × absent / school days, each rounding method", () => {
    // 280000 × 7 / 17 = 115294.117… fen
    const base = { method: "days", basis: "monthly", priceFen: 280000, monthDays: { "2026-01": 17 }, absence: { "2026-01": 7 } } as const;
    expect(computeRefund({ ...base, rounding: "halfUp" }).totalFen).toBe(115294);
    expect(computeRefund({ ...base, rounding: "down" }).totalFen).toBe(115294);
    expect(computeRefund({ ...base, rounding: "up" }).totalFen).toBe(115295);
    // 100001 × 1 / 2 = 50000.5 → half up 50001, down 50000
    const half = { method: "days", basis: "monthly", priceFen: 100001, monthDays: { "2026-01": 2 }, absence: { "2026-01": 1 } } as const;
    expect(computeRefund({ ...half, rounding: "halfUp" }).totalFen).toBe(50001);
    expect(computeRefund({ ...half, rounding: "down" }).totalFen).toBe(50000);
  });
  it("by months: whole months × monthly price, or × school days × daily price", () => {
    expect(computeRefund({ method: "months", basis: "monthly", priceFen: 45000, rounding: "halfUp", monthDays, absence: { "2026-01": 1 } }).totalFen).toBe(
      45000,
    );
    expect(computeRefund({ method: "months", basis: "daily", priceFen: 2000, rounding: "halfUp", monthDays, absence: { "2025-12": 1 } }).totalFen).toBe(44000);
  });
  it("the total is the sum of its lines", () => {
    const r = computeRefund({
      method: "days",
      basis: "monthly",
      priceFen: 333333,
      rounding: "up",
      monthDays: { "2025-09": 21, "2025-10": 17, "2025-11": 20 },
      absence: { "2025-09": 4, "2025-10": 1, "2025-11": 20 },
    });
    expect(r.totalFen).toBe(r.lines.reduce((a, l) => a + l.amountFen, 0));
  });
  it("month lines", () => {
    expect(parseMonthLines("2026-09=21\n2026-10=17", 31)).toEqual({ map: { "2026-09": 21, "2026-10": 17 }, bad: false });
    expect(parseMonthLines("2026-13=21", 31).bad).toBe(true);
    expect(parseMonthLines("2026-09=40", 31).bad).toBe(true);
  });
});
