import type { CreateTableBuilder, Kysely, Migration } from "kysely";
import type { DialectName } from "@api/db/migrations";

/**
 * 011_teaching (issue 12; docs/sections/teaching.md): observations and course records (the evaluation workflow),
 * lesson plans and preset lesson plans (PDF), teaching records and student works (photo + MP4), homework with the
 * parents' submissions, training materials. Portable types only; files are ids of `files` rows.
 */
export function teachingMigration(dialect: DialectName): Migration {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type TB = CreateTableBuilder<any, any>;
  const withId = (t: TB): TB =>
    dialect === "postgres" ? t.addColumn("id", "serial", (c) => c.primaryKey()) : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>) {
      const table = (name: string) => withId(db.schema.createTable(name).ifNotExists());
      for (const name of ["observations", "course_records"]) {
        await table(name)
          .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
          .addColumn("class_id", "integer", (c) => c.notNull().references("classes.id"))
          .addColumn("student_id", "integer", (c) => c.references("students.id"))
          .addColumn("teacher_id", "integer", (c) => c.notNull().references("users.id"))
          .addColumn("title", "text", (c) => c.notNull())
          .addColumn("content", "text")
          .addColumn("happened_on", "text", (c) => c.notNull())
          .addColumn("photo_file_id", "integer")
          .addColumn("status", "text", (c) => c.notNull())
          .addColumn("grade", "text")
          .addColumn("evaluation", "text")
          .addColumn("expert_id", "integer", (c) => c.references("users.id"))
          .addColumn("submitted_at", "text")
          .addColumn("evaluated_at", "text")
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("updated_at", "text", (c) => c.notNull())
          .execute();
        await db.schema.createIndex(`${name}_kg_date_idx`).ifNotExists().on(name).columns(["kindergarten_id", "happened_on"]).execute();
        await db.schema.createIndex(`${name}_teacher_idx`).ifNotExists().on(name).columns(["teacher_id", "status"]).execute();
      }
      await table("lesson_plans")
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("education_group_id", "integer", (c) => c.notNull().references("education_groups.id"))
        .addColumn("class_id", "integer", (c) => c.references("classes.id"))
        .addColumn("author_id", "integer", (c) => c.notNull().references("users.id"))
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("summary", "text")
        .addColumn("week_of", "text")
        .addColumn("pdf_file_id", "integer")
        .addColumn("preset_id", "integer")
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("lesson_plans_kg_idx").ifNotExists().on("lesson_plans").column("kindergarten_id").execute();
      await table("preset_plans")
        .addColumn("kindergarten_id", "integer", (c) => c.references("kindergartens.id"))
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("level", "text")
        .addColumn("summary", "text")
        .addColumn("pdf_file_id", "integer")
        .addColumn("created_by", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      for (const name of ["teaching_records", "student_works"]) {
        await table(name)
          .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
          .addColumn("class_id", "integer", (c) => c.notNull().references("classes.id"))
          .addColumn("student_id", "integer", (c) => c.references("students.id"))
          .addColumn("author_id", "integer", (c) => c.notNull().references("users.id"))
          .addColumn("title", "text", (c) => c.notNull())
          .addColumn("content", "text")
          .addColumn("recorded_on", "text", (c) => c.notNull())
          .addColumn("photo_file_id", "integer")
          .addColumn("video_file_id", "integer")
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("updated_at", "text", (c) => c.notNull())
          .execute();
        await db.schema.createIndex(`${name}_kg_date_idx`).ifNotExists().on(name).columns(["kindergarten_id", "recorded_on"]).execute();
      }
      await table("homeworks")
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("class_id", "integer", (c) => c.notNull().references("classes.id"))
        .addColumn("author_id", "integer", (c) => c.notNull().references("users.id"))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("content", "text")
        .addColumn("due_on", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("homeworks_kg_idx").ifNotExists().on("homeworks").column("kindergarten_id").execute();
      await table("homework_submissions")
        .addColumn("homework_id", "integer", (c) => c.notNull().references("homeworks.id"))
        .addColumn("student_id", "integer", (c) => c.notNull().references("students.id"))
        .addColumn("parent_id", "integer", (c) => c.notNull().references("users.id"))
        .addColumn("content", "text")
        .addColumn("photo_file_id", "integer")
        .addColumn("submitted_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("homework_submissions_uq").ifNotExists().unique().on("homework_submissions").columns(["homework_id", "student_id"]).execute();
      await table("training_materials")
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("education_group_id", "integer", (c) => c.notNull().references("education_groups.id"))
        .addColumn("reach", "text", (c) => c.notNull())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("description", "text")
        .addColumn("pdf_file_id", "integer")
        .addColumn("video_file_id", "integer")
        .addColumn("created_by", "integer")
        .addColumn("source_id", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("training_materials_source_idx").ifNotExists().on("training_materials").column("source_id").execute();
    },
    async down() {
      throw new Error("irreversible");
    },
  };
}
