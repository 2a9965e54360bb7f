import type { Db } from "@api/db";
import { nowIso } from "@api/db";
import { uniqueViolation } from "@api/db/unique";

/**
 * Direct-upload keys (table upload_claims, issue 25 item 5) and the per-user quota of temporary uploads.
 * A key is handed out (or first written with token/sts credentials) once; the local signed URL may be PUT once;
 * POST files/ registers it once. Quota: the caller's temporary files (not yet used by a record) plus her
 * unregistered keys (each at its reserved bytes) stay within `quota`. Every check inserts first and counts
 * afterwards, so parallel requests can never pass the bound together (one of them may be refused too many).
 */
export interface Quota {
  files: number;
  bytes: number;
}

/** Why a direct upload was refused: past the quota (429), or its key already used (409). */
export class ClaimRefused extends Error {
  constructor(readonly reason: "quota" | "used") {
    super(reason);
  }
}

/** How long after its URL expired a key may still be registered (then the clean-up removes it). */
export const REGISTER_GRACE_MS = 60 * 60 * 1000;

/** The caller's temporary uploads: files no record uses yet, and direct-upload keys not yet registered. */
export async function tempUsage(db: Db, userId: number): Promise<{ files: number; bytes: number }> {
  const [files, keys] = await Promise.all([
    db
      .selectFrom("files")
      .select((eb) => [eb.fn.countAll().as("n"), eb.fn.sum("size").as("bytes")])
      .where("owner_user_id", "=", userId)
      .where("bucket", "=", "temp")
      .where("record_type", "is", null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("upload_claims")
      .select((eb) => [eb.fn.countAll().as("n"), eb.fn.sum("bytes").as("bytes")])
      .where("user_id", "=", userId)
      .where("registered_at", "is", null)
      .executeTakeFirstOrThrow(),
  ]);
  return { files: Number(files.n) + Number(keys.n), bytes: Number(files.bytes ?? 0) + Number(keys.bytes ?? 0) };
}

export const overQuota = (usage: { files: number; bytes: number }, quota: Quota) => usage.files > quota.files || usage.bytes > quota.bytes;

/**
 * Records key `key` of `userId` (reserving `bytes` of the quota), or refuses: `used` when the key was recorded
 * before, `quota` when it would take the user past her quota (nothing kept).
 */
export async function reserveKey(
  db: Db,
  quota: Quota,
  o: { userId: number; key: string; kind: string; bytes: number; expiresAt: string; put: boolean },
): Promise<void> {
  const now = nowIso();
  let id: number;
  try {
    const row = await db
      .insertInto("upload_claims")
      .values({
        user_id: o.userId,
        object_key: o.key,
        kind: o.kind,
        bytes: o.bytes,
        created_at: now,
        expires_at: o.expiresAt,
        put_at: o.put ? now : null,
        registered_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    id = Number(row.id);
  } catch (e) {
    if (uniqueViolation(e)) throw new ClaimRefused("used");
    throw e;
  }
  if (overQuota(await tempUsage(db, o.userId), quota)) {
    await db.deleteFrom("upload_claims").where("id", "=", id).execute();
    throw new ClaimRefused("quota");
  }
}

/** A key's recorded size once it is known (the reservation was the kind's limit). */
export async function settleKey(db: Db, key: string, bytes: number) {
  await db.updateTable("upload_claims").set({ bytes }).where("object_key", "=", key).execute();
}

/** Forgets a key whose write failed (the user may ask again). */
export async function dropKey(db: Db, key: string) {
  await db.deleteFrom("upload_claims").where("object_key", "=", key).execute();
}

/** Takes the single PUT of a signed URL's key; false when it was used (or never handed out). */
export async function takePut(db: Db, key: string): Promise<boolean> {
  const r = await db
    .updateTable("upload_claims")
    .set({ put_at: nowIso() })
    .where("object_key", "=", key)
    .where("put_at", "is", null)
    .where("registered_at", "is", null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Gives a PUT back after it failed (too large, broken): the same URL may be tried again until it expires. */
export async function releasePut(db: Db, key: string) {
  await db.updateTable("upload_claims").set({ put_at: null }).where("object_key", "=", key).where("registered_at", "is", null).execute();
}

/** Takes the single registration of `userId`'s key (written, not registered, not past its grace); false otherwise. */
export async function takeRegistration(db: Db, userId: number, key: string): Promise<boolean> {
  const r = await db
    .updateTable("upload_claims")
    .set({ registered_at: nowIso() })
    .where("object_key", "=", key)
    .where("user_id", "=", userId)
    .where("registered_at", "is", null)
    .where("expires_at", ">", new Date(Date.now() - REGISTER_GRACE_MS).toISOString())
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Keys whose URL is dead for good (expired past the grace): their objects and rows go (clean-up). */
export async function deadKeys(db: Db): Promise<{ id: number; key: string }[]> {
  const rows = await db
    .selectFrom("upload_claims")
    .select(["id", "object_key"])
    .where("expires_at", "<", new Date(Date.now() - REGISTER_GRACE_MS).toISOString())
    .execute();
  return rows.map((r) => ({ id: Number(r.id), key: r.object_key }));
}
