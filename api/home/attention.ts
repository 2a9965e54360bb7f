import { sql } from "kysely";
import { Role, type RoleId } from "@contract/roles";
import { addDays, isDueNow, mondayOf, nowCnTime, todayCn } from "@contract/daily/time";
import type { Db } from "@api/db";
import { classFilter, kindergartenFilter, studentFilter, type Scope } from "@api/tenancy";

/**
 * "Needs attention today" on the Home page and /daily/updates: a registry with one entry per kind of item.
 * An entry names the roles it concerns, the console list that deals with it and the filter showing what is counted
 * (offered only when the caller may open it: route rule, flags) and counts what is due for the caller, always
 * through api/tenancy.
 * Another section adds its own with `registerAttention({...})` from its module (imported by api/app.ts's chain).
 * `key` is an i18n key with its namespace (`daily:attention.medicationDue`).
 */
export interface AttentionEntry {
  key: string;
  roles: readonly RoleId[];
  /** The list that deals with it; several when roles have different pages (the first the caller may open wins). */
  path: string | readonly string[];
  /** The list's filter showing exactly what is counted (`?status=waiting`), in the school's today. */
  filter?: () => Record<string, string>;
  count(db: Db, scope: Scope): Promise<number>;
}

export const ATTENTION: AttentionEntry[] = [];

export function registerAttention(entry: AttentionEntry) {
  if (ATTENTION.some((e) => e.key === entry.key)) return;
  ATTENTION.push(entry);
}

const n = async (q: { executeTakeFirst(): Promise<{ n: unknown } | undefined> }) => Number((await q.executeTakeFirst())?.n ?? 0);
const countAll = sql<number>`count(*)`.as("n");

/** Birthdays (month-day) from Monday to Sunday of this week, in China time. */
export function birthdayDays(today = todayCn()): string[] {
  const monday = mondayOf(today);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i).slice(5));
}

// Notices published to the caller and not read yet.
registerAttention({
  key: "daily:attention.noticesUnread",
  roles: [1, 2, 3, 4, 7, 8, 10, 11, 12, 14],
  path: "/daily/notice",
  filter: () => ({ unread: "true" }),
  count: (db, scope) =>
    n(
      db
        .selectFrom("notice_recipients as r")
        .innerJoin("notices as nt", "nt.id", "r.notice_id")
        .select(countAll)
        .where("r.user_id", "=", scope.userId)
        .where("r.read_at", "is", null)
        .where("nt.status", "=", "published")
        .where(kindergartenFilter(scope, "nt.kindergarten_id")),
    ),
});

// Drafts the author has not published.
registerAttention({
  key: "daily:attention.noticeDrafts",
  roles: [Role.principal, Role.teacher],
  path: "/daily/notice",
  filter: () => ({ status: "draft" }),
  count: (db, scope) =>
    n(
      db
        .selectFrom("notices")
        .select(countAll)
        .where("created_by", "=", scope.userId)
        .where("status", "=", "draft")
        .where(kindergartenFilter(scope, "kindergarten_id")),
    ),
});

// The doctor: medication to give today, and what is due now.
registerAttention({
  key: "daily:attention.medicationDue",
  roles: [Role.doctor],
  path: "/daily/medication",
  filter: () => ({ status: "todo", dateFrom: todayCn(), dateTo: todayCn() }),
  count: (db, scope) =>
    n(
      db
        .selectFrom("medications as m")
        .select(countAll)
        .where("m.status", "=", "todo")
        .where("m.date", "=", todayCn())
        .where(studentFilter(scope, "m.student_id")),
    ),
});
registerAttention({
  key: "daily:attention.medicationDueNow",
  roles: [Role.doctor],
  path: "/daily/medication",
  filter: () => ({ status: "todo", dateFrom: todayCn(), dateTo: todayCn() }),
  async count(db, scope) {
    const rows = await db
      .selectFrom("medications as m")
      .select("m.times")
      .where("m.status", "=", "todo")
      .where("m.date", "=", todayCn())
      .where(studentFilter(scope, "m.student_id"))
      .execute();
    const now = nowCnTime();
    return rows.filter((r) => isDueNow(r.times, now)).length;
  },
});

