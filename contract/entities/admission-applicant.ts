import * as z from "zod";
import { fields } from "../resource";
import { idField, phoneField, smsCodeField } from "./auth";
import { BUS_CHOICES, NATIONS, RELATIONSHIPS } from "./admission-vocab";

/**
 * The applicant's request on /admission/wx/introduction (role 13): the child's details and a campus tour.
 * Every field but remarks is required (section 5). The contact phone is the one verified at sign-in: the form
 * does not ask for it again, and a request naming another phone is refused (issue 25, item 1).
 * `POST admission/wx/requests/` parses it with the same messages as the console action (conform's parseWithZod on both sides).
 */
export const applicantRequestSchema = z.object({
  kidName: fields.text({ max: 30 }),
  nickname: fields.text({ max: 30 }),
  nation: fields.choice(NATIONS),
  contactName: fields.text({ max: 30 }),
  relationship: fields.choice(RELATIONSHIPS),
  phone: fields.phone().optional(),
  classId: fields.ref(),
  bus: fields.choice(BUS_CHOICES),
  date: fields.date(),
  time: fields.time(),
  remarks: fields.optionalText({ max: 500 }),
});
export type ApplicantRequest = z.infer<typeof applicantRequestSchema>;

/** What `GET admission/wx/introduction/` answers: `phone` is the applicant's own, verified at sign-in (null: sign in again). */
export interface ApplicantIntroduction {
  kindergarten: { id: number; name: string; nameEn: string | null; city: string | null; area: string | null; address: string | null };
  /** Whether a staff member of the kindergarten introduced the applicant (never whose name: issue 25, item 9). */
  introduced: boolean;
  phone: string | null;
  charges: { level: string; item: string; itemEn: string | null; period: string; amount: number }[];
  classes: { id: number; name: string; nameEn: string | null; level: string; free: number }[];
  requests: { id: number; appointmentId: number | null; kidName: string; stage: string; date: string | null; time: string | null; status: string | null }[];
}

/** Which sign-in the applicant's link offers (`GET token/applicant_sign_in`): WeChat's web authorisation, an SMS code, or none. */
export interface ApplicantSignIn {
  kindergarten: { id: number; name: string; nameEn: string | null; address: string | null };
  wechat: boolean;
  sms: boolean;
}

export const applicantSignInQuerySchema = z.object({ kindergartenId: idField });

/** `POST token/applicant_sms_code`: a sign-in code to the applicant's phone. */
export const applicantSmsCodeFormSchema = z.object({ kindergartenId: idField, phone: phoneField });

/** `POST token/login_applicant_sms`: the applicant signs in with the code; that phone becomes the session's verified phone. */
export const applicantSmsLoginFormSchema = z.object({
  kindergartenId: idField,
  phone: phoneField,
  smsCode: smsCodeField,
  introducerId: idField.optional(),
});
