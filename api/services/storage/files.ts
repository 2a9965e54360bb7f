import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileTypeFromFile } from "file-type";
import sharp from "sharp";
import { FILE_KINDS, TEMP_UPLOAD_TTL_MS, THUMBNAIL_PX, type FileKind, type FileReply } from "@contract/files";
import type { Deps } from "@api/context";
import type { Db } from "@api/db";
import { nowIso } from "@api/db";
import { write, SYSTEM_ACTOR, type Writer } from "@api/db/audit";
import type { FilesTable } from "@api/db/schema";
import type { Selectable } from "kysely";
import type { Scope } from "@api/tenancy";
import { IMAGE_MAX_PIXELS, TEMP_UPLOAD_QUOTA, THUMBNAIL_CONCURRENCY } from "@contract/limits";
import { cleanFileName } from "@contract/files";
import { deadKeys, overQuota, takeRegistration, tempUsage, type Quota } from "./claims";
import { boundedQueue } from "./queue";
import type { ObjectStore } from "./types";

export type FileRow = Selectable<FilesTable>;

/** Why an upload was refused (nothing is stored): 413 past the kind's limit, 400 when the content is not of the kind. */
export class UploadRefused extends Error {
  constructor(
    readonly reason: "tooLarge" | "formatError" | "tooManyPixels" | "quota" | "used",
    readonly maxBytes: number,
  ) {
    super(reason);
  }
}

class TooLarge extends Error {}

/** Counts bytes passing through; fails past `max` (so the rest of a too-large body is never read). */
function byteLimit(max: number) {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      done(size > max ? new TooLarge() : null, chunk);
    },
  });
}

const random = () => randomBytes(12).toString("hex");

/** Objects of checked files live under this prefix: no client credential or signed URL can write there. */
export const CHECKED_PREFIX = "checked/";

/** Thumbnails are made a few at a time (issue 25 item 11): parallel uploads of large photos wait, memory stays bounded. */
export const thumbnailQueue = boundedQueue(THUMBNAIL_CONCURRENCY);

export interface UploadBounds {
  /** Per-user temporary uploads. */
  quota: Quota;
  /** Largest image decoded (sharp's limitInputPixels). */
  maxPixels: number;
}

export const fileReply = (r: FileRow): FileReply => ({
  id: Number(r.id),
  kind: r.kind as FileKind,
  name: r.name,
  contentType: r.content_type,
  size: Number(r.size),
  hasThumbnail: r.thumb_key != null,
  bucket: r.bucket,
});

/**
 * Files of records on one object store (local disk or S3, api/services/storage/types.ts).
 *   upload  → a body is spooled to a staging file (size limit while reading), its CONTENT checked (file-type's
 *             magic bytes), an image gets a 240 px thumbnail (sharp); then both go to the temporary bucket and a
 *             `files` row names the uploader. Refused: nothing stored.
 *   claim   → when the record that uses a file is saved: temporary → main, the row names the record.
 *   open    → the bytes, only for a user allowed to see that record (FILE_OWNERS), or the uploader while temporary.
 */
export class FileService {
  constructor(
    readonly db: Db,
    readonly store: ObjectStore,
    private readonly stagingDir: string,
    private readonly limits: Record<string, number>,
    readonly bounds: UploadBounds = { quota: TEMP_UPLOAD_QUOTA, maxPixels: IMAGE_MAX_PIXELS },
  ) {}

  maxBytes(kind: FileKind) {
    return this.limits[FILE_KINDS[kind].limit]!;
  }

  /** Spools `body`, checks it and stores it in the temporary bucket. */
  async upload(o: { kind: FileKind; userId: number; name: string; body: AsyncIterable<Uint8Array> | Readable }): Promise<FileRow> {
    const max = this.maxBytes(o.kind);
    await mkdir(this.stagingDir, { recursive: true });
    const spool = join(this.stagingDir, `${random()}.upload`);
    try {
      try {
        await pipeline(o.body instanceof Readable ? o.body : Readable.from(o.body), byteLimit(max), createWriteStream(spool, { flags: "wx" }));
      } catch (e) {
        if (e instanceof TooLarge) throw new UploadRefused("tooLarge", max);
        throw e;
      }
      return await this.accept(o.kind, o.userId, o.name, spool);
    } finally {
      await rm(spool, { force: true });
      await rm(`${spool}.thumb`, { force: true });
    }
  }

