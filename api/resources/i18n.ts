import { LOCALES, NAMESPACES } from "@contract/locales";
import { splitMessage } from "@contract/resource";
import { hasIn, textOf, t as apiT, type Dict, type Lang } from "@api/i18n";

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
  return textOf(NS[m[1]!]!, lang, m[2]!, all, key);
}

export const translator = (lang: Lang) => (key: string, params?: Record<string, string | number>) => rt(lang, key, params);

/** Whether a namespaced key exists (in Chinese, the reference language). */
export function hasResourceKey(message: string): boolean {
  const m = splitMessage(message).key.match(/^(\w+):(.+)$/);
  return Boolean(m && NS[m[1]!] && hasIn(NS[m[1]!]!.zh, m[2]!));
}
