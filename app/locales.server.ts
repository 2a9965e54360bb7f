import { CONSOLE_NAMESPACES, localesOf, type ConsoleNamespace, type Dict } from "@contract/locales";
import type { Lang } from "@contract/settings";

/**
 * The console's translations in both languages (server side; the browser fetches /locales/<lng>): every namespace
 * of the registry contract/locales/index.ts but the API's own. Add namespaces there, not here.
 */
export const resources: Record<Lang, Record<ConsoleNamespace, Dict>> = {
  zh: localesOf("zh", CONSOLE_NAMESPACES),
  en: localesOf("en", CONSOLE_NAMESPACES),
};
