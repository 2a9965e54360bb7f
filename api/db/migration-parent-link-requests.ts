import { type Kysely, type Migration } from "kysely";
import type { DialectName } from "@api/db/migrations";

/**
 * 018_parent_link_requests (issue 25 item 6): a self-registered parent whose phone is none of the child's guardian phones
 * on record is not bound to the child at once; the request waits (`pending`) until the class teacher or the kindergarten
 * admin approves it (`approved`: the student_parents row is written then) or refuses it (`refused`). Same statements on
 * SQLite and PostgreSQL.
 */
export function parentLinkRequestsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const t = db.schema.createTable("parent_link_requests").ifNotExists();
      await (dialect === "postgres" ? t.addColumn("id", "serial", (c) => c.primaryKey()) : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement()))
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("class_id", "integer", (c) => c.notNull().references("classes.id"))
        .addColumn("student_id", "integer", (c) => c.notNull().references("students.id"))
        .addColumn("parent_id", "integer", (c) => c.notNull().references("users.id"))
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("review_comment", "text")
        .addColumn("reviewed_by", "integer")
        .addColumn("reviewed_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("parent_link_requests_student_idx").ifNotExists().on("parent_link_requests").column("student_id").execute();
      await db.schema.createIndex("parent_link_requests_parent_idx").ifNotExists().on("parent_link_requests").column("parent_id").execute();
    },
    async down() {
      throw new Error("irreversible");
    },
  };
}
