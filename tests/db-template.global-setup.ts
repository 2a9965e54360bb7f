import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startApi } from "@api/server";

/**
 * Once per vitest run: one database migrated and loaded with the demo data, and the upload folder with the demo's
 * sample files, which every API suite then copies (tests/api/helpers.ts `startTestApi`) instead of making its own: a
 * SQLite file copy or a PostgreSQL `CREATE DATABASE … TEMPLATE`, and a folder copy. Making them took 3 s (SQLite) and
 * 5.5 s (PostgreSQL) per suite, about 40 times per run.
 * The demo data is the same every time (seeded random numbers, fixed dates relative to the run's day), so each
 * suite still starts from exactly what a fresh `startApi` would have made.
 */
export const ADMIN_SERVER = "postgres://postgres@127.0.0.1:5432/test";

declare module "vitest" {
  export interface ProvidedContext {
    /** `file:/…/template.db`, or the name of the PostgreSQL template database. */
    dbTemplate: string;
    /** The upload folder holding the demo data's sample files. */
    uploadsTemplate: string;
  }
}

/** The API started once on `url` (it migrates, seeds and writes the sample files into `uploads`), then stopped. */
async function seeded(url: string, uploads: string) {
  const api = await startApi({ port: 0, databaseUrl: url, seed: true, quiet: true, jobs: false, config: { uploadDir: uploads } });
  try {
    // Everything into the main file, so that copying the file alone copies the data.
    if (api.handle.dialect === "sqlite") await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(api.handle.db);
  } finally {
    await api.close();
  }
}

/** The address of one database of the test server. */
export const postgresUrl = (name: string) => `postgres://postgres@127.0.0.1:5432/${name}`;

/** One statement on the test server's admin database (CREATE / DROP DATABASE). */
export async function adminQuery(statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN_SERVER });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "kg-template-"));
  const uploads = join(dir, "uploads");
  project.provide("uploadsTemplate", uploads);
  if (process.env.TEST_DATABASE === "postgres") {
    const name = `kg_tpl_${randomBytes(6).toString("hex")}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    await seeded(postgresUrl(name), uploads);
    project.provide("dbTemplate", name);
    return async () => {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const url = `file:${join(dir, "template.db")}`;
  await seeded(url, uploads);
  project.provide("dbTemplate", url);
  return () => rmSync(dir, { recursive: true, force: true });
}
