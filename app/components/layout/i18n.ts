import { useTranslation } from "react-i18next";
import zhLayout from "@contract/locales/zh/layout.json";
import enLayout from "@contract/locales/en/layout.json";

const BUNDLES: Record<string, unknown> = { zh: zhLayout, en: enLayout };

/**
 * t() for the frame: namespaces `layout` (default) and `menu`.
 * The `layout` namespace is added to the i18next instance here when the shared i18n settings
 * do not list it yet (idempotent; on the server each request has its own instance).
 */
export function useLayoutT() {
  const result = useTranslation(["layout", "menu"]);
  const { i18n } = result;
  for (const lng of ["zh", "en"]) {
    if (i18n && !i18n.hasResourceBundle(lng, "layout")) {
      i18n.addResourceBundle(lng, "layout", BUNDLES[lng], true, false);
    }
  }
  return result;
}