// Entrust messages waiting for the staff who may confirm them (their children), and a parent's own waiting ones.
registerAttention({
  key: "daily:attention.entrustsToConfirm",
  roles: [Role.principal, Role.teacher, Role.doctor, Role.busTeacher],
  path: "/daily/entrust",
  filter: () => ({ status: "to_confirm", dateFrom: todayCn() }),
  count: (db, scope) =>
    n(
      db
        .selectFrom("entrusts as e")
        .select(countAll)
        .where("e.status", "=", "to_confirm")
        .where("e.date", ">=", todayCn())
        .where(studentFilter(scope, "e.student_id")),
    ),
});
registerAttention({
  key: "daily:attention.entrustsMine",
  roles: [Role.parent],
  path: "/daily/entrust",
  filter: () => ({ status: "to_confirm" }),
  count: (db, scope) =>
    n(
      db
        .selectFrom("entrusts as e")
        .select(countAll)
        .where("e.status", "=", "to_confirm")
        .where("e.created_by", "=", scope.userId)
        .where(studentFilter(scope, "e.student_id")),
    ),
});

// Leave notes waiting for review (the Students section's table; a teacher: her classes).
registerAttention({
  key: "daily:attention.leaveNotesWaiting",
  roles: [Role.principal, Role.teacher, Role.kindergartenAdmin, Role.busTeacher],
  // Teachers, the principal and bus teachers review on the class page; the kindergarten admin on the Students page.
  path: ["/daily/leaveNotesTeacher", "/student/leaveNotes"],
  filter: () => ({ status: "waiting" }),
  count: (db, scope) =>
    n(
      db
        .selectFrom("leave_notes as l")
        .select(countAll)
        .where("l.status", "=", "waiting")
        .where(kindergartenFilter(scope, "l.kindergarten_id"))
        .where(studentFilter(scope, "l.student_id")),
    ),
});

// Children whose birthday falls this week (the children the caller reaches).
registerAttention({
  key: "daily:attention.birthdaysThisWeek",
  roles: [Role.principal, Role.teacher, Role.doctor, Role.kindergartenAdmin],
  path: "/daily/careGreetings",
  count: (db, scope) =>
    n(
      db
        .selectFrom("students as s")
        .select(countAll)
        .where("s.status", "=", "at_school")
        .where(sql<string>`substr(s.birthday, 6, 5)`, "in", birthdayDays())
        .where(studentFilter(scope, "s.id")),
    ),
});

// Classes of the kindergarten without today's health daily report.
registerAttention({
  key: "daily:attention.healthReportsMissing",
  roles: [Role.principal, Role.kindergartenAdmin],
  path: "/daily/epidemic",
  count: (db, scope) =>
    n(
      db
        .selectFrom("classes as c")
        .select(countAll)
        .where(classFilter(scope, "c.id"))
        .where("c.id", "not in", db.selectFrom("health_reports").select("class_id").where("date", "=", todayCn())),
    ),
});

// Children of the teacher's classes without today's baby-sitting record (where the kindergarten has baby-sitting).
registerAttention({
  key: "daily:attention.nurseryMissing",
  roles: [Role.teacher],
  path: "/daily/nursery",
  count: (db, scope) =>
    n(
      db
        .selectFrom("students as s")
        .select(countAll)
        .where("s.status", "=", "at_school")
        .where(studentFilter(scope, "s.id"))
        .where("s.kindergarten_id", "in", db.selectFrom("optional_functions").select("kindergarten_id").where("isShowNursery", "=", 1))
        .where("s.id", "not in", db.selectFrom("nursery_records").select("student_id").where("date", "=", todayCn())),
    ),
});

/** `path` with its filter as a query (`/student/leaveNotes?status=waiting`). */
export const withFilter = (path: string, filter: Record<string, string> = {}) => {
  const q = new URLSearchParams(filter).toString();
  return q ? `${path}?${q}` : path;
};

/**
 * The caller's entries with their counts and the filtered list to open. An entry whose page the caller may not open
 * (her role, or a feature her kindergarten hides: the menu's rule) is left out: a to-do nobody can act on is noise.
 */
export async function attentionFor(db: Db, scope: Scope, canSeePage: (scope: Scope, path: string) => Promise<boolean>) {
  const out: { key: string; count: number; path: string }[] = [];
  for (const e of ATTENTION) {
    if (!e.roles.includes(scope.roleId)) continue;
    const page = await firstOpen(typeof e.path === "string" ? [e.path] : e.path, (p) => canSeePage(scope, p));
    if (!page) continue;
    out.push({ key: e.key, count: await e.count(db, scope), path: withFilter(page, e.filter?.()) });
  }
  return out;
}

async function firstOpen(paths: readonly string[], may: (path: string) => Promise<boolean>): Promise<string | null> {
  for (const p of paths) if (await may(p)) return p;
  return null;
}
