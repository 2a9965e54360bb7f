/**
 * npm run job <name>       → runs one job now (history row with trigger "manual", retries as scheduled)
 * npm run job -- --list    → lists the jobs, their schedules and their last runs (also `npm run job --list`)
 * Uses DATABASE_URL and the other settings of the API (see README "Settings").
 */
import { loadConfig } from "@api/config";
import { migrate, openDb } from "@api/db";
import { allJobs, attemptsOf, findJob, jobDb, manualSlot, runJob } from "@api/jobs";
import { createFileService } from "@api/services/storage";

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== "--");
  // `npm run job --list` hands the flag to npm, which passes it on as npm_config_list.
  const list = args.includes("--list") || (args.length === 0 && process.env.npm_config_list === "true");
  const name = args.find((a) => !a.startsWith("--"));
  if (!list && !name) {
    console.error("usage: npm run job <name> | npm run job -- --list");
    return 2;
  }
  const config = loadConfig(process.env);
  const handle = openDb(config.databaseUrl);
  try {
    await migrate(handle);
    const deps = { db: handle.db, dialect: handle.dialect, config, files: createFileService(handle.db, config) };
    if (list) {
      for (const j of allJobs()) {
        const last = await jobDb(deps)
          .selectFrom("job_runs")
          .select(["slot", "status", "started_at"])
          .where("job", "=", j.name)
          .orderBy("id", "desc")
          .limit(1)
          .executeTakeFirst();
        console.log(
          `${j.name.padEnd(16)} ${j.schedule.padEnd(16)} attempts ${attemptsOf(j)}  ${j.description}${last ? `  (last: ${last.status} at ${last.started_at})` : ""}`,
        );
      }
      return 0;
    }
    const def = findJob(name!);
    if (!def) {
      console.error(
        `unknown job "${name}"; known: ${allJobs()
          .map((j) => j.name)
          .join(", ")}`,
      );
      return 2;
    }
    const outcome = await runJob(deps, def, manualSlot(), "manual");
    console.log(`${def.name}: ${outcome.status} after ${outcome.attempts} attempt(s) ${JSON.stringify(outcome.result)}`);
    return outcome.status === "ok" ? 0 : 1;
  } finally {
    await handle.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error("job failed:", (e as Error)?.message ?? e);
    process.exit(1);
  },
);
