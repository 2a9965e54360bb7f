import type { Kysely } from "kysely";
import { SEED_FILE_PREFIX } from "@api/teaching/samples";
import type { Database } from "./schema";
import { SEED_TIME } from "./seed";

export type SeedFileKind = "image" | "pdf" | "video";

/**
 * Sample files of the demo data: rows only. The objects (a PNG per colour with its thumbnail, a one-page PDF, an MP4
 * of 5 seconds) are generated into the configured storage when the API starts (api/teaching/samples.ts
 * materializeSeedFiles), so a seed needs no storage. The key names the record, so seeders never collide.
 */
export function seedFiles(db: Kysely<Database>) {
  let n = 0;
  const store = async (kind: SeedFileKind, name: string, recordType: string, recordId: number) => {
    const ext = kind === "image" ? "png" : kind === "pdf" ? "pdf" : "mp4";
    const key = `${SEED_FILE_PREFIX}${recordType}-${recordId}-${++n}-${name.replace(/\.[^.]+$/, "")}.${ext}`;
    const row = await db
      .insertInto("files")
      .values({
        bucket: "main",
        object_key: key,
        thumb_key: kind === "image" ? key.replace(/\.png$/, ".thumb.jpg") : null,
        kind,
        name,
        content_type: kind === "image" ? "image/png" : kind === "pdf" ? "application/pdf" : "video/mp4",
        size: 0,
        owner_user_id: 1,
        record_type: recordType,
        record_id: recordId,
        created_at: SEED_TIME,
        claimed_at: SEED_TIME,
      } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };
  /** One image; `colour` picks the sample's colour (photo-1 … photo-5 in turn). */
  const image = (colour: number, recordType: string, recordId: number) => store("image", `photo-${(colour % 5) + 1}.png`, recordType, recordId);
  return {
    image,
    pdf: (title: string, recordType: string, recordId: number) => store("pdf", `${title}.pdf`, recordType, recordId),
    video: (recordType: string, recordId: number) => store("video", "clip.mp4", recordType, recordId),
  };
}
