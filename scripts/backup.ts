/**
 * npm run backup -- <folder>   → one consistent archive of the database and files into <folder> (default BACKUP_DIR),
 *                                while the product keeps serving. Uses DATABASE_URL, UPLOAD_DIR and STORAGE like the API.
 * Exit 0 with the archive's name, 1 when no archive could be made (the reason on stderr), 2 on a usage error.
 */
import { loadConfig } from "@api/config";
import { createBackup } from "@api/backup/backup";
import { describeArchive } from "@api/backup/summary";

async function main(): Promise<number> {
  const folder = process.argv.slice(2).find((a) => a !== "--") ?? process.env.BACKUP_DIR;
  if (!folder) {
    console.error("usage: npm run backup -- <folder>   (or set BACKUP_DIR)");
    return 2;
  }
  const config = loadConfig(process.env);
  const made = await createBackup({ databaseUrl: config.databaseUrl, uploadDir: config.uploadDir, storage: config.storage.kind }, folder);
  console.log(`Backup written: ${made.archive} (${made.bytes.toLocaleString("en")} bytes)`);
  for (const line of describeArchive(made.manifest)) console.log(`  ${line}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`Backup failed: ${(e as Error)?.message ?? e}`);
    process.exit(1);
  },
);
