/** Dates and times of the Daily section in China time (the kindergartens' wall clock), for both sides. */
const CN_OFFSET_MS = 8 * 3600_000;

/** YYYY-MM-DD today in China. */
export const todayCn = (now = Date.now()) => new Date(now + CN_OFFSET_MS).toISOString().slice(0, 10);
/** HH:MM now in China. */
export const nowCnTime = (now = Date.now()) => new Date(now + CN_OFFSET_MS).toISOString().slice(11, 16);
/** YYYY-MM-DD `days` after `date`. */
export const addDays = (date: string, days: number) => new Date(Date.parse(date + "T00:00:00Z") + days * 86400_000).toISOString().slice(0, 10);
/** Monday of the week of `date`. */
export const mondayOf = (date: string) => {
  const d = new Date(date + "T00:00:00Z").getUTCDay();
  return addDays(date, -((d + 6) % 7));
};
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** A dose time is due now from 30 minutes before to 60 minutes after it. */
export const isDueNow = (times: string, now: string) => splitTimes(times).some((t) => minutes(now) >= minutes(t) - 30 && minutes(now) <= minutes(t) + 60);
export const splitTimes = (s: string | null | undefined) =>
  (s ?? "")
    .split(/[\s,，;；]+/)
    .map((x) => x.trim())
    .filter(Boolean);
export const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
export const SLOT_RE = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/;
/** Section 9: up to 8 toilet and sleep time slots. */
export const MAX_SLOTS = 8;
