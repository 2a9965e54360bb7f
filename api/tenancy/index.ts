/**
 * Tenancy, in one place (architecture.md "Tenancy"): the Scope a token yields, the filters that
 * restrict queries to what the scope may see, and assertions used before every write.
 * Endpoints never re-derive reach; they call these helpers.
 */
import { sql, type Expression, type SqlBool } from "kysely";
import { ROLE_REACH, Role, isRoleId, type RoleId, type RoleReach } from "@contract/roles";
import type { Db } from "@api/db";
import { sha256 } from "@api/auth/tokens";
import { notFound } from "@api/http";

export interface Scope {
  tokenId: number;
  userId: number;
  roleId: RoleId;
  kindergartenId: number | null;
  educationGroupId: number | null;
  reach: RoleReach;
}

/** Resolves a raw token to its Scope; null when unknown, revoked, expired, or the user is disabled. */
export async function scopeFromToken(db: Db, rawToken: string | undefined | null): Promise<Scope | null> {
  if (!rawToken) return null;
  const row = await db
    .selectFrom("tokens")
    .innerJoin("users", "users.id", "tokens.user_id")
    .leftJoin("kindergartens", "kindergartens.id", "tokens.kindergarten_id")
    .select([
      "tokens.id as tokenId",
      "tokens.user_id as userId",
      "tokens.role_id as roleId",
      "tokens.kindergarten_id as kindergartenId",
      "tokens.expires_at as expiresAt",
      "tokens.revoked_at as revokedAt",
      "users.enabled as enabled",
      "users.education_group_id as userGroupId",
      "kindergartens.education_group_id as kgGroupId",
    ])
    .where("tokens.token_hash", "=", sha256(rawToken))
    .executeTakeFirst();
  if (!row || row.revokedAt || row.expiresAt <= new Date().toISOString() || !Number(row.enabled)) return null;
  const roleId = Number(row.roleId);
  if (!isRoleId(roleId)) return null;
  const still = await db.selectFrom("user_roles").select("id").where("user_id", "=", row.userId).where("role_id", "=", roleId).executeTakeFirst();
  if (!still) return null;
  // A principal or subject teacher whose binding to the token's kindergarten was removed loses that session.
  if ((roleId === Role.principal || roleId === Role.subjectTeacher) && row.kindergartenId != null) {
    const allowed = await switchableKindergartens(db, Number(row.userId), roleId);
    if (!allowed.some((k) => k.id === Number(row.kindergartenId))) return null;
  }
  const reach = ROLE_REACH[roleId];
  return {
    tokenId: Number(row.tokenId),
    userId: Number(row.userId),
    roleId,
    kindergartenId: row.kindergartenId == null ? null : Number(row.kindergartenId),
    educationGroupId: groupIdFor(reach, row.userGroupId, row.kgGroupId),
    reach,
  };
}

/** Group of the session: group roles use their own group; others the current kindergarten's. */
export function groupIdFor(reach: RoleReach, userGroupId: number | null, kgGroupId: number | null): number | null {
  const g = reach === "group" ? (userGroupId ?? kgGroupId) : (kgGroupId ?? userGroupId);
  return g == null ? null : Number(g);
}

const TRUE = sql<SqlBool>`1 = 1`;
const FALSE = sql<SqlBool>`1 = 0`;
const ref = (column: string) => sql.ref(column);

/** `column` (a kindergarten id) lies in the scope's kindergartens. */
export function kindergartenFilter(scope: Scope, column: string): Expression<SqlBool> {
  if (scope.reach === "platform") return TRUE;
  if (scope.reach === "group") {
    if (scope.educationGroupId == null) return FALSE;
    return sql<SqlBool>`${ref(column)} in (select k_.id from kindergartens k_ where k_.education_group_id = ${scope.educationGroupId})`;
  }
  if (scope.kindergartenId == null) return FALSE;
  return sql<SqlBool>`${ref(column)} = ${scope.kindergartenId}`;
}

/** `column` (an education group id) is a group the scope may see: the platform all, everyone else the group of their session. */
export function groupFilter(scope: Scope, column: string): Expression<SqlBool> {
  if (scope.reach === "platform") return TRUE;
  if (scope.educationGroupId == null) return FALSE;
  return sql<SqlBool>`${ref(column)} = ${scope.educationGroupId}`;
}

/** Roles whose view of people is narrowed to themselves (and, for students, to their own children/classes). */
const SELF_ONLY_ROLES: readonly RoleId[] = [Role.teacher, Role.parent, Role.doctor, Role.busTeacher, Role.applicant];

/** `column` (a user id) is a user the scope may see. */
export function userFilter(scope: Scope, column: string): Expression<SqlBool> {
  if (scope.reach === "platform") return TRUE;
  if (SELF_ONLY_ROLES.includes(scope.roleId)) return sql<SqlBool>`${ref(column)} = ${scope.userId}`;
  const inKg = kindergartenFilter(scope, "u_.kindergarten_id");
  // No "or 1 = 0" for kindergarten roles: SQLite then scans the whole users index instead of searching it.
  if (scope.reach !== "group" || scope.educationGroupId == null) return sql<SqlBool>`${ref(column)} in (select u_.id from users u_ where ${inKg})`;
  const inGroup = sql<SqlBool>`u_.education_group_id = ${scope.educationGroupId}`;
  return sql<SqlBool>`${ref(column)} in (select u_.id from users u_ where ${inKg} or ${inGroup})`;
}

