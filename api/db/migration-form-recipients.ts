import type { Kysely, Migration } from "kysely";

/**
 * 015_form_recipients (issue 13): a form template is sent to chosen recipients — roles (JSON array of role ids) and
 * classes (JSON array of class ids). An empty list does not narrow: existing templates ('[]', '[]') stay open to
 * everyone who may open /daily/form, as before. Same statements on SQLite and PostgreSQL (text columns, constant default).
 */
export function formRecipientsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("form_templates")
        .addColumn("recipient_role_ids", "text", (c) => c.notNull().defaultTo("[]"))
        .execute();
      await db.schema
        .alterTable("form_templates")
        .addColumn("recipient_class_ids", "text", (c) => c.notNull().defaultTo("[]"))
        .execute();
    },
    async down() {
      throw new Error("irreversible");
    },
  };
}
