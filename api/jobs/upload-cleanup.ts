import { cleanupTemporaryUploads } from "@api/services/storage/files";
import type { JobDefinition } from "./types";

export const TEMP_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Section 9 / issue 10: temporary uploads older than a day that no record took (storage service's clean-up), and
 * direct-upload keys whose URL expired over an hour ago (issue 25 item 5). Hourly, so unused keys leave the
 * uploader's quota soon after their URL died.
 */
export const uploadCleanupJob: JobDefinition = {
  name: "upload-cleanup",
  description: "Removes temporary uploads older than a day that no record uses, and expired upload keys",
  schedule: "17 * * * *",
  async run({ deps }) {
    if (!deps.files) throw new Error("upload-cleanup needs the file service");
    const removed = await cleanupTemporaryUploads({ db: deps.db, files: deps.files }, TEMP_UPLOAD_MAX_AGE_MS);
    return { removedObjects: removed.objects, removedRows: removed.rows };
  },
};
