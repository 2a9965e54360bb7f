import { createWriteStream } from "node:fs";
import { mkdir, readFile, rename, rm } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { randomBytes } from "node:crypto";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { MAX_OBJECT_KEY_BYTES } from "@contract/limits";
import type { Db } from "@api/db";
import { sha256 } from "@api/auth/tokens";
import type { ApiConfig } from "@api/config";
import { FileService } from "./storage/files";
import { reserveKey } from "./storage/claims";
import { FILE_KINDS, type FileKind } from "@contract/files";
import { LocalObjectStore } from "./storage/local";
import { S3ObjectStore } from "./storage/s3";

export { cleanupTemporaryUploads, FileService, UploadRefused } from "./storage/files";
export type { ObjectStore, StorageConfig } from "./storage/types";

/** Section 9: two buckets are configured, main and temporary. */
export const BUCKETS = ["main", "temp"] as const;
export type Bucket = (typeof BUCKETS)[number];

export interface StsCredentials {
  accessKeyId: string;
  accessKeySecret: string;
  securityToken: string;
  expiration: string;
  bucket: string;
  region: string;
  endpoint: string;
  /** Key prefix the credentials may write under. */
  prefix: string;
}

export interface PutRequest {
  bucket: string;
  /** The object key, percent-decoded once; normalised and confined here. */
  key: string;
  securityToken: string;
  /** The body, read as a stream (never buffered whole). */
  body: ReadableStream<Uint8Array> | null;
  /** Content-Length (0 when not given): past maxBytes, refused before a byte is read. */
  declaredBytes: number;
  /** Refused past this many bytes (the limit of the key's upload kind). */
  maxBytes: number;
  /** Runs once the credentials hold, before a byte is written (the caller records the key; it may refuse by throwing). */
  beforeWrite?: (cred: { userId: number; expiresAt: string }) => Promise<void>;
}

/** Why a put was refused: `badKey` 400, `forbidden` 403 (token, bucket, expiry, prefix), `conflict` 409 (a folder
 *  where the file should be, or the reverse), `tooLarge` 413. */
export type PutResult = { stored: true; size: number } | { stored: false; reason: "badKey" | "forbidden" | "conflict" | "tooLarge" };

/** File-system answers that mean "this key cannot be a file here", not a server fault. */
const KEY_CLASHES: Record<string, "conflict" | "badKey"> = { EISDIR: "conflict", ENOTDIR: "conflict", EEXIST: "conflict", ENAMETOOLONG: "badKey" };

/** Object storage behind `GET token/sts`. A cloud provider would call its STS service here. */
export interface StorageProvider {
  readonly name: string;
  issueCredentials(opts: { userId: number; bucket: Bucket; baseUrl: string }): Promise<StsCredentials>;
  /** Stores an object when the security token is valid for the bucket and the key lies under its prefix. */
  put(opts: PutRequest): Promise<PutResult>;
  get(bucket: string, key: string): Promise<Uint8Array | null>;
}

/**
 * A safe object key or null: relative, "/"-separated, every segment a real name (no empty, ".", ".."),
 * no backslash, NUL or other control character, at most MAX_OBJECT_KEY_BYTES of UTF-8. Nothing is
 * rewritten, so the key that is checked against the prefix is the very key that is written.
 */
export function normaliseKey(key: string): string | null {
  if (!key || Buffer.byteLength(key, "utf8") > MAX_OBJECT_KEY_BYTES) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(key)) return null;
  const segments = key.split("/");
  if (segments.some((s) => s === "" || s === "." || s === "..")) return null;
  return key;
}

class TooLarge extends Error {}

/** Counts the bytes passing through and fails the stream past `max`. */
function byteLimit(max: number) {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      done(size > max ? new TooLarge() : null, chunk);
    },
  });
  return { counter, size: () => size };
}

const TTL_SECONDS = 15 * 60;

export class LocalDiskStorage implements StorageProvider {
  readonly name = "local";
  constructor(
    private readonly db: Db,
    private readonly root: string,
  ) {}

  async issueCredentials({ userId, bucket, baseUrl }: { userId: number; bucket: Bucket; baseUrl: string }) {
    const accessKeyId = "LOCAL" + randomBytes(8).toString("hex").toUpperCase();
    const accessKeySecret = randomBytes(24).toString("base64url");
    const securityToken = randomBytes(32).toString("base64url");
    const now = Date.now();
    const expiration = new Date(now + TTL_SECONDS * 1000).toISOString();
    const prefix = `u${userId}/`;
    await this.db
      .insertInto("storage_credentials")
      .values({
        access_key_id: accessKeyId,
        secret_hash: sha256(accessKeySecret),
        token_hash: sha256(securityToken),
        user_id: userId,
        bucket,
        prefix,
        created_at: new Date(now).toISOString(),
        expires_at: expiration,
      })
      .execute();
    return { accessKeyId, accessKeySecret, securityToken, expiration, bucket, region: "local", endpoint: `${baseUrl}uploads`, prefix };
  }

