import type { Flag, HideFlag, ShowFlag } from "./optional-function";
import type { RoleId } from "./roles";

/**
 * The menu tree of shared/routes.md: one definition drives the sidebar, breadcrumb,
 * document title, the console's server-side guard and the API's page checks.
 * meta.title is a full key of the `menu` locale namespace (e.g. "title.kindergarten.group").
 */

/** show:F, hide:F, hide:F except R…, hide:F only R (see routes.md "Flag rules"). */
export type FlagRule = { show: ShowFlag } | { hide: HideFlag; except?: readonly RoleId[]; only?: RoleId };

export interface RouteMeta {
  /** i18n key in the `menu` namespace. */
  title: string;
  icon?: string;
  roles: readonly RoleId[];
  groups?: readonly number[];
  kindergartens?: readonly number[];
  flag?: FlagRule;
  affix?: boolean;
  noCache?: boolean;
  keepAlive?: boolean;
}

export interface PageRoute {
  /** Absolute path; `:id` marks a parameter. */
  path: string;
  meta: RouteMeta;
  hidden?: boolean;
  /** Opens in a new tab instead of navigating (section 5: http:, https:, mailto:, tel:). */
  externalUrl?: string;
}

export interface SectionRoute {
  path: string;
  meta: Omit<RouteMeta, "roles"> & { roles?: readonly RoleId[] };
  hidden?: boolean;
  children: PageRoute[];
}

