/**
 * Money rules of the tuition section (docs/sections/tuition-assessment.md "Money"): every amount is an integer
 * number of fen (1 yuan = 100 fen); no floating point anywhere. Yuan text ("1234.5", "1,234.50") is parsed by
 * string, never through a float; every division is integer arithmetic with an explicit rounding method.
 */

export const PERIODS = ["month", "term", "year"] as const;
export type Period = (typeof PERIODS)[number];
/** Section 9: a term is 5 months, a year 10 months. */
export const PERIOD_MONTHS: Record<Period, number> = { month: 1, term: 5, year: 10 };

export const ROUNDINGS = ["halfUp", "down", "up"] as const;
export type Rounding = (typeof ROUNDINGS)[number];

/** "1234.5" / "1,234.50" / "¥12" → fen (integer), or null when it is not an amount with at most 2 decimals. */
export function parseYuan(text: string | null | undefined): number | null {
  const s = String(text ?? "")
    .trim()
    .replace(/^[¥￥]/, "")
    .replace(/,/g, "");
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/** fen → "1234.50" (negative with a leading minus). */
export function fenToYuan(fen: number): string {
  const neg = fen < 0;
  const a = Math.abs(Math.trunc(fen));
  return `${neg ? "-" : ""}${Math.floor(a / 100)}.${String(a % 100).padStart(2, "0")}`;
}

/** fen → "¥1,234.50" for display. */
export function formatFen(fen: number): string {
  const [i, d] = fenToYuan(Math.abs(fen)).split(".");
  return `${fen < 0 ? "-" : ""}¥${i.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${d}`;
}

/** numerator / denominator (integers, denominator > 0, numerator ≥ 0) rounded to an integer by `rounding`. */
export function divRound(numerator: number, denominator: number, rounding: Rounding): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) throw new Error("divRound: integers only");
  const q = Math.floor(numerator / denominator);
  const r = numerator - q * denominator;
  if (r === 0) return q;
  if (rounding === "down") return q;
  if (rounding === "up") return q + 1;
  return 2 * r >= denominator ? q + 1 : q;
}

export interface PriceItem {
  name: string;
  /** Monthly value in fen. */
  amountFen: number;
}

export interface BillLine {
  name: string;
  unitFen: number;
  months: number;
  amountFen: number;
}

export interface BillAmounts {
  lines: BillLine[];
  subtotalFen: number;
  /** 0–100: 30 means the parent pays 70 % (section 5). */
  discount: number;
  discountFen: number;
  depositFen: number;
  amountFen: number;
}

/**
 * A bill from a template's monthly items: each line = monthly value × months of the period; subtotal = Σ lines;
 * discounted = subtotal × (100 − discount) / 100 rounded half up to the fen; discountFen = subtotal − discounted;
 * the deposit used is min(available deposit, discounted); amount due = discounted − deposit.
 */
export function computeBill(items: readonly PriceItem[], period: Period, discount: number, depositAvailableFen: number): BillAmounts {
  if (!Number.isInteger(discount) || discount < 0 || discount > 100) throw new Error("discount 0-100");
  const months = PERIOD_MONTHS[period];
  const lines = items.map((i) => ({ name: i.name, unitFen: i.amountFen, months, amountFen: i.amountFen * months }));
  const subtotalFen = lines.reduce((s, l) => s + l.amountFen, 0);
  const discounted = divRound(subtotalFen * (100 - discount), 100, "halfUp");
  const depositFen = Math.max(0, Math.min(Math.trunc(depositAvailableFen), discounted));
  return { lines, subtotalFen, discount, discountFen: subtotalFen - discounted, depositFen, amountFen: discounted - depositFen };
}

