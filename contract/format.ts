import type { Lang } from "./settings";

/**
 * Lists and labels in the reader's language, shared by the console and the API (exports, option
 * labels, messages): never a hard-coded `、` or full-width brackets, which leak into English.
 */
const INTL_LOCALE: Record<Lang, string> = { zh: "zh-CN", en: "en" };

/**
 * Joins items as the language does: values (`narrow`, the default) `A、B、C` / `A, B, C`;
 * prose (`long`) `A、B和C` / `A, B, and C`.
 */
export function formatList(lang: Lang, items: readonly unknown[], style: "narrow" | "long" = "narrow"): string {
  return new Intl.ListFormat(INTL_LOCALE[lang], { type: "conjunction", style }).format(items.map(String));
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
