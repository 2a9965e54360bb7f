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

  async put({ bucket, key, securityToken, body, declaredBytes, maxBytes }: PutRequest): Promise<PutResult> {
    const p = this.path(bucket, key);
    if (!p) return { stored: false, reason: (BUCKETS as readonly string[]).includes(bucket) ? "badKey" : "forbidden" };
    const cred = await this.db
      .selectFrom("storage_credentials")
      .select(["bucket", "prefix", "expires_at"])
      .where("token_hash", "=", sha256(securityToken))
      .executeTakeFirst();
    if (!cred || cred.bucket !== bucket || cred.expires_at <= new Date().toISOString() || !key.startsWith(cred.prefix)) return { stored: false, reason: "forbidden" };
    if (declaredBytes > maxBytes) return { stored: false, reason: "tooLarge" };
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

export const joinKey = (...parts: string[]) => join(...parts).split(sep).join("/");
