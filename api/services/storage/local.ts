import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { BucketRole, ObjectInfo, ObjectStore, PresignedUpload } from "./types";

const TYPE_SUFFIX = ".type";

/**
 * Local disk under UPLOAD_DIR (default ./data/uploads): `<root>/main/<key>` and `<root>/temp/<key>`.
 * Writes go to a `.part` file beside the target and are renamed when complete, so a refused or broken
 * upload leaves nothing. The content type sits in a small `<key>.type` file beside the object.
 * Direct uploads (GET token/sts) get a signed, expiring URL on the API itself: PUT uploads/{bucket}/{key}?expires&max&signature.
 */
export class LocalObjectStore implements ObjectStore {
  readonly kind = "local" as const;
  constructor(
    readonly root: string,
    private readonly secret: string,
  ) {}

  private path(bucket: BucketRole, key: string): string {
    const base = resolve(this.root, bucket);
    const full = resolve(base, key);
    if (!full.startsWith(base + sep) || full.endsWith(TYPE_SUFFIX) || full.endsWith(".part")) throw new Error(`bad object key ${key}`);
    return full;
  }

  async put(bucket: BucketRole, key: string, body: Readable, o: { size?: number; contentType: string }) {
    const p = this.path(bucket, key);
    await mkdir(dirname(p), { recursive: true });
    const tmp = `${p}.${randomBytes(6).toString("hex")}.part`;
    try {
      await pipeline(body, createWriteStream(tmp, { flags: "wx" }));
      const { size } = await stat(tmp);
      if (o.size != null && size !== o.size) throw new Error(`object ${key}: ${size} bytes written, ${o.size} expected`);
      await writeFile(p + TYPE_SUFFIX, o.contentType);
      await rename(tmp, p);
    } catch (e) {
      await rm(tmp, { force: true });
      throw e;
    }
  }

  private async type(p: string): Promise<string | null> {
    try {
      return (await readFile(p + TYPE_SUFFIX, "utf8")) || null;
    } catch {
      return null;
    }
  }

  async stat(bucket: BucketRole, key: string): Promise<ObjectInfo | null> {
    const p = this.path(bucket, key);
    try {
      const s = await stat(p);
      if (!s.isFile()) return null;
      return { size: s.size, modified: s.mtime, contentType: await this.type(p) };
    } catch {
      return null;
    }
  }

  async get(bucket: BucketRole, key: string) {
    const info = await this.stat(bucket, key);
    if (!info) return null;
    return { ...info, body: createReadStream(this.path(bucket, key)) };
  }

  async delete(bucket: BucketRole, key: string) {
    const p = this.path(bucket, key);
    await rm(p, { force: true });
    await rm(p + TYPE_SUFFIX, { force: true });
  }

  async move(from: { bucket: BucketRole; key: string }, to: { bucket: BucketRole; key: string }) {
    const a = this.path(from.bucket, from.key);
    const b = this.path(to.bucket, to.key);
    await mkdir(dirname(b), { recursive: true });
    const type = await this.type(a);
    await rename(a, b);
    if (type != null) await rename(a + TYPE_SUFFIX, b + TYPE_SUFFIX).catch(() => undefined);
  }

  async listOlderThan(bucket: BucketRole, before: Date): Promise<string[]> {
    const base = resolve(this.root, bucket);
    const out: string[] = [];
    let entries: string[] = [];
    try {
      entries = (await readdir(base, { recursive: true })) as string[];
    } catch {
      return out;
    }
    for (const rel of entries) {
      if (rel.endsWith(TYPE_SUFFIX) || rel.endsWith(".part")) continue;
      const s = await stat(join(base, rel)).catch(() => null);
      if (s?.isFile() && s.mtime < before) out.push(relative(base, join(base, rel)).split(sep).join("/"));
    }
    return out;
  }

  /** HMAC of what a signed upload URL allows: this bucket, this key, at most maxBytes, until expires (epoch seconds). */
  sign(bucket: string, key: string, expires: number, maxBytes: number): string {
    return createHmac("sha256", this.secret).update(`${bucket}\n${key}\n${expires}\n${maxBytes}`).digest("base64url");
  }

  /** Whether a signed upload URL's parameters hold (signature, not expired). */
  verify(bucket: string, key: string, expires: number, maxBytes: number, signature: string): boolean {
    if (!Number.isInteger(expires) || expires * 1000 < Date.now() || !Number.isInteger(maxBytes) || maxBytes <= 0) return false;
    const want = Buffer.from(this.sign(bucket, key, expires, maxBytes));
    const got = Buffer.from(signature);
    return want.length === got.length && timingSafeEqual(want, got);
  }

  async presignUpload(bucket: BucketRole, key: string, o: { seconds: number; maxBytes: number; baseUrl: string }): Promise<PresignedUpload> {
    this.path(bucket, key);
    const expires = Math.floor(Date.now() / 1000) + o.seconds;
    const url = new URL(`uploads/${bucket}/${key.split("/").map(encodeURIComponent).join("/")}`, o.baseUrl);
    url.searchParams.set("expires", String(expires));
    url.searchParams.set("max", String(o.maxBytes));
    url.searchParams.set("signature", this.sign(bucket, key, expires, o.maxBytes));
    return { url: url.toString(), method: "PUT", headers: {}, expiresAt: new Date(expires * 1000).toISOString() };
  }
}
