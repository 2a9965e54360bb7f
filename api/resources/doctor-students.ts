import { sql, type Kysely, type SqlBool } from "kysely";
import { doctorStudents } from "@contract/resources/doctor-students";
import { Role } from "@contract/roles";
import type { Database } from "@api/db/schema";
import { ApiError, fieldError } from "@api/http";
import { scoped, studentFilter, userFilter } from "@api/tenancy";
import { defineMapping } from "./engine";
import { userWithRole } from "./expert-teachers";

/** Doctor–student: table `doctor_students`; the doctor (role 7) and the student in scope and in the same kindergarten. */
export const doctorStudentsMapping = defineMapping({
  def: doctorStudents,
  table: "doctor_students",
  alias: "ds",
  from: (db) =>
    db
      .selectFrom("doctor_students as ds")
      .innerJoin("users as d", "d.id", "ds.doctor_id")
      .innerJoin("students as s", "s.id", "ds.student_id")
      .innerJoin("kindergartens as k", "k.id", "s.kindergarten_id")
      .leftJoin("classes as c", "c.id", "s.class_id"),
  english: { className: "c.name_en", kindergartenName: "k.name_en" },
  columns: {
    id: "ds.id",
    doctorId: "ds.doctor_id",
    doctorName: "d.real_name",
    doctorPhone: "d.phone",
    studentId: "ds.student_id",
    studentName: "s.name",
    classId: "s.class_id",
    className: "c.name",
    kindergartenId: "s.kindergarten_id",
    kindergartenName: "k.name",
  },
  kindergartenColumn: null,
  scopeFilter: (scope) => sql<SqlBool>`(${studentFilter(scope, "ds.student_id")} and ${userFilter(scope, "ds.doctor_id")})`,
  writable: { doctorId: "doctor_id", studentId: "student_id" },
  hooks: {
    async beforeWrite({ w, scope }, { values }) {
      const db = w.trx as unknown as Kysely<Database>;
      const doctor = await userWithRole(
        db,
        scope,
        values.doctorId as number,
        Role.doctor,
        "doctorId",
        "usermgmt:doctorStudents.errors.doctorNotFound",
        "usermgmt:doctorStudents.errors.notDoctor",
      );
      const student = await scoped
        .students(db, scope)
        .select(["id", "kindergarten_id"])
        .where("id", "=", values.studentId as number)
        .executeTakeFirst();
      if (!student) throw fieldError("studentId", "usermgmt:doctorStudents.errors.studentNotFound");
      if (doctor.kindergartenId !== Number(student.kindergarten_id)) throw fieldError("studentId", "usermgmt:doctorStudents.errors.notSameKindergarten");
      const dup = await db
        .selectFrom("doctor_students")
        .select("id")
        .where("doctor_id", "=", values.doctorId as number)
        .where("student_id", "=", values.studentId as number)
        .executeTakeFirst();
      if (dup) throw new ApiError(409, "usermgmt:doctorStudents.errors.duplicate");
    },
  },
});
