import * as z from "zod";

/** GET backups/status/ (the super admin's Home; server only, so the page ships no zod). */
export const backupStatusSchema = z.object({
  configured: z.boolean(),
  schedule: z.string().nullable(),
  keep: z.number().nullable(),
  lastOk: z.object({ at: z.string(), archive: z.string().nullable(), bytes: z.number().nullable() }).nullable(),
  lastFailure: z.object({ at: z.string(), error: z.string().nullable() }).nullable(),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;
