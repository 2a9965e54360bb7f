/**
 * Demo data of the admissions CRM and personal-information protection (issue 15), for kindergartens 1–4 (the demo)
 * and every kindergarten of the large generator: class places, a charging standard, this year's and last year's
 * plan, a year of customers at every stage (dates relative to the day of seeding, so "this week" and "the last twelve
 * months" of the reports have points), their communication records, appointments and reconciliations; in
 * kindergarten 1 a pair of customers sharing a phone (the merge), the applicant's (13800000013) request, protection
 * requests in every state and one earlier run of the night job with its log.
 */
import type { Insertable, Kysely } from "kysely";
import type { Database } from "./schema";
import { addDays, cnDateOf, mondayOf, todayCn } from "@contract/school-time";

const DAY = 86400000;
const LEVEL_FEES: Record<string, number> = { pre: 380000, junior: 320000, middle: 300000, senior: 300000 };
const STAGES = ["new", "contacted", "toured", "reserved", "paid", "lost"] as const;
const SOURCES = ["walkIn", "referral", "wechat", "online", "event", "other"] as const;
const SURNAMES = ["王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴", "徐", "孙", "马", "朱", "胡"];
const GIVEN = ["子涵", "欣怡", "梓轩", "浩然", "一诺", "雨桐", "宇航", "思琪", "俊熙", "可馨", "沐阳", "诗涵", "若汐", "子墨"];
const REASONS = ["距离太远", "费用超出预算", "选择了其他幼儿园", "入园时间不合适", "家长工作调动"];

function lcg(seed: number) {
  let s = seed >>> 0;
  const next = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  return { next, int: (a: number, b: number) => a + Math.floor(next() * (b - a + 1)), pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]! };
}

async function chunked<T extends keyof Database>(db: Kysely<Database>, table: T, rows: Insertable<Database[T]>[]) {
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + 200) as never)
      .execute();
}

export interface AdmissionSeedOptions {
  /** Customers per kindergarten over the last year (default 40). */
  customersPerKg?: number;
  /** "Now" of the data (default: the time of seeding). */
  now?: number;
  seed?: number;
  /** The demo's extras (duplicate pair, the applicant's request, protection requests, a job run); kindergarten 1 only. */
  demo?: boolean;
}

