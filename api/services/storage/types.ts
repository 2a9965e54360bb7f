import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";

/** Section 9: two buckets, main (files of saved records) and temporary (uploads not yet used by a record). */
export type BucketRole = "main" | "temp";

export interface ObjectInfo {
  size: number;
  modified: Date;
  contentType: string | null;
}

/** Where a client uploads directly (GET token/sts): a PUT of the body to `url` with `headers`, until `expiresAt`. */
export interface PresignedUpload {
  url: string;
  method: "PUT";
  headers: Record<string, string>;
  expiresAt: string;
}

/**
 * One object store, two real back ends (api/services/storage/local.ts, s3.ts), chosen by STORAGE.
 * Keys are normalised by the caller (normaliseKey); bodies are streams, never whole buffers.
 */
export interface ObjectStore {
  readonly kind: "local" | "s3";
  /** Stores `body` (exactly `size` bytes when given; S3 needs it) under `key`; an interrupted put leaves nothing. */
  put(bucket: BucketRole, key: string, body: Readable, o: { size?: number; contentType: string }): Promise<void>;
  /** The object as a stream, or null when there is none. */
  get(bucket: BucketRole, key: string): Promise<(ObjectInfo & { body: Readable }) | null>;
  stat(bucket: BucketRole, key: string): Promise<ObjectInfo | null>;
  /** Removes the object; no error when it is already gone. */
  delete(bucket: BucketRole, key: string): Promise<void>;
  /** Moves an object between buckets (or keys); the source is gone afterwards. */
  move(from: { bucket: BucketRole; key: string }, to: { bucket: BucketRole; key: string }): Promise<void>;
  /** Keys in `bucket` last modified before `before`. */
  listOlderThan(bucket: BucketRole, before: Date): Promise<string[]>;
  /** A direct-upload target for `key` (STS, section 7), valid for `seconds`. */
  presignUpload(bucket: BucketRole, key: string, o: { seconds: number; contentType?: string; maxBytes: number; baseUrl: string }): Promise<PresignedUpload>;
}

export interface S3Settings {
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  bucket: string;
  tempBucket: string;
  forcePathStyle: boolean;
}

/** STORAGE=local (default: UPLOAD_DIR under the data directory) or STORAGE=s3 (S3_* settings). */
export type StorageConfig = { kind: "local"; urlSecret: string } | ({ kind: "s3" } & S3Settings);

export function loadStorageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  const kind = env.STORAGE ?? "local";
  // Key of the signed upload URLs of the local back end: set UPLOAD_URL_SECRET when several API instances share UPLOAD_DIR.
  if (kind === "local") return { kind, urlSecret: env.UPLOAD_URL_SECRET || randomBytes(32).toString("base64url") };
  if (kind !== "s3") throw new Error(`STORAGE must be local or s3, not ${kind}`);
  if (!env.S3_BUCKET || !env.S3_TEMP_BUCKET) throw new Error("STORAGE=s3 needs S3_BUCKET and S3_TEMP_BUCKET");
  return {
    kind,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || "us-east-1",
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    bucket: env.S3_BUCKET,
    tempBucket: env.S3_TEMP_BUCKET,
    forcePathStyle: ["1", "true"].includes((env.S3_FORCE_PATH_STYLE ?? "").toLowerCase()),
  };
}
