/** Scheduled jobs (docs/architecture.md "Scheduled jobs"). */
export { allJobs, findJob, registerJob } from "./registry";
export { runJob, manualSlot, attemptsOf, INSTANCE, type RunOutcome } from "./runner";
export { startScheduler, schedulerEnabled, type Scheduler } from "./scheduler";
export { jobDb, type JobDefinition, type JobDeps, type JobContext, type JobSummary, type JobRunsTable } from "./types";
