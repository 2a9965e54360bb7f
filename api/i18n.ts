import zhApi from "@contract/locales/zh/api.json";
import enApi from "@contract/locales/en/api.json";
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

/** Whether `key` is a message of the `api` namespace. */
export const hasKey = (key: string) => lookup(DICTS.zh, key) !== undefined;

/** Translates a key of the `api` namespace (`{{name}}` placeholders), falling back to Chinese, then the key. */
export function t(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  const raw = lookup(DICTS[lang], key) ?? lookup(DICTS.zh, key) ?? key;
  return raw.replace(/\{\{(\w+)\}\}/g, (_, p: string) => (p in params ? String(params[p]) : `{{${p}}}`));
}

export { langFromHeader, type Lang };
