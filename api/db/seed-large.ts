/**
 * A large, deterministic data set for benchmarks, added on top of the demo data:
 * e.g. generateLarge(h, { kindergartens: 200, students: 60000 }). Rows are built in memory
 * with explicit ids and bulk-inserted in chunks inside one transaction.
 */
import { seedTuitionLarge } from "./seed-tuition";
import { sql, type Insertable } from "kysely";
import type { Database } from "./schema";
import { SHOW_FLAGS, HIDE_FLAGS } from "@contract/optional-function";
import type { DbHandle } from "./index";
import { SeedBuilder, SEED_TIME, SEQUENCE_TABLES, bulk, demoHashes } from "./seed";
import { syncSequences } from "./migrations";
import { rng } from "./names";
import { schoolYearDays, seedBusesDevices } from "./seed-buses-devices";
import { localToday } from "@api/services/attendance";
import { seedAdmission } from "./seed-admission";
import { seedStudentsLarge } from "./seed-students";
import { seedDaily } from "./seed-daily";
import { generateTeachingLarge } from "./seed-teaching";

export interface LargeOptions {
  kindergartens?: number;
  students?: number;
  /** Kindergartens per education group. */
  perGroup?: number;
  seed?: number;
  /** Answers per kindergarten's form template (default 10). */
  answersPerTemplate?: number;
}

async function maxId(h: DbHandle, table: string): Promise<number> {
  const r = await sql<{ m: number | null }>`SELECT MAX(id) AS m FROM ${sql.table(table)}`.execute(h.db);
  return Number(r.rows[0]?.m ?? 0);
}

export async function generateLarge(h: DbHandle, opts: LargeOptions = {}) {
  const kgCount = opts.kindergartens ?? 200;
  const studentTarget = opts.students ?? 60000;
  const perGroup = opts.perGroup ?? 10;
  const tables = [...SEQUENCE_TABLES];
  const start: Record<string, number> = {};
  for (const t of tables) start[t] = await maxId(h, t);
  const b = new SeedBuilder(rng(opts.seed ?? 424242), await demoHashes(), start);

  const perLevel = 2;
  const classesPerKg = perLevel * 4;
  const avg = Math.max(1, Math.round(studentTarget / (kgCount * classesPerKg)));
  const spread = Math.min(3, avg - 1);
  let groupId = 0;
  const cities = [
    ["北京市", "北京市", "朝阳区"],
    ["上海市", "上海市", "徐汇区"],
    ["广东省", "广州市", "天河区"],
    ["四川省", "成都市", "武侯区"],
    ["浙江省", "杭州市", "西湖区"],
  ] as const;
  for (let i = 0; i < kgCount; i++) {
    if (i % perGroup === 0) {
      groupId = b.nextId("education_groups");
      b.groups.push({ id: groupId, name: `第${groupId}教育集团`, name_en: `Education Group ${groupId}`, created_at: SEED_TIME });
    }
    const kg = b.nextId("kindergartens");
    const [province, city, area] = cities[kg % cities.length];
    b.kindergartens.push({
      id: kg,
      name: `示范幼儿园${kg}号园`,
      name_en: `Model Kindergarten No. ${kg}`,
      education_group_id: groupId,
      province,
      city,
      area,
      address: `${b.r.int(1, 999)} 号`,
      longitude: 100 + b.r.next() * 20,
      latitude: 22 + b.r.next() * 18,
      contract_start: "2025-09-01",
      contract_end: "2027-08-31",
      max_classes: 12,
      version: b.r.pick(["standard", "lite", "nurseries"] as const),
      registration_code: `L${kg}`,
      created_at: SEED_TIME,
      updated_at: SEED_TIME,
    });
    const flags: Record<string, number> = {};
    for (const f of [...SHOW_FLAGS, ...HIDE_FLAGS]) flags[f] = b.r.chance(0.2) ? 1 : 0;
    b.optional.push({
      id: b.nextId("optional_functions"),
      kindergarten_id: kg,
      ...(flags as Record<(typeof SHOW_FLAGS)[number] | (typeof HIDE_FLAGS)[number], number>),
      isUploadOriginalImage: 0,
      isShowMonitoring: 0,
      isShowObservationAnalysis: 0,
      teachingRecordLimit: 0,
      classCirclePostLimit: 0,
      videoLengthSeconds: 60,
      assistantSessionCount: 0,
    });
    const principal = b.user({ realName: `园长${kg}`, phone: `135${String(kg % 1000).padStart(3, "0")}00001`, roles: [1], kg, group: groupId });
    b.principalKgs.push({ id: b.nextId("principal_kindergartens"), user_id: principal, kindergarten_id: kg, created_at: SEED_TIME });
    b.user({ realName: `管理员${kg}`, phone: `135${String(kg % 1000).padStart(3, "0")}00002`, roles: [5], kg, group: groupId });
    b.populateKindergarten(kg, groupId, { perLevel, studentsPerClass: [avg - spread, avg + spread], phoneBase: kg });
  }
  if (kgCount > 999 - 4) throw new Error("at most 995 large kindergartens (phone numbering)");
  await b.write(h);
  const daily = await generateDaily(
    h,
    b.kindergartens.map((k) => Number(k.id)),
    opts.answersPerTemplate ?? 10,
  );
  // Admissions: a year of customers per kindergarten (issue 15).
  const admission = await seedAdmission(
    h.db,
    b.kindergartens.map((k) => Number(k.id)),
    { customersPerKg: 60, seed: opts.seed ?? 424242 },
  );
  // School buses and devices: a school year of bus trips and device check-ins (issue 11).
  const busesDevices = await seedBusesDevices(h.db, {
    kindergartens: b.kindergartens.map((k) => Number(k.id)),
    days: schoolYearDays(localToday(), Number(process.env.LARGE_SCHOOL_DAYS || 190)),
    large: true,
  });
  // Students: attendance (a school year in the first kindergarten, 20 school days elsewhere) and leave notes (issue 11).
  const studentsSection = await seedStudentsLarge(
    h.db,
    b.kindergartens.map((k) => Number(k.id)),
  );
  // Teaching: a school year of observations, course records and lesson plans per class (issue 12).
  const teaching = await generateTeachingLarge(
    h.db,
    b.kindergartens.map((k) => Number(k.id)),
  );
  // Daily section: medication, notices, entrusts, greetings, class circle, a week of health reports and baby-sitting (issue 13).
  const dailySection = await seedDaily(
    h.db,
    b.kindergartens.map((k) => Number(k.id)),
    { large: true },
  );
  // Tuition: a school year of bills and payments per child; assessments of two classes per kindergarten (issue 14).
  const tuition = await seedTuitionLarge(
    h.db,
    b.kindergartens.map((k) => Number(k.id)),
  );
  return {
    tuitionBills: tuition.bills,
    tuitionPayments: tuition.fees,
    dailyNotices: dailySection.notices,
    dailyHealthReports: dailySection.healthReports,
    teachingObservations: teaching.observations,
    groups: b.groups.length,
    kindergartens: b.kindergartens.length,
    users: b.users.length,
    students: b.students.length,
    ...daily,
    admissionCustomers: admission.customers,
    busRides: busesDevices.rides,
    deviceEvents: busesDevices.events,
    studentAttendance: studentsSection.attendance,
    leaveNotes: studentsSection.leaveNotes,
  };
}

