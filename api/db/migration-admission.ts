import type { CreateTableBuilder, Kysely, Migration } from "kysely";
import type { DialectName } from "@api/db/migrations";

/**
 * 014_admission (issue 15): the admissions CRM (customers, communication records, appointments, reconciliation,
 * charging standard, class places, annual plan) and personal-information protection (requests, retention rules,
 * the log of what the night job did). Portable types only; amounts are integer fen.
 */
export function admissionMigration(dialect: DialectName): Migration {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type TB = CreateTableBuilder<any, any>;
  const withId = (t: TB): TB =>
    dialect === "postgres" ? t.addColumn("id", "serial", (c) => c.primaryKey()) : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>) {
      const table = (name: string) => withId(db.schema.createTable(name).ifNotExists());
      await table("admission_customers")
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("kid_name", "text", (c) => c.notNull())
        .addColumn("nickname", "text")
        .addColumn("nation", "text")
        .addColumn("contact_name", "text")
        .addColumn("relationship", "text")
        .addColumn("phone", "text")
        .addColumn("reserved_class_id", "integer")
        .addColumn("bus", "text")
        .addColumn("source", "text", (c) => c.notNull())
        .addColumn("stage", "text", (c) => c.notNull())
        .addColumn("opportunity", "text", (c) => c.notNull())
        .addColumn("close_reason", "text")
        .addColumn("lost_stage", "text")
        .addColumn("intention", "integer", (c) => c.notNull())
        .addColumn("owner_user_id", "integer")
        .addColumn("introducer_id", "integer")
        .addColumn("applicant_user_id", "integer")
        .addColumn("remarks", "text")
        .addColumn("paid_at", "text")
        .addColumn("lost_at", "text")
        .addColumn("anonymised_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("admission_customers_kg_phone_idx").ifNotExists().on("admission_customers").columns(["kindergarten_id", "phone"]).execute();
      await table("admission_communications")
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("customer_id", "integer", (c) => c.notNull().references("admission_customers.id"))
        .addColumn("date", "text", (c) => c.notNull())
        .addColumn("method", "text", (c) => c.notNull())
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("next_step", "text")
        .addColumn("created_by", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("admission_communications_customer_idx").ifNotExists().on("admission_communications").column("customer_id").execute();
      await table("admission_appointments")
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("customer_id", "integer", (c) => c.notNull().references("admission_customers.id"))
        .addColumn("date", "text", (c) => c.notNull())
        .addColumn("time", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("teacher_user_id", "integer")
        .addColumn("remarks", "text")
        .addColumn("reminded_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("admission_appointments_kg_date_idx")
        .ifNotExists()
        .on("admission_appointments")
        .columns(["kindergarten_id", "date"])
        .execute();
      await table("admission_reconciliations")
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("customer_id", "integer", (c) => c.notNull().references("admission_customers.id"))
        .addColumn("deposit", "integer", (c) => c.notNull())
        .addColumn("deposit_to_full", "integer", (c) => c.notNull())
        .addColumn("full_amount", "integer", (c) => c.notNull())
        .addColumn("discount", "integer", (c) => c.notNull())
        .addColumn("refund", "integer", (c) => c.notNull())
        .addColumn("coupon", "text")
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("remarks", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await table("admission_charging_standards")
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("level", "text", (c) => c.notNull())
        .addColumn("item", "text", (c) => c.notNull())
        .addColumn("item_en", "text")
        .addColumn("period", "text", (c) => c.notNull())
        .addColumn("amount", "integer", (c) => c.notNull())
        .execute();
      await table("admission_class_places")
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("class_id", "integer", (c) => c.notNull().unique().references("classes.id"))
        .addColumn("capacity", "integer", (c) => c.notNull())
        .execute();
      await table("admission_year_plans")
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("year", "integer", (c) => c.notNull())
        .addColumn("month", "integer", (c) => c.notNull())
        .addColumn("target", "integer", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("admission_year_plans_uq")
        .ifNotExists()
        .unique()
        .on("admission_year_plans")
        .columns(["kindergarten_id", "year", "month"])
        .execute();
      await table("protection_requests")
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("subject_type", "text", (c) => c.notNull())
        .addColumn("subject_id", "integer", (c) => c.notNull())
        .addColumn("subject_label", "text", (c) => c.notNull())
        .addColumn("requester", "text", (c) => c.notNull())
        .addColumn("details", "text")
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("outcome", "text")
        .addColumn("created_by", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("done_at", "text")
        .execute();
      await table("protection_retention_rules")
        .addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("months", "integer", (c) => c.notNull())
        .addColumn("enabled", "integer", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("protection_retention_rules_uq")
        .ifNotExists()
        .unique()
        .on("protection_retention_rules")
        .columns(["kindergarten_id", "kind"])
        .execute();
      await table("protection_job_log")
        .addColumn("kindergarten_id", "integer", (c) => c.notNull())
        .addColumn("slot", "text", (c) => c.notNull())
        .addColumn("request_id", "integer")
        .addColumn("rule", "text")
        .addColumn("subject_type", "text", (c) => c.notNull())
        .addColumn("subject_id", "integer", (c) => c.notNull())
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("fields", "text", (c) => c.notNull())
        .addColumn("files", "integer", (c) => c.notNull())
        .addColumn("result", "text", (c) => c.notNull())
        .addColumn("at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("protection_job_log_kg_idx").ifNotExists().on("protection_job_log").columns(["kindergarten_id", "at"]).execute();
    },
    async down() {
      throw new Error("irreversible");
    },
  };
}
