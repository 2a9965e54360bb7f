import { type Kysely, type Migration } from "kysely";
import type { DialectName } from "@api/db/migrations";

/**
 * 009_students (issue 11, Students): attendance sources and corrections, leave notes, the student status history,
 * the student manual's versions and per-kindergarten student settings (late rule, age 0-6 platform address).
 * student_attendance already has its unique (student_id, date) index (002).
 */
export function studentsMigration(dialect: DialectName): Migration {
  const idCol = (t: ReturnType<Kysely<unknown>["schema"]["createTable"]>) =>
    dialect === "postgres" ? t.addColumn("id", "serial", (c) => c.primaryKey()) : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>) {
      const alter = () => db.schema.alterTable("student_attendance");
      await alter()
        .addColumn("source", "text", (c) => c.notNull().defaultTo("manual"))
        .execute();
      await alter().addColumn("arrived_at", "text").execute();
      await alter()
        .addColumn("late", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await alter().addColumn("updated_by", "integer").execute();
      await alter().addColumn("updated_at", "text").execute();
      await db.schema
        .createIndex("student_attendance_student_date_idx")
        .ifNotExists()
        .unique()
        .on("student_attendance")
        .columns(["student_id", "date"])
        .execute();
      await db.schema.createIndex("student_attendance_class_date_idx").ifNotExists().on("student_attendance").columns(["class_id", "date"]).execute();

      // Who changed an attendance entry, from what to what (manual corrections and every source's first mark).
      await idCol(db.schema.createTable("student_attendance_changes").ifNotExists())
        .addColumn("student_id", "integer", (c) => c.notNull())
        .addColumn("kindergarten_id", "integer", (c) => c.notNull())
        .addColumn("date", "text", (c) => c.notNull())
        .addColumn("from_status", "text")
        .addColumn("to_status", "text", (c) => c.notNull())
        .addColumn("from_late", "integer")
        .addColumn("to_late", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("source", "text", (c) => c.notNull())
        .addColumn("remark", "text")
        .addColumn("changed_by", "integer")
        .addColumn("changed_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("student_attendance_changes_idx").ifNotExists().on("student_attendance_changes").columns(["student_id", "date"]).execute();

      await idCol(db.schema.createTable("leave_notes").ifNotExists())
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("student_id", "integer", (c) => c.notNull().references("students.id"))
        .addColumn("class_id", "integer")
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("reason", "text", (c) => c.notNull())
        .addColumn("start_date", "text", (c) => c.notNull())
        .addColumn("end_date", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull().defaultTo("waiting"))
        .addColumn("remark", "text")
        .addColumn("created_by", "integer")
        .addColumn("reviewed_by", "integer")
        .addColumn("review_comment", "text")
        .addColumn("reviewed_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("leave_notes_kg_status_idx").ifNotExists().on("leave_notes").columns(["kindergarten_id", "status"]).execute();
      await db.schema.createIndex("leave_notes_student_idx").ifNotExists().on("leave_notes").columns(["student_id", "start_date"]).execute();

      await idCol(db.schema.createTable("student_status_history").ifNotExists())
        .addColumn("student_id", "integer", (c) => c.notNull().references("students.id"))
        .addColumn("kindergarten_id", "integer", (c) => c.notNull())
        .addColumn("from_status", "text")
        .addColumn("to_status", "text", (c) => c.notNull())
        .addColumn("reason", "text")
        .addColumn("changed_by", "integer")
        .addColumn("changed_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("student_status_history_idx").ifNotExists().on("student_status_history").column("student_id").execute();

      await idCol(db.schema.createTable("student_manuals").ifNotExists())
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("note", "text")
        .addColumn("created_by", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addUniqueConstraint("student_manuals_version_uq", ["kindergarten_id", "version"])
        .execute();

      await idCol(db.schema.createTable("student_settings").ifNotExists())
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().unique().references("kindergartens.id"))
        .addColumn("late_after", "text", (c) => c.notNull().defaultTo("08:30"))
        .addColumn("age06_url", "text")
        .addColumn("updated_by", "integer")
        .addColumn("updated_at", "text")
        .execute();

      const st = () => db.schema.alterTable("students");
      await st().addColumn("id_type", "text").execute();
      await st().addColumn("id_number", "text").execute();
      await st().addColumn("photo_file_id", "integer").execute();
    },
    async down() {
      throw new Error("irreversible");
    },
  };
}
