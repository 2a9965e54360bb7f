import type { OptionalFunction } from "./optional-function";
import { ROLE_REACH, type RoleId } from "./roles";
import type { FlagRule, PageRoute, RouteMeta, SectionRoute } from "./route-tree";

/** The slice of the session user the permission rules read (section 3). */
export interface PermissionSubject {
  roleId: RoleId;
  educationGroupId: number | null;
  kindergartenId: number | null;
  optionalFunction: OptionalFunction | null;
}

/** Whether a flag rule lets the role see the page (routes.md "Flag rules", section 6). */
export function passesFlagRule(rule: FlagRule | undefined, roleId: RoleId, of: OptionalFunction | null): boolean {
  if (!rule) return true;
  if ("show" in rule) return Boolean(of?.[rule.show]);
  const set = Boolean(of?.[rule.hide]);
  if (!set) return true;
  if (rule.only !== undefined) return roleId !== rule.only;
  if (rule.except?.includes(roleId)) return true;
  return false;
}

/**
 * Section 6: the current role must be in meta.roles (an empty list logs an error and denies);
 * groups and kindergartens, when present, must contain the user's ids; then the flag rule.
 */
export function hasPermission(user: PermissionSubject, meta: RouteMeta | SectionRoute["meta"]): boolean {
  if (!meta.roles || meta.roles.length === 0) {
    console.error(`need roles! Like meta: { roles: [1, 6] } (route "${meta.title}")`);
    return false;
  }
  if (!meta.roles.includes(user.roleId)) return false;
  if (meta.groups && (user.educationGroupId == null || !meta.groups.includes(user.educationGroupId))) return false;
  if (meta.kindergartens && (user.kindergartenId == null || !meta.kindergartens.includes(user.kindergartenId))) return false;
  // A platform or group session of no kindergarten (issue 25) is not narrowed by one kindergarten's flags.
  if (user.kindergartenId == null && ROLE_REACH[user.roleId] !== "kindergarten") return true;
  return passesFlagRule((meta as RouteMeta).flag, user.roleId, user.optionalFunction);
}

export interface MenuSection extends Omit<SectionRoute, "children"> {
  children: PageRoute[];
}

/** Filters the tree recursively; a section without any visible child is dropped. */
export function filterRoutes(sections: SectionRoute[], user: PermissionSubject): MenuSection[] {
  const out: MenuSection[] = [];
  for (const s of sections) {
    if (!hasPermission(user, s.meta)) continue;
    const children = s.children.filter((c) => hasPermission(user, c.meta));
    if (children.length) out.push({ ...s, children });
  }
  return out;
}
