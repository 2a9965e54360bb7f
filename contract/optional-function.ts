import * as z from "zod";

/** Per-kindergarten feature flags of section 3 (plus isHideNotice and isHideCareGreetings, see routes.md). */
export const SHOW_FLAGS = ["isShowNursery", "isShowForm", "isShowYsCamera", "isShowSalary", "isShowTuitionDeposit", "isShowAge06"] as const;

export const HIDE_FLAGS = [
  "isHideTeachingPlan",
  "isHideHomework",
  "isHideAssessment",
  "isHidePredesignTeachingPlan",
  "isHideMed",
  "isHideBus",
  "isHideEpidemicReport",
  "isHideTuitionBill",
  "isHideTeachingRecord",
  "isHideStudentWork",
  "isHideClassCirclePhoto",
  "isHideSignIn",
  "isHideLeaveNote",
  "isHideEntrust",
  "isHideAdmission",
  "isHideNotice",
  "isHideCareGreetings",
] as const;

export const FLAGS = [...SHOW_FLAGS, ...HIDE_FLAGS] as const;
export type Flag = (typeof FLAGS)[number];
export type ShowFlag = (typeof SHOW_FLAGS)[number];
export type HideFlag = (typeof HIDE_FLAGS)[number];

/** The further settings section 3 lists next to the flags. Limits: 0 means "no limit". */
export const optionalSettingsSchema = z.object({
  isUploadOriginalImage: z.boolean(),
  isShowMonitoring: z.boolean(),
  isShowObservationAnalysis: z.boolean(),
  teachingRecordLimit: z.number().int().min(0).max(10000),
  classCirclePostLimit: z.number().int().min(0).max(10000),
  videoLengthSeconds: z.number().int().min(0).max(3600),
  assistantSessionCount: z.number().int().min(0).max(10000),
});

const flagShape = Object.fromEntries(FLAGS.map((f) => [f, z.boolean()])) as Record<Flag, z.ZodBoolean>;

export const optionalFunctionSchema = z.object(flagShape).extend(optionalSettingsSchema.shape);
export type OptionalFunction = z.infer<typeof optionalFunctionSchema>;

/** A kindergarten with nothing switched: no isShow feature, nothing hidden. */
export const DEFAULT_OPTIONAL_FUNCTION: OptionalFunction = {
  ...(Object.fromEntries(FLAGS.map((f) => [f, false])) as Record<Flag, boolean>),
  isUploadOriginalImage: false,
  isShowMonitoring: false,
  isShowObservationAnalysis: false,
  teachingRecordLimit: 0,
  classCirclePostLimit: 0,
  videoLengthSeconds: 60,
  assistantSessionCount: 0,
};
