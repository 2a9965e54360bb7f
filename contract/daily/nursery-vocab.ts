/** The nursery records' moods and meal portions (contract/resources/daily-nursery.ts re-exports them): free of zod, so the nursery page's browser bundle reads them. */
export const MOODS = ["happy", "calm", "tired", "upset", "unwell"] as const;
export const MEALS = ["all", "most", "half", "little", "none"] as const;
