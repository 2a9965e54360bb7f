import { useTranslation } from "~/utils/i18n-react";
import { langOf } from "@contract/format";
import { isNamespacedKey, splitMessage } from "@contract/resource-view";
import type { CommonView } from "@contract/resource-view";
import type { Item } from "~/resources/types";
/**
 * Translation for resource pages: `t` knows the crud, resources and menu namespaces; `msg` turns a
 * validation message into text — our keys (`crud:validation.tooLong#max=30`), keys of the
 * `validation` namespace, or a sentence the API already translated (shown as it is).
 */
const KEY_RE = /^[A-Za-z][\w-]*(\.[\w-]+)+$|^[a-z][A-Za-z]*$/;
export function useResourceT() {
  const { t, i18n } = useTranslation(["crud", "resources", "menu", "validation"]);
  const tr = (key: string, params?: Record<string, unknown>) => {
    const { key: k, params: inline } = splitMessage(key);
    return t(k, { ...inline, ...(params ?? {}) }) as string;
  };
  const msg = (m: string) => {
    if (isNamespacedKey(m)) return tr(m);
    if (KEY_RE.test(m)) return t(m, { ns: "validation", defaultValue: m }) as string;
    return m;
  };
  const msgs = (list?: Array<string | null | undefined> | null) => (list ?? []).filter((x): x is string => !!x).map(msg);
  return { t: tr, msg, msgs, lang: langOf(i18n.language) };
}

// Links shared by the list, the sub-pages and the detail page (here, beside the translator every resource page
// loads, rather than in a file of their own: one small file fewer per page).
/** `?a=1&b=2` of a query object with changes applied (null removes). */
export function searchOf(query: Record<string, string>, changes: Record<string, string | number | null> = {}): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...query, ...changes })) if (v != null && v !== "") p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : "";
}

/** A sub-page URL carrying the list's query back (`?back=…`). */
export function subHref(def: CommonView, path: string, back: string): string {
  return `${def.page}/${path}${back ? `?back=${encodeURIComponent(back)}` : ""}`;
}

/** Whether the row allows `verb` (the server's per-row `actions`; nothing is offered without them). */
export const rowAllows = (item: Item, verb: string | undefined) => Boolean(verb && item.actions?.[verb]);
