import * as z from "zod";

/** GET home/summary (server only, so the Home page ships no zod). */
export const summarySchema = z.object({
  cards: z.array(z.object({ key: z.string(), value: z.number() })),
  todos: z.array(z.object({ key: z.string(), count: z.number(), path: z.string().nullish() })),
});
