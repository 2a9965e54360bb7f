/** Vocabularies of the admissions CRM (issue 15; section 3 and 4 of the specification). Plain data, no zod. */
export const CUSTOMER_STAGES = ["new", "contacted", "toured", "reserved", "paid", "lost"] as const;
export type CustomerStage = (typeof CUSTOMER_STAGES)[number];
/** The pipeline stages in order (lost is the failed opportunity, not a stage of the pipeline). */
export const PIPELINE_STAGES = ["new", "contacted", "toured", "reserved", "paid"] as const;
export const OPPORTUNITY_STATES = ["unconcluded", "success", "failed"] as const;
export const CUSTOMER_SOURCES = ["walkIn", "referral", "wechat", "online", "event", "other"] as const;
export const RELATIONSHIPS = ["father", "mother", "grandparent", "other"] as const;
export const NATIONS = ["han", "hui", "man", "zhuang", "other"] as const;
export const BUS_CHOICES = ["yes", "no"] as const;
export const COMMUNICATION_METHODS = ["phone", "wechat", "visit", "other"] as const;
export const APPOINTMENT_KINDS = ["tour", "interview", "trial"] as const;
export const APPOINTMENT_STATUSES = ["todo", "done", "cancelled"] as const;
export const RECONCILIATION_STATUSES = ["pending_admission", "pending_finance", "done"] as const;
export const CHARGE_PERIODS = ["month", "term", "year", "once"] as const;

/** Personal-information protection (issue 15). */
export const PROTECTION_KINDS = ["access", "correction", "deletion"] as const;
export const PROTECTION_SUBJECTS = ["student", "user", "customer"] as const;
export const PROTECTION_STATUSES = ["pending", "scheduled", "done", "rejected"] as const;
export const RETENTION_KINDS = ["applicants", "leavers", "audit"] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];
/** Defaults (docs/sections/admission.md): applicants who never enrolled 24 months, leavers 3 years, audit log 5 years. */
export const RETENTION_DEFAULTS: Record<RetentionKind, number> = { applicants: 24, leavers: 36, audit: 60 };