/** A dynamic form of every large kindergarten (JSON description of contract/dynamic-form.ts). */
const SURVEY_FIELDS = JSON.stringify([
  {
    key: "f1",
    label: { zh: "总体满意度", en: "Overall satisfaction" },
    kind: "single",
    required: true,
    options: [
      { zh: "满意", en: "Satisfied" },
      { zh: "一般", en: "Neutral" },
    ],
    order: 0,
  },
  { key: "f2", label: { zh: "建议", en: "Suggestions" }, kind: "text", required: false, order: 1 },
]);

/**
 * The newer tables at the same scale: per kindergarten a form template with `answersPerTemplate` answers from its
 * users, and per kindergarten a sent push notification; ids explicit, sequences moved past them on PostgreSQL.
 */
async function generateDaily(h: DbHandle, kindergartens: number[], answersPerTemplate: number) {
  const tables = ["form_templates", "form_answers", "push_notifications"];
  const next: Record<string, number> = {};
  for (const t of tables) next[t] = (await maxId(h, t)) + 1;
  const users = await h.db.selectFrom("users").select(["id", "kindergarten_id"]).where("kindergarten_id", "in", kindergartens).orderBy("id").execute();
  const byKg = new Map<number, number[]>();
  for (const u of users) byKg.set(Number(u.kindergarten_id), [...(byKg.get(Number(u.kindergarten_id)) ?? []), Number(u.id)]);
  const templates: Insertable<Database["form_templates"]>[] = [];
  const answers: Insertable<Database["form_answers"]>[] = [];
  const notices: Insertable<Database["push_notifications"]>[] = [];
  for (const kg of kindergartens) {
    const who = byKg.get(kg) ?? [];
    const templateId = next.form_templates++;
    templates.push({
      id: templateId,
      kindergarten_id: kg,
      title: `家长满意度调查 ${kg}`,
      description: null,
      fields: SURVEY_FIELDS,
      created_by: who[0] ?? null,
      created_at: SEED_TIME,
      updated_at: SEED_TIME,
    });
    for (let i = 0; i < Math.min(answersPerTemplate, who.length); i++)
      answers.push({
        id: next.form_answers++,
        template_id: templateId,
        kindergarten_id: kg,
        user_id: who[i]!,
        answers: JSON.stringify({ f1: String(i % 2) }),
        created_at: SEED_TIME,
      });
    notices.push({
      id: next.push_notifications++,
      title: `开学通知 ${kg}`,
      content: "春季学期开学，请按时送园。",
      role_ids: "[4]",
      kindergarten_ids: `[${kg}]`,
      phones: null,
      status: "sent" as const,
      recipient_count: who.length,
      created_by: null,
      created_at: SEED_TIME,
      updated_at: SEED_TIME,
      sent_at: SEED_TIME,
    });
  }
  await h.db.transaction().execute(async (trx) => {
    await bulk(trx, "form_templates", templates);
    await bulk(trx, "form_answers", answers);
    await bulk(trx, "push_notifications", notices);
  });
  await syncSequences(h.db as never, h.dialect, tables);
  return { formTemplates: templates.length, formAnswers: answers.length, pushNotifications: notices.length };
}
