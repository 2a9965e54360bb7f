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

type Limits = Awaited<ReturnType<typeof teachingLimits>> | null;

/**
 * One new file of a record's file field (afterWrite): it must be a temporary upload of the writer of the field's kind;
 * it is claimed for (recordType, id). Video: its duration (read from the file's own `mvhd` box) must be within the
 * kindergarten's `videoLengthSeconds`, else 422 on the field (the transaction rolls back: nothing is kept).
 * Image without "upload original image": the original goes, the thumbnail stays as the file.
 */
async function claimNew(ctx: WriteContext, o: { field: string; kind: FileKind; recordType: string; id: number; fileId: number; limits: Limits }) {
  const { w, scope, deps } = ctx;
  const row = (await w.trx.selectFrom("files").selectAll().where("id", "=", o.fileId).executeTakeFirst()) as FileRow | undefined;
  const usable = row && row.kind === o.kind && row.bucket === "temp" && row.record_type == null && Number(row.owner_user_id) === scope.userId;
  if (!usable) throw fieldError(o.field, "upload.notUsable");
  const { limits } = o;
  if (o.kind === "video" && limits && limits.videoSeconds > 0) {
    const obj = await deps.files.open(row, "file");
    const seconds = obj ? await mp4DurationSeconds(obj.body) : null;
    if (seconds == null) throw fieldError(o.field, "teaching:errors.videoUnreadable");
    if (seconds > limits.videoSeconds + 0.5)
      throw fieldError(o.field, "teaching:errors.videoTooLong", { max: limits.videoSeconds, seconds: Math.round(seconds) });
  }
  if (!(await deps.files.claim(w, o.fileId, { userId: scope.userId, recordType: o.recordType, recordId: o.id, kind: o.kind })))
    throw fieldError(o.field, "upload.notUsable");
  if (o.kind === "image" && limits && !limits.keepOriginal && row.thumb_key) {
    // Only the thumbnail is kept: the file now points at it; the original object goes.
    await deps.files.store.delete("main", row.object_key);
    await w.update("files", o.fileId, { object_key: row.thumb_key, content_type: "image/jpeg" } as never, "dropOriginal");
  }
}

/** A record's single file field on save (afterWrite): the new temporary upload is claimed (claimNew), the old file removed. */
export async function takeFile(
  ctx: WriteContext,
  o: { field: string; kind: FileKind; recordType: string; id: number; value: unknown; old: unknown; kindergartenId: number | null },
): Promise<void> {
  const next = o.value == null ? null : Number(o.value);
  const old = o.old == null ? null : Number(o.old);
  if (next === old) return;
  if (next != null) {
    const limits = o.kindergartenId != null ? await teachingLimits(ctx.w, o.kindergartenId) : null;
    await claimNew(ctx, { ...o, fileId: next, limits });
  }
  if (old != null) await ctx.deps.files.remove(ctx.w, old);
}

/** A list of file ids as an item holds it (array) or a row stores it (JSON text). */
export function imageIds(v: unknown): number[] {
  if (Array.isArray(v)) return v.map(Number).filter(Number.isInteger);
  if (typeof v !== "string" || !v) return [];
  try {
    const a = JSON.parse(v) as unknown;
    return Array.isArray(a) ? a.map(Number).filter(Number.isInteger) : [];
  } catch {
    return [];
  }
}

/**
 * A record's `images` field on save (afterWrite): the ordered list `value` replaces `old`. Ids new to the record must be
 * temporary image uploads of the writer (claimed as takeFile does, "upload original image" respected); ids dropped
 * from the list are removed (rows and objects). More than `max` → 422 on the field. Returns the list to store (JSON).
 */
export async function takeImages(
  ctx: WriteContext,
  o: { field: string; recordType: string; id: number; value: unknown; old: unknown; kindergartenId: number | null; max: number },
): Promise<string> {
  const next = [...new Set(imageIds(o.value))];
  if (next.length > o.max) throw fieldError(o.field, "crud:files.tooManyImages", { max: o.max });
  const old = imageIds(o.old);
  const added = next.filter((f) => !old.includes(f));
  const limits = added.length && o.kindergartenId != null ? await teachingLimits(ctx.w, o.kindergartenId) : null;
  for (const fileId of added) await claimNew(ctx, { field: o.field, kind: "image", recordType: o.recordType, id: o.id, fileId, limits });
  for (const f of old) if (!next.includes(f)) await ctx.deps.files.remove(ctx.w, f);
  return JSON.stringify(next);
}
