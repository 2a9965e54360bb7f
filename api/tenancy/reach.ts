/**
 * A person's reach, loaded for the one rule of contract/person-reach.ts (`personRefusal`), and the guard every
 * account action and personal-data request calls. Bindings that tie an account to a kindergarten are read here,
 * in one place: the account's own kindergarten, principal and subject-teacher bindings, classes taught, children
 * (parents), students cared for (doctors) and buses ridden (bus teachers).
 */
import { sql } from "kysely";
import { levelOfRoles, personRefusal, type PersonReach, type PersonVerb, type ReachActor } from "@contract/person-reach";
import type { Db } from "@api/db";
import { ApiError, fieldError } from "@api/http";
import type { Scope } from "./index";

const CHUNK = 500;

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

/** The reach of each of `userIds` (missing ids are absent from the map). */
export async function personReaches(db: Db, userIds: readonly number[]): Promise<Map<number, PersonReach>> {
  const out = new Map<number, PersonReach>();
  const ids = [...new Set(userIds)];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const part = ids.slice(i, i + CHUNK);
    const users = await db.selectFrom("users").select(["id", "kindergarten_id", "education_group_id"]).where("id", "in", part).execute();
    if (!users.length) continue;
    const roles = await db.selectFrom("user_roles").select(["user_id", "role_id"]).where("user_id", "in", part).execute();
    const list = sql.join(part);
    const bound = await sql<{ user_id: number; kindergarten_id: number; group_id: number | null }>`
      select b.user_id, b.kindergarten_id, k.education_group_id as group_id from (
        select id as user_id, kindergarten_id from users where id in (${list}) and kindergarten_id is not null
        union select user_id, kindergarten_id from principal_kindergartens where user_id in (${list})
        union select user_id, kindergarten_id from pro_teacher_kindergartens where user_id in (${list})
        union select ct.user_id, c.kindergarten_id from class_teachers ct join classes c on c.id = ct.class_id where ct.user_id in (${list})
        union select sp.parent_id, s.kindergarten_id from student_parents sp join students s on s.id = sp.student_id where sp.parent_id in (${list})
        union select ds.doctor_id, s.kindergarten_id from doctor_students ds join students s on s.id = ds.student_id where ds.doctor_id in (${list})
        union select bt.user_id, bu.kindergarten_id from bus_teachers bt join buses bu on bu.id = bt.bus_id where bt.user_id in (${list})
      ) b left join kindergartens k on k.id = b.kindergarten_id`.execute(db);
    const rolesOf = groupBy(roles, (r) => Number(r.user_id));
    const boundOf = groupBy(bound.rows, (b) => Number(b.user_id));
    for (const u of users) {
      const id = Number(u.id);
      const roleIds = (rolesOf.get(id) ?? []).map((r) => Number(r.role_id));
      const mine = boundOf.get(id) ?? [];
      const kindergartenIds = [...new Set(mine.map((b) => Number(b.kindergarten_id)))].sort((a, b) => a - b);
      const groups = mine.map((b) => b.group_id).filter((g): g is number => g != null);
      const level = levelOfRoles(roleIds);
      if (level !== "kindergarten" && u.education_group_id != null) groups.push(u.education_group_id);
      const groupIds = [...new Set(groups.map(Number))].sort((a, b) => a - b);
      out.set(id, { userId: id, roleIds, level, kindergartenIds, groupIds });
    }
  }
  return out;
}

export const reachActorOf = (scope: Scope): ReachActor => ({
  userId: scope.userId,
  roleId: scope.roleId,
  reach: scope.reach,
  kindergartenId: scope.kindergartenId,
  educationGroupId: scope.educationGroupId,
});

/** Throws the rule's refusal (403, 409, or 422 on its field) unless the scope may apply `verb` to user `userId`. */
export async function assertPersonInReach(db: Db, scope: Scope, userId: number, verb: PersonVerb, field?: string) {
  const person = (await personReaches(db, [userId])).get(userId);
  const refusal = personRefusal(reachActorOf(scope), person, verb);
  if (!refusal) return person!;
  if (field) throw fieldError(field, refusal.key);
  if (refusal.field) throw fieldError(refusal.field, refusal.key);
  throw new ApiError(refusal.status, refusal.key);
}
