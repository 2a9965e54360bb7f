/**
 * Every spreadsheet the API writes or reads (exports, import templates, imports): xlsx through exceljs, CSV
 * as RFC 4180 with a UTF-8 BOM. Text cells are neutralised against formula injection here, once, so no
 * export can forget it (OWASP "CSV Injection").
 */
import type ExcelJS from "exceljs";
import { parse as parseCsvText } from "csv-parse/sync";
import type { ColumnFormat } from "@contract/resource";
import { formatCell } from "@contract/resource-format";
import { calendarDate, fileDateCn } from "@contract/school-time";

/** exceljs (about 450 modules with its dependencies) loads with the first export or import, not with the API. */
const loadExcel = async () => (await import("exceljs")).default;

/** A cell: text, or a number that is really a number (kept numeric, never escaped). */
export type Cell = string | number;

/**
 * First characters that make a spreadsheet read a cell as a formula or a DDE command: = + - @, tab and CR
 * (OWASP), and the full-width forms that Excel in Chinese and Japanese locales converts to them.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** OWASP: a text cell starting with a formula character gets a leading single quote, so it stays text. */
export const safeText = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/** The reverse on import: a quote that safeText added (quote + formula character) is dropped again. */
export const unescapeText = (text: string) => (text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text);

const safeCell = (v: Cell): Cell => (typeof v === "number" ? v : safeText(v));

/** Content-Disposition with an ASCII fallback and the UTF-8 title (RFC 6266 / 5987). */
export function attachment(title: string, ext: string, fallback: string) {
  const day = fileDateCn();
  const utf = `${title}-${day}.${ext}`;
  return `attachment; filename="${fallback}-${day}.${ext}"; filename*=UTF-8''${encodeURIComponent(utf)}`;
}

/** CSV text: fields with a delimiter, quote, CR/LF or edge spaces are quoted (quotes doubled). */
export function csvOf(rows: Cell[][]): string {
  const field = (v: Cell) => {
    const s = String(safeCell(v));
    return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return "\uFEFF" + rows.map((r) => r.map(field).join(",")).join("\r\n") + "\r\n";
}

/**
 * A CSV file's text: UTF-8 (with or without its BOM), else GB18030 (a superset of GBK: what Excel on Chinese Windows
 * saves as "CSV (逗号分隔)"); null when the bytes are neither, so the import says so instead of guessing.
 */
export function csvText(bytes: Uint8Array): string | null {
  for (const encoding of ["utf-8", "gb18030"]) {
    try {
      return new TextDecoder(encoding, { fatal: true }).decode(bytes);
    } catch {
      // not this encoding: the next one
    }
  }
  return null;
}

/** RFC 4180 CSV → rows of strings (csv-parse: quoted fields, doubled quotes, CRLF, LF or CR, BOM; a blank line is a row). */
export function parseCsv(text: string): string[][] {
  const options = { bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: false, record_delimiter: ["\r\n", "\n", "\r"] };
  return parseCsvText(text, options) as string[][];
}

/** Display width of a cell (CJK characters count double). */
const widthOf = (v: Cell | undefined) => [...String(v ?? "")].reduce((n, ch) => n + (ch.charCodeAt(0) > 255 ? 2 : 1), 0);

/** An .xlsx workbook of one sheet; text cells are written as text (never formulas), numbers as numbers. */
export async function xlsxOf(sheetName: string, rows: Cell[][], widths?: number[], more: { name: string; rows: Cell[][] }[] = []): Promise<Buffer> {
  const wb = new (await loadExcel()).Workbook();
  addSheet(wb, sheetName, rows, widths);
  for (const m of more) addSheet(wb, m.name, m.rows);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** One sheet: bold header row, columns as wide as their longest cell (or `widths`). */
function addSheet(wb: ExcelJS.Workbook, sheetName: string, rows: Cell[][], widths?: number[]) {
  const ws = wb.addWorksheet(sheetName.slice(0, 31) || `Sheet${wb.worksheets.length + 1}`);
  for (const r of rows) ws.addRow(r.map(safeCell));
  ws.getRow(1).font = { bold: true };
  ws.columns.forEach((col, i) => {
    const max = Math.max(...rows.map((r) => widthOf(r[i])));
    col.width = widths?.[i] ?? Math.min(60, Math.max(8, max + 2));
  });
}

/** The text of an exceljs cell value (a formula's cached result, never the formula). */
function cellText(v: unknown): string {
  if (v == null) return "";
  if (v instanceof Date) return calendarDate(v); // Excel keeps a date cell as that day's UTC midnight
  if (typeof v === "object" && "text" in v) return String((v as { text: unknown }).text);
  if (typeof v === "object" && "result" in v) return String((v as { result: unknown }).result ?? "");
  if (typeof v === "object" && "richText" in v) return (v as { richText: { text: string }[] }).richText.map((p) => p.text).join("");
  if (typeof v === "object" && "error" in v) return "";
  return String(v);
}

/** Why an uploaded sheet cannot be read (crud:import.<key>). */
export type SheetProblem = "badFile" | "badEncoding";

/** An uploaded .xlsx or .csv as rows of strings (quotes added by safeText dropped), or why it cannot be read. */
export async function readSheet(file: File): Promise<string[][] | SheetProblem> {
  const name = file.name.toLowerCase();
  const buf = Buffer.from(await file.arrayBuffer());
  try {
    if (name.endsWith(".csv") || file.type === "text/csv") {
      const text = csvText(buf);
      return text == null ? "badEncoding" : parseCsv(text).map((r) => r.map(unescapeText));
    }
    const wb = new (await loadExcel()).Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    if (!ws) return [];
    const rows: string[][] = [];
    ws.eachRow({ includeEmpty: true }, (row, n) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        cells[col - 1] = unescapeText(cellText(cell.value));
      });
      rows[n - 1] = Array.from(cells, (x) => x ?? "");
    });
    return Array.from(rows, (r) => r ?? []);
  } catch {
    return "badFile";
  }
}

type FormatRest = Parameters<typeof formatCell> extends [unknown, unknown, ...infer R] ? R : never;

/** An exported cell: a plain or "number" column holding a number stays numeric (money: in yuan); everything else is its list text. */
export function exportCell(value: unknown, col: { format?: ColumnFormat; enumPrefix?: string }, ...rest: FormatRest): Cell {
  if (typeof value === "number" && Number.isFinite(value) && (!col.format || col.format === "number")) return value;
  if (col.format === "money" && typeof value === "number" && Number.isFinite(value)) return value / 100; // yuan, a number to sum
  if (col.format === "images") return Array.isArray(value) ? value.length : 0; // how many images, never their ids
  return formatCell(value, col, ...rest);
}
