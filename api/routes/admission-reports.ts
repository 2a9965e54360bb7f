import { sql } from "kysely";
import {
  chargingReport,
  classSituationReport,
  dropOutReport,
  enrolmentReport,
  pipelineReport,
  sourceReport,
  weeklyReport,
  yearPlanReport,
} from "@contract/entities/admission-reports";
import { CUSTOMER_SOURCES, PIPELINE_STAGES } from "@contract/entities/admission-vocab";
import type { App, Deps } from "@api/context";
import type { Db } from "@api/db";
import { registerReport, reportKindergartens } from "@api/reports";
import type { Scope } from "@api/tenancy";
import type { ReportParams } from "@contract/report";
import { addDays, cnDateOf, mondayOf, todayCn } from "@contract/school-time";

/** Percent with one decimal, null without a base. */
export const pct = (n: number, of: number) => (of > 0 ? Math.round((n / of) * 1000) / 10 : null);
/** China time (UTC+8) date of an ISO timestamp: reports count by the kindergarten's day. */
export const localDate = (ts: string | null | undefined) => (ts ? cnDateOf(ts) : null);
const thisMonth = () => todayCn().slice(0, 7);

/** The months monthFrom..monthTo (YYYY-MM), default the twelve ending this month; a start after the end swaps. */
export function monthWindow(params: ReportParams): { from: string; to: string; months: string[] } {
  let to = (params.monthTo as string | null) ?? thisMonth();
  let from = (params.monthFrom as string | null) ?? null;
  if (!from) {
    const [y, m] = to.split("-").map(Number);
    const d = new Date(Date.UTC(y!, m! - 12, 1));
    from = d.toISOString().slice(0, 7);
  }
  if (from > to) [from, to] = [to, from];
  const months: string[] = [];
  for (let [y, m] = from.split("-").map(Number) as [number, number]; ;) {
    const s = `${y}-${String(m).padStart(2, "0")}`;
    months.push(s);
    if (s >= to || months.length > 240) break;
    m++;
    if (m > 12) [y, m] = [y + 1, 1];
  }
  return { from, to, months };
}

/** Customers of the caller's reach (narrowed to the kindergarten parameter): the figures every report counts. */
export async function customersOf(db: Db, scope: Scope, params: ReportParams) {
  const rows = await db
    .selectFrom("admission_customers as ac")
    .select([
      "ac.id",
      "ac.kindergarten_id",
      "ac.stage",
      "ac.opportunity",
      "ac.source",
      "ac.lost_stage",
      "ac.close_reason",
      "ac.owner_user_id",
      "ac.created_at",
      "ac.paid_at",
      "ac.lost_at",
    ])
    .where(reportKindergartens(scope, "ac.kindergarten_id", { kindergartenId: (params.kindergartenId as number | null) ?? null }))
    .execute();
  return rows.map((r) => ({
    ...r,
    kg: Number(r.kindergarten_id),
    created: localDate(r.created_at)!,
    paid: localDate(r.paid_at),
    lost: localDate(r.lost_at),
  }));
}
const inMonths = (d: string | null, from: string, to: string) => d != null && d.slice(0, 7) >= from && d.slice(0, 7) <= to;

async function kindergartensOf(db: Db, scope: Scope, params: ReportParams) {
  return db
    .selectFrom("kindergartens as k")
    .select(["k.id", "k.name", "k.name_en"])
    .where(reportKindergartens(scope, "k.id", { kindergartenId: (params.kindergartenId as number | null) ?? null }))
    .orderBy("k.id")
    .execute();
}

