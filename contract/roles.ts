/** Role ids of section 1 of the specification. */
export const Role = {
  principal: 1,
  expert: 2,
  teacher: 3,
  parent: 4,
  kindergartenAdmin: 5,
  superAdmin: 6,
  doctor: 7,
  busTeacher: 8,
  groupLeader: 9,
  bureauLeader: 10,
  subjectTeacher: 11,
  admissionsTeacher: 12,
  applicant: 13,
  finance: 14,
  groupAdmin: 15,
  groupAdmissionsTeacher: 16,
} as const;

export type RoleId = (typeof Role)[keyof typeof Role];
export const ROLE_IDS = Object.values(Role) as RoleId[];
export const isRoleId = (n: unknown): n is RoleId => typeof n === "number" && (ROLE_IDS as number[]).includes(n);

/** Roles allowed to switch kindergarten (section 6). */
export const KINDERGARTEN_SWITCH_ROLES: readonly RoleId[] = [Role.principal, Role.subjectTeacher];

/**
 * How far a role's reach goes. One table, used by the API's tenancy scope:
 * - platform: every group (the super admin operates the platform, see README);
 * - group: every kindergarten of the user's education group;
 * - kindergarten: the current kindergarten only (narrowed further per role where the API says so).
 */
export type RoleReach = "platform" | "group" | "kindergarten";
export const ROLE_REACH: Record<RoleId, RoleReach> = {
  1: "kindergarten",
  2: "kindergarten",
  3: "kindergarten",
  4: "kindergarten",
  5: "kindergarten",
  6: "platform",
  7: "kindergarten",
  8: "kindergarten",
  9: "group",
  10: "group",
  11: "kindergarten",
  12: "kindergarten",
  13: "kindergarten",
  14: "kindergarten",
  15: "group",
  16: "group",
};
