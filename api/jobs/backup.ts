import { basename } from "node:path";
import { createBackup, pruneBackups } from "@api/backup/backup";
import type { JobDefinition } from "./types";

/** The kindergartens' wall clock, in which BACKUP_CRON is read. */
const SCHOOL_TIME_ZONE = "Asia/Shanghai";

export interface BackupSettings {
  dir: string;
  cron: string;
  keep: number;
}

/** BACKUP_DIR turns scheduled backups on; BACKUP_CRON (school time, default 02:30 nightly) and BACKUP_KEEP (default 14). */
export function backupSettings(env: NodeJS.ProcessEnv = process.env): BackupSettings | null {
  const dir = env.BACKUP_DIR?.trim();
  if (!dir) return null;
  const keep = Number(env.BACKUP_KEEP ?? 14);
  if (!Number.isInteger(keep) || keep < 1) throw new Error(`BACKUP_KEEP must be a whole number of archives (1 or more), not ${env.BACKUP_KEEP}`);
  return { dir, cron: env.BACKUP_CRON?.trim() || "30 2 * * *", keep };
}

/** The nightly backup (api/backup): one archive in BACKUP_DIR, then the oldest beyond BACKUP_KEEP removed. */
export function backupJob(settings: BackupSettings): JobDefinition {
  return {
    name: "backup",
    description: `Backs up the database and files into ${settings.dir}, keeping the newest ${settings.keep}`,
    schedule: settings.cron,
    timezone: SCHOOL_TIME_ZONE,
    attempts: 2,
    backoffMs: 60_000,
    async run({ deps }) {
      const { config } = deps;
      const made = await createBackup({ databaseUrl: config.databaseUrl, uploadDir: config.uploadDir, storage: config.storage.kind }, settings.dir);
      const removed = await pruneBackups(settings.dir, settings.keep);
      const rows = Object.values(made.manifest.tables).reduce((n, t) => n + t.rows, 0);
      return {
        archive: basename(made.archive),
        bytes: made.bytes,
        tables: Object.keys(made.manifest.tables).length,
        rows,
        files: made.manifest.files.count,
        removed,
      };
    },
  };
}
