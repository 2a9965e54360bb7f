import * as z from "zod";

/**
 * One entry of a customer's timeline (`GET admission/customers/{id}/timeline/`): a communication record or an
 * appointment. The API documents and answers it; the console parses it and shows it (customer-timeline.tsx).
 */
export const customerTimelineEntrySchema = z.object({
  kind: z.enum(["communication", "appointment"]),
  id: z.number(),
  /** School date and time of the event ("YYYY-MM-DD", "HH:mm" or null). */
  date: z.string(),
  time: z.string().nullable(),
  /** Communication: its method; appointment: its kind (vocabulary codes, labelled by the reader). */
  type: z.string(),
  /** Appointment: todo | done | cancelled. */
  status: z.string().nullable(),
  text: z.string().nullable(),
  nextStep: z.string().nullable(),
  byName: z.string().nullable(),
});
export type CustomerTimelineEntry = z.infer<typeof customerTimelineEntrySchema>;
