import { sql, type CreateTableBuilder, type Kysely, type Migration } from "kysely";
import type { DialectName } from "@api/db/migrations";

/** 013_tuition_assessment: tuition and finance (money as integer fen) and the assessment framework (issue 14). */
export function tuitionMigration(dialect: DialectName): Migration {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type TB = CreateTableBuilder<any, any>;
  return {
    async up(db: Kysely<unknown>) {
      const table = (name: string): TB => {
        const t = db.schema.createTable(name).ifNotExists();
        return dialect === "postgres"
          ? t.addColumn("id", "serial", (c) => c.primaryKey())
          : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
      };
      const kg = (t: TB) => t.addColumn("kindergarten_id", "integer", (c) => c.notNull().references("kindergartens.id"));
      const index = (name: string, tbl: string, cols: string[], unique = false) => {
        const b = db.schema.createIndex(name).ifNotExists();
        return (unique ? b.unique() : b).on(tbl).columns(cols).execute();
      };

      await kg(table("tuition_templates"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("level", "text", (c) => c.notNull())
        .addColumn("period", "text", (c) => c.notNull())
        .addColumn("items", "text", (c) => c.notNull())
        .addColumn("monthly_fen", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await index("tuition_templates_kg_idx", "tuition_templates", ["kindergarten_id"]);

      await kg(table("tuition_bills"))
        .addColumn("student_id", "integer", (c) => c.notNull().references("students.id"))
        .addColumn("template_id", "integer")
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("period", "text", (c) => c.notNull())
        .addColumn("discount", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("use_deposit", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("lines", "text", (c) => c.notNull())
        .addColumn("subtotal_fen", "integer", (c) => c.notNull())
        .addColumn("discount_fen", "integer", (c) => c.notNull())
        .addColumn("deposit_fen", "integer", (c) => c.notNull())
        .addColumn("amount_fen", "integer", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("paid_via", "text")
        .addColumn("due_date", "text")
        .addColumn("created_by", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await index("tuition_bills_kg_idx", "tuition_bills", ["kindergarten_id", "status"]);
      await index("tuition_bills_student_idx", "tuition_bills", ["student_id"]);

      await kg(table("fee_records"))
        .addColumn("bill_id", "integer")
        .addColumn("student_id", "integer", (c) => c.notNull().references("students.id"))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("channel", "text", (c) => c.notNull())
        .addColumn("amount_fen", "integer", (c) => c.notNull())
        .addColumn("reference", "text")
        .addColumn("remark", "text")
        .addColumn("occurred_on", "text", (c) => c.notNull())
        .addColumn("created_by", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await index("fee_records_kg_idx", "fee_records", ["kindergarten_id", "occurred_on"]);
      await index("fee_records_bill_idx", "fee_records", ["bill_id"]);

      await table("payment_orders")
        .addColumn("bill_id", "integer", (c) => c.notNull().references("tuition_bills.id"))
        .addColumn("kindergarten_id", "integer", (c) => c.notNull())
        .addColumn("provider", "text", (c) => c.notNull())
        .addColumn("order_no", "text", (c) => c.notNull().unique())
        .addColumn("amount_fen", "integer", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("created_by", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("paid_at", "text")
        .execute();
      await index("payment_orders_bill_idx", "payment_orders", ["bill_id", "provider", "status"]);

      await table("payment_notifications")
        .addColumn("provider", "text", (c) => c.notNull())
        .addColumn("notify_id", "text", (c) => c.notNull())
        .addColumn("order_no", "text", (c) => c.notNull())
        .addColumn("amount_fen", "integer", (c) => c.notNull())
        .addColumn("outcome", "text", (c) => c.notNull())
        .addColumn("received_at", "text", (c) => c.notNull())
        .execute();
      await index("payment_notifications_uq", "payment_notifications", ["provider", "notify_id"], true);

      await kg(table("refund_calculations"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("student_id", "integer")
        .addColumn("method", "text", (c) => c.notNull())
        .addColumn("basis", "text", (c) => c.notNull())
        .addColumn("price_fen", "integer", (c) => c.notNull())
        .addColumn("rounding", "text", (c) => c.notNull())
        .addColumn("month_days", "text", (c) => c.notNull())
        .addColumn("absence", "text", (c) => c.notNull())
        .addColumn("item_names", "text", (c) => c.notNull())
        .addColumn("lines", "text", (c) => c.notNull())
        .addColumn("total_fen", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await index("refund_calculations_kg_idx", "refund_calculations", ["kindergarten_id"]);

      await kg(table("payrolls"))
        .addColumn("month", "text", (c) => c.notNull())
        .addColumn("staff_name", "text", (c) => c.notNull())
        .addColumn("staff_phone", "text", (c) => c.notNull())
        .addColumn("base_fen", "integer", (c) => c.notNull())
        .addColumn("allowances_fen", "integer", (c) => c.notNull())
        .addColumn("deductions_fen", "integer", (c) => c.notNull())
        .addColumn("net_fen", "integer", (c) => c.notNull())
        .addColumn("remark", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await index("payrolls_uq", "payrolls", ["kindergarten_id", "month", "staff_phone"], true);

      await kg(table("deposit_entries"))
        .addColumn("student_id", "integer", (c) => c.notNull().references("students.id"))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("amount_fen", "integer", (c) => c.notNull())
        .addColumn("balance_fen", "integer", (c) => c.notNull())
        .addColumn("bill_id", "integer")
        .addColumn("remark", "text")
        .addColumn("created_by", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await index("deposit_entries_student_idx", "deposit_entries", ["student_id"]);
      await kg(table("deposit_balances"))
        .addColumn("student_id", "integer", (c) => c.notNull().unique().references("students.id"))
        .addColumn("balance_fen", "integer", (c) => c.notNull().check(sql`balance_fen >= 0`))
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();

      await kg(table("tuition_reconciliations"))
        .addColumn("month", "text", (c) => c.notNull())
        .addColumn("admission_fen", "integer", (c) => c.notNull())
        .addColumn("admission_lines", "text")
        .addColumn("finance_fen", "integer", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("remark", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await index("tuition_reconciliations_uq", "tuition_reconciliations", ["kindergarten_id", "month"], true);

      await table("assessment_categories")
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("name_en", "text")
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await table("assessment_objectives")
        .addColumn("category_id", "integer", (c) => c.notNull().references("assessment_categories.id"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("name_en", "text")
        .addColumn("level", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await table("assessment_items")
        .addColumn("objective_id", "integer", (c) => c.notNull().references("assessment_objectives.id"))
        .addColumn("time", "text", (c) => c.notNull())
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("content_en", "text")
        .addColumn("max_score", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await kg(table("student_assessments"))
        .addColumn("student_id", "integer", (c) => c.notNull().references("students.id"))
        .addColumn("class_id", "integer")
        .addColumn("level", "text", (c) => c.notNull())
        .addColumn("school_year", "text", (c) => c.notNull())
        .addColumn("time", "text", (c) => c.notNull())
        .addColumn("scores", "text", (c) => c.notNull())
        .addColumn("total_score", "integer", (c) => c.notNull())
        .addColumn("assessed_by", "integer")
        .addColumn("remark", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await index("student_assessments_uq", "student_assessments", ["student_id", "school_year", "time"], true);
    },
    async down() {
      throw new Error("irreversible");
    },
  };
}
