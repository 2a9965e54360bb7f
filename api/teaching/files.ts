import type { FileKind } from "@contract/files";
import type { Writer } from "@api/db/audit";
import { fieldError } from "@api/http";
import type { FileRow } from "@api/services/storage/files";
import type { WriteContext } from "@api/resources/engine";
import { mp4DurationSeconds } from "./mp4";

/** The kindergarten's teaching limits (optional_functions; 0 = no limit). */
export async function teachingLimits(w: Writer, kindergartenId: number) {
  const row = await w.trx
    .selectFrom("optional_functions")
    .select(["teachingRecordLimit", "videoLengthSeconds", "isUploadOriginalImage"])
    .where("kindergarten_id", "=", kindergartenId)
    .executeTakeFirst();
  return {
    recordLimit: Number(row?.teachingRecordLimit ?? 0),
    videoSeconds: Number(row?.videoLengthSeconds ?? 0),
    keepOriginal: Number(row?.isUploadOriginalImage ?? 1) === 1,
  };
}

/**
 * A record's file field on save (afterWrite): a new temporary upload of the writer is claimed for (recordType, id)
 * and the old one removed. Video: its duration (read from the file's own `mvhd` box) must be within the
 * kindergarten's `videoLengthSeconds`, else 422 on the field (the transaction rolls back: nothing is kept).
 * Image without "upload original image": the original goes, the thumbnail stays as the file.
 */
export async function takeFile(
  ctx: WriteContext,
  o: { field: string; kind: FileKind; recordType: string; id: number; value: unknown; old: unknown; kindergartenId: number | null },
): Promise<void> {
  const { w, scope, deps } = ctx;
  const next = o.value == null ? null : Number(o.value);
  const old = o.old == null ? null : Number(o.old);
  if (next === old) return;
  if (next != null) {
    const row = (await w.trx.selectFrom("files").selectAll().where("id", "=", next).executeTakeFirst()) as FileRow | undefined;
    const usable = row && row.kind === o.kind && row.bucket === "temp" && row.record_type == null && Number(row.owner_user_id) === scope.userId;
    if (!usable) throw fieldError(o.field, "upload.notUsable");
    const limits = o.kindergartenId != null ? await teachingLimits(w, o.kindergartenId) : null;
    if (o.kind === "video" && limits && limits.videoSeconds > 0) {
      const obj = await deps.files.open(row, "file");
      const seconds = obj ? await mp4DurationSeconds(obj.body) : null;
      if (seconds == null) throw fieldError(o.field, "teaching:errors.videoUnreadable");
      if (seconds > limits.videoSeconds + 0.5)
        throw fieldError(o.field, "teaching:errors.videoTooLong", { max: limits.videoSeconds, seconds: Math.round(seconds) });
    }
    if (!(await deps.files.claim(w, next, { userId: scope.userId, recordType: o.recordType, recordId: o.id, kind: o.kind })))
      throw fieldError(o.field, "upload.notUsable");
    if (o.kind === "image" && limits && !limits.keepOriginal && row.thumb_key) {
      // Only the thumbnail is kept: the file now points at it; the original object goes.
      await deps.files.store.delete("main", row.object_key);
      await w.update("files", next, { object_key: row.thumb_key, content_type: "image/jpeg" } as never, "dropOriginal");
    }
  }
  if (old != null) await deps.files.remove(w, old);
}
