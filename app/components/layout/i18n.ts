import { useTranslation } from "~/utils/i18n-react";

/** t() for the frame: namespaces `layout` (default) and `menu` (both bundled by app/i18n.ts). */
export function useLayoutT() {
  return useTranslation(["layout", "menu"]);
}
