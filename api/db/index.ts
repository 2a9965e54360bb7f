import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { Kysely, Migrator, PostgresDialect, sql } from "kysely";
import { LibsqlDialect } from "@libsql/kysely-libsql";
import pg from "pg";
import type { Database } from "./schema";
import { migrationProvider, type DialectName } from "./migrations";

export type Db = Kysely<Database>;
export interface DbHandle {
  db: Db;
  dialect: DialectName;
  destroy(): Promise<void>;
}

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//i.test(url);

// PostgreSQL returns int8 (counts) as strings; keep them numeric.
pg.types.setTypeParser(20, (v) => Number(v));
// double precision as JS number (default already), numeric as number.
pg.types.setTypeParser(1700, (v) => Number(v));

export function openDb(url: string): DbHandle {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: "postgres", destroy: () => db.destroy() };
  }
  if (!url.startsWith("file:")) throw new Error(`Unsupported DATABASE_URL (use file: or postgres://): ${url.split(":")[0]}:…`);
  const path = url.slice("file:".length);
  if (path && path !== ":memory:") mkdirSync(dirname(resolve(path)), { recursive: true });
  const db = new Kysely<Database>({ dialect: new LibsqlDialect({ url }) });
  return { db, dialect: "sqlite", destroy: () => db.destroy() };
}

export async function migrate(h: DbHandle): Promise<void> {
  if (h.dialect === "sqlite") {
    await sql`PRAGMA journal_mode = WAL`.execute(h.db);
    await sql`PRAGMA busy_timeout = 10000`.execute(h.db);
  }
  const migrator = new Migrator({ db: h.db, provider: migrationProvider(h.dialect) });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) if (r.status === "Error") console.error(`migration ${r.migrationName} failed`);
  if (error) throw error;
}

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom("education_groups").select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}

export const nowIso = () => new Date().toISOString();
export const count = (v: unknown) => Number(v ?? 0);