  /** The file of a normalised key, checked once more to lie inside the bucket's folder. */
  private path(bucket: string, key: string): string | null {
    if (!(BUCKETS as readonly string[]).includes(bucket) || normaliseKey(key) == null) return null;
    const base = resolve(this.root, bucket);
    const full = resolve(base, key);
    return full.startsWith(base + sep) ? full : null;
  }

  async put({ bucket, key, securityToken, body, declaredBytes, maxBytes, beforeWrite }: PutRequest): Promise<PutResult> {
    const p = this.path(bucket, key);
    if (!p) return { stored: false, reason: (BUCKETS as readonly string[]).includes(bucket) ? "badKey" : "forbidden" };
    const cred = await this.db
      .selectFrom("storage_credentials")
      .select(["bucket", "prefix", "expires_at", "user_id"])
      .where("token_hash", "=", sha256(securityToken))
      .executeTakeFirst();
    if (!cred || cred.bucket !== bucket || cred.expires_at <= new Date().toISOString() || !key.startsWith(cred.prefix))
      return { stored: false, reason: "forbidden" };
    if (declaredBytes > maxBytes) return { stored: false, reason: "tooLarge" };
    await beforeWrite?.({ userId: Number(cred.user_id), expiresAt: cred.expires_at });
    return this.write(p, body, maxBytes);
  }

  /** Streams the body to a temporary file beside the target and renames it: a refused or broken upload leaves nothing. */
  private async write(p: string, body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<PutResult> {
    const tmp = `${p}.${randomBytes(6).toString("hex")}.part`;
    const { counter, size } = byteLimit(maxBytes);
    const source = body ? Readable.fromWeb(body as unknown as WebReadableStream<Uint8Array>) : Readable.from([]);
    try {
      await mkdir(dirname(p), { recursive: true });
      await pipeline(source, counter, createWriteStream(tmp, { flags: "wx" }));
      await rename(tmp, p);
      return { stored: true, size: size() };
    } catch (e) {
      await rm(tmp, { force: true }).catch(() => undefined);
      if (e instanceof TooLarge) return { stored: false, reason: "tooLarge" };
      const clash = KEY_CLASHES[(e as { code?: string }).code ?? ""];
      if (clash) return { stored: false, reason: clash };
      throw e;
    }
  }

  async get(bucket: string, key: string) {
    const p = this.path(bucket, key);
    if (!p) return null;
    try {
      return new Uint8Array(await readFile(p));
    } catch {
      return null;
    }
  }
}

export const joinKey = (...parts: string[]) =>
  join(...parts)
    .split(sep)
    .join("/");

/** The file service on the configured back end: STORAGE=s3 → S3_* buckets, else local disk under UPLOAD_DIR. */
export function createFileService(db: Db, config: ApiConfig): FileService {
  const store = config.storage.kind === "s3" ? new S3ObjectStore(config.storage) : new LocalObjectStore(config.uploadDir, config.storage.urlSecret);
  return new FileService(db, store, join(config.uploadDir, ".staging"), config.limits.upload, {
    quota: config.limits.tempQuota,
    maxPixels: config.limits.imageMaxPixels,
  });
}

/**
 * `GET token/sts`: the local back end's credentials for PUT uploads/ (as before), and, when a kind or file name is
 * asked for, a direct-upload target for a fresh key under `u{userId}/` in the temporary bucket. STORAGE=s3 hands out
 * no credentials (the store's keys stay on the server): the presigned URL is the way in.
 */
export async function stsReply(
  deps: { db: Db; storage: StorageProvider; files: FileService; config: ApiConfig },
  o: { userId: number; bucket: Bucket; baseUrl: string; kind?: FileKind; fileName?: string },
) {
  const store = deps.files.store;
  const wantsUpload = o.kind != null || o.fileName != null || store.kind === "s3";
  const cred = store.kind === "local" ? await deps.storage.issueCredentials({ userId: o.userId, bucket: o.bucket, baseUrl: o.baseUrl }) : null;
  if (!wantsUpload) return cred!;
  const kind: FileKind = o.kind ?? "image";
  const types = FILE_KINDS[kind].types as Record<string, string>;
  const asked = /\.([A-Za-z0-9]+)$/.exec(o.fileName ?? "")?.[1]?.toLowerCase();
  const ext = asked === "jpeg" ? "jpg" : asked && asked in types ? asked : Object.keys(types)[0]!;
  const key = `u${o.userId}/${randomBytes(12).toString("hex")}.${ext}`;
  const maxBytes = deps.files.maxBytes(kind);
  const target = await store.presignUpload("temp", key, { seconds: TTL_SECONDS, maxBytes, baseUrl: o.baseUrl, contentType: types[ext] });
  await reserveKey(deps.db, deps.files.bounds.quota, { userId: o.userId, key, kind, bytes: maxBytes, expiresAt: target.expiresAt, put: false });
  const upload = { key, kind, maxBytes, ...target };
  if (cred) return { ...cred, upload };
  const s3 = store as S3ObjectStore;
  return {
    accessKeyId: "",
    accessKeySecret: "",
    securityToken: "",
    expiration: target.expiresAt,
    bucket: s3.bucketName("temp"),
    region: s3.settings.region,
    endpoint: s3.settings.endpoint ?? "",
    prefix: `u${o.userId}/`,
    upload,
  };
}