  /**
   * A file the client uploaded straight to the temporary bucket (GET token/sts): its key is registered once, its
   * content read back and checked like an upload, and the checked copy stored under a key of the server's
   * (CHECKED_PREFIX), which is what the file serves: writing to the upload URL again changes nothing. The uploaded
   * object goes, whether accepted or refused.
   */
  async register(o: { kind: FileKind; userId: number; key: string; name: string }): Promise<FileRow> {
    const max = this.maxBytes(o.kind);
    if (!(await takeRegistration(this.db, o.userId, o.key))) throw new UploadRefused("used", max);
    try {
      const obj = await this.store.get("temp", o.key);
      if (!obj) throw new UploadRefused("formatError", max);
      if (obj.size > max) {
        obj.body.destroy();
        throw new UploadRefused("tooLarge", max);
      }
      return await this.upload({ kind: o.kind, userId: o.userId, name: o.name, body: obj.body });
    } finally {
      await this.store.delete("temp", o.key);
    }
  }

  private async accept(kind: FileKind, userId: number, name: string, spool: string): Promise<FileRow> {
    const max = this.maxBytes(kind);
    const detected = await fileTypeFromFile(spool).catch(() => undefined);
    const types = FILE_KINDS[kind].types as Record<string, string>;
    const ext = detected && detected.ext in types ? detected.ext : null;
    if (!ext) throw new UploadRefused("formatError", max);
    const contentType = types[ext]!;
    const size = (await stat(spool)).size;
    const thumbSize = kind === "image" ? await this.thumbnail(spool, max) : 0;
    const base = `${CHECKED_PREFIX}u${userId}/${random()}`;
    const key = `${base}.${ext}`;
    const thumbKey = kind === "image" ? `${base}.thumb.jpg` : null;
    await this.store.put("temp", key, createReadStream(spool), { size, contentType });
    if (thumbKey) await this.store.put("temp", thumbKey, createReadStream(`${spool}.thumb`), { size: thumbSize, contentType: "image/jpeg" });
    const id = await write(this.db, { userId, roleId: null }, (w) =>
      w.insert("files", {
        bucket: "temp",
        object_key: key,
        thumb_key: thumbKey,
        kind,
        name: cleanFileName(name, `file.${ext}`),
        content_type: contentType,
        size,
        owner_user_id: userId,
        record_type: null,
        record_id: null,
        created_at: nowIso(),
        claimed_at: null,
      }),
    );
    // Counted after the row is in, so parallel uploads cannot pass the quota together.
    if (overQuota(await tempUsage(this.db, userId), this.bounds.quota)) {
      await write(this.db, { userId, roleId: null }, (w) => this.remove(w, id));
      throw new UploadRefused("quota", max);
    }
    return (await this.db.selectFrom("files").selectAll().where("id", "=", id).executeTakeFirstOrThrow()) as FileRow;
  }

