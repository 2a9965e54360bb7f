import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import { migrate, openDb } from "@api/db";
import { migrationProvider } from "@api/db/migrations";
import { startApi, type RunningApi } from "@api/server";
import { adminQuery, enc, phoneOf, usePostgres } from "./helpers";
import { postgresUrl } from "../db-template.global-setup";
import { demoFlags, expectedVisible, parseTable } from "../fixtures/routes-table";

/**
 * Issue 29, upgrades with real data: the previous landed release's demo database (tests/fixtures/upgrade/<version>.json.gz,
 * made by scripts/upgrade-fixture.ts from that release's own seed) is built with that release's migrations, upgraded
 * by this release's (the API's start), and then every table's rows must still be there (same count, same ids) and the
 * console must open every page of the route table on it, as a role that may open the page. SQLite and PostgreSQL.
 */

interface Fixture {
  version: string;
  migrations: string[];
  tables: Record<string, { columns: string[]; rows: unknown[][] }>;
}

const FIXTURES = resolve(__dirname, "../fixtures/upgrade");
const ORIGIN = "http://console.test";
process.env.SESSION_SECRET ??= "upgrade-test-secret";

const fixtureFile = readdirSync(FIXTURES)
  .filter((f) => f.endsWith(".json.gz"))
  .sort()
  .at(-1)!;
const fixture = JSON.parse(gunzipSync(readFileSync(join(FIXTURES, fixtureFile))).toString("utf8")) as Fixture;

let api: RunningApi;
let dir: string;
let databaseUrl: string;

/** The fixture's rows, loaded as they were (ids kept), with foreign-key checks off while loading. */
async function load(db: Kysely<unknown>, dialect: "sqlite" | "postgres") {
  await db.transaction().execute(async (tx) => {
    if (dialect === "postgres") await sql`SET LOCAL session_replication_role = replica`.execute(tx);
    else await sql`PRAGMA defer_foreign_keys = ON`.execute(tx);
    for (const [name, t] of Object.entries(fixture.tables)) {
      for (let i = 0; i < t.rows.length; i += 200) {
        const values = t.rows.slice(i, i + 200).map((r) => Object.fromEntries(t.columns.map((c, j) => [c, r[j]])));
        if (values.length)
          await tx
            .insertInto(name as never)
            .values(values as never)
            .execute();
      }
    }
  });
  if (dialect === "postgres")
    for (const [name, t] of Object.entries(fixture.tables))
      if (t.columns.includes("id"))
        await sql`SELECT setval(pg_get_serial_sequence(${name}, 'id'), GREATEST(1, (SELECT max(id) FROM ${sql.table(name)})))`.execute(db);
}

async function idsOf(db: Kysely<unknown>, table: string, hasId: boolean) {
  const { rows } = hasId
    ? await sql<{ id: number }>`SELECT id FROM ${sql.table(table)} ORDER BY id`.execute(db)
    : await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db);
  return rows.map((r) => Number(Object.values(r)[0]));
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "kg-upgrade-"));
  if (usePostgres) {
    const name = `kg_up_${Date.now().toString(36)}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    databaseUrl = postgresUrl(name);
  } else databaseUrl = `file:${join(dir, "school.db")}`;
  const h = openDb(databaseUrl);
  const all = await migrationProvider(h.dialect).getMigrations();
  const unknown = fixture.migrations.filter((m) => !all[m]);
  if (unknown.length) throw new Error(`the fixture names migrations this release does not have: ${unknown.join(", ")}`);
  // The previous release's schema: its migrations only (this release never edits a landed migration).
  await migrate(h, { getMigrations: async () => Object.fromEntries(fixture.migrations.map((m) => [m, all[m]!])) });
  await load(h.db as unknown as Kysely<unknown>, h.dialect);
  await h.destroy();
  // The upgrade: the API's start applies this release's migrations; the database is not empty, so nothing is seeded.
  api = await startApi({ port: 0, databaseUrl, quiet: true, jobs: false, config: { uploadDir: join(dir, "uploads") } });
  process.env.API_BASE_URL = api.url;
  const env = await import("~/utils/env.server");
  env.resetEnvCache();
}, 600_000);

afterAll(async () => {
  await api?.close();
  if (usePostgres && databaseUrl) await adminQuery(`DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`);
  rmSync(dir, { recursive: true, force: true });
});

describe(`upgrading the demo database of release ${fixture.version}`, { timeout: 600_000 }, () => {
  it("keeps every table's rows (same count, same ids) and applies this release's migrations", async () => {
    const db = api.handle.db as unknown as Kysely<unknown>;
    const lost: string[] = [];
    for (const [name, t] of Object.entries(fixture.tables)) {
      const want = t.columns.includes("id") ? t.rows.map((r) => Number(r[t.columns.indexOf("id")])).sort((a, b) => a - b) : [t.rows.length];
      const got = await idsOf(db, name, t.columns.includes("id")).catch(() => null);
      if (JSON.stringify(got) !== JSON.stringify(want))
        lost.push(`${name}: ${got === null ? "table gone" : `${got.length} ids/rows, ${want.length} expected`}`);
    }
    expect(lost).toEqual([]);
    const applied = (await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db)).rows.map((r) => r.name);
    expect(applied).toEqual(Object.keys(await migrationProvider(api.handle.dialect).getMigrations()).sort());
  });

  it("opens every page of the route table for a role that may open it", async () => {
    const buildFile = resolve(__dirname, "../../build/index.js");
    if (!existsSync(buildFile)) throw new Error("build/index.js is missing: run npx remix build first");
    const build = await import(/* @vite-ignore */ buildFile);
    const { createRequestHandler } = await import("@remix-run/node");
    const handle = createRequestHandler(build, "production");
    const session = await import("~/utils/session.server");
    const cookies = new Map<number, string>();
    const cookieOf = async (role: number) => {
      if (!cookies.has(role)) {
        const res = await fetch(new URL("token/login", api.url), {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", appid: "kg-admin-pc" },
          body: new URLSearchParams({ phone: phoneOf(role), password: enc("Sunny#2026"), platform: "pc" }),
        });
        const r = (await res.json()) as { code: number; msg: string; data: never };
        if (r.code !== 200) throw new Error(`login as role ${role}: ${r.code} ${r.msg}`);
        const headers = await session.commitUser(new Request(ORIGIN + "/login"), r.data);
        cookies.set(role, headers.get("Set-Cookie")!.split(";")[0]!);
      }
      return cookies.get(role)!;
    };
    const bad: string[] = [];
    let opened = 0;
    let openable = 0;
    for (const row of parseTable()) {
      const role = Array.from({ length: 16 }, (_, i) => i + 1).find((r) => r !== 13 && expectedVisible(row, r, demoFlags(1)));
      if (!role) continue;
      openable++;
      const url = row.path.replace(/:id/g, "1");
      const res = await handle(new Request(ORIGIN + url, { headers: { Cookie: await cookieOf(role) } }));
      const body = await res.text();
      const byId = row.path.includes(":id") && res.status === 404;
      if ((res.status !== 200 && !byId) || body.includes('data-testid="no-permission"')) bad.push(`${url} as role ${role}: ${res.status}`);
      else opened++;
    }
    expect(bad).toEqual([]);
    expect(opened).toBe(openable);
    expect(openable).toBeGreaterThan(70);
  });
});