/** Template items as text: one "name=value" (value in yuan, per month) a line. */
export function parseItemLines(text: string | null | undefined): { items: PriceItem[]; errors: string[] } {
  const items: PriceItem[] = [];
  const errors: string[] = [];
  const lines = String(text ?? "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  for (const line of lines) {
    const i = line.search(/[=＝:：]/);
    const name = (i < 0 ? line : line.slice(0, i)).trim();
    const value = i < 0 ? "" : line.slice(i + 1).trim();
    if (!name) errors.push("nameEmpty");
    else if (!value) errors.push("valueEmpty");
    else {
      const fen = parseYuan(value);
      if (fen == null || fen <= 0) errors.push("valueInvalid");
      else items.push({ name: name.slice(0, 40), amountFen: fen });
    }
  }
  if (!lines.length) errors.push("itemsEmpty");
  return { items, errors };
}

export const itemLinesText = (items: readonly PriceItem[]) => items.map((i) => `${i.name}=${fenToYuan(i.amountFen)}`).join("\n");

// ------------------------------------------------------------------------------------------------
// Refunds (docs/sections/tuition-assessment.md "Refund formulas")
// ------------------------------------------------------------------------------------------------
export const REFUND_METHODS = ["days", "months"] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
export const PRICE_BASES = ["daily", "monthly"] as const;
export type PriceBasis = (typeof PRICE_BASES)[number];

export interface RefundSetup {
  method: RefundMethod;
  basis: PriceBasis;
  priceFen: number;
  rounding: Rounding;
  /** School days of each month ("2026-09" → 21). */
  monthDays: Record<string, number>;
  /** Days absent (method days) or 1/0 month absent (method months) per month. */
  absence: Record<string, number>;
}

export interface RefundLine {
  month: string;
  schoolDays: number;
  absent: number;
  amountFen: number;
  formula: string;
}

/**
 * One line per month of the setup:
 * - days + daily price: absent days × daily price;
 * - days + monthly price: monthly price × absent days / school days of the month, rounded by the method;
 * - months + monthly price: absent months × monthly price;
 * - months + daily price: absent months × school days of the month × daily price.
 * Total = Σ lines (each already in whole fen).
 */
export function computeRefund(s: RefundSetup): { lines: RefundLine[]; totalFen: number } {
  const lines: RefundLine[] = [];
  for (const month of Object.keys(s.monthDays).sort()) {
    const schoolDays = s.monthDays[month];
    const absent = Math.min(s.absence[month] ?? 0, s.method === "months" ? 1 : schoolDays);
    let amountFen: number;
    let formula: string;
    if (s.method === "days" && s.basis === "daily") {
      amountFen = absent * s.priceFen;
      formula = `${absent} × ${fenToYuan(s.priceFen)}`;
    } else if (s.method === "days") {
      amountFen = schoolDays > 0 ? divRound(s.priceFen * absent, schoolDays, s.rounding) : 0;
      formula = `${fenToYuan(s.priceFen)} × ${absent} / ${schoolDays}`;
    } else if (s.basis === "monthly") {
      amountFen = absent * s.priceFen;
      formula = `${absent} × ${fenToYuan(s.priceFen)}`;
    } else {
      amountFen = absent * schoolDays * s.priceFen;
      formula = `${absent} × ${schoolDays} × ${fenToYuan(s.priceFen)}`;
    }
    lines.push({ month, schoolDays, absent, amountFen, formula });
  }
  return { lines, totalFen: lines.reduce((a, l) => a + l.amountFen, 0) };
}

/** "2026-09=21" lines → { "2026-09": 21 }; errors name the bad lines. */
export function parseMonthLines(text: string | null | undefined, max: number): { map: Record<string, number>; bad: boolean } {
  const map: Record<string, number> = {};
  let bad = false;
  for (const line of String(text ?? "")
    .split(/[\r\n,;，；]+/)
    .map((l) => l.trim())
    .filter(Boolean)) {
    const m = /^(\d{4}-(0[1-9]|1[0-2]))\s*[=:：＝]\s*(\d{1,2})$/.exec(line);
    if (!m || Number(m[3]) > max) bad = true;
    else map[m[1]] = Number(m[3]);
  }
  return { map, bad };
}

export const monthLinesText = (map: Record<string, number>) =>
  Object.keys(map)
    .sort()
    .map((k) => `${k}=${map[k]}`)
    .join("\n");