export async function seedAdmission(db: Kysely<Database>, kindergartens: number[], opts: AdmissionSeedOptions = {}) {
  const now = opts.now ?? Date.now();
  const r = lcg(opts.seed ?? 1515);
  const iso = (t: number) => new Date(t).toISOString();
  const day = cnDateOf;
  const year = Number(day(now).slice(0, 4));
  const perKg = opts.customersPerKg ?? 40;
  const classes = await db
    .selectFrom("classes")
    .select(["id", "kindergarten_id", "level"])
    .where("kindergarten_id", "in", kindergartens)
    .orderBy("id")
    .execute();
  const staff = await db
    .selectFrom("users")
    .select(["users.id", "users.kindergarten_id"])
    .where("users.kindergarten_id", "in", kindergartens)
    .where("users.id", "in", db.selectFrom("user_roles").select("user_id").where("role_id", "in", [12, 16]))
    .orderBy("users.id")
    .execute();
  const places: Insertable<Database["admission_class_places"]>[] = [];
  const charges: Insertable<Database["admission_charging_standards"]>[] = [];
  const plans: Insertable<Database["admission_year_plans"]>[] = [];
  let customers = 0;
  for (const kg of kindergartens) {
    const kgClasses = classes.filter((c) => Number(c.kindergarten_id) === kg);
    for (const c of kgClasses) places.push({ kindergarten_id: kg, class_id: Number(c.id), capacity: c.level === "pre" ? 20 : 30 });
    for (const level of ["pre", "junior", "middle", "senior"]) {
      charges.push({ kindergarten_id: kg, level, item: "保教费", item_en: "Tuition", period: "month", amount: LEVEL_FEES[level]! + kg * 1000 });
      charges.push({ kindergarten_id: kg, level, item: "伙食费", item_en: "Meals", period: "month", amount: 60000 });
    }
    charges.push({ kindergarten_id: kg, level: "pre", item: "保育费", item_en: "Nursery care", period: "term", amount: 150000 });
    charges.push({ kindergarten_id: kg, level: "junior", item: "入园材料费", item_en: "Starter materials", period: "once", amount: 80000 });
    for (const y of [year - 1, year])
      for (let m = 1; m <= 12; m++) plans.push({ kindergarten_id: kg, year: y, month: m, target: m === 8 || m === 9 ? 6 : r.int(1, 4) });

    const owners = staff.filter((s) => Number(s.kindergarten_id) === kg).map((s) => Number(s.id));
    const custRows: Insertable<Database["admission_customers"]>[] = [];
    for (let i = 0; i < perKg; i++) {
      // The first customers are this week's, the rest spread over the year.
      const created = i < 5 ? now - i * DAY - 3600000 : now - r.int(7, 360) * DAY;
      const stage = i < 5 ? (["new", "contacted", "toured", "reserved", "new"] as const)[i]! : r.pick(STAGES);
      const lostStage = stage === "lost" ? r.pick(["new", "contacted", "toured", "reserved"] as const) : null;
      const later = (min: number) => Math.min(now - 3600000, created + r.int(min, 40) * DAY);
      const kgClass = kgClasses.length ? Number(r.pick(kgClasses).id) : null;
      const phone = `139${String(kg).padStart(3, "0")}${String(i).padStart(5, "0")}`.slice(0, 11);
      custRows.push({
        kindergarten_id: kg,
        kid_name: r.pick(SURNAMES) + r.pick(GIVEN),
        nickname: r.pick(["小宝", "乐乐", "豆豆", "果果", "甜甜", "多多"]),
        nation: r.pick(["han", "han", "han", "hui", "man"]),
        contact_name: r.pick(SURNAMES) + r.pick(["芳", "伟", "静", "磊", "娜", "强"]),
        relationship: r.pick(["father", "mother", "mother", "grandparent"]),
        phone,
        reserved_class_id: kgClass,
        bus: r.pick(["yes", "no", "no"]),
        source: r.pick(SOURCES),
        stage,
        opportunity: stage === "paid" ? "success" : stage === "lost" ? "failed" : "unconcluded",
        close_reason: stage === "lost" ? r.pick(REASONS) : null,
        lost_stage: lostStage,
        intention: stage === "lost" ? r.int(1, 4) : r.int(4, 10),
        owner_user_id: owners.length ? r.pick(owners) : null,
        introducer_id: null,
        applicant_user_id: null,
        remarks: i % 4 === 0 ? "家长希望下学期入园" : null,
        paid_at: stage === "paid" ? iso(later(10)) : null,
        lost_at: stage === "lost" ? iso(later(3)) : null,
        anonymised_at: null,
        created_at: iso(created),
        updated_at: iso(created),
      });
    }
    await chunked(db, "admission_customers", custRows);
    customers += custRows.length;
    const saved = await db
      .selectFrom("admission_customers")
      .select(["id", "stage", "created_at", "owner_user_id"])
      .where("kindergarten_id", "=", kg)
      .orderBy("id")
      .execute();
    const comms: Insertable<Database["admission_communications"]>[] = [];
    const appts: Insertable<Database["admission_appointments"]>[] = [];
    const recs: Insertable<Database["admission_reconciliations"]>[] = [];
    saved.forEach((c, i) => {
      const created = Date.parse(c.created_at);
      const id = Number(c.id);
      if (c.stage !== "new") {
        comms.push({
          kindergarten_id: kg,
          customer_id: id,
          date: day(Math.min(now, created + DAY)),
          method: r.pick(["phone", "wechat", "visit"]),
          content: "介绍园所情况，家长有意向参观",
          next_step: "约参观",
          created_by: c.owner_user_id,
          created_at: iso(created + DAY),
        });
      }
      if (["toured", "reserved", "paid", "lost"].includes(c.stage)) {
        comms.push({
          kindergarten_id: kg,
          customer_id: id,
          date: day(Math.min(now, created + 3 * DAY)),
          method: "visit",
          content: "参观校园后沟通费用和班级",
          next_step: null,
          created_by: c.owner_user_id,
          created_at: iso(created + 3 * DAY),
        });
        appts.push({
          kindergarten_id: kg,
          customer_id: id,
          date: day(Math.min(now, created + 3 * DAY)),
          time: "10:00",
          kind: "tour",
          status: "done",
          teacher_user_id: c.owner_user_id,
          remarks: null,
          reminded_at: null,
          created_at: iso(created),
        });
      }
      if (c.stage === "contacted" || c.stage === "new") {
        // Upcoming visits: the teacher's day and week view.
        appts.push({
          kindergarten_id: kg,
          customer_id: id,
          date: day(now + (i % 6) * DAY),
          time: ["09:30", "10:00", "14:00", "15:30"][i % 4]!,
          kind: i % 3 === 0 ? "interview" : "tour",
          status: "todo",
          teacher_user_id: c.owner_user_id,
          remarks: null,
          reminded_at: null,
          created_at: iso(created),
        });
      }
      if (c.stage === "lost" && i % 2 === 0)
        appts.push({
          kindergarten_id: kg,
          customer_id: id,
          date: day(created + 2 * DAY),
          time: "16:00",
          kind: "tour",
          status: "cancelled",
          teacher_user_id: c.owner_user_id,
          remarks: "家长临时有事",
          reminded_at: null,
          created_at: iso(created),
        });
      if (c.stage === "reserved" || c.stage === "paid") {
        const full = c.stage === "paid" ? 380000 : 0;
        recs.push({
          kindergarten_id: kg,
          customer_id: id,
          deposit: 100000,
          deposit_to_full: c.stage === "paid" ? 100000 : 0,
          full_amount: full,
          discount: i % 3 === 0 ? 20000 : 0,
          refund: 0,
          coupon: i % 3 === 0 ? `NEW${kg}${String(i).padStart(3, "0")}` : null,
          status: c.stage === "paid" ? (i % 2 ? "pending_finance" : "done") : "pending_admission",
          remarks: null,
          created_at: c.created_at,
          updated_at: c.created_at,
        });
      }
    });
    await chunked(db, "admission_communications", comms);
    await chunked(db, "admission_appointments", appts);
    await chunked(db, "admission_reconciliations", recs);
  }
  await chunked(db, "admission_class_places", places);
  await chunked(db, "admission_charging_standards", charges);
  await chunked(db, "admission_year_plans", plans);

  if (opts.demo && kindergartens.includes(1)) await demoExtras(db, now);
  return { customers };
}

