import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import pg from "pg";
import { isPostgresUrl } from "@api/db";

const lockFile = (databaseUrl: string) => `${resolve(databaseUrl.slice("file:".length))}.api.pid`;
const isFileDb = (url: string) => url.startsWith("file:") && !url.includes(":memory:");

/**
 * An API serving an embedded SQLite database says so in `<database>.api.pid` (its process id) while it runs, so that
 * a restore refuses to replace the file under it. A file left by a process that died names a dead pid and is ignored.
 * Answers the release (removes the file).
 */
export function markServing(databaseUrl: string): () => void {
  if (!isFileDb(databaseUrl)) return () => {};
  const file = lockFile(databaseUrl);
  writeFileSync(file, String(process.pid), { mode: 0o600 });
  return () => {
    try {
      if (readFileSync(file, "utf8") === String(process.pid)) rmSync(file, { force: true });
    } catch {
      /* gone already */
    }
  };
}

/** Why the database cannot be replaced now (the product is running on it), or null. */
export async function productRunningOn(databaseUrl: string): Promise<string | null> {
  if (isPostgresUrl(databaseUrl)) return postgresSessions(databaseUrl);
  if (!isFileDb(databaseUrl)) return null;
  let pid: number;
  try {
    pid = Number(readFileSync(lockFile(databaseUrl), "utf8"));
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return null;
  return `the API (process ${pid}) is serving this database`;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Other sessions on the database (the API's pool, a console, psql…): replacing it under them would lose writes. */
async function postgresSessions(databaseUrl: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: maintenanceUrl(databaseUrl), application_name: "kg-restore" });
  await client.connect();
  try {
    const { rows } = await client.query<{ app: string; n: number }>(
      "SELECT coalesce(nullif(application_name, ''), 'unnamed') AS app, count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() GROUP BY 1 ORDER BY 1",
      [databaseName(databaseUrl)],
    );
    if (rows.length === 0) return null;
    return `${rows.reduce((n, r) => n + r.n, 0)} sessions are connected to it (${rows.map((r) => `${r.app} × ${r.n}`).join(", ")})`;
  } finally {
    await client.end();
  }
}

export const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));
/** The same server's `postgres` database: where databases are created and renamed. */
export function maintenanceUrl(url: string, name = "postgres"): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(name)}`;
  return u.toString();
}
