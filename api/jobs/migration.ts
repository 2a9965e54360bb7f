import { sql, type Kysely, type Migration } from "kysely";
import type { DialectName } from "@api/db/migrations";

/**
 * 008_jobs: the run history of scheduled jobs (`job_runs`, unique on job + slot + attempt: the insert that
 * claims a slot) and the delivery state of the push outbox (rows written before are taken as delivered,
 * as the local provider treated them).
 */
export function jobsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("job_runs")
        .ifNotExists()
        .addColumn("id", dialect === "postgres" ? "serial" : "integer", (c) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn("job", "text", (c) => c.notNull())
        .addColumn("slot", "text", (c) => c.notNull())
        .addColumn("attempt", "integer", (c) => c.notNull())
        .addColumn("trigger", "text", (c) => c.notNull())
        .addColumn("instance", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("started_at", "text", (c) => c.notNull())
        .addColumn("finished_at", "text")
        .addColumn("result", "text")
        .execute();
      await db.schema.createIndex("job_runs_slot_uq").ifNotExists().unique().on("job_runs").columns(["job", "slot", "attempt"]).execute();
      await db.schema.createIndex("job_runs_started_idx").ifNotExists().on("job_runs").columns(["job", "started_at"]).execute();

      await db.schema
        .alterTable("push_outbox")
        .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
        .execute();
      await db.schema
        .alterTable("push_outbox")
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable("push_outbox").addColumn("next_attempt_at", "text").execute();
      await db.schema.alterTable("push_outbox").addColumn("delivered_at", "text").execute();
      await db.schema.alterTable("push_outbox").addColumn("last_error", "text").execute();
      await sql`UPDATE push_outbox SET status = 'delivered', attempts = 1, delivered_at = created_at`.execute(db);
      await db.schema.createIndex("push_outbox_due_idx").ifNotExists().on("push_outbox").columns(["status", "next_attempt_at"]).execute();
    },
    async down() {
      throw new Error("irreversible");
    },
  };
}
