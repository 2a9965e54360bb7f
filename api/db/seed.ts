/**
 * The demo data of shared/demo-data.md: deterministic (fixed PRNG seed, fixed dates), bilingual.
 * Seeding writes directly (it is not a user's write) and records one audit_log row "seed".
 */
import type { Insertable, Kysely, Transaction } from "kysely";
import { HIDE_FLAGS, SHOW_FLAGS } from "@contract/optional-function";
import { ROLE_REACH, type RoleId } from "@contract/roles";
import type { DbHandle } from "./index";
import { syncSequences } from "./migrations";
import { CLASS_LEVELS, type Database, type StudentStatus, type TableName } from "./schema";
import { hashPassword } from "@api/auth/password";
import { seedKindergartenManagement } from "./seed-kgmgmt";
import { seedForms } from "./seed-forms";
import { seedPushNotifications } from "./seed-push";
import { seedTeaching } from "./seed-teaching";
import { seedStudents } from "./seed-students";
import { seedDaily } from "./seed-daily";
import { seedAdmission } from "./seed-admission";
import { seedBusesDevices } from "./seed-buses-devices";
import { seedTuition } from "./seed-tuition";
import { adultName, childName, foreignName, LEVEL_NAMES, rng, ZH_NUM, type Rng } from "./names";

export const DEMO_PASSWORD = "Sunny#2026";
export const WEAK_DEMO_PASSWORD = "12345678";
export const SEED_TIME = "2026-01-05T08:00:00.000Z";

/** Registration codes of the demo kindergartens (README lists them). */
export const REGISTRATION_CODES: Record<number, string> = { 1: "SUN001", 2: "SUN002", 3: "SUN003", 4: "GAL004" };

export const SEQUENCE_TABLES: TableName[] = [
  "education_groups",
  "kindergartens",
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
  "optional_functions",
];

/** Bulk insert in chunks (SQLite limits bound parameters per statement). */
export async function bulk<T extends TableName>(db: Kysely<Database> | Transaction<Database>, table: T, rows: Insertable<Database[T]>[], chunk = 200) {
  for (let i = 0; i < rows.length; i += chunk) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await (db as Kysely<any>)
      .insertInto(table)
      .values(rows.slice(i, i + chunk))
      .execute();
  }
}

type Row<T extends TableName> = Insertable<Database[T]>;

/** In-memory builder of rows with explicit ids, shared by the demo and the large generator. */
export class SeedBuilder {
  groups: Row<"education_groups">[] = [];
  kindergartens: Row<"kindergartens">[] = [];
  optional: Row<"optional_functions">[] = [];
  classes: Row<"classes">[] = [];
  classTeachers: Row<"class_teachers">[] = [];
  places: Row<"places">[] = [];
  users: Row<"users">[] = [];
  userRoles: Row<"user_roles">[] = [];
  principalKgs: Row<"principal_kindergartens">[] = [];
  proTeacherKgs: Row<"pro_teacher_kindergartens">[] = [];
  expertTeachers: Row<"expert_teachers">[] = [];
  studentParents: Row<"student_parents">[] = [];
  doctorStudents: Row<"doctor_students">[] = [];
  buses: Row<"buses">[] = [];
  busTeachers: Row<"bus_teachers">[] = [];
  students: Row<"students">[] = [];
  private ids: Record<string, number> = {};

  constructor(
    readonly r: Rng,
    readonly hashes: { strong: string; weak: string },
    start: Partial<Record<string, number>> = {},
  ) {
    for (const [k, v] of Object.entries(start)) this.ids[k] = v ?? 0;
  }

  nextId(table: string) {
    this.ids[table] = (this.ids[table] ?? 0) + 1;
    return this.ids[table];
  }

