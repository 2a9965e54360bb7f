import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sql, type Kysely, type Migration } from "kysely";
import { migrate, openDb } from "@api/db";
import { migrationProvider } from "@api/db/migrations";
import { ARCHIVE_PATTERN, BackupError, createBackup, pruneBackups, type BackupSource } from "@api/backup/backup";
import { restoreBackup, RestoreError } from "@api/backup/restore";
import { listFiles } from "@api/backup/files";
import { differingTables, tableStats } from "@api/backup/tables";
import { databaseName, maintenanceUrl } from "@api/backup/running";
import { allJobs, manualSlot, runJob } from "@api/jobs";
import { phoneOf, startTestApi, usePostgres, type TestApi } from "./helpers";
import { adminQuery } from "../db-template.global-setup";

/**
 * Issue 29: `npm run backup` / `npm run restore` (api/backup) on the demo data, on SQLite and PostgreSQL
 * (TEST_DATABASE=postgres): the same rows and checksums of every table and every file after a restore, an archive
 * taken under 20 writers is consistent, damaged archives and a running product are refused, older archives are
 * migrated forward, a failing migration changes nothing, and the scheduled job keeps BACKUP_KEEP archives.
 */

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A fresh demo database served by an API; the test stops the API itself (a restore needs it stopped). */
async function demo(): Promise<{ t: TestApi; source: BackupSource; stop: () => Promise<void> }> {
  const t = await startTestApi();
  const source: BackupSource = { databaseUrl: t.api.deps.config.databaseUrl, uploadDir: t.api.deps.config.uploadDir, storage: "local" };
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await t.api.close();
  };
  cleanups.push(async () => {
    await stop();
    if (usePostgres) {
      const name = databaseName(source.databaseUrl);
      const { rows } = await pgAdmin(`SELECT datname FROM pg_database WHERE datname LIKE '${name}%'`);
      for (const r of rows as Array<{ datname: string }>) await adminQuery(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`);
    }
    rmSync(dirname(source.uploadDir), { recursive: true, force: true });
  });
  return { t, source, stop };
}

async function pgAdmin(text: string) {
  const pg = (await import("pg")).default;
  const c = new pg.Client({ connectionString: maintenanceUrl("postgres://postgres@127.0.0.1:5432/test") });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}

function folder(): string {
  const d = mkdtempSync(join(tmpdir(), "kg-backups-"));
  cleanups.push(() => rmSync(d, { recursive: true, force: true }));
  return d;
}

async function statsOf(url: string) {
  const h = openDb(url);
  try {
    return await tableStats(h.db as unknown as Kysely<unknown>);
  } finally {
    await h.destroy();
  }
}

describe("backup and restore", { timeout: 300_000 }, () => {
  it("gives back every table's rows and every file after rows and files were deleted", async () => {
    const { t, source, stop } = await demo();
    const before = await statsOf(source.databaseUrl);
    const filesBefore = await listFiles(join(source.uploadDir, "main"));
    expect(filesBefore.length).toBeGreaterThan(10);

    // Taken while the API serves.
    const made = await createBackup(source, folder());
    expect(made.archive).toMatch(/kg-backup-\d{8}-\d{6}-v3\.\d+\.\d+\.tar\.gz$/);
    expect(readFileSync(`${made.archive}.sha256`, "utf8")).toContain(made.archive.split("/").pop());
    expect(made.manifest.tables.students!.rows).toBe(before.students!.rows);
    expect(made.manifest.files.count).toBe(filesBefore.length);
    expect(differingTables(made.manifest.tables, before)).toEqual([]);

    // A mistaken bulk delete, and files lost.
    await sql`DELETE FROM student_attendance`.execute(t.api.handle.db);
    await sql`DELETE FROM places`.execute(t.api.handle.db);
    rmSync(join(source.uploadDir, "main", filesBefore[0]!.path), { force: true });
    rmSync(join(source.uploadDir, "main", filesBefore[1]!.path), { force: true });
    expect(differingTables(await statsOf(source.databaseUrl), before).length).toBeGreaterThan(0);

    // Refused while the product runs on the database; nothing changes.
    await expect(restoreBackup(made.archive, source)).rejects.toThrow(/running on this database/);

    await stop();
    const r = await restoreBackup(made.archive, source);
    expect(r.migrated).toEqual([]);
    expect(r.kept.length).toBeGreaterThan(0);
    expect(differingTables(await statsOf(source.databaseUrl), before)).toEqual([]);
    expect(await listFiles(join(source.uploadDir, "main"))).toEqual(filesBefore);
  });

  it("takes a consistent archive while 20 writers are writing", async () => {
    const { t, source, stop } = await demo();
    const db = t.api.handle.db;
    await sql`CREATE TABLE probe_orders (k integer PRIMARY KEY, amount integer NOT NULL)`.execute(db);
    await sql`CREATE TABLE probe_lines (k integer PRIMARY KEY, amount integer NOT NULL)`.execute(db);
    // Each write is one order and its line in one transaction: an archive holding one without the other is torn.
    const writers = openDb(source.databaseUrl);
    let next = 0;
    let running = true;
    const writer = async () => {
      let n = 0;
      while (running) {
        const k = next++;
        await writers.db.transaction().execute(async (tx) => {
          await sql`INSERT INTO probe_orders (k, amount) VALUES (${k}, ${k * 3})`.execute(tx);
          await sql`INSERT INTO probe_lines (k, amount) VALUES (${k}, ${k * 3})`.execute(tx);
        });
        n++;
        await new Promise((r) => setTimeout(r, 2));
      }
      return n;
    };
    const pool = Array.from({ length: 20 }, writer);
    // The backup command in its own process, as an operator runs it beside the serving product.
    const dir = folder();
    const backup = runBackupCommand(source, dir);
    const out = await backup;
    running = false;
    const written = (await Promise.all(pool)).reduce((a, b) => a + b, 0);
    await writers.destroy();
    expect(out).toMatch(/Backup written/);
    const archive = join(
      dir,
      readdirSync(dir).find((n) => ARCHIVE_PATTERN.test(n))!,
    );
    const manifest = JSON.parse(execFileSync("tar", ["-xzOf", archive, "manifest.json"]).toString());
    expect(manifest.tables.probe_orders.rows).toBeGreaterThan(0);
    expect(written).toBeGreaterThan(manifest.tables.probe_orders.rows);
    expect(manifest.tables.probe_orders).toEqual(manifest.tables.probe_lines);

    await stop();
    await restoreBackup(archive, source);
    const h = openDb(source.databaseUrl);
    try {
      const orders = await sql<{ k: number }>`SELECT k FROM probe_orders ORDER BY k`.execute(h.db);
      const lines = await sql<{ k: number }>`SELECT k FROM probe_lines ORDER BY k`.execute(h.db);
      expect(orders.rows.length).toBe(manifest.tables.probe_orders.rows);
      expect(lines.rows).toEqual(orders.rows);
    } finally {
      await h.destroy();
    }
  });

  it("refuses a damaged archive before touching the database", async () => {
    const { t, source, stop } = await demo();
    const made = await createBackup(source, folder());
    await stop();
    const live = openDb(source.databaseUrl);
    await sql`DELETE FROM places`.execute(live.db);
    await live.destroy();
    const after = await statsOf(source.databaseUrl);

    const bytes = readFileSync(made.archive);
    bytes[bytes.length >> 1] ^= 0xff;
    writeFileSync(made.archive, bytes);
    await expect(restoreBackup(made.archive, source)).rejects.toThrow(RestoreError);
    await expect(restoreBackup(made.archive, source)).rejects.toThrow(/damaged/);
    // Without its .sha256 the manifest's checksums (or the gzip stream) still catch it.
    rmSync(`${made.archive}.sha256`);
    await expect(restoreBackup(made.archive, source)).rejects.toThrow();
    expect(differingTables(await statsOf(source.databaseUrl), after)).toEqual([]);
    void t;
  });

  it("says so plainly when the folder cannot take an archive, and leaves no partial archive", async () => {
    const { source } = await demo();
    const d = folder();
    writeFileSync(join(d, "a-file"), "");
    await expect(createBackup(source, join(d, "a-file", "backups"))).rejects.toThrow(BackupError);
    await expect(createBackup(source, join(d, "a-file", "backups"))).rejects.toThrow(/not writable/);
  });

  it.skipIf(process.getuid?.() !== 0)("says the disk is full, and leaves no partial archive", async () => {
    const { source } = await demo();
    const d = folder();
    try {
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", d]);
    } catch {
      console.warn("tmpfs could not be mounted here: the disk-full case is not run");
      return;
    }
    try {
      await expect(createBackup(source, d)).rejects.toThrow(/disk .* is full/);
      expect(readdirSync(d)).toEqual([]);
    } finally {
      execFileSync("umount", [d]);
    }
  });

  it("restores an archive of an older schema and migrates it forward", async () => {
    const { t, source, stop } = await demo();
    await stop();
    // An archive made by a release that had one migration fewer than this one.
    const dialect = usePostgres ? "postgres" : "sqlite";
    const all = await migrationProvider(dialect).getMigrations();
    const last = Object.keys(all).sort().at(-1)!;
    const older = await createOlderArchive(source, last);
    expect(older.manifest.migrations).not.toContain(last);
    const r = await restoreBackup(older.archive, source);
    expect(r.migrated).toEqual([last]);
    void t;
  });
});

/** `npm run backup -- <dir>` in a child process (tsx, as the npm script runs it); answers its output. */
function runBackupCommand(source: BackupSource, dir: string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const env = { ...process.env, DATABASE_URL: source.databaseUrl, UPLOAD_DIR: source.uploadDir, STORAGE: "local" };
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/backup.ts", dir], { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d));
    child.stderr.on("data", (d: Buffer) => (out += d));
    child.on("close", (code) => (code === 0 ? resolvePromise(out) : reject(new Error(`backup exited ${code}: ${out}`))));
  });
}

/** Builds a fresh database at every migration but `last`, backs it up, and answers the archive. */
async function createOlderArchive(target: BackupSource, last: string) {
  const dialect = usePostgres ? "postgres" : "sqlite";
  let url: string;
  if (usePostgres) {
    const name = `${databaseName(target.databaseUrl)}_older`;
    await adminQuery(`CREATE DATABASE ${name}`);
    url = maintenanceUrl(target.databaseUrl, name);
  } else {
    const d = folder();
    url = `file:${join(d, "older.db")}`;
  }
  const h = openDb(url);
  const provider = {
    async getMigrations() {
      const m = await migrationProvider(dialect).getMigrations();
      delete m[last];
      return m;
    },
  };
  await migrate(h, provider);
  await h.destroy();
  const made = await createBackup({ databaseUrl: url, uploadDir: join(folder(), "none"), storage: "local" }, folder());
  if (usePostgres) await adminQuery(`DROP DATABASE IF EXISTS ${databaseName(url)} WITH (FORCE)`);
  return made;
}

describe("migrations", { timeout: 300_000 }, () => {
  it("a migration that fails leaves the database as it was (one transaction)", async () => {
    const { source, stop } = await demo();
    await stop();
    const h = openDb(source.databaseUrl);
    try {
      const before = await tableStats(h.db as unknown as Kysely<unknown>);
      const good: Migration = { up: async (db) => void (await db.schema.createTable("probe_new").addColumn("id", "integer").execute()) };
      const bad: Migration = {
        up: async (db) => {
          await sql`UPDATE places SET name = 'changed'`.execute(db);
          throw new Error("this migration fails");
        },
      };
      const provider = {
        async getMigrations() {
          return { ...(await migrationProvider(h.dialect).getMigrations()), "900_probe_good": good, "901_probe_bad": bad };
        },
      };
      await expect(migrate(h, provider)).rejects.toThrow(/this migration fails/);
      expect(differingTables(await tableStats(h.db as unknown as Kysely<unknown>), before)).toEqual([]);
    } finally {
      await h.destroy();
    }
  });

  it("never drops a table or column without saying where its data went", () => {
    const roots = ["api"];
    const offenders: string[] = [];
    const walk = (d: string) => {
      for (const e of readdirSync(d, { withFileTypes: true })) {
        const p = join(d, e.name);
        if (e.isDirectory()) walk(p);
        else if (/migration/.test(e.name) && e.name.endsWith(".ts")) {
          const lines = readFileSync(p, "utf8").split("\n");
          lines.forEach((line, i) => {
            if (/dropTable\(|dropColumn\(|DROP\s+(TABLE|COLUMN)/i.test(line) && !/data:/.test(`${lines[i - 1]}\n${line}`)) offenders.push(`${p}:${i + 1}`);
          });
        }
      }
    };
    for (const r of roots) if (existsSync(r)) walk(r);
    // Each drop carries a `data:` comment: where the rows were copied, or why they may go.
    expect(offenders).toEqual([]);
  });
});

describe("scheduled backups", { timeout: 300_000 }, () => {
  it("run as the backup job when BACKUP_DIR is set, keep BACKUP_KEEP archives, and show on the super admin's Home", async () => {
    const { t } = await demo();
    const su = await t.token(phoneOf(6));
    const admin = await t.token(phoneOf(5));
    const off = await t.call("GET", "backups/status/", { token: su });
    expect(off.data).toMatchObject({ configured: false, lastOk: null });
    expect((await t.call("GET", "backups/status/", { token: admin })).status).toBe(403);
    // Every other role account is refused too (the super admin's Home only).
    for (const role of [1, 2, 3, 4, 7, 8, 9, 10, 11, 12, 14, 15, 16])
      expect((await t.call("GET", "backups/status/", { token: await t.token(phoneOf(role)) })).status, `role ${role}`).toBe(403);
    expect((await t.call("GET", "backups/status/")).status).toBe(401);

    const dir = folder();
    const env = { ...process.env, BACKUP_DIR: dir, BACKUP_KEEP: "2" };
    const job = allJobs(env).find((j) => j.name === "backup")!;
    expect(job).toMatchObject({ schedule: "30 2 * * *", timezone: "Asia/Shanghai" });
    expect(allJobs({ ...process.env, BACKUP_DIR: "" }).some((j) => j.name === "backup")).toBe(false);
    for (let i = 0; i < 3; i++) {
      const o = await runJob(t.api.deps, job, manualSlot(), "manual");
      expect(o.status).toBe("ok");
      await new Promise((r) => setTimeout(r, 1100)); // one archive per second at most
    }
    const archives = readdirSync(dir).filter((n) => ARCHIVE_PATTERN.test(n));
    expect(archives).toHaveLength(2);

    process.env.BACKUP_DIR = dir;
    try {
      const on = await t.call("GET", "backups/status/", { token: su });
      expect(on.data.configured).toBe(true);
      expect(archives).toContain(on.data.lastOk.archive);
    } finally {
      delete process.env.BACKUP_DIR;
    }
  });

  it("pruneBackups keeps the newest archives and their checksums", async () => {
    const d = folder();
    const names = ["kg-backup-20261101-023000-v3.20.4.tar.gz", "kg-backup-20261102-023000-v3.20.4.tar.gz", "kg-backup-20261103-023000-v3.20.4.tar.gz"];
    for (const n of names) {
      writeFileSync(join(d, n), "x");
      writeFileSync(join(d, `${n}.sha256`), "x");
    }
    mkdirSync(join(d, "other"));
    expect(await pruneBackups(d, 1)).toEqual(names.slice(0, 2));
    expect(readdirSync(d).sort()).toEqual([names[2], `${names[2]}.sha256`, "other"]);
  });
});

describe("S3 stores", { timeout: 120_000 }, () => {
  it("warn at start-up when the main bucket has no versioning, and archives say the files were not included", async () => {
    const S3rver = (await import("s3rver")).default;
    const s3dir = folder();
    const s3 = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: s3dir, configureBuckets: [{ name: "kg-main", configs: [] }] });
    const { port } = await s3.run();
    try {
      const { bucketVersioningWarning } = await import("@api/backup/s3-versioning");
      const warning = await bucketVersioningWarning({
        endpoint: `http://127.0.0.1:${port}`,
        region: "us-east-1",
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        bucket: "kg-main",
        tempBucket: "kg-temp",
        forcePathStyle: true,
      });
      expect(warning).toMatch(/kg-main/);
      expect(warning).toMatch(/versioning/);
    } finally {
      await s3.close();
    }
    const { source } = await demo();
    const made = await createBackup({ ...source, storage: "s3" }, folder());
    expect(made.manifest.files).toMatchObject({ store: "s3", included: false, count: 0 });
  });
});
