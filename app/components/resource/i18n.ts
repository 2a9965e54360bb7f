import { useTranslation } from "~/utils/i18n-react";
import { langOf } from "@contract/format";
import { isNamespacedKey, splitMessage } from "@contract/resource-view";

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
