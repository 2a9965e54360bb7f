import * as z from "zod";
import { fields } from "../resource";
import { BUS_CHOICES, NATIONS, RELATIONSHIPS } from "./admission-vocab";

/**
 * The applicant's request on /admission/wx/introduction (role 13): the child's details and a campus tour.
 * Every field but remarks is required (section 5). `POST admission/wx/requests/` parses it with the same
 * messages as the console action (conform's parseWithZod on both sides).
 */
export const applicantRequestSchema = z.object({
  kidName: fields.text({ max: 30 }),
  nickname: fields.text({ max: 30 }),
  nation: fields.choice(NATIONS),
  contactName: fields.text({ max: 30 }),
  relationship: fields.choice(RELATIONSHIPS),
  phone: fields.phone(),
  classId: fields.ref(),
  bus: fields.choice(BUS_CHOICES),
  date: fields.date(),
  time: fields.time(),
  remarks: fields.optionalText({ max: 500 }),
});
export type ApplicantRequest = z.infer<typeof applicantRequestSchema>;

/** What `GET admission/wx/introduction/` answers. */
export interface ApplicantIntroduction {
  kindergarten: { id: number; name: string; nameEn: string | null; city: string | null; area: string | null; address: string | null };
  introducerName: string | null;
  charges: { level: string; item: string; itemEn: string | null; period: string; amount: number }[];
  classes: { id: number; name: string; nameEn: string | null; level: string; free: number }[];
  requests: { id: number; kidName: string; stage: string; date: string | null; time: string | null; status: string | null }[];
}