  user(u: {
    id?: number;
    realName: string;
    phone: string;
    roles: number[];
    defaultRole?: number;
    kg: number | null;
    group: number | null;
    classId?: number | null;
    weak?: boolean;
    gender?: "male" | "female" | null;
    email?: string | null;
  }) {
    const id = u.id ?? this.nextId("users");
    if (u.id) this.ids.users = Math.max(this.ids.users ?? 0, u.id);
    this.users.push({
      id,
      real_name: u.realName,
      phone: u.phone,
      password_hash: u.weak ? this.hashes.weak : this.hashes.strong,
      gender: u.gender ?? null,
      enabled: 1,
      email: u.email ?? null,
      education_group_id: u.group,
      kindergarten_id: u.kg,
      class_id: u.classId ?? null,
      default_role_id: u.defaultRole ?? u.roles[0],
      bonus_points: 0,
      must_reset_password: 0,
      introducer_id: null,
      created_at: SEED_TIME,
      updated_at: SEED_TIME,
    });
    for (const role of u.roles) this.userRoles.push({ id: this.nextId("user_roles"), user_id: id, role_id: role });
    return id;
  }

  async write(h: DbHandle) {
    await h.db.transaction().execute(async (trx) => {
      await bulk(trx, "education_groups", this.groups);
      await bulk(trx, "kindergartens", this.kindergartens);
      await bulk(trx, "optional_functions", this.optional, 20);
      await bulk(trx, "classes", this.classes);
      await bulk(trx, "users", this.users, 300);
      await bulk(trx, "user_roles", this.userRoles, 1000);
      await bulk(trx, "class_teachers", this.classTeachers, 1000);
      await bulk(trx, "places", this.places, 500);
      await bulk(trx, "principal_kindergartens", this.principalKgs, 500);
      await bulk(trx, "pro_teacher_kindergartens", this.proTeacherKgs, 500);
      await bulk(trx, "expert_teachers", this.expertTeachers, 1000);
      await bulk(trx, "buses", this.buses, 200);
      await bulk(trx, "bus_teachers", this.busTeachers, 1000);
      await bulk(trx, "students", this.students, 150);
      await bulk(trx, "student_parents", this.studentParents, 1000);
      await bulk(trx, "doctor_students", this.doctorStudents, 1000);
      await trx
        .insertInto("audit_log")
        .values({
          user_id: null,
          role_id: null,
          action: "seed",
          entity: "database",
          entity_id: null,
          before: null,
          after: JSON.stringify({ users: this.users.length, students: this.students.length }),
          at: new Date().toISOString(),
        })
        .execute();
    });
    await syncSequences(h.db as Kysely<unknown>, h.dialect, SEQUENCE_TABLES);
  }

