/**
 * Demo data of the Students section (issue 11) for kindergartens 1–4: attendance sources, arrival times and late
 * marks on the history seeded by seed-kgmgmt (30 school days), leave notes in every review state (passed ones
 * mark their days on leave), status histories, the student manual's versions, the late rule and the age 0–6
 * address (kindergarten 1 has its own, the others use the default). The demo child (first student of
 * kindergarten 1's first class: child of parent 13800000004, in teacher 13800000003's class, bound to doctor
 * 13800000007) rides bus teacher 13800000008's bus, so every narrowed role sees it.
 */
import { sql, type Insertable, type Kysely } from "kysely";
import type { Database } from "./schema";
import { rng } from "./names";
import { bulk, SEED_TIME } from "./seed";
import { DEMO_LAST_SCHOOL_DAY, schoolDays } from "./seed-kgmgmt";
import { seedFiles } from "./seed-files";
import { markLeaveDays } from "@api/services/attendance";

const MANUAL_V1 = `# 家长手册 Parent handbook

## 入园与离园 Arrival and pick-up
- 早上 7:30–8:30 入园，8:30 以后到园记为迟到。Arrival 7:30–8:30; later arrivals are marked late.
- 下午 16:30–17:30 离园，请持接送卡接孩子。Pick-up 16:30–17:30 with the pick-up card.

## 请假 Leave
- 请在前一天 18:00 前通过班主任提交请假条。File a leave note with the class teacher by 18:00 the day before.
`;
const MANUAL_V2 = `${MANUAL_V1}
## 健康 Health
- 幼儿发热 37.3°C 以上请在家休息。A child with a temperature above 37.3°C stays at home.
- 过敏信息有变化请及时告知保健医。Tell the health doctor at once when allergies change.
`;

