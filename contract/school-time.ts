/**
 * The school's calendar, in one place for the API, the console's server and the browser: school dates ("today", a
 * week, an export's name) are China time (UTC+8 all year, no daylight saving), whatever the machine's time zone.
 * A date is a "YYYY-MM-DD" string; date arithmetic holds it as that day's UTC midnight, so it never shifts.
 *
 * `toISOString().slice(0, 10)` appears only here (tests/unit/school-time.test.ts fails on it anywhere else): on its
 * own it is the UTC date, which is yesterday in China from 00:00 to 08:00.
 */
const CN_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86400_000;

/** YYYY-MM-DD of a calendar date held as its UTC midnight (date arithmetic, Excel's date cells); never "now". */
export const calendarDate = (t: number | Date) => new Date(t).toISOString().slice(0, 10);

/** YYYY-MM-DD today at the school. */
export const todayCn = (now: number = Date.now()) => calendarDate(now + CN_OFFSET_MS);

/** The school date of an instant (a timestamp: ISO text, epoch milliseconds or a Date). */
export const cnDateOf = (t: string | number | Date) => calendarDate(new Date(t).getTime() + CN_OFFSET_MS);

/** HH:MM now at the school. */
export const nowCnTime = (now: number = Date.now()) => new Date(now + CN_OFFSET_MS).toISOString().slice(11, 16);

/** YYYYMMDD today at the school: the date in a downloaded file's name. */
export const fileDateCn = (now: number = Date.now()) => todayCn(now).replace(/-/g, "");

/** YYYY-MM-DD `days` after `date` (negative: before). */
export const addDays = (date: string, days: number) => calendarDate(Date.parse(date + "T00:00:00Z") + days * DAY_MS);

/** Monday of the week of `date`. */
export const mondayOf = (date: string) => {
  const d = new Date(date + "T00:00:00Z").getUTCDay();
  return addDays(date, -((d + 6) % 7));
};

/** Weekday of `date`: 0 Sunday … 6 Saturday. */
export const weekdayOf = (date: string) => new Date(date + "T00:00:00Z").getUTCDay();

/** A real calendar date YYYY-MM-DD (2026-13-01 and 2026-02-30 are not). */
export const isCalendarDate = (v: string) => {
  const t = Date.parse(v + "T00:00:00Z");
  return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(t) && calendarDate(t) === v;
};
