import { type Kysely, type Migration } from "kysely";
import type { DialectName } from "@api/db/migrations";

/**
 * 012_daily (issue 13, Daily): medication requests, notices with their recipients (read receipts), entrust messages,
 * care greetings, class circle posts and comments, the classes' health daily reports and the nursery day records.
 */
export function dailyMigration(dialect: DialectName): Migration {
  const table = (db: Kysely<unknown>, name: string) => {
    const t = db.schema.createTable(name).ifNotExists();
    return dialect === "postgres" ? t.addColumn("id", "serial", (c) => c.primaryKey()) : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  };
  return {
    async up(db: Kysely<unknown>) {
      await table(db, "medications")
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("student_id", "integer", (c) => c.notNull().references("students.id"))
        .addColumn("class_id", "integer")
        .addColumn("date", "text", (c) => c.notNull())
        .addColumn("medicine", "text", (c) => c.notNull())
        .addColumn("dose", "text", (c) => c.notNull())
        .addColumn("times", "text", (c) => c.notNull())
        .addColumn("photo_file_id", "integer")
        .addColumn("note", "text")
        .addColumn("status", "text", (c) => c.notNull().defaultTo("todo"))
        .addColumn("requested_by", "integer")
        .addColumn("given_by", "integer")
        .addColumn("given_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("medications_kg_date_idx").ifNotExists().on("medications").columns(["kindergarten_id", "date"]).execute();

      await table(db, "notices")
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("content", "text")
        .addColumn("audience", "text", (c) => c.notNull().defaultTo("kindergarten"))
        .addColumn("class_ids", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("role_ids", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("image_file_id", "integer")
        .addColumn("video_file_id", "integer")
        .addColumn("status", "text", (c) => c.notNull().defaultTo("draft"))
        .addColumn("recipient_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_by", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("published_at", "text")
        .execute();
      await db.schema.createIndex("notices_kg_idx").ifNotExists().on("notices").columns(["kindergarten_id", "status"]).execute();
      await table(db, "notice_recipients")
        .addColumn("notice_id", "integer", (c) => c.notNull().references("notices.id"))
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
        .addColumn("read_at", "text")
        .execute();
      await db.schema.createIndex("notice_recipients_uq").ifNotExists().unique().on("notice_recipients").columns(["notice_id", "user_id"]).execute();
      await db.schema.createIndex("notice_recipients_user_idx").ifNotExists().on("notice_recipients").column("user_id").execute();

      await table(db, "entrusts")
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("student_id", "integer", (c) => c.notNull().references("students.id"))
        .addColumn("class_id", "integer")
        .addColumn("date", "text", (c) => c.notNull())
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull().defaultTo("to_confirm"))
        .addColumn("reply", "text")
        .addColumn("confirmed_by", "integer")
        .addColumn("confirmed_at", "text")
        .addColumn("created_by", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("entrusts_kg_idx").ifNotExists().on("entrusts").columns(["kindergarten_id", "status"]).execute();

      await table(db, "care_greetings")
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("student_id", "integer", (c) => c.notNull().references("students.id"))
        .addColumn("class_id", "integer")
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("created_by", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();

      await table(db, "class_circle_posts")
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("class_id", "integer", (c) => c.notNull().references("classes.id"))
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("image_file_id", "integer")
        .addColumn("video_file_id", "integer")
        .addColumn("status", "text", (c) => c.notNull().defaultTo("visible"))
        .addColumn("created_by", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("class_circle_posts_class_idx").ifNotExists().on("class_circle_posts").columns(["class_id", "created_at"]).execute();
      await table(db, "class_circle_comments")
        .addColumn("post_id", "integer", (c) => c.notNull().references("class_circle_posts.id"))
        .addColumn("kindergarten_id", "integer", (c) => c.notNull())
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull().defaultTo("visible"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("class_circle_comments_post_idx").ifNotExists().on("class_circle_comments").column("post_id").execute();

      await table(db, "health_reports")
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("class_id", "integer", (c) => c.notNull().references("classes.id"))
        .addColumn("date", "text", (c) => c.notNull())
        .addColumn("present", "integer", (c) => c.notNull())
        .addColumn("absent", "integer", (c) => c.notNull())
        .addColumn("absent_ill", "integer", (c) => c.notNull())
        .addColumn("symptoms", "text")
        .addColumn("temperature_checked", "integer", (c) => c.notNull())
        .addColumn("fever_count", "integer", (c) => c.notNull())
        .addColumn("note", "text")
        .addColumn("reported_by", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("health_reports_class_date_uq").ifNotExists().unique().on("health_reports").columns(["class_id", "date"]).execute();
      await db.schema.createIndex("health_reports_kg_date_idx").ifNotExists().on("health_reports").columns(["kindergarten_id", "date"]).execute();

      await table(db, "nursery_records")
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("class_id", "integer")
        .addColumn("student_id", "integer", (c) => c.notNull().references("students.id"))
        .addColumn("date", "text", (c) => c.notNull())
        .addColumn("mood", "text")
        .addColumn("meals", "text")
        .addColumn("hydration_ml", "integer")
        .addColumn("toilet_times", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("sleep_slots", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("health_note", "text")
        .addColumn("recorded_by", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("nursery_records_student_date_uq").ifNotExists().unique().on("nursery_records").columns(["student_id", "date"]).execute();
      await db.schema.createIndex("nursery_records_class_date_idx").ifNotExists().on("nursery_records").columns(["class_id", "date"]).execute();
    },
    async down() {
      throw new Error("irreversible");
    },
  };
}
