import { runErasure } from "@api/services/protection";
import type { JobDefinition } from "./types";

/**
 * Personal-information protection (issue 15): deletion requests and retention rules applied at night, 02:30 China
 * time (18:30 UTC), never inside a web request.
 * One transaction per person; a failed person fails the attempt after the others, the runner retries it.
 */
export const protectionErasureJob: JobDefinition = {
  name: "protection-erasure",
  description: "Anonymises persons of scheduled deletion requests and past the retention rules; removes their files; logs each",
  schedule: "30 18 * * *",
  attempts: 3,
  backoffMs: 60_000,
  run: ({ deps, slot }) => runErasure(deps, slot),
};
