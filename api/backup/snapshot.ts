import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { openDb } from "@api/db";
import { tableStats, type TableStat } from "./tables";

/** What a database snapshot gives the archive: its file, and the contents it holds as of that snapshot. */
export interface Snapshot {
  file: string;
  tables: Record<string, TableStat>;
  migrations: string[];
}

/**
 * SQLite: `VACUUM INTO` writes a consistent copy while other connections keep reading and writing (never a file
 * copy of a live database, whose pages may be half-written or sit in the WAL). Counts and checksums are read from
 * the copy itself, so they describe exactly what the archive holds.
 */
export async function snapshotSqlite(databaseUrl: string, file: string): Promise<Snapshot> {
  const path = resolve(databaseUrl.slice("file:".length));
  // Opening a missing file would create an empty database and archive that.
  if (!existsSync(path)) throw new Error(`there is no database at ${path} (DATABASE_URL)`);
  const live = openDb(databaseUrl);
  try {
    await sql`VACUUM INTO ${file}`.execute(live.db);
  } finally {
    await live.destroy();
  }
  return describe(`file:${file}`, file);
}

async function describe(url: string, file: string): Promise<Snapshot> {
  const copy = openDb(url);
  try {
    const db = copy.db as unknown as Kysely<unknown>;
    return { file, tables: await tableStats(db), migrations: await appliedMigrations(db) };
  } finally {
    await copy.destroy();
  }
}

/**
 * PostgreSQL: one read-only REPEATABLE READ transaction exports its snapshot; `pg_dump --snapshot` dumps exactly
 * that snapshot (custom format) while the same transaction counts and checksums every table. Writers go on.
 */
export async function snapshotPostgres(databaseUrl: string, file: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: "kg-backup" });
  await client.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const { rows } = await client.query<{ id: string }>("SELECT pg_export_snapshot() AS id");
    // Settled at once into a value: pg_dump may fail (a full disk) while the counts below still run, and a rejection
    // nobody awaits yet would be an unhandled one.
    const dumped = run("pg_dump", ["--format=custom", `--snapshot=${rows[0]!.id}`, `--file=${file}`, `--dbname=${databaseUrl}`]).then(
      () => null,
      (e: Error) => e,
    );
    const db = onClient(client);
    const [tables, migrations] = [await tableStats(db), await appliedMigrations(db)];
    const failure = await dumped;
    if (failure) throw failure;
    await client.query("COMMIT");
    return { file, tables, migrations };
  } finally {
    await client.end();
  }
}

/** Kysely over one already-open client, so its queries run inside that client's transaction. */
function onClient(client: pg.Client): Kysely<unknown> {
  const lent = Object.assign(client, { release() {} });
  return new Kysely({ dialect: new PostgresDialect({ pool: { connect: async () => lent, end: async () => {} } as unknown as pg.Pool }) });
}

export async function appliedMigrations(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
  return rows.map((r) => r.name);
}

/** Runs a PostgreSQL client program; its stderr becomes the error's message. */
export function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("error", (e) => reject(new Error(`${command} could not start (${e.message}): install PostgreSQL's client programs`)));
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}): ${err.trim()}`))));
  });
}