export async function seedStudents(db: Kysely<Database>) {
  const r = rng(20261127);
  await db.transaction().execute(async (trx) => {
    const kgs = [1, 2, 3, 4];
    // The late rule and the age 0–6 address.
    await bulk(
      trx,
      "student_settings",
      kgs.map((kg) => ({
        kindergarten_id: kg,
        late_after: kg === 3 ? "08:45" : "08:30",
        age06_url: kg === 1 ? "https://www.example.gov.cn/age06/chaoyang" : null,
        updated_at: SEED_TIME,
      })),
    );

    // The demo child rides the first bus of kindergarten 1 (bus teacher 13800000008).
    const cls1 = await trx.selectFrom("classes").select("id").where("kindergarten_id", "=", 1).orderBy("id").executeTakeFirst();
    const demo = cls1 ? await trx.selectFrom("students").select(["id"]).where("class_id", "=", cls1.id).orderBy("id").executeTakeFirst() : undefined;
    const bus = await trx
      .selectFrom("bus_teachers as bt")
      .innerJoin("buses as b", "b.id", "bt.bus_id")
      .select(["b.id", "b.stations"])
      .where("bt.user_id", "=", 8)
      .orderBy("b.id")
      .executeTakeFirst();
    if (demo && bus) {
      let station: string | null = null;
      try {
        station = (JSON.parse(bus.stations) as { name: string }[])[0]?.name ?? null;
      } catch {
        station = null;
      }
      await trx
        .updateTable("students")
        .set({ bus_id: bus.id, bus_requested: 1, bus_station: station, allergies: "花生 Peanuts", status: "at_school" })
        .where("id", "=", demo.id)
        .execute();
    }

    // Attendance: sources, arrival times and late marks on the existing present records (one set-based update:
    // about one in 17 late, between 08:40 and 08:59; bus riders arrive by bus, the others mostly by face device).
    await sql`
      UPDATE student_attendance SET
        late = CASE WHEN id % 17 = 0 THEN 1 ELSE 0 END,
        source = CASE
          WHEN (SELECT bus_id FROM students WHERE students.id = student_attendance.student_id) IS NOT NULL THEN 'bus'
          WHEN id % 5 = 0 THEN 'ic' WHEN id % 5 = 1 THEN 'manual' ELSE 'face' END,
        arrived_at = CASE WHEN id % 17 = 0
          THEN date || 'T08:' || (40 + id % 20) || ':00'
          ELSE date || 'T0' || (7 + (30 + (id * 7) % 60) / 60) || ':' || CASE WHEN (30 + (id * 7) % 60) % 60 < 10 THEN '0' ELSE '' END || ((30 + (id * 7) % 60) % 60) || ':00' END,
        updated_at = date || 'T09:00:00'
      WHERE status = 'present' AND kindergarten_id IN (1, 2, 3, 4)`.execute(trx);

    // Leave notes in every state; passed ones mark their days on leave.
    const days = schoolDays(DEMO_LAST_SCHOOL_DAY, 30);
    const notes: Insertable<Database["leave_notes"]>[] = [];
    for (const kg of kgs) {
      const kids = await trx
        .selectFrom("students")
        .select(["id", "class_id"])
        .where("kindergarten_id", "=", kg)
        .where("status", "=", "at_school")
        .orderBy("id")
        .limit(40)
        .execute();
      const admin = await trx
        .selectFrom("users as u")
        .innerJoin("user_roles as ur", "ur.user_id", "u.id")
        .select("u.id")
        .where("u.kindergarten_id", "=", kg)
        .where("ur.role_id", "=", 5)
        .orderBy("u.id")
        .executeTakeFirst();
      const reviewer = admin ? Number(admin.id) : null;
      for (let i = 0; i < 8 && i < kids.length; i++) {
        const kid = kids[(i * 5 + 3) % kids.length]!;
        const start = days[r.int(0, days.length - 4)]!;
        const span = r.int(0, 2);
        const end = days[Math.min(days.indexOf(start) + span, days.length - 1)]!;
        const status = i < 4 ? "passed" : i < 6 ? "denied" : "waiting";
        const reason = r.pick(["personal", "sick", "sick", "bus"] as const);
        notes.push({
          kindergarten_id: kg,
          student_id: Number(kid.id),
          class_id: kid.class_id == null ? null : Number(kid.class_id),
          type: reason === "bus" ? "exemption" : "absence",
          reason,
          start_date: status === "waiting" ? "2026-01-06" : start,
          end_date: status === "waiting" ? "2026-01-07" : end,
          status,
          remark: reason === "sick" ? "发烧 Fever" : reason === "bus" ? "家长接送 Parents drive" : "家中有事 Family matter",
          created_by: reviewer,
          reviewed_by: status === "waiting" ? null : reviewer,
          review_comment: status === "denied" ? "请补充病历 Please add a doctor's note" : status === "passed" ? "同意 Approved" : null,
          reviewed_at: status === "waiting" ? null : SEED_TIME,
          created_at: SEED_TIME,
        });
      }
    }
    // The demo child's waiting note: the latest, so the class pages show it first.
    if (demo)
      notes.push({
        kindergarten_id: 1,
        student_id: Number(demo.id),
        class_id: cls1 ? Number(cls1.id) : null,
        type: "absence",
        reason: "sick",
        start_date: "2026-01-12",
        end_date: "2026-01-13",
        status: "waiting",
        remark: "咳嗽 Cough",
        created_by: 3,
        created_at: SEED_TIME,
      });
    // Two more riders of that bus with notes (one waiting, one passed), so the bus teacher's page has both sides
    // even after someone reviews the demo child's note.
    if (bus) {
      const riders = await trx
        .selectFrom("students")
        .select(["id", "class_id"])
        .where("bus_id", "=", bus.id)
        .where("status", "=", "at_school")
        .where("id", "!=", demo ? Number(demo.id) : 0)
        .orderBy("id")
        .limit(2)
        .execute();
      riders.forEach((k, i) =>
        notes.push({
          kindergarten_id: 1,
          student_id: Number(k.id),
          class_id: k.class_id == null ? null : Number(k.class_id),
          type: "exemption",
          reason: "bus",
          // The waiting one ahead, the passed one on recorded school days (it marks them on leave).
          start_date: i === 0 ? "2026-01-08" : "2025-12-30",
          end_date: i === 0 ? "2026-01-09" : "2025-12-31",
          status: i === 0 ? "waiting" : "passed",
          remark: "家长接送 Parents drive",
          created_by: 3,
          reviewed_by: i === 0 ? null : 5,
          review_comment: i === 0 ? null : "同意 Approved",
          reviewed_at: i === 0 ? null : SEED_TIME,
          created_at: SEED_TIME,
        }),
      );
    }
    await bulk(trx, "leave_notes", notes);
    for (const n of notes.filter((x) => x.status === "passed"))
      await markLeaveDays(
        trx,
        { student_id: n.student_id, kindergarten_id: n.kindergarten_id, class_id: n.class_id ?? null, start_date: n.start_date, end_date: n.end_date },
        (n.reviewed_by as number | null) ?? null,
      );

    // Status histories: every student's first status, and a few moves.
    const all = await trx.selectFrom("students").select(["id", "kindergarten_id", "status", "enrolled_on"]).where("kindergarten_id", "in", kgs).execute();
    const history: Insertable<Database["student_status_history"]>[] = [];
    for (const s of all) {
      const first = s.status === "preparatory" ? "preparatory" : "at_school";
      history.push({ student_id: Number(s.id), kindergarten_id: Number(s.kindergarten_id), from_status: null, to_status: first, changed_at: SEED_TIME });
      if (s.status !== first)
        history.push({
          student_id: Number(s.id),
          kindergarten_id: Number(s.kindergarten_id),
          from_status: first,
          to_status: s.status,
          reason: s.status === "suspended" ? "出国探亲 Family trip abroad" : "搬家 Moved away",
          changed_at: SEED_TIME,
        });
    }
    await bulk(trx, "student_status_history", history, 500);

    // Photos: the children of kindergarten 1's first three classes have one, but every fifth (the list and the
    // "photo missing" check show both sides; the rest of the demo stays without, like a school that is starting).
    const photoClasses = await trx.selectFrom("classes").select("id").where("kindergarten_id", "=", 1).orderBy("id").limit(3).execute();
    const photographed = await trx
      .selectFrom("students")
      .select("id")
      .where(
        "class_id",
        "in",
        photoClasses.map((c) => Number(c.id)),
      )
      .orderBy("id")
      .execute();
    const files = seedFiles(trx);
    for (const [i, st] of photographed.entries()) {
      if (i % 5 === 4) continue;
      const fileId = await files.image(i, "students", Number(st.id));
      await trx.updateTable("students").set({ photo_file_id: fileId }).where("id", "=", Number(st.id)).execute();
    }

    // The student manual: two versions in kindergarten 1, one in 2 and 4; none in 3 (the empty state).
    await bulk(trx, "student_manuals", [
      { kindergarten_id: 1, version: 1, title: "阳光幼儿园家长手册", content: MANUAL_V1, note: "首版 First edition", created_at: "2025-08-25T02:00:00.000Z" },
      { kindergarten_id: 1, version: 2, title: "阳光幼儿园家长手册", content: MANUAL_V2, note: "增加健康章节 Health chapter added", created_at: SEED_TIME },
      { kindergarten_id: 2, version: 1, title: "家长手册 Parent handbook", content: MANUAL_V1, note: null, created_at: SEED_TIME },
      { kindergarten_id: 4, version: 1, title: "家长手册 Parent handbook", content: MANUAL_V2, note: null, created_at: SEED_TIME },
    ]);
  });
}