/** Kindergarten 1's extras: a duplicate pair, the applicant's request, protection requests and a past night-job run. */
async function demoExtras(db: Kysely<Database>, now: number) {
  const iso = (t: number) => new Date(t).toISOString();
  const day = cnDateOf;
  const cls = await db.selectFrom("classes").select("id").where("kindergarten_id", "=", 1).orderBy("id").executeTakeFirst();
  const base = {
    kindergarten_id: 1,
    nation: "han",
    relationship: "mother",
    reserved_class_id: cls ? Number(cls.id) : null,
    bus: "no",
    opportunity: "unconcluded",
    close_reason: null,
    lost_stage: null,
    introducer_id: null,
    applicant_user_id: null,
    paid_at: null,
    lost_at: null,
    anonymised_at: null,
  };
  await db
    .insertInto("admission_customers")
    .values([
      {
        ...base,
        kid_name: "林小雨",
        nickname: "雨雨",
        contact_name: "林静",
        phone: "13911110001",
        source: "walkIn",
        stage: "contacted",
        intention: 7,
        owner_user_id: 12,
        remarks: null,
        created_at: iso(now - 20 * DAY),
        updated_at: iso(now - 20 * DAY),
      },
      {
        ...base,
        kid_name: "林小雨",
        nickname: "小雨",
        contact_name: "林静",
        phone: "13911110001",
        source: "online",
        stage: "new",
        intention: 6,
        owner_user_id: 16,
        remarks: "网上报名，疑似重复",
        created_at: iso(now - 2 * DAY),
        updated_at: iso(now - 2 * DAY),
      },
    ])
    .execute();
  const applicant = await db.selectFrom("users").select(["id", "introducer_id"]).where("phone", "=", "13800000013").executeTakeFirst();
  if (applicant) {
    const c = await db
      .insertInto("admission_customers")
      .values({
        ...base,
        kid_name: "周可可",
        nickname: "可可",
        contact_name: "周敏",
        phone: "13800000013",
        source: "wechat",
        stage: "new",
        intention: 5,
        owner_user_id: 12,
        introducer_id: applicant.introducer_id,
        applicant_user_id: Number(applicant.id),
        remarks: "微信预约参观",
        created_at: iso(now - DAY),
        updated_at: iso(now - DAY),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("admission_appointments")
      .values({
        kindergarten_id: 1,
        customer_id: Number(c.id),
        date: day(now + 3 * DAY),
        time: "10:00",
        kind: "tour",
        status: "todo",
        teacher_user_id: 12,
        remarks: "微信预约参观",
        reminded_at: null,
        created_at: iso(now - DAY),
      })
      .execute();
  }
  await thisWeeksAppointments(db, now);
  // Protection: requests in every state of kindergarten 1, and an applicant anonymised by an earlier night run.
  const student = await db.selectFrom("students").select(["id", "name"]).where("kindergarten_id", "=", 1).orderBy("id").executeTakeFirst();
  const parent = await db.selectFrom("users").select(["id", "real_name"]).where("phone", "=", "13800000004").executeTakeFirst();
  const gone = await db
    .insertInto("admission_customers")
    .values({
      ...base,
      kid_name: "已删除 #0",
      nickname: null,
      contact_name: null,
      relationship: null,
      phone: null,
      source: "event",
      stage: "lost",
      opportunity: "failed",
      lost_stage: "contacted",
      intention: 2,
      owner_user_id: 12,
      remarks: null,
      lost_at: iso(now - 800 * DAY),
      anonymised_at: iso(now - 5 * DAY),
      created_at: iso(now - 820 * DAY),
      updated_at: iso(now - 800 * DAY),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .updateTable("admission_customers")
    .set({ kid_name: `已删除 #${gone.id}` })
    .where("id", "=", gone.id)
    .execute();
  const req = (
    kind: string,
    type: string,
    id: number,
    label: string,
    status: string,
    requester: string,
    details: string,
    outcome: string | null,
    ago: number,
  ) => ({
    kindergarten_id: 1,
    kind,
    subject_type: type,
    subject_id: id,
    subject_label: label,
    requester,
    details,
    status,
    outcome,
    created_by: 5,
    created_at: iso(now - ago * DAY),
    done_at: status === "done" || status === "rejected" ? iso(now - (ago - 1) * DAY) : null,
  });
  const rows = [];
  if (student) {
    rows.push(req("access", "student", Number(student.id), student.name, "pending", "家长（父亲）", "希望获取孩子在园的全部资料", null, 2));
    rows.push(req("correction", "student", Number(student.id), student.name, "done", "家长（母亲）", "出生日期登记有误", "已在幼儿档案中更正出生日期", 10));
  }
  if (parent)
    rows.push(
      req("deletion", "user", Number(parent.id), parent.real_name, "rejected", parent.real_name, "删除我的账户", "孩子仍在园，家长账户需保留至离园", 15),
    );
  rows.push(
    req(
      "deletion",
      "customer",
      Number(gone.id),
      `已删除 #${gone.id}`,
      "done",
      "申请人本人",
      "不再考虑入园，请删除资料",
      '{"fields":["kid_name","nickname","contact_name","phone"],"files":0,"rows":1}',
      6,
    ),
  );
  await db.insertInto("protection_requests").values(rows).execute();
  const slot = new Date(now - 5 * DAY);
  slot.setUTCHours(18, 30, 0, 0);
  await db
    .withTables<{
      job_runs: {
        id: number;
        job: string;
        slot: string;
        attempt: number;
        trigger: string;
        instance: string;
        status: string;
        started_at: string;
        finished_at: string | null;
        result: string | null;
      };
    }>()
    .insertInto("job_runs")
    .values({
      job: "protection-erasure",
      slot: slot.toISOString(),
      attempt: 1,
      trigger: "schedule",
      instance: "demo:1",
      status: "ok",
      started_at: slot.toISOString(),
      finished_at: iso(slot.getTime() + 1200),
      result: '{"persons":1,"files":0,"auditRows":0,"requests":1}',
    } as never)
    .execute();
  await db
    .insertInto("protection_job_log")
    .values({
      kindergarten_id: 1,
      slot: slot.toISOString(),
      request_id: null,
      rule: null,
      subject_type: "customer",
      subject_id: Number(gone.id),
      action: "anonymised",
      fields: '["kid_name","nickname","contact_name","phone"]',
      files: 0,
      result: "ok",
      at: iso(slot.getTime() + 800),
    })
    .execute();
  const done = await db.selectFrom("protection_requests").select("id").where("subject_type", "=", "customer").where("status", "=", "done").executeTakeFirst();
  if (done)
    await db
      .updateTable("protection_job_log")
      .set({ request_id: Number(done.id) })
      .where("subject_id", "=", Number(gone.id))
      .execute();
}

/**
 * The week view's demo: teacher 12's appointments on Monday, Wednesday, Friday and Sunday of this China week (one
 * done, one cancelled, two to be done) with the first customers of kindergarten 1.
 */
async function thisWeeksAppointments(db: Kysely<Database>, now: number) {
  const monday = mondayOf(todayCn(now));
  const at = (days: number) => addDays(monday, days);
  const customers = await db.selectFrom("admission_customers").select("id").where("kindergarten_id", "=", 1).orderBy("id").limit(4).execute();
  const plan = [
    { days: 0, time: "09:00", kind: "tour", status: "done" },
    { days: 2, time: "14:30", kind: "interview", status: "todo" },
    { days: 4, time: "08:45", kind: "tour", status: "todo" },
    { days: 6, time: "10:30", kind: "tour", status: "cancelled" },
  ];
  const rows = customers.map((c, i) => ({
    kindergarten_id: 1,
    customer_id: Number(c.id),
    date: at(plan[i]!.days),
    time: plan[i]!.time,
    kind: plan[i]!.kind,
    status: plan[i]!.status,
    teacher_user_id: 12,
    remarks: null,
    reminded_at: null,
    created_at: new Date(now - 7 * DAY).toISOString(),
  }));
  if (rows.length) await db.insertInto("admission_appointments").values(rows).execute();
}