  /** Classes (2 per level unless said), 2 teachers each, 15–25 students each with a parent, 2 buses, 3 places. */
  populateKindergarten(
    kg: number,
    group: number,
    o: { perLevel?: number; studentsPerClass?: [number, number]; phoneBase: number; fixedTeachers?: Record<number, number[]> },
  ) {
    const r = this.r;
    const perLevel = o.perLevel ?? 2;
    const [minS, maxS] = o.studentsPerClass ?? [15, 25];
    let phoneSeq = 0;
    // 11 digits: prefix (3) + kindergarten base (3) + sequence (5); unique per kindergarten up to 999.
    const phone = (prefix: string) => `${prefix}${String(o.phoneBase % 1000).padStart(3, "0")}${String(++phoneSeq).padStart(5, "0")}`;

    // Places.
    for (const [zh, en] of [
      ["多功能厅", "Multi-purpose hall"],
      ["操场", "Playground"],
      ["图书角", "Reading corner"],
    ] as const)
      this.places.push({ id: this.nextId("places"), kindergarten_id: kg, name: zh, capacity: r.int(20, 120), remark: en });

    // Buses with stations (morning/afternoon times, null = no stop).
    const busIds: number[] = [];
    const stationNames: Record<number, string[]> = {};
    for (let b = 1; b <= 2; b++) {
      const id = this.nextId("buses");
      busIds.push(id);
      const names = ["阳光花园 Sunshine Garden", "滨河小区 Riverside Estate", "科技园 Tech Park", "中心广场 Central Square", "地铁站 Metro Station"].slice(
        0,
        r.int(3, 5),
      );
      stationNames[id] = names;
      const stations = names.map((name, i) => ({
        name,
        morning: `07:${String(10 + i * 8).padStart(2, "0")}`,
        afternoon: i === names.length - 1 && b === 2 ? null : `16:${String(30 + i * 7).padStart(2, "0")}`,
      }));
      const t1 = this.user({ realName: adultName(r), phone: phone("136"), roles: [8], kg, group });
      const t2 = this.user({ realName: adultName(r), phone: phone("136"), roles: [8], kg, group });
      this.buses.push({
        id,
        kindergarten_id: kg,
        name: `${b}号线 Route ${b}`,
        plate_number: `京A·${String(10000 + kg * 100 + b)}`,
        stations: JSON.stringify(stations),
        teacher1_id: t1,
        teacher2_id: t2,
      });
      this.busTeachers.push({ id: this.nextId("bus_teachers"), bus_id: id, user_id: t1 });
      this.busTeachers.push({ id: this.nextId("bus_teachers"), bus_id: id, user_id: t2 });
    }

    const classIds: number[] = [];
    for (const level of CLASS_LEVELS) {
      for (let n = 1; n <= perLevel; n++) {
        const classId = this.nextId("classes");
        classIds.push(classId);
        const ln = LEVEL_NAMES[level];
        this.classes.push({
          id: classId,
          kindergarten_id: kg,
          name: `${ln.zh}${ZH_NUM[(n - 1) % 10]}班`,
          name_en: `${ln.en} ${n}`,
          level,
          created_at: SEED_TIME,
        });
        const fixed = o.fixedTeachers?.[classIds.length] ?? [];
        const teachers = [...fixed];
        while (teachers.length < 2) {
          const foreign = teachers.length === 1 && r.chance(0.5);
          teachers.push(
            this.user({ realName: foreign ? foreignName(r) : adultName(r), phone: phone("137"), roles: [3], kg, group, classId, gender: "female" }),
          );
        }
        for (const t of teachers) this.classTeachers.push({ id: this.nextId("class_teachers"), class_id: classId, user_id: t });

        const birthYear = { pre: 2023, junior: 2022, middle: 2021, senior: 2020 }[level];
        const count = r.int(minS, maxS);
        for (let s = 0; s < count; s++) {
          const c = childName(r);
          const studentId = this.nextId("students");
          const fatherName = c.surname + adultName(r).slice(1);
          const motherName = adultName(r);
          const bus = r.chance(0.3) ? r.pick(busIds) : null;
          const status: StudentStatus = r.chance(0.9) ? "at_school" : r.pick(["preparatory", "suspended", "quit_refunded", "quit_unrefunded"] as const);
          const parentIsFather = r.chance(0.4);
          const parentPhone = phone("139");
          this.students.push({
            id: studentId,
            kindergarten_id: kg,
            class_id: classId,
            name: c.name,
            english_name: c.englishName,
            gender: c.gender,
            birthday: `${birthYear}-${String(r.int(1, 12)).padStart(2, "0")}-${String(r.int(1, 28)).padStart(2, "0")}`,
            status,
            nationality: r.chance(0.85) ? "中国 China" : r.pick(["美国 USA", "英国 UK", "新加坡 Singapore", "加拿大 Canada"]),
            photo_url: `https://static.example.invalid/students/${studentId}.jpg`,
            enrolled_on: `${birthYear + 3}-09-01`,
            health_history: r.chance(0.15) ? "曾患哮喘 Asthma (mild)" : "无 None",
            allergies: r.chance(0.2) ? r.pick(["花生 Peanuts", "牛奶 Milk", "海鲜 Seafood", "鸡蛋 Eggs"]) : null,
            medical_notes: null,
            emergency_contacts: JSON.stringify([
              {
                name: parentIsFather ? motherName : fatherName,
                relationship: parentIsFather ? "mother" : "father",
                phone: `135${String(kg).padStart(2, "0")}${String(studentId).padStart(6, "0").slice(-6)}`,
              },
            ]),
            insurance_company: r.pick(["中国人寿 China Life", "平安保险 Ping An", "太平洋保险 CPIC"]),
            insurance_policy_no: `POL${String(100000 + studentId)}`,
            insurance_expires: "2026-08-31",
            bus_requested: bus ? 1 : 0,
            bus_id: bus,
            bus_station: bus ? r.pick(stationNames[bus]) : null,
            photo_consent: r.chance(0.8) ? 1 : 0,
            home_language: r.chance(0.8) ? "中文 Chinese" : "English",
            other_languages: r.chance(0.5) ? "English" : null,
            language_notes: null,
            father_name: fatherName,
            father_phone: parentIsFather ? parentPhone : null,
            father_company: r.pick(["科技公司 Tech Co.", "银行 Bank", "医院 Hospital", "学校 School"]),
            father_position: r.pick(["工程师 Engineer", "经理 Manager", "医生 Doctor", "教师 Teacher"]),
            father_email: null,
            mother_name: motherName,
            mother_phone: parentIsFather ? null : parentPhone,
            mother_company: r.pick(["设计公司 Design Studio", "律师事务所 Law Firm", "医院 Hospital"]),
            mother_position: r.pick(["设计师 Designer", "律师 Lawyer", "护士 Nurse", "会计 Accountant"]),
            mother_email: null,
            home_address: `${r.pick(["阳光花园", "滨河小区", "科技园公寓"])} ${r.int(1, 30)}-${r.int(101, 2804)}`,
            ic_card_no: `IC${String(kg).padStart(2, "0")}${String(studentId).padStart(8, "0")}`,
            remark: null,
            created_at: SEED_TIME,
            updated_at: SEED_TIME,
          });
          const parentId = this.user({
            realName: parentIsFather ? fatherName : motherName,
            phone: parentPhone,
            roles: [4],
            kg,
            group,
            gender: parentIsFather ? "male" : "female",
          });
          this.studentParents.push({
            id: this.nextId("student_parents"),
            student_id: studentId,
            parent_id: parentId,
            relationship: parentIsFather ? "father" : "mother",
          });
        }
      }
    }
    return { classIds, busIds };
  }
}

