import type { Kysely } from "kysely";
import { leaveNotes, leaveNotesTeacher } from "@contract/resources/leave-notes";
import type { ResourceDefinition } from "@contract/resource";
import { nowIso } from "@api/db";
import type { Database } from "@api/db/schema";
import { fieldError } from "@api/http";
import { scoped, studentFilter } from "@api/tenancy";
import { markLeaveDays } from "@api/services/attendance";
import { defineMapping, type ActionHook } from "./engine";

/** pass: the review columns, then the note's school days become "leave" in attendance (same transaction). */
const passHook: ActionHook = {
  async run({ w, scope }, item, { comment }) {
    const db = w.trx as unknown as Kysely<Database>;
    const note = await db.selectFrom("leave_notes").selectAll().where("id", "=", item.id).executeTakeFirstOrThrow();
    await markLeaveDays(db, { ...note, class_id: note.class_id == null ? null : Number(note.class_id) }, scope.userId);
    return { patch: { reviewed_by: scope.userId, reviewed_at: nowIso(), review_comment: comment } };
  },
};
const denyHook: ActionHook = {
  run: ({ scope }, _item, { comment }) => ({ patch: { reviewed_by: scope.userId, reviewed_at: nowIso(), review_comment: comment } }),
};

/** Leave notes: table `leave_notes`; the student must lie in the caller's reach (studentFilter), as every row. */
const mapping = (def: ResourceDefinition) =>
  defineMapping({
    def,
    table: "leave_notes",
    alias: "ln",
    from: (db) =>
      db
        .selectFrom("leave_notes as ln")
        .innerJoin("students as s", "s.id", "ln.student_id")
        .leftJoin("classes as c", "c.id", "ln.class_id")
        .leftJoin("users as cu", "cu.id", "ln.created_by")
        .leftJoin("users as ru", "ru.id", "ln.reviewed_by"),
    english: { className: "c.name_en" },
    columns: {
      id: "ln.id",
      studentId: "ln.student_id",
      studentName: "s.name",
      allergies: "s.allergies",
      classId: "ln.class_id",
      className: "c.name",
      type: "ln.type",
      reason: "ln.reason",
      startDate: "ln.start_date",
      endDate: "ln.end_date",
      status: "ln.status",
      remark: "ln.remark",
      createdByName: "cu.real_name",
      reviewedByName: "ru.real_name",
      reviewComment: "ln.review_comment",
      reviewedAt: "ln.reviewed_at",
      createdAt: "ln.created_at",
      kindergartenId: "ln.kindergarten_id",
    },
    kindergartenColumn: "kindergarten_id",
    scopeFilter: (scope) => studentFilter(scope, "ln.student_id"),
    writable: { studentId: "student_id", type: "type", reason: "reason", startDate: "start_date", endDate: "end_date", remark: "remark", classId: "class_id" },
    onCreate: () => ({ status: "waiting", created_at: nowIso() }),
    actionHooks: { pass: passHook, deny: denyHook },
    hooks: {
      async beforeWrite({ w, scope }, info) {
        const db = w.trx as unknown as Kysely<Database>;
        const student = await scoped
          .students(db, scope)
          .select(["id", "kindergarten_id", "class_id"])
          .where("id", "=", info.values.studentId as number)
          .executeTakeFirst();
        if (!student || Number(student.kindergarten_id) !== info.kindergartenId) throw fieldError("studentId", "students:leave.errors.studentNotFound");
        info.values.classId = student.class_id == null ? null : Number(student.class_id);
      },
      async afterWrite({ w, scope }, { id, mode }) {
        if (mode === "create") await w.trx.updateTable("leave_notes").set({ created_by: scope.userId }).where("id", "=", id).execute();
      },
    },
  });

export const leaveNotesMapping = mapping(leaveNotes);
export const leaveNotesTeacherMapping = mapping(leaveNotesTeacher);
