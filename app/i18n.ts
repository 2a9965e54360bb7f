import { DEFAULT_LANG, LANGS } from "@contract/settings";

/**
 * i18next settings shared by the server (remix-i18next) and the browser. The resources themselves
 * live in app/locales.server.ts: the server bundles every language; the browser fetches only its
 * current one from /locales/<lng> (app/utils/client-locales.ts), so no translation ships as JavaScript.
 * To add a namespace, list it here and import both languages in app/locales.server.ts.
 */
export const namespaces = ["common", "validation", "menu", "layout", "crud", "resources", "kgmgmt", "usermgmt", "reports", "forms"] as const;
export type Namespace = (typeof namespaces)[number];

export default {
  supportedLngs: [...LANGS] as string[],
  fallbackLng: DEFAULT_LANG as string,
  defaultNS: "common",
  ns: [...namespaces] as string[],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
};
