import { GetBucketVersioningCommand } from "@aws-sdk/client-s3";
import { S3ObjectStore } from "@api/services/storage/s3";
import type { S3Settings } from "@api/services/storage/types";

/**
 * With STORAGE=s3 the backup archives hold the database only: the files' safety is the bucket's versioning (or
 * replication). Checked at start-up, so an operator reads in the log when the main bucket has none.
 * Answers the warning to log, or null when versioning is on.
 */
export async function bucketVersioningWarning(settings: S3Settings): Promise<string | null> {
  const store = new S3ObjectStore(settings);
  try {
    const r = await store.client.send(new GetBucketVersioningCommand({ Bucket: settings.bucket }));
    if (r.Status === "Enabled") return null;
    return `[backup] S3 bucket ${settings.bucket} has no versioning (${r.Status ?? "never enabled"}): backups hold the database only, so deleted or overwritten files cannot be recovered. Turn on versioning or replication in the store.`;
  } catch (e) {
    return `[backup] could not read the versioning of S3 bucket ${settings.bucket} (${(e as Error).name ?? "error"}): make sure versioning or replication protects the files, which backups do not hold.`;
  } finally {
    store.client.destroy();
  }
}
