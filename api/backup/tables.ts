import { createHash } from "node:crypto";
import { sql, type Kysely } from "kysely";

/** Rows and a content checksum of one table: what a restore must give back exactly. */
export interface TableStat {
  rows: number;
  /** sha256 over every row's values in a fixed order (all columns, ascending). */
  sha256: string;
}

/** The tables of the product (Kysely's own migration tables included: they say which release the data is at). */
export async function listTables(db: Kysely<unknown>): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  return tables
    .filter((t) => !t.isView)
    .map((t) => t.name)
    .sort();
}

/**
 * Row count and checksum of every table, read inside whatever snapshot `db` is (a backup computes them in the
 * transaction whose snapshot it archives). Rows are ordered by all their columns, so the checksum does not depend
 * on the physical order, which a restore may change.
 */
export async function tableStats(db: Kysely<unknown>): Promise<Record<string, TableStat>> {
  const out: Record<string, TableStat> = {};
  for (const name of await listTables(db)) out[name] = await tableStat(db, name);
  return out;
}

async function tableStat(db: Kysely<unknown>, table: string): Promise<TableStat> {
  const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`.execute(db);
  const lines = rows.map((r) => JSON.stringify(Object.values(r).map(canonical))).sort();
  const hash = createHash("sha256");
  for (const line of lines) hash.update(line).update("\n");
  return { rows: rows.length, sha256: hash.digest("hex") };
}

/** Values as both drivers give them back after a round trip (bigint and numeric strings as numbers, bytes as hex). */
function canonical(v: unknown): unknown {
  if (typeof v === "bigint") return Number(v);
  if (v instanceof Uint8Array || v instanceof ArrayBuffer) return Buffer.from(v as Uint8Array).toString("hex");
  if (v instanceof Date) return v.toISOString();
  return v;
}

/** Names of tables whose rows or checksum differ between two sets of stats (for messages and tests). */
export function differingTables(a: Record<string, TableStat>, b: Record<string, TableStat>): string[] {
  const names = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...names].filter((n) => a[n]?.rows !== b[n]?.rows || a[n]?.sha256 !== b[n]?.sha256).sort();
}
