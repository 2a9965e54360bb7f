/**
 * Demo data of the Teaching section (issue 12; deterministic): in kindergartens 1–4 observations and course records in
 * every state of the evaluation workflow (kindergarten 1's teacher 13800000003 and 吴芳 are bound to the expert
 * 13800000002, who has records waiting and evaluated), lesson plans (published and draft, some copied from presets),
 * preset lesson plans (platform-wide and per kindergarten), teaching records and student works (photos, a few-second
 * MP4), homework with parents' submissions (the parent 13800000004's child among them) and training materials.
 * Kindergarten 2 has every hide-flag on (teaching plan, records, works, homework hidden there): its rows exist for the
 * roles the flags do not hide. Sample files: see api/teaching/samples.ts.
 */
import type { Kysely } from "kysely";
import type { Database } from "./schema";
import { SEED_TIME } from "./seed";
import { seedFiles } from "./seed-files";
import { addDays, cnDateOf } from "@contract/school-time";

const OBS_TITLES = ["搭积木时的专注", "户外活动中的合作", "午餐自理能力", "绘本阅读兴趣", "与同伴分享玩具", "音乐游戏中的表现", "科学角的探索", "情绪表达"];
const COURSE_TITLES = ["认识秋天的树叶", "数字 1 到 10", "我的家人", "有趣的磁铁", "交通工具", "小小音乐家", "颜色的混合", "好习惯养成"];
const PLAN_TITLES = ["第一周：认识幼儿园", "第二周：我的身体", "第三周：美丽的秋天", "第四周：动物朋友"];
const PRESET_TITLES = ["小班·认识颜色", "中班·数的组成", "大班·科学小实验", "托班·亲子游戏"];
const RECORD_TITLES = ["晨间活动", "美术课：手印画", "户外体育：跳圈", "区角活动"];
const WORK_TITLES = ["我的家", "秋天的树", "彩虹", "小动物"];
const HOMEWORK = [
  { kind: "homework", title: "和爸爸妈妈一起读一本绘本", content: "读完后请画出最喜欢的一页" },
  { kind: "offCampus", title: "周末去公园寻找秋天", content: "拍一张秋叶的照片上传" },
];
const MATERIALS = [
  { reach: "kindergarten", title: "幼儿一日生活安全要点", description: "新教师入职必读" },
  { reach: "group", title: "集团教研：游戏化教学案例", description: "集团内共享的教研资料" },
];

/** Dates before SEED_TIME (2026-01-05): day `n` back. */
const daysBack = (n: number) => addDays(cnDateOf(SEED_TIME), -n);
const at = (day: string, hour = 9) => `${day}T${String(hour).padStart(2, "0")}:00:00.000Z`;

