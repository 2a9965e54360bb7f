import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, normalize, resolve, sep } from "node:path";
import { randomBytes } from "node:crypto";
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

/** Object storage behind `GET token/sts`. A cloud provider would call its STS service here. */
export interface StorageProvider {
  readonly name: string;
  issueCredentials(opts: { userId: number; bucket: Bucket; baseUrl: string }): Promise<StsCredentials>;
  /** Stores an object when the security token is valid for bucket and key; false otherwise. */
  put(opts: { bucket: string; key: string; securityToken: string; body: Uint8Array }): Promise<boolean>;
  get(bucket: string, key: string): Promise<Uint8Array | null>;
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

  private path(bucket: string, key: string): string | null {
    if (!(BUCKETS as readonly string[]).includes(bucket)) return null;
    const base = resolve(this.root, bucket);
    const full = resolve(base, normalize(key));
    return full.startsWith(base + sep) ? full : null;
  }

  async put({ bucket, key, securityToken, body }: { bucket: string; key: string; securityToken: string; body: Uint8Array }) {
    const cred = await this.db
      .selectFrom("storage_credentials")
      .select(["bucket", "prefix", "expires_at"])
      .where("token_hash", "=", sha256(securityToken))
      .executeTakeFirst();
    if (!cred || cred.bucket !== bucket || cred.expires_at <= new Date().toISOString() || !key.startsWith(cred.prefix)) return false;
    const p = this.path(bucket, key);
    if (!p) return false;
    await mkdir(dirname(p), { recursive: true });
    await writeFile(p, body);
    return true;
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
