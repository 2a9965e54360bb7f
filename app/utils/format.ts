import { useTranslation } from "~/utils/i18n-react";
import { formatList, labelWithNote, langOf, localName } from "@contract/format";

/** The console's list and label formatting, bound to the page's current language (contract/format.ts). */
export function useFormat() {
  const { i18n } = useTranslation();
  const lang = langOf(i18n.language);
  return {
    lang,
    list: (items: readonly unknown[], style?: "narrow" | "long") => formatList(lang, items, style),
    withNote: (label: string, note: string | number | null | undefined) => labelWithNote(lang, label, note),
    name: (name: string, nameEn: string | null | undefined) => localName(lang, name, nameEn),
  };
}
