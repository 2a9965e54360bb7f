import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { Kysely } from "kysely";
import pg from "pg";
import * as tar from "tar";
import { isPostgresUrl, migrate, openDb } from "@api/db";
import { MANIFEST_FORMAT, type BackupManifest, type BackupSource } from "./backup";
import { sha256File } from "./files";
import { databaseName, maintenanceUrl, productRunningOn } from "./running";
import { appliedMigrations, run } from "./snapshot";
import { differingTables, tableStats } from "./tables";

export class RestoreError extends Error {}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Migrations of this release that the archive's database did not have yet, applied after the restore. */
  migrated: string[];
  /** Where the database and files that were replaced were kept (nothing is deleted by a restore). */
  kept: string[];
  warnings: string[];
}

/**
 * Restores an archive of `npm run backup`: checks the archive's checksum and every member against the manifest, and
 * the database's contents against the manifest's counts and checksums, all before the live database is touched; then
 * builds the restored database beside the live one, migrates it forward to this release, and swaps it in. The
 * database and files it replaces are kept under a `pre-restore` name. Refuses while the product runs on the database.
 */
export async function restoreBackup(archive: string, target: BackupSource, now = Date.now()): Promise<RestoreResult> {
  const path = resolve(archive);
  if (!existsSync(path)) throw new RestoreError(`No archive at ${path}.`);
  const warnings = await checkArchiveSum(path);
  await refuseIfRunning(target.databaseUrl);
  const work = await mkdtemp(join(tmpdir(), "kg-restore-"));
  try {
    await tar.x({ file: path, cwd: work, strict: true });
    const manifest = await readManifest(work, target);
    await checkMembers(work, manifest);
    const stamp = new Date(now).toISOString().replace(/\D/g, "").slice(0, 14);
    const restore = manifest.dialect === "postgres" ? restorePostgres : restoreSqlite;
    const { migrated, kept } = await restore(join(work, manifest.database.file), manifest, target.databaseUrl, stamp);
    if (manifest.files.included) {
      if (target.storage === "local") kept.push(...(await swapFiles(join(work, "files", "main"), join(resolve(target.uploadDir), "main"), stamp)));
      else warnings.push("The archive's files were not restored: this installation keeps files in S3 (restore them with the store's versioning).");
    }
    return { manifest, migrated, kept, warnings };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function checkArchiveSum(path: string): Promise<string[]> {
  const sumFile = `${path}.sha256`;
  if (!existsSync(sumFile)) return [`No ${basename(sumFile)} beside the archive: only the manifest's checksums were checked.`];
  const expected = (await readFile(sumFile, "utf8")).trim().split(/\s+/)[0];
  if (expected !== (await sha256File(path)))
    throw new RestoreError(`The archive does not match ${basename(sumFile)}: it is damaged or was changed. Nothing was restored.`);
  return [];
}

async function refuseIfRunning(databaseUrl: string) {
  const why = await productRunningOn(databaseUrl);
  if (why) throw new RestoreError(`The product is running on this database: ${why}. Stop it first (npm start: Ctrl-C), then restore.`);
}

async function readManifest(work: string, target: BackupSource): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(join(work, "manifest.json"), "utf8")) as BackupManifest;
  } catch {
    throw new RestoreError("The archive has no readable manifest.json: it is not a backup of this product.");
  }
  if (manifest.format !== MANIFEST_FORMAT) throw new RestoreError(`Unknown archive format ${manifest.format}.`);
  const dialect = isPostgresUrl(target.databaseUrl) ? "postgres" : "sqlite";
  if (manifest.dialect !== dialect)
    throw new RestoreError(
      `The archive holds a ${manifest.dialect} database but DATABASE_URL names a ${dialect} one: restore it onto a ${manifest.dialect} database.`,
    );
  return manifest;
}

/** Every member's size and checksum as the manifest says: a damaged archive is refused before anything changes. */
async function checkMembers(work: string, m: BackupManifest) {
  const db = join(work, m.database.file);
  if (!existsSync(db) || (await sha256File(db)) !== m.database.sha256) throw new RestoreError(`The archive's ${m.database.file} does not match its manifest.`);
  for (const f of m.files.included ? m.files.list : []) {
    const p = join(work, "files", f.path);
    if (!existsSync(p) || (await sha256File(p)) !== f.sha256) throw new RestoreError(`The archive's file ${f.path} does not match its manifest.`);
  }
}

