import zhApi from "./zh/api.json";
import enApi from "./en/api.json";
import zhCommon from "./zh/common.json";
import enCommon from "./en/common.json";
import zhValidation from "./zh/validation.json";
import enValidation from "./en/validation.json";
import zhMenu from "./zh/menu.json";
import enMenu from "./en/menu.json";
import zhLayout from "./zh/layout.json";
import enLayout from "./en/layout.json";
import zhCrud from "./zh/crud.json";
import enCrud from "./en/crud.json";
import zhResources from "./zh/resources.json";
import enResources from "./en/resources.json";
import zhKgmgmt from "./zh/kgmgmt.json";
import enKgmgmt from "./en/kgmgmt.json";
import zhUsermgmt from "./zh/usermgmt.json";
import enUsermgmt from "./en/usermgmt.json";
import zhReports from "./zh/reports.json";
import enReports from "./en/reports.json";
import zhForms from "./zh/forms.json";
import zhTeaching from "./zh/teaching.json";
import enTeaching from "./en/teaching.json";
import enForms from "./en/forms.json";
import zhBuses from "./zh/buses.json";
import enBuses from "./en/buses.json";
import zhDevices from "./zh/devices.json";
import enDevices from "./en/devices.json";
import zhStudents from "./zh/students.json";
import enStudents from "./en/students.json";
import zhDaily from "./zh/daily.json";
import enDaily from "./en/daily.json";
import zhTuition from "./zh/tuition.json";
import enTuition from "./en/tuition.json";
import zhAssessment from "./zh/assessment.json";
import enAssessment from "./en/assessment.json";
import zhAdmission from "./zh/admission.json";
import enAdmission from "./en/admission.json";
import zhProtection from "./zh/protection.json";
import enProtection from "./en/protection.json";
import type { Lang } from "../settings";

/**
 * THE registry of translation namespaces (server side: it bundles every JSON file; the browser never imports it).
 * To add a namespace: create `zh/<ns>.json` and `en/<ns>.json` beside this file, import both above and add one
 * entry per language below (tsc refuses a namespace missing in one language). Everything else derives from it:
 * the console's namespaces and /locales/<lng> (app/i18n.ts, app/locales.server.ts: all but the API's own `api`),
 * the API's `ns:key` messages (api/resources/i18n.ts), and tests/unit/locales.test.ts checks the files match.
 */
export type Dict = Record<string, unknown>;

const zh = {
  api: zhApi,
  common: zhCommon,
  validation: zhValidation,
  menu: zhMenu,
  layout: zhLayout,
  crud: zhCrud,
  resources: zhResources,
  kgmgmt: zhKgmgmt,
  usermgmt: zhUsermgmt,
  reports: zhReports,
  forms: zhForms,
  teaching: zhTeaching,
  admission: zhAdmission,
  protection: zhProtection,
  buses: zhBuses,
  devices: zhDevices,
  daily: zhDaily,
  students: zhStudents,
  tuition: zhTuition,
  assessment: zhAssessment,
} satisfies Record<string, Dict>;

export type Namespace = keyof typeof zh;

const en: Record<Namespace, Dict> = {
  api: enApi,
  common: enCommon,
  validation: enValidation,
  menu: enMenu,
  layout: enLayout,
  crud: enCrud,
  resources: enResources,
  kgmgmt: enKgmgmt,
  usermgmt: enUsermgmt,
  reports: enReports,
  forms: enForms,
  teaching: enTeaching,
  admission: enAdmission,
  protection: enProtection,
  buses: enBuses,
  devices: enDevices,
  daily: enDaily,
  students: enStudents,
  tuition: enTuition,
  assessment: enAssessment,
};

/** Every namespace in both languages. */
export const LOCALES: Record<Lang, Record<Namespace, Dict>> = { zh, en };
export const NAMESPACES = Object.keys(zh) as Namespace[];

/** The API's own messages (errors, SMS texts): never sent to the browser. */
export const API_NAMESPACE = "api" satisfies Namespace;
export type ConsoleNamespace = Exclude<Namespace, typeof API_NAMESPACE>;
/** What the console loads and serves from /locales/<lng>. */
export const CONSOLE_NAMESPACES = NAMESPACES.filter((n): n is ConsoleNamespace => n !== API_NAMESPACE);

/** One language's namespaces, restricted to `names`. */
export function localesOf<N extends Namespace>(lang: Lang, names: readonly N[]): Record<N, Dict> {
  return Object.fromEntries(names.map((n) => [n, LOCALES[lang][n]])) as Record<N, Dict>;
}
