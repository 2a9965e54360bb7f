import { sql, type Kysely, type SqlBool } from "kysely";
import { studentParents } from "@contract/resources/student-parents";
import { Role } from "@contract/roles";
import type { Database } from "@api/db/schema";
import { ApiError, fieldError } from "@api/http";
import { scoped, studentFilter, userFilter } from "@api/tenancy";
import { defineMapping } from "./engine";
import { userWithRole } from "./expert-teachers";

/** Student–parent: table `student_parents`; the student (studentFilter) and the parent (userFilter) both in scope. */
export const studentParentsMapping = defineMapping({
  def: studentParents,
  table: "student_parents",
  alias: "sp",
  from: (db) =>
    db
      .selectFrom("student_parents as sp")
      .innerJoin("students as s", "s.id", "sp.student_id")
      .innerJoin("users as p", "p.id", "sp.parent_id")
      .innerJoin("kindergartens as k", "k.id", "s.kindergarten_id")
      .leftJoin("classes as c", "c.id", "s.class_id"),
  english: { className: "c.name_en", kindergartenName: "k.name_en" },
  columns: {
    id: "sp.id",
    studentId: "sp.student_id",
    studentName: "s.name",
    className: "c.name",
    classId: "s.class_id",
    parentId: "sp.parent_id",
    parentName: "p.real_name",
    parentPhone: "p.phone",
    relationship: "sp.relationship",
    kindergartenId: "s.kindergarten_id",
    kindergartenName: "k.name",
  },
  kindergartenColumn: null,
  scopeFilter: (scope) => sql<SqlBool>`(${studentFilter(scope, "sp.student_id")} and ${userFilter(scope, "sp.parent_id")})`,
  writable: { studentId: "student_id", parentId: "parent_id", relationship: "relationship" },
  hooks: {
    async beforeWrite({ w, scope }, { values }) {
      const db = w.trx as unknown as Kysely<Database>;
      const student = await scoped
        .students(db, scope)
        .select(["id", "kindergarten_id"])
        .where("id", "=", values.studentId as number)
        .executeTakeFirst();
      if (!student) throw fieldError("studentId", "usermgmt:studentParents.errors.studentNotFound");
      const parent = await userWithRole(
        db,
        scope,
        values.parentId as number,
        Role.parent,
        "parentId",
        "usermgmt:studentParents.errors.parentNotFound",
        "usermgmt:studentParents.errors.notParent",
      );
      if (parent.kindergartenId != null && parent.kindergartenId !== Number(student.kindergarten_id))
        throw fieldError("parentId", "usermgmt:studentParents.errors.notSameKindergarten");
      const dup = await db
        .selectFrom("student_parents")
        .select("id")
        .where("student_id", "=", values.studentId as number)
        .where("parent_id", "=", values.parentId as number)
        .executeTakeFirst();
      if (dup) throw new ApiError(409, "usermgmt:studentParents.errors.duplicate");
    },
  },
});
