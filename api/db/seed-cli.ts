/**
 * npm run seed            → reset the database of DATABASE_URL, migrate, load the demo data
 * npm run seed -- --large → the same, then the large benchmark set (--kindergartens=200 --students=60000)
 */
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { loadConfig } from "@api/config";
import { migrate, openDb } from "./index";
import { seedDemo } from "./seed";
import { generateLarge } from "./seed-large";

/** Drops everything in the database of `url` (SQLite: deletes the file; PostgreSQL: recreates schema public). */
export async function resetDatabase(url: string) {
  const h = openDb(url);
  if (h.dialect === "postgres") {
    await sql`DROP SCHEMA IF EXISTS public CASCADE`.execute(h.db);
    await sql`CREATE SCHEMA public`.execute(h.db);
    await h.destroy();
    return;
  }
  await h.destroy();
  const path = url.slice("file:".length);
  if (path && path !== ":memory:") for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(resolve(path + suffix), { force: true });
}

async function main() {
  const args = process.argv.slice(2);
  const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
  const large = args.includes("--large");
  const { databaseUrl } = loadConfig();
  const t0 = Date.now();
  await resetDatabase(databaseUrl);
  const h = openDb(databaseUrl);
  try {
    await migrate(h);
    const demo = await seedDemo(h);
    console.log(`demo data: ${demo.users} users, ${demo.students} students (${Date.now() - t0} ms)`);
    if (large) {
      const t1 = Date.now();
      const r = await generateLarge(h, {
        kindergartens: Number(flag("kindergartens") ?? 200),
        students: Number(flag("students") ?? 60000),
      });
      console.log(
        `large data: ${r.groups} groups, ${r.kindergartens} kindergartens, ${r.users} users, ${r.students} students, ` +
          `${r.formTemplates} form templates, ${r.formAnswers} answers, ${r.pushNotifications} push notifications (${Date.now() - t1} ms)`,
      );
    }
  } finally {
    await h.destroy();
  }
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1]);
if (isMain)
  main().catch((e: unknown) => {
    console.error("seed failed:", (e as Error)?.message ?? e);
    process.exit(1);
  });
