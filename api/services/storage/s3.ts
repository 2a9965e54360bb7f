import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { Readable } from "node:stream";
import type { BucketRole, ObjectInfo, ObjectStore, PresignedUpload, S3Settings } from "./types";

const notFound = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err?.name === "NotFound" || err?.name === "NoSuchKey" || err?.$metadata?.httpStatusCode === 404;
};

/**
 * Any S3-compatible object store through the AWS SDK (S3_ENDPOINT for MinIO, OSS, COS, s3rver…): the main
 * bucket S3_BUCKET and the temporary bucket S3_TEMP_BUCKET. Direct uploads are presigned PUT URLs of the
 * temporary bucket. Checksums only when the operation requires them (compatible stores often do not know
 * the newer flexible checksums).
 */
export class S3ObjectStore implements ObjectStore {
  readonly kind = "s3" as const;
  readonly client: S3Client;
  constructor(readonly settings: S3Settings) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  bucketName(b: BucketRole) {
    return b === "main" ? this.settings.bucket : this.settings.tempBucket;
  }

  async put(bucket: BucketRole, key: string, body: Readable, o: { size?: number; contentType: string }) {
    if (o.size == null) throw new Error("S3 put needs the size");
    await this.client.send(new PutObjectCommand({ Bucket: this.bucketName(bucket), Key: key, Body: body, ContentLength: o.size, ContentType: o.contentType }));
  }

  async stat(bucket: BucketRole, key: string): Promise<ObjectInfo | null> {
    try {
      const r = await this.client.send(new HeadObjectCommand({ Bucket: this.bucketName(bucket), Key: key }));
      return { size: Number(r.ContentLength ?? 0), modified: r.LastModified ?? new Date(0), contentType: r.ContentType ?? null };
    } catch (e) {
      if (notFound(e)) return null;
      throw e;
    }
  }

  async get(bucket: BucketRole, key: string) {
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.bucketName(bucket), Key: key }));
      const body = r.Body as Readable;
      return { size: Number(r.ContentLength ?? 0), modified: r.LastModified ?? new Date(0), contentType: r.ContentType ?? null, body };
    } catch (e) {
      if (notFound(e)) return null;
      throw e;
    }
  }

  async delete(bucket: BucketRole, key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucketName(bucket), Key: key }));
  }

  async move(from: { bucket: BucketRole; key: string }, to: { bucket: BucketRole; key: string }) {
    const source = `${this.bucketName(from.bucket)}/${from.key.split("/").map(encodeURIComponent).join("/")}`;
    await this.client.send(new CopyObjectCommand({ Bucket: this.bucketName(to.bucket), Key: to.key, CopySource: source }));
    await this.delete(from.bucket, from.key);
  }

  async listOlderThan(bucket: BucketRole, before: Date): Promise<string[]> {
    const out: string[] = [];
    let token: string | undefined;
    do {
      const r = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucketName(bucket), ContinuationToken: token }));
      for (const o of r.Contents ?? []) if (o.Key && o.LastModified && o.LastModified < before) out.push(o.Key);
      token = r.IsTruncated ? r.NextContinuationToken : undefined;
    } while (token);
    return out;
  }

  async presignUpload(bucket: BucketRole, key: string, o: { seconds: number; contentType?: string }): Promise<PresignedUpload> {
    const cmd = new PutObjectCommand({ Bucket: this.bucketName(bucket), Key: key, ContentType: o.contentType });
    const url = await getSignedUrl(this.client, cmd, { expiresIn: o.seconds });
    return {
      url,
      method: "PUT",
      headers: o.contentType ? { "content-type": o.contentType } : {},
      expiresAt: new Date(Date.now() + o.seconds * 1000).toISOString(),
    };
  }
}
