import zhApi from "@contract/locales/zh/api.json";
import enApi from "@contract/locales/en/api.json";
import { plural } from "@contract/plural";
import { langFromHeader, type Lang } from "@contract/settings";

export type Dict = Record<string, unknown>;
const DICTS: Record<Lang, Dict> = { zh: zhApi as Dict, en: enApi as Dict };

/** THE dictionary lookup of the API (dotted key → string), for the `api` namespace and the resource namespaces (api/resources/i18n.ts). */
export function lookup(dict: Dict, key: string): string | undefined {
  let cur: unknown = dict;
  for (const part of key.split(".")) {
    if (cur && typeof cur === "object" && part in (cur as Dict)) cur = (cur as Dict)[part];
    else return undefined;
  }
  return typeof cur === "string" ? cur : undefined;
}

/** Whether `dict` has `key`: as a text, or as a plural text (`key_other`, which every language has). */
export const hasIn = (dict: Dict, key: string) => lookup(dict, key) !== undefined || lookup(dict, `${key}_other`) !== undefined;

/** Whether `key` is a message of the `api` namespace. */
export const hasKey = (key: string) => hasIn(DICTS.zh, key);

/**
 * `key` in `lang`, else in Chinese, else `fallback` (the key), then its `{{name}}` placeholders filled: THE text lookup of
 * the API. With a numeric `count`, the plural form by the one rule (contract/plural.ts: `key_one`, `key_other`).
 */
export function textOf(dicts: Record<Lang, Dict>, lang: Lang, key: string, params: Record<string, string | number>, fallback = key): string {
  const raw = plural((k) => lookup(dicts[lang], k), lang, key, params.count) ?? plural((k) => lookup(dicts.zh, k), "zh", key, params.count) ?? fallback;
  return raw.replace(/\{\{(\w+)\}\}/g, (_, p: string) => (p in params ? String(params[p]) : `{{${p}}}`));
}

/** Translates a key of the `api` namespace (`{{name}}` placeholders), falling back to Chinese, then the key. */
export const t = (lang: Lang, key: string, params: Record<string, string | number> = {}): string => textOf(DICTS, lang, key, params);

export { langFromHeader, type Lang };
