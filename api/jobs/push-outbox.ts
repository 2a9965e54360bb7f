import { drainPushOutbox } from "@api/services/push";
import type { JobDefinition } from "./types";

/** Delivers the push notifications waiting in the outbox (rows retried with backoff by drainPushOutbox). */
export const pushOutboxJob: JobDefinition = {
  name: "push-outbox",
  description: "Delivers pending push notifications from the outbox",
  schedule: "* * * * *",
  async run({ deps }) {
    return { ...(await drainPushOutbox(deps)) };
  },
};
