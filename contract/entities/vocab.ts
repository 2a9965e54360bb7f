/** Stored vocabularies shared by the API's schema and the console (section 3 and 4 of the specification). */
export const CLASS_LEVELS = ["pre", "junior", "middle", "senior"] as const;
export type ClassLevel = (typeof CLASS_LEVELS)[number];

export const STUDENT_STATUSES = ["preparatory", "at_school", "suspended", "graduated", "quit_refunded", "quit_unrefunded"] as const;
export type StudentStatus = (typeof STUDENT_STATUSES)[number];

export const KINDERGARTEN_VERSIONS = ["standard", "lite", "nurseries"] as const;
export type KindergartenVersion = (typeof KINDERGARTEN_VERSIONS)[number];

export const GENDERS = ["male", "female"] as const;
export type Gender = (typeof GENDERS)[number];