/** The restored contents match what was archived, table by table (before any migration changes them). */
async function checkContents(db: Kysely<unknown>, m: BackupManifest) {
  const bad = differingTables(await tableStats(db), m.tables);
  if (bad.length) throw new RestoreError(`The restored database differs from the manifest in ${bad.join(", ")}: nothing was replaced.`);
}

async function migrateForward(url: string, m: BackupManifest): Promise<string[]> {
  const h = openDb(url);
  try {
    await checkContents(h.db as unknown as Kysely<unknown>, m);
    await migrate(h);
    const now = await appliedMigrations(h.db as unknown as Kysely<unknown>);
    return now.filter((n) => !m.migrations.includes(n));
  } finally {
    await h.destroy();
  }
}

async function restoreSqlite(file: string, m: BackupManifest, databaseUrl: string, stamp: string) {
  const live = resolve(databaseUrl.slice("file:".length));
  const staged = `${live}.restore-${stamp}`;
  await cp(file, staged);
  try {
    const migrated = await migrateForward(`file:${staged}`, m);
    await refuseIfRunning(databaseUrl);
    const kept: string[] = [];
    for (const suffix of ["", "-wal", "-shm", "-journal"]) {
      if (!existsSync(live + suffix)) continue;
      await rename(live + suffix, `${live}.pre-restore-${stamp}${suffix}`);
      if (suffix === "") kept.push(`${live}.pre-restore-${stamp}`);
    }
    for (const suffix of ["-wal", "-shm"]) await rm(staged + suffix, { force: true });
    await rename(staged, live);
    return { migrated, kept };
  } catch (e) {
    for (const suffix of ["", "-wal", "-shm"]) await rm(staged + suffix, { force: true });
    throw e;
  }
}

/** Into a new database beside the live one, then two renames: the live one is never half-restored. */
async function restorePostgres(file: string, m: BackupManifest, databaseUrl: string, stamp: string) {
  const name = databaseName(databaseUrl);
  const fresh = `${name}_restore_${stamp}`.slice(0, 63);
  const admin = maintenanceUrl(databaseUrl);
  await adminQuery(admin, `CREATE DATABASE ${ident(fresh)}`);
  try {
    await run("pg_restore", ["--no-owner", "--no-acl", "--exit-on-error", `--dbname=${maintenanceUrl(databaseUrl, fresh)}`, file]);
    const migrated = await migrateForward(maintenanceUrl(databaseUrl, fresh), m);
    await refuseIfRunning(databaseUrl);
    const kept: string[] = [];
    if (await databaseExists(admin, name)) {
      const old = `${name}_pre_restore_${stamp}`.slice(0, 63);
      await adminQuery(admin, `ALTER DATABASE ${ident(name)} RENAME TO ${ident(old)}`);
      kept.push(`PostgreSQL database ${old}`);
    }
    await adminQuery(admin, `ALTER DATABASE ${ident(fresh)} RENAME TO ${ident(name)}`);
    return { migrated, kept };
  } catch (e) {
    await adminQuery(admin, `DROP DATABASE IF EXISTS ${ident(fresh)} WITH (FORCE)`).catch(() => {});
    throw e;
  }
}

const ident = (s: string) => `"${s.replaceAll('"', '""')}"`;

async function adminQuery(url: string, text: string, params: unknown[] = []) {
  const c = new pg.Client({ connectionString: url, application_name: "kg-restore" });
  await c.connect();
  try {
    return await c.query(text, params);
  } finally {
    await c.end();
  }
}

async function databaseExists(admin: string, name: string) {
  return (await adminQuery(admin, "SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount === 1;
}

/** The archive's files become the main bucket; the bucket they replace is kept beside it. */
async function swapFiles(from: string, main: string, stamp: string): Promise<string[]> {
  const staged = `${main}.restore-${stamp}`;
  if (existsSync(from)) await cp(from, staged, { recursive: true });
  else await mkdir(staged, { recursive: true });
  const kept: string[] = [];
  if (existsSync(main)) {
    await rename(main, `${main}.pre-restore-${stamp}`);
    kept.push(`${main}.pre-restore-${stamp}`);
  }
  await rename(staged, main);
  return kept;
}