export async function seedTeaching(db: Kysely<Database>) {
  const { image, pdf, video } = seedFiles(db);
  /** `count` images of a record (colours in turn), as its image_file_ids (JSON). */
  const images = async (count: number, recordType: string, recordId: number) => {
    const ids: number[] = [];
    for (let k = 0; k < count; k++) ids.push(await image(n++, recordType, recordId));
    return JSON.stringify(ids);
  };
  let n = 0;

  const kgs = await db.selectFrom("kindergartens").select(["id", "education_group_id"]).where("id", "in", [1, 2, 3, 4]).orderBy("id").execute();
  const bindings = await db.selectFrom("expert_teachers").select(["expert_id", "teacher_id"]).execute();
  const expertOf = new Map(bindings.map((b) => [Number(b.teacher_id), Number(b.expert_id)]));

  for (const kg of kgs) {
    const kgId = Number(kg.id);
    const withFiles = kgId === 1 || kgId === 4;
    // Photos in every kindergarten: records with several, one and none (kindergartens 1 and 4 have more, and the videos).
    const photoCounts = withFiles ? [3, 1, 0, 2, 0, 1] : [2, 0, 1];
    const classes = await db.selectFrom("classes").select(["id"]).where("kindergarten_id", "=", kgId).orderBy("id").execute();
    const classIds = classes.map((c) => Number(c.id));
    // The classes with demo accounts in kindergarten 1: 0 (teacher 3, the parent's first child), 1 (吴芳), 4 (the parent's second child).
    const chosen = [classIds[0], classIds[1], classIds[4]].filter((x): x is number => x != null);
    const teacherOf = async (classId: number) => {
      const t = await db.selectFrom("class_teachers").select("user_id").where("class_id", "=", classId).orderBy("id").executeTakeFirst();
      return t ? Number(t.user_id) : 1;
    };
    const studentsOf = async (classId: number) =>
      (await db.selectFrom("students").select(["id"]).where("class_id", "=", classId).where("status", "=", "at_school").orderBy("id").execute()).map((s) =>
        Number(s.id),
      );
    const principal = await db
      .selectFrom("users")
      .select("users.id")
      .where("users.kindergarten_id", "=", kgId)
      .where("users.id", "in", db.selectFrom("user_roles").select("user_id").where("role_id", "=", 1))
      .orderBy("users.id")
      .executeTakeFirst();
    const admin = await db
      .selectFrom("users")
      .select("users.id")
      .where("users.kindergarten_id", "=", kgId)
      .where("users.id", "in", db.selectFrom("user_roles").select("user_id").where("role_id", "=", 5))
      .orderBy("users.id")
      .executeTakeFirst();

    for (const [ci, classId] of chosen.entries()) {
      const teacher = await teacherOf(classId);
      const students = await studentsOf(classId);
      const expert = expertOf.get(teacher) ?? null;
      // Observations and course records: every state; evaluated ones by the bound expert (or unbound: no evaluation).
      for (const table of ["observations", "course_records"] as const) {
        const titles = table === "observations" ? OBS_TITLES : COURSE_TITLES;
        const states = expert ? ["evaluated", "evaluated", "toEvaluate", "toEvaluate", "submitted", "draft"] : ["submitted", "submitted", "draft"];
        for (const [si, status] of states.entries()) {
          const day = daysBack(2 + si * 3 + ci);
          const evaluated = status === "evaluated";
          const row = await db
            .insertInto(table)
            .values({
              kindergarten_id: kgId,
              class_id: classId,
              student_id: table === "observations" && si % 3 !== 2 ? (students[si % 2] ?? null) : null,
              teacher_id: teacher,
              title: titles[(si + ci * 2) % titles.length]!,
              content:
                table === "observations"
                  ? "自由活动时间，孩子独立完成了任务，并主动邀请同伴一起参与，表现出良好的专注力和合作意识。"
                  : "活动目标：通过观察和动手操作，激发幼儿的探索兴趣。过程：导入、探索、分享、总结。",
              happened_on: day,
              status,
              grade: evaluated ? (si === 0 ? "excellent" : "good") : null,
              evaluation: evaluated ? "记录细致，观察点明确，建议后续补充对孩子个体差异的分析。" : null,
              expert_id: evaluated ? expert : null,
              submitted_at: status === "draft" ? null : at(day, 17),
              evaluated_at: evaluated ? at(daysBack(1 + si), 10) : null,
              created_at: at(day, 16),
              updated_at: at(day, 17),
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          const count = photoCounts[(si + ci) % photoCounts.length]!;
          if (count)
            await db
              .updateTable(table)
              .set({ image_file_ids: await images(count, table, Number(row.id)) })
              .where("id", "=", Number(row.id))
              .execute();
        }
      }
      // Teaching records (class) and student works (per child).
      for (let i = 0; i < 3; i++) {
        const day = daysBack(1 + i * 4 + ci);
        const r = await db
          .insertInto("teaching_records")
          .values({
            kindergarten_id: kgId,
            class_id: classId,
            student_id: i === 2 ? (students[0] ?? null) : null,
            author_id: teacher,
            title: RECORD_TITLES[(i + ci) % RECORD_TITLES.length]!,
            content: "孩子们积极参与，气氛热烈。",
            recorded_on: day,
            video_file_id: null,
            created_at: at(day, 15),
            updated_at: at(day, 15),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        {
          const photos = await images(photoCounts[(i + ci) % photoCounts.length]!, "teaching_records", Number(r.id));
          const clip = withFiles && i === 0 ? await video("teaching_records", Number(r.id)) : null;
          await db.updateTable("teaching_records").set({ image_file_ids: photos, video_file_id: clip }).where("id", "=", Number(r.id)).execute();
        }
        const student = students[i];
        if (student == null) continue;
        const w = await db
          .insertInto("student_works")
          .values({
            kindergarten_id: kgId,
            class_id: classId,
            student_id: student,
            author_id: teacher,
            title: WORK_TITLES[(i + ci) % WORK_TITLES.length]!,
            content: "蜡笔画",
            recorded_on: day,
            video_file_id: null,
            created_at: at(day, 15),
            updated_at: at(day, 15),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        {
          const photos = await images(photoCounts[(i + ci + 1) % photoCounts.length]!, "student_works", Number(w.id));
          const clip = withFiles && i === 1 ? await video("student_works", Number(w.id)) : null;
          await db.updateTable("student_works").set({ image_file_ids: photos, video_file_id: clip }).where("id", "=", Number(w.id)).execute();
        }
      }
      // Homework with submissions of some of the children's parents.
      for (const [hi, h] of HOMEWORK.entries()) {
        const due = daysBack(hi * 5 - 3);
        const hw = await db
          .insertInto("homeworks")
          .values({
            kindergarten_id: kgId,
            class_id: classId,
            author_id: teacher,
            kind: h.kind,
            title: h.title,
            content: h.content,
            due_on: due,
            created_at: at(daysBack(hi * 5 + 4), 9),
            updated_at: at(daysBack(hi * 5 + 4), 9),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        for (const [si, student] of students.entries()) {
          if (si % 3 === 2) continue; // not done
          const parent = await db.selectFrom("student_parents").select("parent_id").where("student_id", "=", student).orderBy("id").executeTakeFirst();
          if (!parent) continue;
          const s = await db
            .insertInto("homework_submissions")
            .values({
              homework_id: Number(hw.id),
              student_id: student,
              parent_id: Number(parent.parent_id),
              content: "已完成，孩子很喜欢。",
              submitted_at: at(daysBack(hi * 5 + 1), 20),
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          if (withFiles && si < 2) {
            const photos = await images(si === 0 ? 2 : 1, "homework_submissions", Number(s.id));
            await db.updateTable("homework_submissions").set({ image_file_ids: photos }).where("id", "=", Number(s.id)).execute();
          }
        }
      }
    }

    // Preset lesson plans of the kindergarten (by its admin) and lesson plans (two copied from presets).
    const presetIds: number[] = [];
    for (let i = 0; i < 2; i++) {
      const title = `${PRESET_TITLES[(i + kgId) % PRESET_TITLES.length]!}（园本）`;
      const p = await db
        .insertInto("preset_plans")
        .values({
          kindergarten_id: kgId,
          title,
          level: ["pre", "junior", "middle", "senior"][(i + kgId) % 4]!,
          summary: "园本预设教案，可复制到自己的教案中修改使用。",
          pdf_file_id: null,
          created_by: admin ? Number(admin.id) : null,
          created_at: at(daysBack(30 + i)),
          updated_at: at(daysBack(30 + i)),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      presetIds.push(Number(p.id));
      if (withFiles) {
        const f = await pdf(`preset-${kgId}-${i + 1}`, "preset_plans", Number(p.id));
        await db.updateTable("preset_plans").set({ pdf_file_id: f }).where("id", "=", Number(p.id)).execute();
      }
    }
    for (const [pi, title] of PLAN_TITLES.entries()) {
      const classId = chosen[pi % chosen.length]!;
      const author = await teacherOf(classId);
      const day = daysBack(28 - pi * 7);
      const p = await db
        .insertInto("lesson_plans")
        .values({
          kindergarten_id: kgId,
          education_group_id: Number(kg.education_group_id),
          class_id: pi === 3 ? null : classId,
          author_id: author,
          title,
          summary: "本周目标、活动安排与家园共育建议。",
          week_of: day,
          pdf_file_id: null,
          preset_id: pi === 1 ? (presetIds[0] ?? null) : null,
          status: pi === 2 ? "draft" : "published",
          created_at: at(day, 8),
          updated_at: at(day, 8),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (withFiles) {
        const f = await pdf(`lesson-plan-${kgId}-${pi + 1}`, "lesson_plans", Number(p.id));
        await db.updateTable("lesson_plans").set({ pdf_file_id: f }).where("id", "=", Number(p.id)).execute();
      }
    }
    // Training materials: one for the kindergarten, one shared with the group.
    for (const [mi, m] of MATERIALS.entries()) {
      const t = await db
        .insertInto("training_materials")
        .values({
          kindergarten_id: kgId,
          education_group_id: Number(kg.education_group_id),
          reach: m.reach,
          title: kgId === 1 || mi === 0 ? m.title : `${m.title}（${kgId} 园）`,
          description: m.description,
          pdf_file_id: null,
          video_file_id: null,
          source_id: null,
          created_by: principal ? Number(principal.id) : null,
          created_at: at(daysBack(40 + mi)),
          updated_at: at(daysBack(40 + mi)),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (withFiles) {
        const f = await pdf(`training-${kgId}-${mi + 1}`, "training_materials", Number(t.id));
        const v = mi === 0 ? await video("training_materials", Number(t.id)) : null;
        await db.updateTable("training_materials").set({ pdf_file_id: f, video_file_id: v }).where("id", "=", Number(t.id)).execute();
      }
    }
  }
  // Group-wide materials: a read-only copy in every other kindergarten of the group (as the API's syncMaterialCopies does).
  const shared = await db.selectFrom("training_materials").selectAll().where("reach", "=", "group").where("source_id", "is", null).execute();
  for (const m of shared) {
    const others = await db
      .selectFrom("kindergartens")
      .select("id")
      .where("education_group_id", "=", Number(m.education_group_id))
      .where("id", "!=", Number(m.kindergarten_id))
      .execute();
    for (const k of others) {
      const { id: _id, ...rest } = m;
      await db
        .insertInto("training_materials")
        .values({ ...rest, kindergarten_id: Number(k.id), source_id: Number(m.id) })
        .execute();
    }
  }
  // Platform presets (the super admin's, every kindergarten may copy them).
  for (const [i, title] of PRESET_TITLES.entries()) {
    const p = await db
      .insertInto("preset_plans")
      .values({
        kindergarten_id: null,
        title,
        level: ["pre", "middle", "senior", "pre"][i]!,
        summary: "平台预设教案。",
        pdf_file_id: null,
        created_by: 6,
        created_at: at(daysBack(60 + i)),
        updated_at: at(daysBack(60 + i)),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const f = await pdf(`preset-platform-${i + 1}`, "preset_plans", Number(p.id));
    if (f) await db.updateTable("preset_plans").set({ pdf_file_id: f }).where("id", "=", Number(p.id)).execute();
  }
}

/**
 * The large data set (npm run seed -- --large): a school year of observations and course records per class (one of each
 * per school week, 38 weeks, every state of the workflow), plus a lesson plan per class and week. No files.
 */
export async function generateTeachingLarge(db: Kysely<Database>, kindergartens: number[], weeks = 38) {
  const { bulk } = await import("./seed");
  let records = 0;
  const states = ["evaluated", "evaluated", "toEvaluate", "submitted", "draft"];
  for (let i = 0; i < kindergartens.length; i += 20) {
    const kgIds = kindergartens.slice(i, i + 20);
    const classes = await db
      .selectFrom("classes as c")
      .innerJoin("kindergartens as k", "k.id", "c.kindergarten_id")
      .select(["c.id", "c.kindergarten_id", "k.education_group_id"])
      .select((eb) => [
        eb.selectFrom("class_teachers as ct").select("ct.user_id").whereRef("ct.class_id", "=", "c.id").orderBy("ct.id").limit(1).as("teacher"),
        eb.selectFrom("students as s").select("s.id").whereRef("s.class_id", "=", "c.id").orderBy("s.id").limit(1).as("student"),
      ])
      .where("c.kindergarten_id", "in", kgIds)
      .execute();
    const obs: Parameters<typeof bulk<"observations">>[2] = [];
    const plans: Parameters<typeof bulk<"lesson_plans">>[2] = [];
    for (const c of classes) {
      if (c.teacher == null) continue;
      for (let w = 0; w < weeks; w++) {
        const day = daysBack(7 * w + 1);
        const status = states[w % states.length]!;
        obs.push({
          kindergarten_id: Number(c.kindergarten_id),
          class_id: Number(c.id),
          student_id: c.student == null ? null : Number(c.student),
          teacher_id: Number(c.teacher),
          title: OBS_TITLES[w % OBS_TITLES.length]!,
          content: "自由活动时间的观察记录。",
          happened_on: day,
          status,
          grade: status === "evaluated" ? "good" : null,
          evaluation: status === "evaluated" ? "记录细致。" : null,
          expert_id: null,
          submitted_at: status === "draft" ? null : at(day, 17),
          evaluated_at: status === "evaluated" ? at(day, 20) : null,
          created_at: at(day, 16),
          updated_at: at(day, 17),
        });
        plans.push({
          kindergarten_id: Number(c.kindergarten_id),
          education_group_id: Number(c.education_group_id),
          class_id: Number(c.id),
          author_id: Number(c.teacher),
          title: PLAN_TITLES[w % PLAN_TITLES.length]!,
          summary: null,
          week_of: day,
          pdf_file_id: null,
          preset_id: null,
          status: "published",
          created_at: at(day, 8),
          updated_at: at(day, 8),
        });
      }
    }
    await bulk(db, "observations", obs, 500);
    await bulk(
      db,
      "course_records",
      obs.map((o) => ({ ...o, title: COURSE_TITLES[records++ % COURSE_TITLES.length]!, student_id: null })),
      500,
    );
    await bulk(db, "lesson_plans", plans, 500);
  }
  const n = await db
    .selectFrom("observations")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return { observations: Number(n.n) };
}
