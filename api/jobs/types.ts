import type { Generated, Kysely } from "kysely";
import type { Deps } from "@api/context";
import type { Database } from "@api/db/schema";

/** What a job may use: the database and settings always, the file service where the process built one. */
export type JobDeps = Pick<Deps, "db" | "dialect" | "config"> & Partial<Pick<Deps, "files">>;

/** The run history (migration 008_jobs): one row per attempt of a job at one scheduled slot. */
export interface JobRunsTable {
  id: Generated<number>;
  job: string;
  /** The scheduled time (ISO, UTC) of a scheduled run; `manual:<ISO>:<random>` for a run by hand. */
  slot: string;
  attempt: number;
  trigger: "schedule" | "manual";
  /** host:pid of the process that ran it. */
  instance: string;
  /** running → ok | retrying (this attempt failed, another follows) | failed (the last attempt failed). */
  status: JobStatus;
  started_at: string;
  finished_at: string | null;
  /** JSON: the job's summary of what it touched, or `{ "error": "…" }`. */
  result: string | null;
}
export type JobStatus = "running" | "ok" | "retrying" | "failed";

/** Delivery state of the push outbox (columns added by 008_jobs to push_outbox). */
export interface PushOutboxDelivery {
  status: Generated<"pending" | "delivered" | "failed">;
  attempts: Generated<number>;
  next_attempt_at: Generated<string | null>;
  delivered_at: Generated<string | null>;
  last_error: Generated<string | null>;
}

export type JobDb = Kysely<Database & { job_runs: JobRunsTable; push_outbox: Database["push_outbox"] & PushOutboxDelivery }>;
/** The database with the job tables' types (kept here, beside the migration, rather than in the shared schema). */
export const jobDb = (deps: Pick<Deps, "db">): JobDb => deps.db.withTables<{ job_runs: JobRunsTable }>() as unknown as JobDb;

export interface JobContext {
  deps: JobDeps;
  /** The slot being run (see JobRunsTable.slot) and the attempt, from 1. */
  slot: string;
  attempt: number;
  trigger: "schedule" | "manual";
}

/** A summary of what a run touched (counts, ids), stored as the history row's result. */
export type JobSummary = Record<string, unknown>;

export interface JobDefinition {
  name: string;
  description: string;
  /** A croner pattern (5 fields, or 6 with seconds first), evaluated in UTC unless `timezone` names another zone. */
  schedule: string;
  /** An IANA zone for `schedule` (the backup runs at 02:30 school time: Asia/Shanghai). */
  timezone?: string;
  /** Attempts per slot, first included (default JOBS_ATTEMPTS or 3). */
  attempts?: number;
  /** The wait before attempt n+1 is backoffMs · 2^(n-1) (default 1000 ms). */
  backoffMs?: number;
  run(ctx: JobContext): Promise<JobSummary>;
}
