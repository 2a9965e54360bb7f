import { sql, type Kysely, type Migration } from "kysely";

/** The tables whose records hold several images (issue 12): observations, course records, teaching records, student works, homework submissions. */
export const RECORD_IMAGE_TABLES = ["observations", "course_records", "teaching_records", "student_works", "homework_submissions"] as const;

/**
 * 016_record_images (issue 12, "images and MP4 video in records and works"): a record's photos become an ordered list,
 * `image_file_ids` (a JSON array of file ids, as form_templates' recipients; each file row names its record, so the file
 * access rule is unchanged). The former single photo (`photo_file_id`) moves into the list as its only image and the old
 * column is left empty (kept, unused: dropping a column is not portable to every SQLite in use). Same statements on SQLite
 * and PostgreSQL.
 */
export function recordImagesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of RECORD_IMAGE_TABLES)
        await db.schema
          .alterTable(table)
          .addColumn("image_file_ids", "text", (c) => c.notNull().defaultTo("[]"))
          .execute();
      await movePhotosIntoLists(db);
    },
    async down() {
      throw new Error("irreversible");
    },
  };
}

/** The data step of 016: each record's single photo becomes its list of one image (tested on both dialects). */
export async function movePhotosIntoLists(db: Kysely<unknown>) {
  for (const table of RECORD_IMAGE_TABLES)
    await sql`update ${sql.table(table)} set image_file_ids = '[' || cast(photo_file_id as text) || ']', photo_file_id = null where photo_file_id is not null`.execute(
      db,
    );
}
