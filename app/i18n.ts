import { CONSOLE_NAMESPACES, type ConsoleNamespace } from "@contract/locales";
import { DEFAULT_LANG, LANGS } from "@contract/settings";

/**
 * i18next settings shared by the server (remix-i18next) and the browser. The resources themselves
 * live in app/locales.server.ts: the server bundles every language; the browser fetches only its
 * current one from /locales/<lng> (app/utils/client-locales.ts), so no translation ships as JavaScript.
 * Namespaces come from the one registry, contract/locales/index.ts (add a namespace there only).
 */
export const namespaces: readonly ConsoleNamespace[] = CONSOLE_NAMESPACES;
export type Namespace = ConsoleNamespace;

export default {
  supportedLngs: [...LANGS] as string[],
  fallbackLng: DEFAULT_LANG as string,
  defaultNS: "common",
  ns: [...namespaces] as string[],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
};
