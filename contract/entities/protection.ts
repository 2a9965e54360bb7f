import * as z from "zod";
import { fields } from "../resource";
import { PROTECTION_KINDS, PROTECTION_SUBJECTS } from "./admission-vocab";

/** A request on /protection/dataProcessing (role 5): the subject is `<type>:<id>` (student, staff or family user, applicant). */
export const protectionRequestSchema = z.object({
  kind: fields.choice(PROTECTION_KINDS),
  subject: z.string({ error: "crud:validation.choose" }).regex(/^(student|user|customer):\d{1,9}$/, "crud:validation.choose"),
  requester: fields.text({ max: 50 }),
  details: fields.optionalText({ max: 1000 }),
});
export const protectionDecisionSchema = z.object({ outcome: fields.optionalText({ max: 500 }) });
export const retentionSchema = z.object({
  applicants: fields.integer({ min: 1, max: 600 }),
  leavers: fields.integer({ min: 1, max: 600 }),
  audit: fields.integer({ min: 1, max: 600 }),
  applicantsEnabled: fields.boolean(),
  leaversEnabled: fields.boolean(),
  auditEnabled: fields.boolean(),
});
export const PROTECTION_VERBS = ["approve", "complete", "reject"] as const;
export type ProtectionVerb = (typeof PROTECTION_VERBS)[number];
export { PROTECTION_SUBJECTS };

export interface ProtectionRequestRow {
  id: number;
  kind: string;
  subjectType: string;
  subjectId: number;
  subjectLabel: string;
  requester: string;
  details: string | null;
  status: string;
  outcome: string | null;
  /** A done deletion: the person is anonymised, and the label is no longer the name (the page says "Deleted #id"). */
  subjectAnonymised: boolean;
  createdAt: string;
  doneAt: string | null;
  /** What the reader may do with it (the person rule, contract/person-reach.ts): the console offers only these. */
  actions: { approve: boolean; complete: boolean; reject: boolean; archive: boolean };
}
export interface RetentionRow {
  kind: string;
  months: number;
  enabled: boolean;
  /** What the rule would remove now: persons (applicants, leavers) or audit rows. */
  wouldRemove: number;
}
export interface ProtectionRun {
  id: number;
  slot: string;
  attempt: number;
  status: string;
  startedAt: string;
  finishedAt: string | null;
  result: string | null;
}
export interface ProtectionLogRow {
  id: number;
  slot: string;
  requestId: number | null;
  rule: string | null;
  subjectType: string;
  subjectId: number;
  action: string;
  fields: string;
  files: number;
  result: string;
  at: string;
}
