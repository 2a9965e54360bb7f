import { ROLE_REACH, Role, isRoleId, type RoleReach } from "./roles";
import { mayManage } from "./user-roles";

/**
 * Who may act on a person's account or personal data (issue 25, items 2 and 7): ONE rule for password resets, role
 * changes, enabling/disabling, deletion and personal-data requests. The API loads the person's reach
 * (api/tenancy/reach.ts `personReaches`) and guards every such write with `personRefusal`; the users list reports
 * it per row (`actions`), so the console offers only what the API allows.
 *
 * A person's reach is what her roles and bindings span:
 * - platform: she holds the super admin's role (6);
 * - group: she holds a group role (9, 10, 15, 16): her education group;
 * - kindergarten: every kindergarten she is of or bound to (own kindergarten, principal / subject-teacher bindings,
 *   classes she teaches, children she is the parent of, students she cares for, buses she rides).
 * An actor may act on her only when the actor's reach covers all of it, and (the grant rule) the actor may grant
 * every role she holds. Platform and group accounts are acted on only by the roles above them: the platform, or for
 * a group account a group admin of that group (not a peer group admin).
 */
export type PersonLevel = RoleReach;

export interface PersonReach {
  userId: number;
  roleIds: readonly number[];
  level: PersonLevel;
  /** Kindergartens her account and bindings touch. */
  kindergartenIds: readonly number[];
  /** Education groups of those kindergartens and of her group roles. */
  groupIds: readonly number[];
}

/** The acting session as the rule reads it (the API's Scope; the console's session user). */
export interface ReachActor {
  userId: number;
  roleId: number;
  reach?: RoleReach;
  kindergartenId?: number | null;
  educationGroupId?: number | null;
}

/** The person verbs: account actions of /user/userAdministration and the kinds of personal-data requests. */
export type PersonVerb = "change" | "delete" | "setEnabled" | "enable" | "disable" | "resetPassword" | "access" | "correction" | "deletion";

export interface ReachRefusal {
  status: 403 | 409 | 422;
  key: string;
  field?: string;
}

const NOT_MANAGEABLE: ReachRefusal = { status: 403, key: "usermgmt:users.errors.notManageable" };
const GROUP_ROLES: readonly number[] = [Role.groupLeader, Role.bureauLeader, Role.groupAdmin, Role.groupAdmissionsTeacher];

/** The level of a person holding `roleIds`: the widest of her roles. */
export function levelOfRoles(roleIds: readonly number[]): PersonLevel {
  if (roleIds.includes(Role.superAdmin)) return "platform";
  if (roleIds.some((r) => GROUP_ROLES.includes(r))) return "group";
  return "kindergarten";
}

const within = (ids: readonly number[], one: number | null | undefined) => one != null && ids.length > 0 && ids.every((id) => id === one);

/** Whether the actor's reach covers the whole person (the actor's own account is always hers). */
function covers(actor: ReachActor, person: PersonReach): boolean {
  const reach = actor.reach ?? (isRoleId(actor.roleId) ? ROLE_REACH[actor.roleId] : "kindergarten");
  if (reach === "platform") return true;
  if (person.level === "platform") return false;
  if (reach === "group") {
    if (!within(person.groupIds, actor.educationGroupId)) return false;
    // A group account only by a group admin above it: never a peer group admin.
    return person.level === "kindergarten" || (actor.roleId === Role.groupAdmin && !person.roleIds.includes(Role.groupAdmin));
  }
  return person.level === "kindergarten" && within(person.kindergartenIds, actor.kindergartenId);
}

/**
 * Why `actor` may not apply `verb` to `person`, or null. Self: nobody deletes or disables herself, and nobody files a
 * correction or deletion request for herself (an access request is hers to ask); her own account is otherwise in reach.
 */
export function personRefusal(actor: ReachActor, person: PersonReach | null | undefined, verb: PersonVerb): ReachRefusal | null {
  if (!person) return NOT_MANAGEABLE;
  if (person.userId === actor.userId) {
    if (verb === "delete") return { status: 409, key: "usermgmt:users.errors.cannotDeleteSelf" };
    if (verb === "setEnabled" || verb === "disable") return { status: 422, key: "usermgmt:users.errors.cannotDisableSelf", field: "enabled" };
    if (verb === "correction" || verb === "deletion") return { status: 422, key: "protection:requests.errors.notForSelf", field: "subject" };
    return null;
  }
  if (!mayManage(actor.roleId, person.roleIds)) return NOT_MANAGEABLE;
  return covers(actor, person) ? null : NOT_MANAGEABLE;
}