/**
 * The large generator's share (api/db/seed-large.ts): set-based INSERT … SELECT per school day, so it scales.
 * Every kindergarten gets `days` school days of attendance ending at the demo's last school day (sources, late marks,
 * about 4% absent and 3% on leave); the first kindergarten gets a whole school year (190 school days) so the
 * benchmark's month grid of its largest class reads a realistic table; plus waiting and passed leave notes.
 */
export async function seedStudentsLarge(db: Kysely<Database>, kindergartens: number[], o: { days?: number; yearKg?: number | null } = {}) {
  if (!kindergartens.length) return { attendance: 0, leaveNotes: 0 };
  const short = schoolDays(DEMO_LAST_SCHOOL_DAY, o.days ?? 20);
  const year = schoolDays(DEMO_LAST_SCHOOL_DAY, 190);
  const yearKg = o.yearKg === undefined ? kindergartens[0]! : o.yearKg;
  let n = 0;
  const insertDay = async (day: string, i: number, kgs: number[]) => {
    const r = await sql`
      INSERT INTO student_attendance (student_id, kindergarten_id, class_id, date, status, source, late, arrived_at, updated_at)
      SELECT s.id, s.kindergarten_id, s.class_id, ${day},
        CASE WHEN (s.id + ${i}) % 25 = 0 THEN 'absent' WHEN (s.id + ${i}) % 33 = 0 THEN 'leave' ELSE 'present' END,
        CASE WHEN s.bus_id IS NOT NULL THEN 'bus' WHEN (s.id + ${i}) % 5 = 0 THEN 'ic' ELSE 'face' END,
        CASE WHEN (s.id * 3 + ${i}) % 19 = 0 THEN 1 ELSE 0 END,
        ${day} || CASE WHEN (s.id * 3 + ${i}) % 19 = 0 THEN 'T08:47:00' ELSE 'T08:05:00' END,
        ${day} || 'T09:00:00'
      FROM students s
      WHERE s.kindergarten_id IN (${sql.join(kgs)}) AND s.status = 'at_school'
      ON CONFLICT (student_id, date) DO NOTHING`.execute(db);
    n += Number(r.numAffectedRows ?? 0);
  };
  const others = kindergartens.filter((k) => k !== yearKg);
  for (const [i, day] of short.entries()) if (others.length) await insertDay(day, i, others);
  if (yearKg != null) for (const [i, day] of year.entries()) await insertDay(day, i, [yearKg]);
  // Leave notes: per kindergarten, one passed note over the last school day and one waiting note after it.
  const r1 = await sql`
    INSERT INTO leave_notes (kindergarten_id, student_id, class_id, type, reason, start_date, end_date, status, remark, created_at)
    SELECT s.kindergarten_id, s.id, s.class_id, 'absence', CASE WHEN s.id % 3 = 0 THEN 'personal' ELSE 'sick' END,
      ${DEMO_LAST_SCHOOL_DAY}, ${DEMO_LAST_SCHOOL_DAY}, CASE WHEN s.id % 2 = 0 THEN 'passed' ELSE 'waiting' END, NULL, ${SEED_TIME}
    FROM students s
    WHERE s.kindergarten_id IN (${sql.join(kindergartens)}) AND s.status = 'at_school' AND s.id % 40 = 0`.execute(db);
  return { attendance: n, leaveNotes: Number(r1.numAffectedRows ?? 0) };
}