  /** The 240 px JPEG thumbnail of an image at `spool` (beside it, `.thumb`), in the queue; its size. */
  private async thumbnail(spool: string, max: number): Promise<number> {
    try {
      const info = await thumbnailQueue.run(() =>
        sharp(spool, { limitInputPixels: this.bounds.maxPixels })
          .rotate()
          .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: "inside", withoutEnlargement: true })
          .jpeg({ quality: 80 })
          .toFile(`${spool}.thumb`),
      );
      return info.size;
    } catch (e) {
      if (/pixel limit/i.test((e as Error)?.message ?? "")) throw new UploadRefused("tooManyPixels", max);
      // Magic bytes of a PNG/JPEG but not a readable image.
      throw new UploadRefused("formatError", max);
    }
  }

  /**
   * Inside the record's write: file `fileId` becomes the file of (recordType, recordId). Allowed for a temporary
   * file of the writer, or the file the record already has. Returns false when the file may not be used (→ 422).
   * Objects move to the main bucket after the row says so; a move that fails leaves the row pointing at main and is
   * retried by `open` (it looks in temp too).
   */
  async claim(w: Writer, fileId: number, o: { userId: number; recordType: string; recordId: number; kind: FileKind }): Promise<boolean> {
    const row = (await w.trx.selectFrom("files").selectAll().where("id", "=", fileId).executeTakeFirst()) as FileRow | undefined;
    if (!row || row.kind !== o.kind) return false;
    if (row.record_type === o.recordType && Number(row.record_id) === o.recordId) return true;
    if (row.bucket !== "temp" || row.record_type != null || Number(row.owner_user_id) !== o.userId) return false;
    await w.update("files", fileId, { bucket: "main", record_type: o.recordType, record_id: o.recordId, claimed_at: nowIso() }, "claim");
    await this.store.move({ bucket: "temp", key: row.object_key }, { bucket: "main", key: row.object_key });
    if (row.thumb_key) await this.store.move({ bucket: "temp", key: row.thumb_key }, { bucket: "main", key: row.thumb_key });
    return true;
  }

  /** Removes a record's file (row and objects), e.g. when its photo is replaced. */
  async remove(w: Writer, fileId: number) {
    const row = (await w.trx.selectFrom("files").selectAll().where("id", "=", fileId).executeTakeFirst()) as FileRow | undefined;
    if (!row) return;
    await w.delete("files", fileId);
    for (const key of [row.object_key, row.thumb_key]) if (key) await this.store.delete(row.bucket, key);
  }

  /** The file row when `scope` may see it: the uploader while temporary; afterwards whoever may see its record. */
  async visible(deps: Deps, scope: Scope, id: number): Promise<FileRow | null> {
    const row = (await this.db.selectFrom("files").selectAll().where("id", "=", id).executeTakeFirst()) as FileRow | undefined;
    if (!row) return null;
    if (row.record_type == null) return Number(row.owner_user_id) === scope.userId ? row : null;
    const check = FILE_OWNERS[row.record_type];
    return check && (await check(deps, scope, Number(row.record_id))) ? row : null;
  }

  async open(row: FileRow, variant: "file" | "thumb") {
    const key = variant === "thumb" ? row.thumb_key : row.object_key;
    if (!key) return null;
    return (await this.store.get(row.bucket, key)) ?? (row.bucket === "main" ? await this.store.get("temp", key) : null);
  }
}

/** Who may see the files of a record type: the same rule as reading the record (page, role, tenancy). */
export const FILE_OWNERS: Record<string, (deps: Deps, scope: Scope, recordId: number) => Promise<boolean>> = {};

/**
 * The scheduled clean-up (issue 10; registered as a job by api/jobs): temporary uploads older than `olderThanMs`
 * (default one day) that no record took — their objects and rows — and stray objects of the temporary bucket
 * (direct uploads never registered). Returns how many objects were removed.
 */
export async function cleanupTemporaryUploads(deps: Pick<Deps, "db" | "files">, olderThanMs = TEMP_UPLOAD_TTL_MS): Promise<{ objects: number; rows: number }> {
  const before = new Date(Date.now() - olderThanMs);
  const rows = await deps.db
    .selectFrom("files")
    .select(["id"])
    .where("bucket", "=", "temp")
    .where("record_type", "is", null)
    .where("created_at", "<", before.toISOString())
    .execute();
  if (rows.length)
    await write(deps.db, SYSTEM_ACTOR, async (w) => {
      for (const r of rows) await w.delete("files", Number(r.id), "expire");
    });
  let objects = 0;
  // Direct-upload keys whose URL is dead for good: what was put there (never registered, or put again after) goes.
  for (const dead of await deadKeys(deps.db)) {
    await deps.files.store.delete("temp", dead.key);
    await deps.db.deleteFrom("upload_claims").where("id", "=", dead.id).execute();
  }
  for (const key of await deps.files.store.listOlderThan("temp", before)) {
    await deps.files.store.delete("temp", key);
    objects++;
  }
  return { objects, rows: rows.length };
}
