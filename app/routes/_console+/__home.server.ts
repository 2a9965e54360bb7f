import * as z from "zod";

/** GET home/summary (server only, so the Home page ships no zod). */
export const summarySchema = z.object({
  cards: z.array(z.object({ key: z.string(), value: z.number() })),
  todos: z.array(z.object({ key: z.string(), count: z.number(), path: z.string().nullish() })),
  attendance: z
    .object({
      today: z.object({ date: z.string(), present: z.number(), recorded: z.number(), students: z.number(), rate: z.number().nullable() }),
      weeks: z.array(z.object({ from: z.string(), to: z.string(), present: z.number(), total: z.number(), rate: z.number().nullable(), partial: z.boolean() })),
    })
    .nullish(),
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
