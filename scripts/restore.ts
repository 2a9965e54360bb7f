/**
 * npm run restore -- <archive>  → checks the archive (its .sha256, the manifest's checksums), restores it into
 * DATABASE_URL (and UPLOAD_DIR's files), migrates it to this release, and prints what it restored. Refuses while the
 * product runs on that database. What it replaces is kept under a "pre-restore" name.
 * Exit 0 when restored, 1 when refused or failed (the reason on stderr; nothing changed), 2 on a usage error.
 */
import { loadConfig } from "@api/config";
import { restoreBackup } from "@api/backup/restore";
import { describeArchive } from "@api/backup/summary";

async function main(): Promise<number> {
  const archive = process.argv.slice(2).find((a) => a !== "--");
  if (!archive) {
    console.error("usage: npm run restore -- <archive.tar.gz>");
    return 2;
  }
  const config = loadConfig(process.env);
  const r = await restoreBackup(archive, { databaseUrl: config.databaseUrl, uploadDir: config.uploadDir, storage: config.storage.kind });
  console.log(`Restored ${archive} (version ${r.manifest.version}, taken ${r.manifest.createdAtSchool} China time):`);
  for (const line of describeArchive(r.manifest)) console.log(`  ${line}`);
  console.log(r.migrated.length ? `  migrated forward: ${r.migrated.join(", ")}` : "  already at this release's schema");
  for (const k of r.kept) console.log(`  kept what it replaced: ${k}`);
  for (const w of r.warnings) console.warn(`  note: ${w}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`Restore failed: ${(e as Error)?.message ?? e}`);
    process.exit(1);
  },
);
