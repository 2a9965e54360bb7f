import { ROLE_IDS, Role, type RoleId } from "./roles";

/**
 * Roles a caller may grant (and whose holders it may manage) — the rule of /user/userAdministration:
 *  - super admin (6): every role;
 *  - group admin (15): every role but the super admin's (6) and the applicant's (13, WeChat sign-up only);
 *  - kindergarten admin (5): the kindergarten's own staff and families: 1–5, 7, 8, 11, 12, 14
 *    (no group roles 9, 10, 15, 16, no 6, no 13).
 * A user holding a role outside the caller's list can be seen but not changed, disabled or deleted by that caller.
 * Free of zod, so the console's browser bundle reads it too; contract/resources/users.ts re-exports it.
 */
export const GRANTABLE_ROLES: Partial<Record<RoleId, readonly RoleId[]>> = {
  [Role.superAdmin]: ROLE_IDS,
  [Role.groupAdmin]: ROLE_IDS.filter((r) => r !== Role.superAdmin && r !== Role.applicant),
  [Role.kindergartenAdmin]: [1, 2, 3, 4, 5, 7, 8, 11, 12, 14],
};
export const grantableRoles = (roleId: number | null | undefined): readonly RoleId[] => (roleId ? (GRANTABLE_ROLES[roleId as RoleId] ?? []) : []);

/** Whether the caller may manage a user holding `roleIds`: only if she may grant every one of them. */
export const mayManage = (callerRoleId: number, roleIds: readonly number[]) => {
  const mine = grantableRoles(callerRoleId) as readonly number[];
  return roleIds.every((r) => mine.includes(r));
};