/** `column` (a student id) is a student the scope may see: teacher = her classes, parent = his children, … */
export function studentFilter(scope: Scope, column: string): Expression<SqlBool> {
  if (scope.reach === "platform") return TRUE;
  const inKg = kindergartenFilter(scope, "s_.kindergarten_id");
  const me = scope.userId;
  let narrow: Expression<SqlBool> = TRUE;
  switch (scope.roleId) {
    case Role.teacher:
      narrow = sql<SqlBool>`s_.class_id in (select ct_.class_id from class_teachers ct_ where ct_.user_id = ${me})`;
      break;
    case Role.parent:
      narrow = sql<SqlBool>`s_.id in (select sp_.student_id from student_parents sp_ where sp_.parent_id = ${me})`;
      break;
    case Role.doctor:
      narrow = sql<SqlBool>`s_.id in (select ds_.student_id from doctor_students ds_ where ds_.doctor_id = ${me})`;
      break;
    case Role.busTeacher:
      narrow = sql<SqlBool>`s_.bus_id in (select bt_.bus_id from bus_teachers bt_ where bt_.user_id = ${me})`;
      break;
    case Role.applicant:
      narrow = FALSE;
      break;
  }
  return sql<SqlBool>`${ref(column)} in (select s_.id from students s_ where ${inKg} and ${narrow})`;
}

/** `column` (a class id) is a class the scope may see: teacher = her classes, parent = his children's classes. */
export function classFilter(scope: Scope, column: string): Expression<SqlBool> {
  if (scope.reach === "platform") return TRUE;
  const inKg = kindergartenFilter(scope, "c_.kindergarten_id");
  const me = scope.userId;
  let narrow: Expression<SqlBool> = TRUE;
  if (scope.roleId === Role.teacher) narrow = sql<SqlBool>`c_.id in (select ct_.class_id from class_teachers ct_ where ct_.user_id = ${me})`;
  else if (scope.roleId === Role.parent)
    narrow = sql<SqlBool>`c_.id in (select s2_.class_id from students s2_ join student_parents sp_ on sp_.student_id = s2_.id where sp_.parent_id = ${me})`;
  else if (scope.roleId === Role.applicant) narrow = FALSE;
  return sql<SqlBool>`${ref(column)} in (select c_.id from classes c_ where ${inKg} and ${narrow})`;
}

/** Query builders already restricted to the scope. */
export const scoped = {
  kindergartens: (db: Db, scope: Scope) => db.selectFrom("kindergartens").where(kindergartenFilter(scope, "kindergartens.id")),
  users: (db: Db, scope: Scope) => db.selectFrom("users").where(userFilter(scope, "users.id")),
  students: (db: Db, scope: Scope) => db.selectFrom("students").where(studentFilter(scope, "students.id")),
  classes: (db: Db, scope: Scope) => db.selectFrom("classes").where(classFilter(scope, "classes.id")),
};

/**
 * Assertions before a write: the target row exists AND lies in the scope, else 404
 * (the caller learns nothing about rows outside its reach).
 */
export const assertInScope = {
  async kindergarten(db: Db, scope: Scope, id: number, key = "error.notFound") {
    const row = await scoped.kindergartens(db, scope).select(["id", "name", "education_group_id"]).where("id", "=", id).executeTakeFirst();
    if (!row) throw notFound(key);
    return row;
  },
  async user(db: Db, scope: Scope, id: number, key = "error.notFound") {
    const row = await scoped.users(db, scope).select(["id", "real_name", "phone", "kindergarten_id"]).where("id", "=", id).executeTakeFirst();
    if (!row) throw notFound(key);
    return row;
  },
  async student(db: Db, scope: Scope, id: number, key = "error.notFound") {
    const row = await scoped.students(db, scope).select(["id", "kindergarten_id", "class_id"]).where("id", "=", id).executeTakeFirst();
    if (!row) throw notFound(key);
    return row;
  },
  async class(db: Db, scope: Scope, id: number, key = "error.notFound") {
    const row = await scoped.classes(db, scope).select(["id", "kindergarten_id"]).where("id", "=", id).executeTakeFirst();
    if (!row) throw notFound(key);
    return row;
  },
};

/**
 * Kindergartens a principal (1) or subject teacher (11) may switch to: the user's own kindergarten
 * plus those bound through principal_kindergartens (role 1) or pro_teacher_kindergartens (role 11).
 * Empty for every other role.
 */
export async function switchableKindergartens(
  db: Db,
  userId: number,
  roleId: RoleId,
): Promise<{ id: number; kindergartenName: string; nameEn: string | null }[]> {
  if (roleId !== Role.principal && roleId !== Role.subjectTeacher) return [];
  const binding = roleId === Role.principal ? "principal_kindergartens" : "pro_teacher_kindergartens";
  const rows = await db
    .selectFrom("kindergartens")
    .select(["kindergartens.id", "kindergartens.name", "kindergartens.name_en"])
    .where((eb) =>
      eb.or([
        eb("kindergartens.id", "in", eb.selectFrom(binding).select(`${binding}.kindergarten_id`).where(`${binding}.user_id`, "=", userId)),
        eb("kindergartens.id", "in", eb.selectFrom("users").select("users.kindergarten_id").where("users.id", "=", userId)),
      ]),
    )
    .orderBy("kindergartens.id")
    .execute();
  return rows.map((r) => ({ id: Number(r.id), kindergartenName: r.name, nameEn: r.name_en }));
}
