import * as z from "zod";

/** GET home/summary (server only, so the Home page ships no zod). */
export const summarySchema = z.object({
  cards: z.array(z.object({ key: z.string(), value: z.number() })),
  todos: z.array(z.object({ key: z.string(), count: z.number(), path: z.string().nullish() })),
});

/** GET home/link_requests/ (a parent's own requests to be linked to a child: pending, approved, refused). */
export const linkRequestsSchema = z.object({
  list: z.array(
    z.object({
      id: z.number(),
      studentName: z.string(),
      className: z.string().nullable(),
      status: z.enum(["pending", "approved", "refused"]),
      reviewComment: z.string().nullable(),
    }),
  ),
});
export type LinkRequest = z.infer<typeof linkRequestsSchema>["list"][number];
