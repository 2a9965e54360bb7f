import type { Lang } from "./settings";

/**
 * Lists and labels in the reader's language, shared by the console and the API (exports, option
 * labels, messages): never a hard-coded `、` or full-width brackets, which leak into English.
 */
const INTL_LOCALE: Record<Lang, string> = { zh: "zh-CN", en: "en" };
/**
 * Intl formats are made once per language and options and kept: making one costs 25 (a list) to 100 (a date) times
 * using it, and a page formats a cell per row.
 */
const listFormats = new Map<string, Intl.ListFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Joins items as the language does: values (`narrow`, the default) `A、B、C` / `A, B, C`;
 * prose (`long`) `A、B和C` / `A, B, and C`.
 */
export function formatList(lang: Lang, items: readonly unknown[], style: "narrow" | "long" = "narrow"): string {
  const key = `${lang}|${style}`;
  let format = listFormats.get(key);
  if (!format) listFormats.set(key, (format = new Intl.ListFormat(INTL_LOCALE[lang], { type: "conjunction", style })));
  return format.format(items.map(String));
}

/** A date format for the language (kept, above): `zh` writes zh-CN, `en` British English ("23 Nov 2026"). */
export function dateFormat(lang: Lang, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(lang === "en" ? "en-GB" : "zh-CN", options)));
  return format;
}

/** A label with a note in brackets: `周丽华（0001）` / `Zhou Lihua (0001)`. */
export function labelWithNote(lang: Lang, label: string, note: string | number | null | undefined): string {
  if (note === null || note === undefined || note === "") return label;
  return lang === "zh" ? `${label}（${note}）` : `${label} (${note})`;
}

/** A name in the reader's language: the English name when there is one, else the name. */
export function localName(lang: Lang, name: string, nameEn: string | null | undefined): string {
  return lang === "en" && nameEn ? nameEn : name;
}

/** The language of an i18next language code (`en`, `en-US` → en; anything else → zh). */
export const langOf = (language: string | undefined): Lang => (language?.startsWith("en") ? "en" : "zh");
