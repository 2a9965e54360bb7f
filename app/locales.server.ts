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
import zhReports from "@contract/locales/zh/reports.json";
import enReports from "@contract/locales/en/reports.json";
import zhForms from "@contract/locales/zh/forms.json";
import enForms from "@contract/locales/en/forms.json";
import type { Lang } from "@contract/settings";
import type { Namespace } from "./i18n";

/** Every namespace of contract/locales in both languages (server side; the browser fetches /locales/<lng>). */
export const resources: Record<Lang, Record<Namespace, Record<string, unknown>>> = {
  zh: { common: zhCommon, validation: zhValidation, menu: zhMenu, layout: zhLayout, crud: zhCrud, resources: zhResources, kgmgmt: zhKgmgmt, usermgmt: zhUsermgmt, reports: zhReports, forms: zhForms },
  en: { common: enCommon, validation: enValidation, menu: enMenu, layout: enLayout, crud: enCrud, resources: enResources, kgmgmt: enKgmgmt, usermgmt: enUsermgmt, reports: enReports, forms: enForms },
};
