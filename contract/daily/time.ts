/** Times of the Daily section; the school calendar itself (today in China time, weeks) lives in contract/school-time.ts. */
export { addDays, mondayOf, nowCnTime, todayCn } from "../school-time";

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
