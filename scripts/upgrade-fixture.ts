/**
 * Makes the upgrade test's fixture (tests/api/upgrade.test.ts) from a release's demo database:
 *   git worktree add /tmp/prev <previous release>; (cd /tmp/prev && DATABASE_URL=file:/tmp/prev.db npm run api)  # seeds it
 *   npx tsx scripts/upgrade-fixture.ts /tmp/prev.db <version>
 * Writes tests/fixtures/upgrade/<version>.json.gz: the applied migrations and every table's rows, in creation order.
 */
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { createClient } from "@libsql/client";

async function main() {
  const [file, version] = process.argv.slice(2).filter((a) => a !== "--");
  if (!file || !version) throw new Error("usage: npx tsx scripts/upgrade-fixture.ts <demo.db> <version>");
  const db = createClient({ url: `file:${file}` });
  const migrations = (await db.execute("SELECT name FROM kysely_migration ORDER BY name")).rows.map((r) => String(r.name));
  const names = (
    await db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%' ORDER BY rowid")
  ).rows.map((r) => String(r.name));
  const tables: Record<string, { columns: string[]; rows: unknown[][] }> = {};
  for (const name of names) {
    const rs = await db.execute(`SELECT * FROM "${name}" ORDER BY rowid`);
    tables[name] = { columns: rs.columns, rows: rs.rows.map((r) => rs.columns.map((c) => (typeof r[c] === "bigint" ? Number(r[c]) : r[c]))) };
  }
  const out = `tests/fixtures/upgrade/${version}.json.gz`;
  writeFileSync(out, gzipSync(JSON.stringify({ version, migrations, tables }), { level: 9 }));
  console.log(`${out}: ${names.length} tables, ${Object.values(tables).reduce((n, t) => n + t.rows.length, 0)} rows`);
}

main().catch((e: unknown) => {
  console.error((e as Error).message);
  process.exit(1);
});
