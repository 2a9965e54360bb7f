import { sql, type Kysely, type SqlBool } from "kysely";
import { expertTeachers } from "@contract/resources/expert-teachers";
import { Role } from "@contract/roles";
import type { Database } from "@api/db/schema";
import { ApiError, fieldError } from "@api/http";
import { kindergartenFilter, scoped, userFilter, type Scope } from "@api/tenancy";
import { defineMapping } from "./engine";

/** A user in the caller's scope holding `role`, else a field error (not found / lacks the role). */
export async function userWithRole(db: Kysely<Database>, scope: Scope, id: number, role: number, field: string, notFoundKey: string, lacksKey: string) {
  const user = await scoped.users(db, scope).select(["id", "kindergarten_id"]).where("id", "=", id).executeTakeFirst();
  if (!user) throw fieldError(field, notFoundKey);
  const has = await db.selectFrom("user_roles").select("id").where("user_id", "=", id).where("role_id", "=", role).executeTakeFirst();
  if (!has) throw fieldError(field, lacksKey);
  return { id: Number(user.id), kindergartenId: user.kindergarten_id == null ? null : Number(user.kindergarten_id) };
}

/** Expert–teacher: table `expert_teachers`; both ends must be users the caller may see (api/tenancy userFilter). */
export const expertTeachersMapping = defineMapping({
  def: expertTeachers,
  table: "expert_teachers",
  alias: "et",
  from: (db) =>
    db
      .selectFrom("expert_teachers as et")
      .innerJoin("users as ex", "ex.id", "et.expert_id")
      .innerJoin("users as te", "te.id", "et.teacher_id")
      .leftJoin("kindergartens as k", "k.id", "te.kindergarten_id"),
  english: { kindergartenName: "k.name_en" },
  columns: {
    id: "et.id",
    expertId: "et.expert_id",
    expertName: "ex.real_name",
    expertPhone: "ex.phone",
    teacherId: "et.teacher_id",
    teacherName: "te.real_name",
    teacherPhone: "te.phone",
    kindergartenId: "te.kindergarten_id",
    kindergartenName: "k.name",
  },
  kindergartenColumn: null,
  scopeFilter: (scope) =>
    sql<SqlBool>`(${userFilter(scope, "et.expert_id")} and ${userFilter(scope, "et.teacher_id")} and (${kindergartenFilter(scope, "te.kindergarten_id")} or ${scope.reach === "platform" ? sql`1 = 1` : sql`1 = 0`}))`,
  writable: { expertId: "expert_id", teacherId: "teacher_id" },
  hooks: {
    async beforeWrite({ w, scope }, { values }) {
      const db = w.trx as unknown as Kysely<Database>;
      await userWithRole(
        db,
        scope,
        values.expertId as number,
        Role.expert,
        "expertId",
        "usermgmt:expertTeachers.errors.expertNotFound",
        "usermgmt:expertTeachers.errors.notExpert",
      );
      await userWithRole(
        db,
        scope,
        values.teacherId as number,
        Role.teacher,
        "teacherId",
        "usermgmt:expertTeachers.errors.teacherNotFound",
        "usermgmt:expertTeachers.errors.notTeacher",
      );
      const dup = await db
        .selectFrom("expert_teachers")
        .select("id")
        .where("expert_id", "=", values.expertId as number)
        .where("teacher_id", "=", values.teacherId as number)
        .executeTakeFirst();
      if (dup) throw new ApiError(409, "usermgmt:expertTeachers.errors.duplicate");
    },
  },
});
