import { LOCALES, NAMESPACES } from "@contract/locales";
import { splitMessage } from "@contract/resource";
import { lookup, t as apiT, type Dict, type Lang } from "@api/i18n";

/** Every namespace of the registry (contract/locales/index.ts), for `ns:key` messages. */
const NS: Record<string, Record<Lang, Dict>> = Object.fromEntries(NAMESPACES.map((ns) => [ns, { zh: LOCALES.zh[ns], en: LOCALES.en[ns] }]));

/**
 * Translates `crud:…` / `resources:…` keys (with `#a=1` parameters, see contract/resource.ts) and,
 * for anything else, a key of the API's own `api` namespace.
 */
export function rt(lang: Lang, message: string, params: Record<string, string | number> = {}): string {
  const { key, params: inline } = splitMessage(message);
  const all = { ...inline, ...params };
  const m = key.match(/^(\w+):(.+)$/);
  if (!m || !NS[m[1]!]) return apiT(lang, key, all);
  const ns = NS[m[1]!]!;
  // A count picks the language's plural form when the text has one (`imported_one`: "1 user imported"), as i18next does.
  const plural = typeof all.count === "number" ? lookup(ns[lang], `${m[2]!}_${new Intl.PluralRules(lang).select(all.count)}`) : undefined;
  const raw = plural ?? lookup(ns[lang], m[2]!) ?? lookup(ns.zh, m[2]!) ?? key;
  return raw.replace(/\{\{(\w+)\}\}/g, (_, p: string) => (p in all ? String(all[p]) : `{{${p}}}`));
}

export const translator = (lang: Lang) => (key: string, params?: Record<string, string | number>) => rt(lang, key, params);

/** Whether a namespaced key exists (in Chinese, the reference language). */
export function hasResourceKey(message: string): boolean {
  const m = splitMessage(message).key.match(/^(\w+):(.+)$/);
  return Boolean(m && NS[m[1]!] && lookup(NS[m[1]!]!.zh, m[2]!) !== undefined);
}