const p = (path: string, roles: RoleId[], extra: { flag?: FlagRule; hidden?: boolean; icon?: string; noCache?: boolean } = {}): PageRoute => ({
  path,
  hidden: extra.hidden,
  meta: {
    title:
      "title." +
      path
        .replace(/^\//, "")
        .replace(/\/:id$/, "")
        .replace(/\//g, "."),
    roles,
    flag: extra.flag,
    icon: extra.icon,
    noCache: extra.noCache,
  },
});

const hide = (f: HideFlag, opts: { except?: RoleId[]; only?: RoleId } = {}): FlagRule => ({ hide: f, ...opts });
const show = (f: ShowFlag): FlagRule => ({ show: f });

/** External platform for the age 0–6 link; configurable in the console with AGE06_URL. */
export const DEFAULT_AGE06_URL = "https://www.example.gov.cn/age06";

export const HOME_ROUTE: PageRoute = {
  path: "/Home",
  meta: { title: "title.home", icon: "home", roles: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], affix: true },
};

export const SECTIONS: SectionRoute[] = [
  {
    path: "/kindergarten",
    meta: { title: "section.kindergarten", icon: "school" },
    children: [
      p("/kindergarten/group", [6]),
      p("/kindergarten/kindergarten", [6]),
      p("/kindergarten/class", [5, 6]),
      p("/kindergarten/place", [5, 6]),
      p("/kindergarten/statistics", [6]),
      p("/kindergarten/optionalFunction", [6]),
      p("/kindergarten/punch_setting", [5]),
      p("/kindergarten/punch", [5]),
    ],
  },
  {
    path: "/user",
    meta: { title: "section.user", icon: "users" },
    children: [
      p("/user/userAdministration", [5, 6, 15]),
      p("/user/expert", [5, 6, 15]),
      p("/user/studentParent", [5, 6, 15]),
      p("/user/principal", [6]),
      p("/user/proTeacher", [6]),
      p("/user/doctor", [5, 6]),
      p("/user/busTeacher", [5, 6]),
      p("/user/push", [6]),
    ],
  },
  {
    path: "/student",
    meta: { title: "section.student", icon: "student" },
    children: [
      p("/student/studentFile", [1, 3, 4, 5, 6, 7, 8, 11, 14, 15]),
      p("/student/studentCheck", [5], { flag: hide("isHideSignIn") }),
      p("/student/studentSchoolBusCheck", [5], { flag: hide("isHideBus", { except: [6] }) }),
      p("/student/leaveNotes", [5], { flag: hide("isHideLeaveNote") }),
      p("/student/studentAssessments", [1, 2, 3], { flag: hide("isHideAssessment", { except: [6] }) }),
      p("/student/studentAge06", [5], { flag: show("isShowAge06") }),
      p("/student/studentManual", [1, 3, 4, 5]),
      p("/student/parentRequests", [3, 5]),
    ],
  },
  {
    path: "/teaching",
    meta: { title: "section.teaching", icon: "book" },
    children: [
      p("/teaching/anecdoteFile", [1, 2, 3, 4, 5, 6, 11]),
      p("/teaching/activity", [1, 2, 3, 4, 5, 6, 11]),
      p("/teaching/teaching-plan", [1, 2, 3, 4, 5, 11], { flag: hide("isHideTeachingPlan") }),
      p("/teaching/TeachingRecord", [1, 3, 4, 5, 11], { flag: hide("isHideTeachingRecord", { except: [6] }) }),
      p("/teaching/StudentWorks", [1, 3, 4, 5, 11], { flag: hide("isHideStudentWork", { except: [6] }) }),
      p("/teaching/ExpertComment", [1]),
      p("/teaching/predesign", [5, 6], { flag: hide("isHidePredesignTeachingPlan", { except: [6] }) }),
      p("/teaching/homeworks", [1, 3, 11], { flag: hide("isHideHomework") }),
      p("/teaching/trainingMaterials", [1, 2, 3, 5, 11]),
    ],
  },
  {
    path: "/evaluate",
    hidden: true,
    meta: { title: "section.evaluate", icon: "star" },
    children: [
      p("/evaluate/evaluate1/:id", [2], { hidden: true, noCache: true }),
      p("/evaluate/evaluate2/:id", [2], { hidden: true, noCache: true }),
      p("/evaluate/entrust/:id", [1, 3, 4, 7, 8], { hidden: true, noCache: true, flag: hide("isHideEntrust", { except: [6] }) }),
      p("/evaluate/careGreetings/:id", [1, 3], { hidden: true, noCache: true, flag: hide("isHideCareGreetings", { except: [6] }) }),
      p("/evaluate/faceStudentClass", [5, 6], { hidden: true }),
      p("/evaluate/faceStudentClass2", [5, 6], { hidden: true }),
    ],
  },
  {
    path: "/daily",
    meta: { title: "section.daily", icon: "calendar" },
    children: [
      p("/daily/medication", [7], { flag: hide("isHideMed", { except: [6, 7] }) }),
      p("/daily/notice", [1, 2, 3, 4, 7, 8, 10, 11, 12, 14], { flag: hide("isHideNotice", { except: [6] }) }),
      p("/daily/leaveNotesTeacher", [1, 3, 8], { flag: hide("isHideLeaveNote") }),
      p("/daily/entrust", [1, 3, 4, 7, 8], { flag: hide("isHideEntrust", { except: [6] }) }),
      p("/daily/careGreetings", [1, 3], { flag: hide("isHideCareGreetings", { except: [6] }) }),
      p("/daily/updates", [1, 3, 4, 5]),
      p("/daily/epidemic", [1, 5, 10], { flag: hide("isHideEpidemicReport", { except: [6] }) }),
      p("/daily/formTemplate", [5], { flag: show("isShowForm") }),
      p("/daily/form", [1, 2, 3, 7, 8, 11, 12, 14], { flag: show("isShowForm") }),
      p("/daily/classCircle", [1, 3, 11], { flag: hide("isHideClassCirclePhoto", { except: [6] }) }),
      p("/daily/nursery", [1, 3, 5], { flag: show("isShowNursery") }),
    ],
  },
  {
    path: "/bus",
    meta: { title: "section.bus", icon: "bus" },
    children: [
      p("/bus/schoolBus", [5, 6], { flag: hide("isHideBus", { except: [6] }) }),
      p("/bus/schoolBusDownload", [8], { flag: hide("isHideBus", { except: [6] }) }),
    ],
  },
  {
    path: "/device",
    meta: { title: "section.device", icon: "device" },
    children: [
      p("/device/faceDevice", [5, 6]),
      p("/device/faceDevice2", [5, 6]),
      p("/device/camera", [5, 6], { flag: show("isShowYsCamera") }),
      p("/device/studentIc", [5]),
    ],
  },
  {
    path: "/tuition",
    meta: { title: "section.tuition", icon: "money" },
    children: [
      p("/tuition/templates", [14]),
      p("/tuition/bills", [4, 14], { flag: hide("isHideTuitionBill", { only: 4 }) }),
      p("/tuition/refundCaculations", [14]),
      p("/tuition/fee", [14]),
      p("/tuition/payrolls", [14], { flag: show("isShowSalary") }),
      p("/tuition/deposit", [14], { flag: show("isShowTuitionDeposit") }),
      p("/tuition/reconciliation", [14]),
    ],
  },
  {
    path: "/assessment",
    meta: { title: "section.assessment", icon: "chart" },
    children: [p("/assessment/categories", [6]), p("/assessment/objectives", [6]), p("/assessment/checklists", [6])],
  },
  {
    path: "/protection",
    meta: { title: "section.protection", icon: "shield" },
    children: [p("/protection/dataProcessing", [5])],
  },
  {
    path: "/admission",
    meta: { title: "section.admission", icon: "admission" },
    children: [
      p("/admission/customerList", [1, 9, 12, 16], { flag: hide("isHideAdmission") }),
      p("/admission/communicationRecordList", [12, 16], { hidden: true, flag: hide("isHideAdmission") }),
      p("/admission/appointmentList", [12, 16], { hidden: true, flag: hide("isHideAdmission") }),
      p("/admission/reconciliation", [1, 12], { flag: hide("isHideAdmission", { except: [12] }) }),
      p("/admission/weeklyReport", [1, 9, 12, 16], { flag: hide("isHideAdmission") }),
      p("/admission/chargingStandard", [1, 9, 12, 16], { flag: hide("isHideAdmission") }),
      p("/admission/classSituation", [1, 9, 12, 16], { flag: hide("isHideAdmission") }),
      p("/admission/yearPlan", [1, 9, 12, 16], { flag: hide("isHideAdmission") }),
      p("/admission/clueOpportunity", [1, 9, 12, 16], { flag: hide("isHideAdmission") }),
      p("/admission/customerSource", [1, 9, 12, 16], { flag: hide("isHideAdmission") }),
      p("/admission/actualAnalysis", [1, 9, 12, 16], { flag: hide("isHideAdmission") }),
      p("/admission/dropOutAnalysis", [1, 9, 12, 16], { flag: hide("isHideAdmission") }),
      p("/admission/wx/introduction", [13], { hidden: true }),
    ],
  },
];

// The age 0–6 page links out to the city platform (routes.md: "external link").
SECTIONS.find((s) => s.path === "/student")!.children.find((c) => c.path === "/student/studentAge06")!.externalUrl = DEFAULT_AGE06_URL;

// A section's roles are the union of its children's (routes.md, Conventions).
for (const s of SECTIONS) {
  s.meta.roles = [...new Set(s.children.flatMap((c) => c.meta.roles))].sort((a, b) => a - b) as RoleId[];
}

/** Every page of the table, flat. */
export const ALL_PAGES: PageRoute[] = [HOME_ROUTE, ...SECTIONS.flatMap((s) => s.children)];

/** Turns a route path with `:id` into a matcher. */
function matcher(path: string): RegExp {
  return new RegExp("^" + path.replace(/:id/g, "[^/]+") + "/?$");
}
const MATCHERS = ALL_PAGES.map((r) => ({ route: r, re: matcher(r.path) }));

/**
 * Sub-pages of a resource page (contract/resource.ts): `<page>/new`, `<page>/import`, `<page>/export`,
 * `<page>/delete` (bulk), `<page>/<id>`, `<page>/<id>/edit`, `<page>/<id>/delete` (numeric ids only).
 * They belong to their page: same rules, same title. Any other path under a page stays unknown.
 */
// Plus the user-management pages: `<page>/<id>/password`, `<page>/send`.
const SUB_PAGE = /^(.+?)\/(?:new|import|export|delete|send|\d+(?:\/(?:edit|delete|password))?)\/?$/;
/** `<page>/<id>/<verb>` of a record action (contract/actions.ts): the verbs come from the definitions. */
const ACTION_PAGE = /^(.+?)\/\d+\/([a-z][A-Za-z]*)\/?$/;
const PAGE_VERBS = new Map<string, Set<string>>();
/** `<page>/<verb>?ids=…`: the confirmation of a bulk record action (declared with `where: [..., "bulk"]`). */
const BULK_PAGE = /^(.+?)\/([a-z][A-Za-z]*)\/?$/;
const PAGE_BULK_VERBS = new Map<string, Set<string>>();
/** Called by defineResource (contract/resource.ts) with a definition's record actions (and those offered in bulk): the guard learns its verbs. */
export function registerPageVerbs(page: string, verbs: readonly string[], bulkVerbs: readonly string[] = []) {
  for (const [map, list] of [
    [PAGE_VERBS, verbs],
    [PAGE_BULK_VERBS, bulkVerbs],
  ] as const) {
    const set = map.get(page) ?? new Set<string>();
    for (const v of list) set.add(v);
    map.set(page, set);
  }
}

/** The page of the table a URL path belongs to (or undefined for unknown paths). */
export function findPage(pathname: string): PageRoute | undefined {
  const exact = MATCHERS.find((m) => m.re.test(pathname))?.route;
  if (exact) return exact;
  const verb = ACTION_PAGE.exec(pathname);
  if (verb) {
    const page = MATCHERS.find((m) => m.re.test(verb[1]!))?.route;
    if (page && PAGE_VERBS.get(page.path)?.has(verb[2]!)) return page;
  }
  const bulk = BULK_PAGE.exec(pathname);
  if (bulk) {
    const page = MATCHERS.find((m) => m.re.test(bulk[1]!))?.route;
    if (page && PAGE_BULK_VERBS.get(page.path)?.has(bulk[2]!)) return page;
  }
  const sub = SUB_PAGE.exec(pathname);
  if (!sub) return undefined;
  const page = MATCHERS.find((m) => m.re.test(sub[1]!))?.route;
  return page && !page.path.includes(":") && page !== HOME_ROUTE ? page : undefined;
}

export function findSection(pathname: string): SectionRoute | undefined {
  return SECTIONS.find((s) => pathname === s.path || pathname.startsWith(s.path + "/"));
}

export const PUBLIC_PATHS = ["/login", "/register", "/resetPassword", "/admission/wx/login", "/404", "/401"] as const;

/** Section 5: a link is external if it starts with http:, https:, mailto: or tel:. */
export const isExternal = (path: string) => /^(https?:|mailto:|tel:)/.test(path);

export type { Flag };
