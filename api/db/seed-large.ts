/**
 * A large, deterministic data set for benchmarks, added on top of the demo data:
 * e.g. generateLarge(h, { kindergartens: 200, students: 60000 }). Rows are built in memory
 * with explicit ids and bulk-inserted in chunks inside one transaction.
 */
import { sql } from "kysely";
import { SHOW_FLAGS, HIDE_FLAGS } from "@contract/optional-function";
import type { DbHandle } from "./index";
import { SeedBuilder, SEED_TIME, demoHashes } from "./seed";
import { rng } from "./names";

export interface LargeOptions {
  kindergartens?: number;
  students?: number;
  /** Kindergartens per education group. */
  perGroup?: number;
  seed?: number;
}

async function maxId(h: DbHandle, table: string): Promise<number> {
  const r = await sql<{ m: number | null }>`SELECT MAX(id) AS m FROM ${sql.table(table)}`.execute(h.db);
  return Number(r.rows[0]?.m ?? 0);
}

export async function generateLarge(h: DbHandle, opts: LargeOptions = {}) {
  const kgCount = opts.kindergartens ?? 200;
  const studentTarget = opts.students ?? 60000;
  const perGroup = opts.perGroup ?? 10;
  const tables = [
    "education_groups",
    "kindergartens",
    "optional_functions",
    "classes",
    "class_teachers",
    "places",
    "users",
    "user_roles",
    "principal_kindergartens",
    "pro_teacher_kindergartens",
    "expert_teachers",
    "student_parents",
    "doctor_students",
    "buses",
    "bus_teachers",
    "students",
  ];
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
  return { groups: b.groups.length, kindergartens: b.kindergartens.length, users: b.users.length, students: b.students.length };
}
