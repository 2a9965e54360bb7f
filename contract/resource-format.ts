import { formatList } from "./format";
import { formatFen } from "./tuition/money";
import type { ColumnFormat } from "./resource";
import type { Lang } from "./settings";

/**
 * Cell texts shared by the console's list/detail and the API's export, so both show the same thing.
 * `t` translates namespaced keys (`crud:list.yes`, `resources:classes.levels.pre`).
 */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * ISO timestamp → `YYYY-MM-DD HH:mm` in China time (the product's users are there). A timestamp without a zone
 * (`2026-01-02T09:00:00`, as devices and the seed write the kindergarten's wall clock) is already that time.
 */
export function formatDateTime(iso: string): string {
  const wallClock = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(iso.trim());
  if (wallClock) return `${wallClock[1]} ${wallClock[2]}`;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const local = new Date(d.getTime() + 8 * 3600 * 1000);
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

export function formatCell(value: unknown, col: { format?: ColumnFormat; enumPrefix?: string; empty?: string }, t: Translate, lang: Lang): string {
  if (value === null || value === undefined || value === "") return col.empty ? t(col.empty) : "";
  switch (col.format) {
    case "boolean":
      return t(value === true || value === 1 || value === "1" || value === "true" ? "crud:list.yes" : "crud:list.no");
    case "enum":
      return col.enumPrefix ? t(`${col.enumPrefix}.${String(value)}`) : String(value);
    case "tags":
      return Array.isArray(value) ? formatList(lang, value) : String(value);
    case "date":
      return String(value).slice(0, 10);
    case "datetime":
      return formatDateTime(String(value));
    case "number":
      return typeof value === "number" ? String(value) : String(Number(value));
    case "money":
      return Number.isFinite(Number(value)) ? formatFen(Number(value)) : String(value);
    case "image":
      return ""; // a file id means nothing in text (exports); pages show the thumbnail
    case "images":
      return Array.isArray(value) ? String(value.length) : ""; // how many images (ids mean nothing in text)
    default:
      return Array.isArray(value) ? formatList(lang, value) : String(value);
  }
}
