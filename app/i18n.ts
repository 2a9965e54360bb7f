import zhCommon from "@contract/locales/zh/common.json";
import enCommon from "@contract/locales/en/common.json";
import zhValidation from "@contract/locales/zh/validation.json";
import enValidation from "@contract/locales/en/validation.json";
import zhMenu from "@contract/locales/zh/menu.json";
import enMenu from "@contract/locales/en/menu.json";
import zhLayout from "@contract/locales/zh/layout.json";
import enLayout from "@contract/locales/en/layout.json";
import zhCrud from "@contract/locales/zh/crud.json";
import enCrud from "@contract/locales/en/crud.json";
import zhResources from "@contract/locales/zh/resources.json";
import enResources from "@contract/locales/en/resources.json";
import zhKgmgmt from "@contract/locales/zh/kgmgmt.json";
import enKgmgmt from "@contract/locales/en/kgmgmt.json";
import zhUsermgmt from "@contract/locales/zh/usermgmt.json";
import enUsermgmt from "@contract/locales/en/usermgmt.json";
import { DEFAULT_LANG, LANGS } from "@contract/settings";

/**
 * i18next settings shared by the server (remix-i18next) and the browser.
 * Resources are bundled (no HTTP backend): every namespace of contract/locales is imported here.
 * To add a namespace, import both languages and list them in `resources`.
 */
export const resources = {
  zh: { common: zhCommon, validation: zhValidation, menu: zhMenu, layout: zhLayout, crud: zhCrud, resources: zhResources, kgmgmt: zhKgmgmt, usermgmt: zhUsermgmt },
  en: { common: enCommon, validation: enValidation, menu: enMenu, layout: enLayout, crud: enCrud, resources: enResources, kgmgmt: enKgmgmt, usermgmt: enUsermgmt },
} as const;

export const namespaces = Object.keys(resources.zh) as Array<keyof (typeof resources)["zh"]>;

export default {
  supportedLngs: [...LANGS] as string[],
  fallbackLng: DEFAULT_LANG as string,
  defaultNS: "common",
  ns: namespaces as string[],
  resources,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
};
