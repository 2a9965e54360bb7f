import type { CreateTableBuilder, Kysely, Migration } from "kysely";
import type { DialectName } from "./migrations";

/**
 * 019_upload_claims (issue 25 item 5): every direct-upload key handed out (GET token/sts) or written with the
 * credentials of token/sts, once. A key is put once (the local signed URL is single-use), registered once
 * (POST files/ copies the checked content to a key no client can write), and counts towards the uploader's quota
 * of temporary uploads (`bytes`: reserved at the kind's limit until the size is known) until it is registered or
 * the clean-up removes it. Security bookkeeping like storage_credentials: written outside the audit log.
 */
export function uploadClaimsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const withId = (t: CreateTableBuilder<any, any>) =>
        dialect === "postgres" ? t.addColumn("id", "serial", (c) => c.primaryKey()) : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
      await withId(db.schema.createTable("upload_claims").ifNotExists())
        .addColumn("user_id", "integer", (c) => c.notNull())
        .addColumn("object_key", "text", (c) => c.notNull().unique())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("bytes", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("put_at", "text")
        .addColumn("registered_at", "text")
        .execute();
      await db.schema.createIndex("upload_claims_user_idx").ifNotExists().on("upload_claims").columns(["user_id", "registered_at"]).execute();
    },
    async down() {
      throw new Error("irreversible");
    },
  };
}
