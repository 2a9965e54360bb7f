/** The shortest password section 5 allows (a module without zod, so browser code can read it). */
export const PASSWORD_MIN_LENGTH = 8;
