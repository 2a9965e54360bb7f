import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import { nowIso } from "@api/db";
import { jobDb, type JobDefinition, type JobDeps, type JobStatus, type JobSummary } from "./types";

export const INSTANCE = `${hostname()}:${process.pid}`;
const DEFAULT_ATTEMPTS = 3;
const DEFAULT_BACKOFF_MS = 1000;
/** History rows older than this are removed after a job's scheduled run. */
const HISTORY_DAYS = 30;

export interface RunOutcome {
  /** False when another instance had already claimed the slot (nothing ran here). */
  ran: boolean;
  status?: Exclude<JobStatus, "running" | "retrying">;
  attempts?: number;
  result?: JobSummary;
}

/** Attempts of a job: its own setting, else JOBS_ATTEMPTS, else 3. */
export function attemptsOf(def: JobDefinition, env: NodeJS.ProcessEnv = process.env): number {
  const fromEnv = Number(env.JOBS_ATTEMPTS);
  return Math.max(1, def.attempts ?? (Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : DEFAULT_ATTEMPTS));
}

export const manualSlot = () => `manual:${nowIso()}:${randomBytes(4).toString("hex")}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 2000);

/**
 * Runs one slot of a job with retries. The slot is claimed by inserting its first attempt into `job_runs`
 * (unique on job, slot, attempt): when several instances share the database, only the one whose insert
 * went in runs it; the others see the conflict and do nothing. Each attempt is a history row; a failed
 * attempt is `retrying` and the next starts after backoffMs · 2^(attempt-1); the last failure is `failed`.
 */
export async function runJob(deps: JobDeps, def: JobDefinition, slot: string, trigger: "schedule" | "manual" = "schedule"): Promise<RunOutcome> {
  const db = jobDb(deps);
  const attempts = attemptsOf(def);
  const backoff = def.backoffMs ?? DEFAULT_BACKOFF_MS;
  for (let attempt = 1; ; attempt++) {
    const claimed = await db
      .insertInto("job_runs")
      .values({ job: def.name, slot, attempt, trigger, instance: INSTANCE, status: "running", started_at: nowIso(), finished_at: null, result: null })
      .onConflict((oc) => oc.columns(["job", "slot", "attempt"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!claimed) return { ran: false };
    let result: JobSummary;
    let status: JobStatus;
    try {
      result = await def.run({ deps, slot, attempt, trigger });
      status = "ok";
    } catch (e) {
      result = { error: errorText(e) };
      status = attempt < attempts ? "retrying" : "failed";
    }
    await db
      .updateTable("job_runs")
      .set({ status, finished_at: nowIso(), result: JSON.stringify(result) })
      .where("id", "=", claimed.id)
      .execute();
    if (status !== "retrying") {
      if (trigger === "schedule") await pruneHistory(deps, def.name);
      return { ran: true, status, attempts: attempt, result };
    }
    await sleep(backoff * 2 ** (attempt - 1));
  }
}

async function pruneHistory(deps: JobDeps, job: string) {
  const before = new Date(Date.now() - HISTORY_DAYS * 86_400_000).toISOString();
  await jobDb(deps).deleteFrom("job_runs").where("job", "=", job).where("started_at", "<", before).execute();
}
