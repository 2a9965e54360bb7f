import { dateFormat, langOf } from "@contract/format";
import type * as z from "zod";
import { addDays } from "@contract/daily/time";
import type { admissionAppointments } from "@contract/resources/admission";
import type { ListView } from "@contract/resource-view";

export type AppointmentView = "day" | "week";
export type AppointmentItem = z.infer<typeof admissionAppointments.item> & { actions: Record<string, boolean> };
export type AppointmentViewData = {
  view: AppointmentView;
  /** The appointments' definition as a list reads it (`listViewOf`): states and record actions, `page`. */
  def: ListView;
  /** The customers' list page (links to a customer). */
  customersPage: string;
  title: string;
  date: string;
  from: string;
  to: string;
  today: string;
  roleId: number;
  /** Role 12: only her own appointments (the default) or, with `?all=1`, the kindergarten's. */
  mine: boolean | null;
  kindergartenId: string;
  kindergartens: { value: string; label: string }[];
  items: AppointmentItem[];
  back: string;
  toast: unknown;
};

/** "Mon 23 Nov" / "11月23日 周一" for a YYYY-MM-DD (a calendar date: formatted in UTC, never shifted). */
export function formatDay(date: string, lang: string, weekday: "short" | "long" = "short") {
  const d = new Date(`${date}T00:00:00Z`);
  return dateFormat(langOf(lang), { timeZone: "UTC", weekday, month: "short", day: "numeric" }).format(d);
}

/** The seven dates Monday–Sunday from `monday`. */
export const weekDates = (monday: string) => Array.from({ length: 7 }, (_, i) => addDays(monday, i));

/** `?view=…&date=…` plus the scope parameters to keep (role 12's `all`, the group's `kindergartenId`). */
export function viewHref(page: string, view: "list" | "day" | "week", date: string, keep: Record<string, string>) {
  const q = new URLSearchParams();
  if (view !== "list") {
    q.set("view", view);
    q.set("date", date);
  }
  for (const [k, v] of Object.entries(keep)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `${page}?${s}` : page;
}
