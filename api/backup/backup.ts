import { randomBytes } from "node:crypto";
import { chmod, mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import * as tar from "tar";
import { isPostgresUrl } from "@api/db";
import { nowCnTime, todayCn } from "@contract/daily/time";
import { PRODUCT_VERSION } from "@contract/version";
import { copyStoredFiles, listFiles, sha256File, type FileEntry } from "./files";
import { snapshotPostgres, snapshotSqlite } from "./snapshot";
import type { TableStat } from "./tables";

export const MANIFEST_FORMAT = "kg-backup/1";
export const ARCHIVE_PATTERN = /^kg-backup-\d{8}-\d{6}-v[\w.-]+\.tar\.gz$/;

/** What an archive holds, written as `manifest.json` at its top (README "Backups and upgrades"). */
export interface BackupManifest {
  format: typeof MANIFEST_FORMAT;
  product: "kg-console";
  version: string;
  /** When the snapshot was taken: UTC, and the school's wall clock (China time). */
  createdAt: string;
  createdAtSchool: string;
  dialect: "sqlite" | "postgres";
  /** Migrations applied in the archived database: a restore applies the newer ones. */
  migrations: string[];
  database: { file: string; bytes: number; sha256: string };
  tables: Record<string, TableStat>;
  files: { store: "local" | "s3"; included: boolean; count: number; bytes: number; list: FileEntry[] };
}

export interface BackupSource {
  databaseUrl: string;
  /** The local store's root (UPLOAD_DIR); its `main` bucket is archived. */
  uploadDir: string;
  storage: "local" | "s3";
}

export interface BackupResult {
  archive: string;
  bytes: number;
  manifest: BackupManifest;
}

/** A backup that could not be made; `message` says what to do about it. */
export class BackupError extends Error {}

/** `kg-backup-20261129-084012-v3.20.4.tar.gz`: the school's date and time, then the version (names sort by time). */
export function archiveName(now = Date.now(), version = PRODUCT_VERSION): string {
  const stamp = `${todayCn(now).replaceAll("-", "")}-${nowCnTime(now).replace(":", "")}${String(new Date(now).getUTCSeconds()).padStart(2, "0")}`;
  return `kg-backup-${stamp}-v${version}.tar.gz`;
}

/**
 * One consistent archive of the database (and of the local store's files) while the product keeps serving. It is
 * built under a temporary name in `folder` and renamed only when complete, with a `.sha256` file beside it: an
 * archive that failed half-way (disk full, folder gone) is removed, never left looking complete.
 */
export async function createBackup(source: BackupSource, folder: string, now = Date.now()): Promise<BackupResult> {
  const dir = resolve(folder);
  await ensureWritable(dir);
  const name = archiveName(now);
  const target = join(dir, name);
  if (await exists(target)) throw new BackupError(`${target} exists already: one backup per second at most.`);
  const partial = join(dir, `.${name}.${randomBytes(4).toString("hex")}.partial`);
  const staging = `${partial}.d`;
  try {
    await mkdir(staging);
    const manifest = await stage(source, staging, now);
    await writeFile(join(staging, "manifest.json"), JSON.stringify(manifest, null, 2));
    const members = ["manifest.json", manifest.database.file, ...(manifest.files.included ? ["files"] : [])];
    await tar.c({ gzip: true, file: partial, cwd: staging, portable: true }, members);
    // Personal data of children and families: readable by the server's user only.
    await chmod(partial, 0o600);
    const sum = await sha256File(partial);
    await writeFile(`${partial}.sha256`, `${sum}  ${name}\n`);
    await rename(`${partial}.sha256`, `${target}.sha256`);
    await rename(partial, target);
    return { archive: target, bytes: (await stat(target)).size, manifest };
  } catch (e) {
    await rm(partial, { force: true });
    await rm(`${partial}.sha256`, { force: true });
    throw explain(e, dir);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function stage(source: BackupSource, staging: string, now: number): Promise<BackupManifest> {
  const postgres = isPostgresUrl(source.databaseUrl);
  const dbFile = postgres ? "database.pgdump" : "database.sqlite";
  const snap = postgres ? await snapshotPostgres(source.databaseUrl, join(staging, dbFile)) : await snapshotSqlite(source.databaseUrl, join(staging, dbFile));
  // Files right after the snapshot: stored objects are never changed in place, so every file a record of the
  // snapshot names is there (a file added since is harmless: no record of the archive names it).
  const included = source.storage === "local";
  if (included) {
    await mkdir(join(staging, "files", "main"), { recursive: true });
    await copyStoredFiles(join(source.uploadDir, "main"), join(staging, "files", "main"));
  }
  const list = included ? await listFiles(join(staging, "files")) : [];
  return {
    format: MANIFEST_FORMAT,
    product: "kg-console",
    version: PRODUCT_VERSION,
    createdAt: new Date(now).toISOString(),
    createdAtSchool: `${todayCn(now)} ${nowCnTime(now)}`,
    dialect: postgres ? "postgres" : "sqlite",
    migrations: snap.migrations,
    database: { file: dbFile, bytes: (await stat(snap.file)).size, sha256: await sha256File(snap.file) },
    tables: snap.tables,
    files: { store: source.storage, included, count: list.length, bytes: list.reduce((n, f) => n + f.bytes, 0), list },
  };
}

const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

/** The folder exists (or can be made) and accepts a file: checked before any work, with a message that says so. */
async function ensureWritable(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const probe = join(dir, `.kg-backup-probe-${randomBytes(4).toString("hex")}`);
    await writeFile(probe, "");
    await rm(probe);
  } catch (e) {
    throw new BackupError(`The backup folder ${dir} is not writable: ${(e as Error).message}`);
  }
}

function explain(e: unknown, dir: string): Error {
  if (e instanceof BackupError) return e;
  const code = (e as NodeJS.ErrnoException)?.code;
  if (code === "ENOSPC" || code === "SQLITE_FULL" || /ENOSPC|No space left|disk is full/i.test(String((e as Error)?.message)))
    return new BackupError(`The disk holding ${dir} is full: no archive was kept. Free some space or choose another folder.`);
  return new BackupError(`The backup failed, no archive was kept: ${(e as Error)?.message ?? e}`);
}

/** Keeps the `keep` newest archives in `folder` (with their `.sha256` files); answers the names removed. */
export async function pruneBackups(folder: string, keep: number): Promise<string[]> {
  const names = (await readdir(folder)).filter((n) => ARCHIVE_PATTERN.test(n)).sort();
  const old = names.slice(0, Math.max(0, names.length - Math.max(1, keep)));
  for (const n of old) {
    await rm(join(folder, n), { force: true });
    await rm(join(folder, `${n}.sha256`), { force: true });
  }
  return old.map((n) => basename(n));
}
