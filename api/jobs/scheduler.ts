import { Cron } from "croner";
import { allJobs } from "./registry";
import { runJob } from "./runner";
import type { JobDefinition, JobDeps } from "./types";

export interface Scheduler {
  readonly jobs: string[];
  /** Stops the timers and waits for runs in progress. */
  stop(): Promise<void>;
}

/** Whether this process schedules jobs: on unless JOBS=off (or 0/false). */
export const schedulerEnabled = (env: NodeJS.ProcessEnv = process.env) => !["off", "0", "false"].includes((env.JOBS ?? "").toLowerCase());

/**
 * Starts one croner timer per job (UTC; `protect` skips a tick while the previous run of the same job is still
 * going, retries included). Each tick names its slot — the scheduled time, the same in every instance — and
 * runJob claims it in the database, so a slot runs once however many API instances are up.
 */
export function startScheduler(deps: JobDeps, opts: { jobs?: JobDefinition[]; log?: (msg: string) => void } = {}): Scheduler {
  const log = opts.log ?? ((m: string) => console.error(m));
  const jobs = opts.jobs ?? allJobs();
  /** JOBS_LOG=debug also logs the slots another instance claimed first. */
  const debug = process.env.JOBS_LOG === "debug";
  const running = new Set<Promise<unknown>>();
  const timers = jobs.map(
    (def) =>
      // Unnamed: croner keeps names in one registry per process, and tests run several APIs in one process.
      new Cron(def.schedule, { timezone: def.timezone ?? "UTC", protect: true }, async (self: Cron) => {
        // The tick fires at (or just after) its scheduled time: the latest scheduled time up to now is the slot.
        const slot = self.previousRuns(1, new Date(Date.now() + 1))[0]?.toISOString();
        if (!slot) return;
        const p = runJob(deps, def, slot, "schedule").then(
          (o) => {
            if (o.ran && o.status === "failed") log(`[jobs] ${def.name} ${slot} failed after ${o.attempts} attempts: ${String(o.result?.error)}`);
            else if (!o.ran && debug) log(`[jobs] ${def.name} ${slot} taken by another instance`);
          },
          (e: unknown) => log(`[jobs] ${def.name} ${slot} could not run: ${(e as Error)?.message ?? e}`),
        );
        running.add(p);
        await p.finally(() => running.delete(p));
      }),
  );
  return {
    jobs: jobs.map((j) => j.name),
    async stop() {
      for (const t of timers) t.stop();
      await Promise.allSettled([...running]);
    },
  };
}