const KG_INFO = [
  {
    id: 1,
    group: 1,
    name: "阳光幼儿园（朝阳园）",
    en: "Sunshine Kindergarten (Chaoyang)",
    province: "北京市",
    city: "北京市",
    area: "朝阳区",
    address: "朝阳路 88 号",
    lon: 116.4853,
    lat: 39.9219,
    start: "2024-09-01",
    end: "2027-08-31",
    max: 12,
    version: "standard" as const,
  },
  {
    id: 2,
    group: 1,
    name: "阳光幼儿园（海淀园）",
    en: "Sunshine Kindergarten (Haidian)",
    province: "北京市",
    city: "北京市",
    area: "海淀区",
    address: "中关村大街 12 号",
    lon: 116.3105,
    lat: 39.9837,
    start: "2025-03-01",
    end: "2026-12-31",
    max: 10,
    version: "lite" as const,
  },
  {
    id: 3,
    group: 1,
    name: "阳光幼儿园（浦东园）",
    en: "Sunshine Kindergarten (Pudong)",
    province: "上海市",
    city: "上海市",
    area: "浦东新区",
    address: "世纪大道 200 号",
    lon: 121.5447,
    lat: 31.2222,
    start: "2025-09-01",
    end: "2028-08-31",
    max: 10,
    version: "nurseries" as const,
  },
  {
    id: 4,
    group: 2,
    name: "星河幼儿园（南山园）",
    en: "Galaxy Kindergarten (Nanshan)",
    province: "广东省",
    city: "深圳市",
    area: "南山区",
    address: "科苑路 66 号",
    lon: 113.9442,
    lat: 22.5405,
    start: "2025-01-01",
    end: "2027-12-31",
    max: 12,
    version: "standard" as const,
  },
];

