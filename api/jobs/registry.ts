import { appendFile } from "node:fs/promises";
import type { JobDefinition } from "./types";
import { uploadCleanupJob } from "./upload-cleanup";
import { pushOutboxJob } from "./push-outbox";
import { protectionErasureJob } from "./protection-erasure";
import { backupJob, backupSettings } from "./backup";

/** The jobs of the application: adding one is a definition here (see docs/architecture.md "Scheduled jobs"). */
const BUILT_IN: JobDefinition[] = [uploadCleanupJob, pushOutboxJob, protectionErasureJob];

/**
 * Test-only: `JOBS_TEST_TICK=<file>` adds `test-tick`, every second, which appends "<slot> <pid>" to the file —
 * a side effect outside the database, so a test can see how often each slot really ran across processes.
 */
function testTickJob(file: string): JobDefinition {
  return {
    name: "test-tick",
    description: "Test only: appends the slot and process id to JOBS_TEST_TICK",
    schedule: "* * * * * *",
    attempts: 1,
    async run({ slot }) {
      await appendFile(file, `${slot} ${process.pid}\n`);
      return { appended: 1, pid: process.pid };
    },
  };
}

const extra = new Map<string, JobDefinition>();
/** Adds a job at run time (tests); a name already taken is replaced. */
export function registerJob(def: JobDefinition) {
  extra.set(def.name, def);
}

/** Every job known in this process (built-in, test-only when enabled by the environment, registered). */
export function allJobs(env: NodeJS.ProcessEnv = process.env): JobDefinition[] {
  const jobs = new Map(BUILT_IN.map((j) => [j.name, j]));
  if (env.JOBS_TEST_TICK) jobs.set("test-tick", testTickJob(env.JOBS_TEST_TICK));
  const backup = backupSettings(env);
  if (backup) jobs.set("backup", backupJob(backup));
  for (const [name, def] of extra) jobs.set(name, def);
  return [...jobs.values()];
}

export const findJob = (name: string, env: NodeJS.ProcessEnv = process.env) => allJobs(env).find((j) => j.name === name) ?? null;