export function registerAdmissionReports(app: App, deps: Deps) {
  const { db } = deps;
  const narrow = (params: ReportParams) => ({ kindergartenId: (params.kindergartenId as number | null) ?? null });

  registerReport(app, deps, weeklyReport, async ({ scope }, params) => {
    const monday = mondayOf((params.date as string | null) ?? todayCn());
    const dates = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
    const [from, to] = [dates[0]!, dates[6]!];
    const customers = await customersOf(db, scope, params);
    const comms = await db
      .selectFrom("admission_communications as cm")
      .select(["cm.date", "cm.created_by"])
      .where(reportKindergartens(scope, "cm.kindergarten_id", narrow(params)))
      .where("cm.date", ">=", from)
      .where("cm.date", "<=", to)
      .execute();
    const appts = await db
      .selectFrom("admission_appointments as ap")
      .select(["ap.date", "ap.teacher_user_id", "ap.kind"])
      .where(reportKindergartens(scope, "ap.kindergarten_id", narrow(params)))
      .where("ap.status", "=", "done")
      .where("ap.date", ">=", from)
      .where("ap.date", "<=", to)
      .execute();
    // Place reservations: the audit log's record actions `reserve` on customers in the week.
    const reserves = await db
      .selectFrom("audit_log as al")
      .innerJoin("admission_customers as ac", "ac.id", "al.entity_id")
      .select(["al.at"])
      .where("al.entity", "=", "admission_customers")
      .where("al.action", "=", "reserve")
      .where(reportKindergartens(scope, "ac.kindergarten_id", narrow(params)))
      .execute();
    const days = dates.map((date) => ({
      date,
      newCustomers: customers.filter((c) => c.created === date).length,
      communications: comms.filter((c) => c.date === date).length,
      tours: appts.filter((a) => a.date === date && a.kind === "tour").length,
      reserved: reserves.filter((r) => localDate(r.at) === date).length,
      paid: customers.filter((c) => c.paid === date).length,
    }));
    const inWeek = (d: string | null) => d != null && d >= from && d <= to;
    const ids = new Set<number>();
    for (const c of customers) if (c.owner_user_id != null && (inWeek(c.created) || inWeek(c.paid))) ids.add(Number(c.owner_user_id));
    for (const c of comms) if (c.created_by != null) ids.add(Number(c.created_by));
    for (const a of appts) if (a.teacher_user_id != null) ids.add(Number(a.teacher_user_id));
    const users = ids.size
      ? await db
          .selectFrom("users")
          .select(["id", "real_name"])
          .where("id", "in", [...ids])
          .orderBy("real_name")
          .orderBy("id")
          .execute()
      : [];
    const teachers = users.map((u) => ({
      name: u.real_name,
      newCustomers: customers.filter((c) => Number(c.owner_user_id) === Number(u.id) && inWeek(c.created)).length,
      communications: comms.filter((c) => Number(c.created_by) === Number(u.id)).length,
      appointmentsDone: appts.filter((a) => Number(a.teacher_user_id) === Number(u.id)).length,
      paid: customers.filter((c) => Number(c.owner_user_id) === Number(u.id) && inWeek(c.paid)).length,
    }));
    return { from, to, days, teachers };
  });

  registerReport(app, deps, chargingReport, async ({ scope }, params) => {
    const rows = await db
      .selectFrom("admission_charging_standards as cs")
      .innerJoin("kindergartens as k", "k.id", "cs.kindergarten_id")
      .select(["k.name", "k.name_en", "cs.level", "cs.item", "cs.item_en", "cs.period", "cs.amount"])
      .where(reportKindergartens(scope, "cs.kindergarten_id", narrow(params)))
      .orderBy("k.id")
      .orderBy(sql`case cs.level when 'pre' then 0 when 'junior' then 1 when 'middle' then 2 else 3 end`)
      .orderBy("cs.id")
      .execute();
    const items = rows.map((r) => ({
      kindergarten: r.name,
      kindergartenEn: r.name_en,
      level: r.level,
      item: r.item,
      itemEn: r.item_en,
      period: r.period,
      amount: Number(r.amount),
    }));
    const perMonth: Record<string, number> = { month: 1, term: 2, year: 10 / 12, once: 0 };
    const perYear: Record<string, number> = { month: 10, term: 2, year: 1, once: 1 };
    const kgCount = new Set(rows.map((r) => r.name)).size || 1;
    const levels = ["pre", "junior", "middle", "senior"]
      .map((level) => {
        const of = items.filter((i) => i.level === level);
        return {
          level,
          // Average over the kindergartens shown: what a month and a school year cost at that level.
          monthly: Math.round(of.reduce((s, i) => s + i.amount * (i.period === "term" ? 1 / 5 : perMonth[i.period]!), 0) / kgCount),
          yearly: Math.round(of.reduce((s, i) => s + i.amount * perYear[i.period]!, 0) / kgCount),
        };
      })
      .filter((l) => items.some((i) => i.level === l.level));
    return { items, levels };
  });

  registerReport(app, deps, classSituationReport, async ({ scope }, params) => {
    const classes = await db
      .selectFrom("classes as c")
      .innerJoin("kindergartens as k", "k.id", "c.kindergarten_id")
      .leftJoin("admission_class_places as p", "p.class_id", "c.id")
      .select(["c.id", "c.name", "c.name_en", "c.level", "k.name as kg", "k.name_en as kgEn", "p.capacity"])
      .where(reportKindergartens(scope, "c.kindergarten_id", narrow(params)))
      .orderBy("k.id")
      .orderBy("c.id")
      .execute();
    const count = async (q: Promise<{ id: unknown; n: unknown }[]>) => new Map((await q).map((r) => [Number(r.id), Number(r.n)]));
    const enrolled = await count(
      db
        .selectFrom("students as s")
        .select(["s.class_id as id", sql<number>`count(*)`.as("n")])
        .where(reportKindergartens(scope, "s.kindergarten_id", narrow(params)))
        .where("s.status", "=", "at_school")
        .groupBy("s.class_id")
        .execute(),
    );
    const reserved = await count(
      db
        .selectFrom("admission_customers as ac")
        .select(["ac.reserved_class_id as id", sql<number>`count(*)`.as("n")])
        .where(reportKindergartens(scope, "ac.kindergarten_id", narrow(params)))
        .where("ac.stage", "=", "reserved")
        .groupBy("ac.reserved_class_id")
        .execute(),
    );
    return {
      classes: classes.map((c) => {
        const capacity = Number(c.capacity ?? 30);
        const e = enrolled.get(Number(c.id)) ?? 0;
        const r = reserved.get(Number(c.id)) ?? 0;
        return { kindergarten: c.kg, name: c.name, nameEn: c.name_en, level: c.level, capacity, enrolled: e, reserved: r, free: Math.max(0, capacity - e - r) };
      }),
    };
  });

  registerReport(app, deps, yearPlanReport, async ({ scope }, params) => {
    const year = Number(((params.month as string | null) ?? thisMonth()).slice(0, 4));
    const plans = await db
      .selectFrom("admission_year_plans as yp")
      .select(["yp.kindergarten_id", "yp.month", "yp.target"])
      .where(reportKindergartens(scope, "yp.kindergarten_id", narrow(params)))
      .where("yp.year", "=", year)
      .execute();
    const customers = (await customersOf(db, scope, params)).filter((c) => c.paid?.startsWith(`${year}-`));
    const months = Array.from({ length: 12 }, (_, i) => {
      const month = `${year}-${String(i + 1).padStart(2, "0")}`;
      const target = plans.filter((p) => Number(p.month) === i + 1).reduce((s, p) => s + Number(p.target), 0);
      const actual = customers.filter((c) => c.paid!.startsWith(month)).length;
      return { month, target, actual, rate: pct(actual, target) };
    });
    const kgs = await kindergartensOf(db, scope, params);
    const kindergartens = kgs.map((k) => {
      const target = plans.filter((p) => Number(p.kindergarten_id) === Number(k.id)).reduce((s, p) => s + Number(p.target), 0);
      const actual = customers.filter((c) => c.kg === Number(k.id)).length;
      return { name: k.name, nameEn: k.name_en, target, actual, rate: pct(actual, target) };
    });
    return { year, months, kindergartens };
  });

  registerReport(app, deps, pipelineReport, async ({ scope }, params) => {
    const { from, to } = monthWindow(params);
    const customers = (await customersOf(db, scope, params)).filter((c) => inMonths(c.created, from, to));
    const order = [...PIPELINE_STAGES] as string[];
    const reachedIndex = (c: { stage: string; lost_stage: string | null }) => order.indexOf(c.stage === "lost" ? (c.lost_stage ?? "new") : c.stage);
    const stages = order.map((stage, i) => {
      const reached = customers.filter((c) => reachedIndex(c) >= i).length;
      return { stage, current: customers.filter((c) => c.stage === stage).length, reached, share: pct(reached, customers.length) };
    });
    const opportunities = ["unconcluded", "success", "failed"].map((state) => {
      const count = customers.filter((c) => c.opportunity === state).length;
      return { state, count, share: pct(count, customers.length) };
    });
    return { from, to, stages, opportunities };
  });

  registerReport(app, deps, sourceReport, async ({ scope }, params) => {
    const { from, to } = monthWindow(params);
    const customers = (await customersOf(db, scope, params)).filter((c) => inMonths(c.created, from, to));
    const sources = CUSTOMER_SOURCES.map((source) => {
      const of = customers.filter((c) => c.source === source);
      const paid = of.filter((c) => c.stage === "paid").length;
      return { source, customers: of.length, paid, lost: of.filter((c) => c.stage === "lost").length, conversion: pct(paid, of.length) };
    });
    return { from, to, sources };
  });

  registerReport(app, deps, enrolmentReport, async ({ scope }, params) => {
    const { from, to, months } = monthWindow(params);
    const customers = await customersOf(db, scope, params);
    const rows = months.map((month) => {
      const newCustomers = customers.filter((c) => c.created.startsWith(month)).length;
      const paid = customers.filter((c) => c.paid?.startsWith(month)).length;
      return { month, newCustomers, paid, conversion: pct(paid, newCustomers) };
    });
    const kgs = await kindergartensOf(db, scope, params);
    const kindergartens = kgs.map((k) => {
      const of = customers.filter((c) => c.kg === Number(k.id));
      const newCustomers = of.filter((c) => inMonths(c.created, from, to)).length;
      const paid = of.filter((c) => inMonths(c.paid, from, to)).length;
      return { name: k.name, nameEn: k.name_en, newCustomers, paid, conversion: pct(paid, newCustomers) };
    });
    return { from, to, months: rows, kindergartens };
  });

  registerReport(app, deps, dropOutReport, async ({ scope }, params) => {
    const { from, to, months } = monthWindow(params);
    const lost = (await customersOf(db, scope, params)).filter((c) => c.stage === "lost" && inMonths(c.lost, from, to));
    const stages = ["new", "contacted", "toured", "reserved"].map((stage) => {
      const n = lost.filter((c) => (c.lost_stage ?? "new") === stage).length;
      return { stage, lost: n, share: pct(n, lost.length) };
    });
    // Children who left the kindergarten (quit) in the month, by the students' status change date.
    const quits = await db
      .selectFrom("students as s")
      .select(["s.updated_at"])
      .where(reportKindergartens(scope, "s.kindergarten_id", narrow(params)))
      .where("s.status", "in", ["quit_refunded", "quit_unrefunded"])
      .execute();
    const rows = months.map((month) => ({
      month,
      lost: lost.filter((c) => c.lost!.startsWith(month)).length,
      students: quits.filter((q) => localDate(q.updated_at as string | null)?.startsWith(month)).length,
    }));
    const byReason = new Map<string, number>();
    for (const c of lost) {
      const r = (c.close_reason ?? "").trim() || "-";
      byReason.set(r, (byReason.get(r) ?? 0) + 1);
    }
    const reasons = [...byReason.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 20)
      .map(([reason, count]) => ({ reason, count }));
    return { from, to, stages, months: rows, reasons };
  });
}
