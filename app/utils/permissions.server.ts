import { json, redirect } from "@remix-run/node";
import { hasPermission, filterRoutes, type PermissionSubject } from "@contract/permissions";
import { ALL_PAGES, DEFAULT_AGE06_URL, HOME_ROUTE, SECTIONS, findPage, findSection, isExternal, type PageRoute, type SectionRoute } from "@contract/route-tree";
import type { Crumbs } from "~/components/layout/breadcrumb";
import { requireCurrentUser } from "./current-user.server";
import type { SessionUser } from "./session.server";

/**
 * The route tree guard (section 6, routes.md). Every console loader and action goes through
 * requirePage / requireSection; what the menu hides is a convenience, never the guard.
 *
 * Refusals are thrown Responses that the console's error boundaries render:
 *  - 403 + { reason: "forbidden" } → the no-permission page (the /401 page's content), no page data;
 *  - 404 + { reason: "notFound" }  → the not-found page.
 */

export type GuardReason = "forbidden" | "notFound";

export function forbidden(): Response {
  return json({ reason: "forbidden" satisfies GuardReason }, { status: 403, statusText: "Forbidden" });
}
export function notFound(): Response {
  return json({ reason: "notFound" satisfies GuardReason }, { status: 404, statusText: "Not Found" });
}

const ciMatchers = ALL_PAGES.map((route) => ({
  route,
  re: new RegExp("^" + route.path.replace(/:id/g, "[^/]+") + "/?$", "i"),
}));

/**
 * The page of the route tree for a URL path. Remix matches route files case-insensitively
 * (/teaching/teachingrecord serves TeachingRecord.tsx), so the guard must too: exact match first,
 * then a case-insensitive one, so no spelling of a URL escapes its page's rules.
 */
export function pageForPath(pathname: string): PageRoute | undefined {
  return findPage(pathname) ?? ciMatchers.find((m) => m.re.test(pathname))?.route;
}

export function sectionForPath(pathname: string): SectionRoute | undefined {
  const exact = findSection(pathname);
  if (exact) return exact;
  const lower = pathname.toLowerCase();
  return SECTIONS.find((s) => lower === s.path.toLowerCase() || lower.startsWith(s.path.toLowerCase() + "/"));
}

/** The permission subject of a session user (section 3 user info). */
export const subjectOf = (user: SessionUser): PermissionSubject => ({
  roleId: user.info.roleId,
  educationGroupId: user.info.educationGroupId,
  kindergartenId: user.info.kindergartenId,
  optionalFunction: user.info.optionalFunction,
});

/** Whether the user may open the URL path (known page and permitted). */
export function canOpen(user: SessionUser, pathname: string): boolean {
  const page = pageForPath(pathname);
  return Boolean(page && hasPermission(subjectOf(user), page.meta));
}

/**
 * requireCurrentUser (user info fresh from the upstream), then the page of the route tree for the request's URL and its rules.
 * Logged out → /login?redirect=…; unknown page → 404; refused → 403 (no-permission page).
 */
export async function requirePage(request: Request): Promise<{ user: SessionUser; page: PageRoute }> {
  const user = await requireCurrentUser(request);
  const { pathname } = new URL(request.url);
  const page = pageForPath(pathname);
  if (!page) throw notFound();
  if (!hasPermission(subjectOf(user), page.meta)) throw forbidden();
  return { user, page };
}

/**
 * The section layout's check: the section of the URL must be permitted (its roles are the union
 * of its pages'). The bare section path (/kindergarten) goes to its first visible page.
 */
export async function requireSection(request: Request): Promise<{ user: SessionUser; section: SectionRoute }> {
  const user = await requireCurrentUser(request);
  const { pathname } = new URL(request.url);
  const section = sectionForPath(pathname);
  if (!section) throw notFound();
  if (!hasPermission(subjectOf(user), section.meta)) throw forbidden();
  if (pathname.replace(/\/+$/, "").toLowerCase() === section.path.toLowerCase()) {
    const [visible] = filterRoutes([section], subjectOf(user));
    const first = visible?.children.find((c) => !c.hidden && !c.externalUrl);
    if (first) throw redirect(first.path);
    throw visible ? notFound() : forbidden();
  }
  return { user, section };
}

/** The city age 0–6 platform address (AGE06_URL, default DEFAULT_AGE06_URL). */
export function age06Url(): string {
  const fromEnv = process.env.AGE06_URL?.trim();
  return fromEnv && isExternal(fromEnv) ? fromEnv : DEFAULT_AGE06_URL;
}

/** A page's link target: its own path, or the external address for link-out pages. */
export function linkOf(page: PageRoute): string {
  if (page.externalUrl) return page.path === "/student/studentAge06" ? age06Url() : page.externalUrl;
  return page.path;
}

/** What the sidebar needs of the filtered tree: visible sections and pages only, no rules. */
export interface MenuPageView {
  path: string;
  title: string;
  href: string;
  external: boolean;
}
export interface MenuSectionView {
  path: string;
  title: string;
  icon: string;
  children: MenuPageView[];
}

/** The user's menu: filterRoutes (section 6, recursive), then hidden sections and pages removed. */
export function menuFor(user: SessionUser): MenuSectionView[] {
  return filterRoutes(SECTIONS, subjectOf(user))
    .filter((s) => !s.hidden)
    .map((s) => ({
      path: s.path,
      title: s.meta.title,
      icon: s.meta.icon ?? "",
      children: s.children
        .filter((c) => !c.hidden)
        .map((c) => {
          const href = linkOf(c);
          return { path: c.path, title: c.meta.title, href, external: isExternal(href) };
        }),
    }))
    .filter((s) => s.children.length > 0);
}

/** Where the page sits in the route tree (breadcrumb, open sidebar section), worked out here so the browser loads no tree. */
export function crumbsOf(pathname: string): Crumbs {
  const page = findPage(pathname);
  const inSection = findSection(pathname);
  const section = page && page !== HOME_ROUTE ? inSection : undefined;
  return {
    home: { path: HOME_ROUTE.path, title: HOME_ROUTE.meta.title },
    section: section ? { path: section.path, title: section.meta.title } : null,
    page: page && page !== HOME_ROUTE ? page.meta.title : null,
    activeSection: inSection?.path ?? null,
  };
}

/** The document title's key (menu namespace) for a path: the page's title, or not found / no permission. */
export function titleKeyOf(user: SessionUser, pathname: string): string {
  const page = pageForPath(pathname);
  if (!page) return "title.notFound";
  return hasPermission(subjectOf(user), page.meta) ? page.meta.title : "title.noPermission";
}