const DEMO_ACCOUNT_NAMES: Record<number, string> = {
  1: "周丽华",
  2: "陈建国",
  3: "李静",
  4: "王强",
  5: "刘敏",
  6: "平台管理员 Platform Admin",
  7: "赵婷",
  8: "孙鹏",
  9: "郑伟",
  10: "何军",
  11: "Sarah Johnson",
  12: "林燕",
  13: "马娜",
  14: "高洁",
  15: "罗涛",
  16: "梁霞",
};

export const demoPhone = (n: number) => `138${String(n).padStart(8, "0")}`;

export async function demoHashes() {
  return { strong: await hashPassword(DEMO_PASSWORD), weak: await hashPassword(WEAK_DEMO_PASSWORD) };
}

/** Loads the demo data into an empty, migrated database. */
export async function seedDemo(h: DbHandle, hashes?: { strong: string; weak: string }) {
  const b = new SeedBuilder(rng(20260105), hashes ?? (await demoHashes()));
  b.groups.push({ id: 1, name: "阳光教育集团", name_en: "Sunshine Education Group", created_at: SEED_TIME });
  b.groups.push({ id: 2, name: "星河教育集团", name_en: "Galaxy Education Group", created_at: SEED_TIME });
  for (const k of KG_INFO) {
    b.kindergartens.push({
      id: k.id,
      name: k.name,
      name_en: k.en,
      education_group_id: k.group,
      province: k.province,
      city: k.city,
      area: k.area,
      address: k.address,
      longitude: k.lon,
      latitude: k.lat,
      contract_start: k.start,
      contract_end: k.end,
      max_classes: k.max,
      version: k.version,
      registration_code: REGISTRATION_CODES[k.id],
      created_at: SEED_TIME,
      updated_at: SEED_TIME,
    });
    const flags: Record<string, number> = {};
    // Kindergarten 1: every show-flag on, every hide-flag off; 2: the opposite; 3 and 4: defaults.
    for (const f of SHOW_FLAGS) flags[f] = k.id === 1 ? 1 : 0;
    for (const f of HIDE_FLAGS) flags[f] = k.id === 2 ? 1 : 0;
    b.optional.push({
      id: k.id,
      kindergarten_id: k.id,
      ...(flags as Record<(typeof SHOW_FLAGS)[number] | (typeof HIDE_FLAGS)[number], number>),
      isUploadOriginalImage: k.id === 1 ? 1 : 0,
      isShowMonitoring: k.id === 1 ? 1 : 0,
      isShowObservationAnalysis: k.id === 1 ? 1 : 0,
      teachingRecordLimit: k.id === 1 ? 50 : 0,
      classCirclePostLimit: k.id === 1 ? 20 : 0,
      videoLengthSeconds: k.id === 1 ? 120 : 60,
      assistantSessionCount: k.id === 1 ? 10 : 0,
    });
  }
  // Ids of kindergartens/groups/optional functions are explicit; start the counters after them.
  b.nextId("education_groups");
  b.nextId("education_groups");
  for (let i = 0; i < 4; i++) {
    b.nextId("kindergartens");
    b.nextId("optional_functions");
  }

  // Demo accounts (shared/demo-data.md): user id = role id for the 16 one-per-role accounts.
  // Platform (6) and group (9, 10, 15, 16) accounts are of no kindergarten (issue 25): the platform, or group 1.
  for (let role = 1; role <= 16; role++) {
    const reach = ROLE_REACH[role as RoleId];
    const [kg, group] = reach === "platform" ? [null, null] : reach === "group" ? [null, 1] : [1, 1];
    b.user({ id: role, realName: DEMO_ACCOUNT_NAMES[role], phone: demoPhone(role), roles: [role], kg, group });
  }
  const multi = b.user({ realName: "吴芳", phone: demoPhone(100), roles: [3, 1], defaultRole: 3, kg: 1, group: 1 });
  const subject = b.user({ realName: "Michael Brown", phone: demoPhone(111), roles: [11], kg: 1, group: 1 });
  const weak = b.user({ realName: "黄敏", phone: demoPhone(200), roles: [3], kg: 1, group: 1, weak: true });
  const principal4 = b.user({ realName: "杨磊", phone: demoPhone(401), roles: [1], kg: 4, group: 2 });
  b.user({ realName: "胡洁", phone: demoPhone(405), roles: [5], kg: 4, group: 2 });

  // Kindergarten 1: the demo teachers lead its first classes.
  const kg1 = b.populateKindergarten(1, 1, { phoneBase: 1, fixedTeachers: { 1: [3], 2: [multi], 3: [weak] } });
  // Local staff of kindergartens 2 and 3 (principal, admin).
  for (const kg of [2, 3]) {
    b.user({ realName: adultName(b.r), phone: `135${String(kg).padStart(3, "0")}00001`, roles: [1], kg, group: 1 });
    b.user({ realName: adultName(b.r), phone: `135${String(kg).padStart(3, "0")}00002`, roles: [5], kg, group: 1 });
  }
  b.populateKindergarten(2, 1, { phoneBase: 2 });
  b.populateKindergarten(3, 1, { phoneBase: 3 });
  const kg4 = b.populateKindergarten(4, 2, { phoneBase: 4 });

  // Bindings.
  for (const kg of [1, 2]) b.principalKgs.push({ id: b.nextId("principal_kindergartens"), user_id: 1, kindergarten_id: kg, created_at: SEED_TIME });
  b.principalKgs.push({ id: b.nextId("principal_kindergartens"), user_id: principal4, kindergarten_id: 4, created_at: SEED_TIME });
  for (const kg of [1, 2]) b.proTeacherKgs.push({ id: b.nextId("pro_teacher_kindergartens"), user_id: subject, kindergarten_id: kg, created_at: SEED_TIME });
  b.proTeacherKgs.push({ id: b.nextId("pro_teacher_kindergartens"), user_id: 11, kindergarten_id: 1, created_at: SEED_TIME });
  b.expertTeachers.push({ id: b.nextId("expert_teachers"), expert_id: 2, teacher_id: 3 });
  b.expertTeachers.push({ id: b.nextId("expert_teachers"), expert_id: 2, teacher_id: multi });
  // Parent 13800000004: two children in kindergarten 1 (classes 1 and 5).
  const firstOf = (classId: number) => b.students.find((s) => s.class_id === classId)!.id as number;
  for (const cls of [kg1.classIds[0], kg1.classIds[4]])
    b.studentParents.push({ id: b.nextId("student_parents"), student_id: firstOf(cls), parent_id: 4, relationship: "father" });
  // Doctor 13800000007: the students of kindergarten 1's first two classes.
  for (const s of b.students.filter((s) => s.class_id === kg1.classIds[0] || s.class_id === kg1.classIds[1]))
    b.doctorStudents.push({ id: b.nextId("doctor_students"), doctor_id: 7, student_id: s.id as number });
  // Bus teacher 13800000008 accompanies kindergarten 1's first bus.
  const bus1 = b.buses.find((x) => x.id === kg1.busIds[0])!;
  const replaced = b.busTeachers.find((x) => x.bus_id === kg1.busIds[0] && x.user_id === bus1.teacher1_id)!;
  replaced.user_id = 8;
  bus1.teacher1_id = 8;
  void kg4;
  // The teacher account of 13800000003 belongs to its class.
  b.users.find((u) => u.id === 3)!.class_id = kg1.classIds[0];
  b.users.find((u) => u.id === multi)!.class_id = kg1.classIds[1];
  b.users.find((u) => u.id === weak)!.class_id = kg1.classIds[2];

  await b.write(h);
  await seedKindergartenManagement(h.db);
  await seedForms(h.db);
  await seedPushNotifications(h.db);
  await seedTeaching(h.db);
  await seedDaily(h.db, [1, 2, 3, 4]);
  await seedAdmission(h.db, [1, 2, 3, 4], { demo: true });
  await seedStudents(h.db);
  await seedBusesDevices(h.db);
  await seedTuition(h.db);
  return { users: b.users.length, students: b.students.length };
}
