/**
 * Demo data of the Daily section (issue 13) for the given kindergartens: medication requests (today's, some due now,
 * one given, one cancelled), notices (a published kindergarten-wide one with read receipts, a class notice, a draft),
 * entrust messages in both states, care greetings, class circle posts with parents' comments (one hidden post), 14
 * days of health daily reports (some classes not reported today) and a week of baby-sitting records. Daily records
 * are dated relative to the seeding day (China time) so that the day lists and the Home page have something due;
 * everything else is deterministic. Used by seedDemo (kindergartens 1–4) and the large generator.
 */
import type { Kysely } from "kysely";
import { addDays, todayCn } from "@contract/daily/time";
import { GREETING_TEMPLATES } from "@contract/resources/daily-care-greetings";
import type { Database } from "./schema";
import { noticeRecipients } from "@api/resources/daily";
import { seedFiles } from "./seed-files";

const TEXT = {
  medicines: [
    ["小儿止咳糖浆", "5 ml"],
    ["阿莫西林颗粒", "半包"],
    ["益生菌", "1 袋"],
    ["布洛芬混悬液", "4 ml"],
  ],
  entrusts: ["今天孩子有点咳嗽，午睡时请帮忙多盖被子。", "今天下午奶奶来接，请老师核对一下。", "孩子早上没吃早饭，上午请给点水果。", "请提醒孩子多喝水。"],
  replies: ["好的，已知悉，会留意。", "收到，放学时会核对接送人。"],
  posts: ["今天我们在户外玩了滚轮胎游戏，孩子们都很开心！", "美术课：用树叶拼贴秋天的画。", "午餐时间，小朋友们自己动手盛饭。", "阅读角的新绘本到了。"],
  comments: ["谢谢老师的照片！", "孩子回家一直说这个游戏。", "太棒了，辛苦老师们了！"],
  symptoms: ["发热、咳嗽", "腹泻", "流涕"],
};

const iso = (date: string, time: string) => new Date(Date.parse(`${date}T${time}:00+08:00`)).toISOString();

export async function seedDaily(db: Kysely<Database>, kindergartens: number[], opts: { large?: boolean } = {}) {
  const files = seedFiles(db);
  const today = todayCn();
  const counts = { medications: 0, notices: 0, entrusts: 0, greetings: 0, posts: 0, healthReports: 0, nursery: 0 };
  for (const kg of kindergartens) {
    const classes = await db.selectFrom("classes").select(["id", "name"]).where("kindergarten_id", "=", kg).orderBy("id").execute();
    const students = await db
      .selectFrom("students")
      .select(["id", "name", "class_id"])
      .where("kindergarten_id", "=", kg)
      .where("status", "=", "at_school")
      .orderBy("id")
      .execute();
    if (!classes.length || !students.length) continue;
    const staff = async (role: number) =>
      (
        await db
          .selectFrom("users")
          .select("users.id")
          .where("users.kindergarten_id", "=", kg)
          .where("users.id", "in", db.selectFrom("user_roles").select("user_id").where("role_id", "=", role))
          .orderBy("users.id")
          .executeTakeFirst()
      )?.id ?? null;
    const principal = await staff(1);
    const doctor = await staff(7);
    const firstClass = classes[0]!;
    const teacherRow = await db.selectFrom("class_teachers").select("user_id").where("class_id", "=", firstClass.id).orderBy("id").executeTakeFirst();
    const teacher = teacherRow ? Number(teacherRow.user_id) : principal;
    const parentOf = async (studentId: number) =>
      (await db.selectFrom("student_parents").select("parent_id").where("student_id", "=", studentId).orderBy("id").executeTakeFirst())?.parent_id ?? null;

    // Medication: the doctor's bound students first (the demo doctor sees hers), else the first children.
    const bound = doctor
      ? (await db.selectFrom("doctor_students").select("student_id").where("doctor_id", "=", doctor).orderBy("id").limit(4).execute()).map((r) =>
          Number(r.student_id),
        )
      : [];
    const medStudents = (bound.length ? bound : students.slice(0, 4).map((s) => Number(s.id))).slice(0, 4);
    const now = new Date(Date.now() + 8 * 3600_000).toISOString().slice(11, 13) + ":00";
    for (const [i, sid] of medStudents.entries()) {
      const st =
        students.find((s) => Number(s.id) === sid) ??
        (await db.selectFrom("students").select(["id", "name", "class_id"]).where("id", "=", sid).executeTakeFirstOrThrow());
      const [medicine, dose] = TEXT.medicines[i % TEXT.medicines.length]!;
      const status = i === 2 ? "done" : i === 3 ? "cancelled" : "todo";
      await db
        .insertInto("medications")
        .values({
          kindergarten_id: kg,
          student_id: sid,
          class_id: st.class_id,
          date: i === 3 ? addDays(today, -1) : today,
          medicine,
          dose,
          times: i === 0 ? `${now}, 15:30` : i === 1 ? "11:30" : "09:00",
          photo_file_id: null,
          note: i === 0 ? "饭后服用" : null,
          status,
          requested_by: await parentOf(sid),
          given_by: status === "done" ? doctor : null,
          given_at: status === "done" ? iso(today, "09:05") : null,
          created_at: iso(addDays(today, -1), "18:00"),
          updated_at: iso(addDays(today, -1), "18:00"),
        })
        .execute();
      counts.medications++;
    }

    // Notices: a published one to the whole kindergarten (some read), a class notice, a draft.
    const notice = async (o: {
      title: string;
      content: string;
      audience: string;
      classIds?: number[];
      roleIds?: number[];
      by: number | null;
      published: boolean;
      day: number;
    }) => {
      const row = {
        kindergarten_id: kg,
        title: o.title,
        content: o.content,
        audience: o.audience,
        class_ids: JSON.stringify(o.classIds ?? []),
        role_ids: JSON.stringify(o.roleIds ?? []),
        image_file_id: null,
        video_file_id: null,
        status: o.published ? ("published" as const) : ("draft" as const),
        recipient_count: 0,
        created_by: o.by,
        created_at: iso(addDays(today, o.day), "08:00"),
        updated_at: iso(addDays(today, o.day), "08:00"),
        published_at: o.published ? iso(addDays(today, o.day), "08:30") : null,
      };
      const { id } = await db.insertInto("notices").values(row).returning("id").executeTakeFirstOrThrow();
      counts.notices++;
      if (!o.published) return;
      const recipients = await noticeRecipients(db, row);
      for (let i = 0; i < recipients.length; i += 200)
        await db
          .insertInto("notice_recipients")
          .values(
            recipients
              .slice(i, i + 200)
              .map((u, j) => ({ notice_id: Number(id), user_id: u, read_at: (i + j) % 3 === 0 ? iso(addDays(today, o.day), "10:00") : null })),
          )
          .execute();
      await db.updateTable("notices").set({ recipient_count: recipients.length }).where("id", "=", Number(id)).execute();
    };
    await notice({
      title: "关于冬季流感预防的通知",
      content: "近期流感高发，请家长每天早上为孩子测量体温，如有发热请居家休息并告知班级老师。",
      audience: "kindergarten",
      by: principal,
      published: true,
      day: -2,
    });
    await notice({
      title: `${firstClass.name}本周活动安排`,
      content: "周三上午户外写生，请为孩子准备运动鞋和水壶。",
      audience: "classes",
      classIds: [Number(firstClass.id)],
      by: teacher,
      published: true,
      day: -1,
    });
    await notice({ title: "元旦联欢会通知（草稿）", content: "", audience: "roles", roleIds: [3, 4], by: principal, published: false, day: 0 });

    // Entrust messages: to be confirmed today and confirmed yesterday, on the first class's children.
    const classKids = students.filter((s) => Number(s.class_id) === Number(firstClass.id)).slice(0, 4);
    for (const [i, st] of classKids.entries()) {
      const confirmed = i % 2 === 1;
      const parent = await parentOf(Number(st.id));
      await db
        .insertInto("entrusts")
        .values({
          kindergarten_id: kg,
          student_id: Number(st.id),
          class_id: st.class_id,
          date: confirmed ? addDays(today, -1) : today,
          content: TEXT.entrusts[i % TEXT.entrusts.length]!,
          status: confirmed ? "confirmed" : "to_confirm",
          reply: confirmed ? TEXT.replies[i % 2]! : null,
          confirmed_by: confirmed ? teacher : null,
          confirmed_at: confirmed ? iso(addDays(today, -1), "09:10") : null,
          created_by: parent,
          created_at: iso(addDays(today, confirmed ? -1 : 0), "07:40"),
          updated_at: iso(addDays(today, confirmed ? -1 : 0), "07:40"),
        })
        .execute();
      counts.entrusts++;
    }

    // Care greetings.
    for (const [i, kind] of (["birthday", "sick", "welcome"] as const).entries()) {
      const st = students[(i * 3) % students.length]!;
      await db
        .insertInto("care_greetings")
        .values({
          kindergarten_id: kg,
          student_id: Number(st.id),
          class_id: st.class_id,
          kind,
          content: GREETING_TEMPLATES[kind].zh.replace("{{name}}", st.name),
          created_by: teacher,
          created_at: iso(addDays(today, -i - 1), "16:00"),
          updated_at: iso(addDays(today, -i - 1), "16:00"),
        })
        .execute();
      counts.greetings++;
    }

    // Class circle: posts of the first two classes (one hidden), parents' comments; yesterday's and the day before's,
    // so that a post or comment is never later than now (a post written today is the newest, as it is in use).
    for (const [i, cl] of classes.slice(0, 2).entries())
      for (let j = 0; j < 2; j++) {
        const { id } = await db
          .insertInto("class_circle_posts")
          .values({
            kindergarten_id: kg,
            class_id: Number(cl.id),
            content: TEXT.posts[(i * 2 + j) % TEXT.posts.length]!,
            image_file_id: null,
            video_file_id: null,
            status: i === 1 && j === 1 ? "hidden" : "visible",
            created_by: i === 0 ? teacher : principal,
            created_at: iso(addDays(today, -j - 1), "15:00"),
            updated_at: iso(addDays(today, -j - 1), "15:00"),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        // A photo on every post but the last of each class (the list shows both sides).
        if (j === 0 && !opts.large)
          await db
            .updateTable("class_circle_posts")
            .set({ image_file_id: await files.image(i * 2 + kg, "classCircle", Number(id)) })
            .where("id", "=", Number(id))
            .execute();
        counts.posts++;
        const kid = students.find((s) => Number(s.class_id) === Number(cl.id));
        const parent = kid ? await parentOf(Number(kid.id)) : null;
        if (parent)
          await db
            .insertInto("class_circle_comments")
            .values({
              post_id: Number(id),
              kindergarten_id: kg,
              user_id: parent,
              content: TEXT.comments[j % TEXT.comments.length]!,
              status: "visible",
              created_at: iso(addDays(today, -j - 1), "19:00"),
            })
            .execute();
      }

    // Health daily reports: 14 days for every class; today only half of the classes have reported.
    const reportDays = opts.large ? 7 : 14;
    const rows = [];
    for (let d = reportDays - 1; d >= 0; d--) {
      const date = addDays(today, -d);
      for (const [ci, cl] of classes.entries()) {
        if (d === 0 && ci % 2 === 1) continue;
        const size = students.filter((s) => Number(s.class_id) === Number(cl.id)).length || 20;
        const ill = (ci + d) % 5 === 0 ? 1 + ((ci + d) % 2) : 0;
        const absent = ill + ((ci + d) % 3);
        rows.push({
          kindergarten_id: kg,
          class_id: Number(cl.id),
          date,
          present: Math.max(0, size - absent),
          absent,
          absent_ill: ill,
          symptoms: ill ? TEXT.symptoms[(ci + d) % TEXT.symptoms.length]! : null,
          temperature_checked: Math.max(0, size - absent),
          fever_count: ill && d % 2 === 0 ? 1 : 0,
          note: null,
          reported_by: principal,
          created_at: iso(date, "09:30"),
          updated_at: iso(date, "09:30"),
        });
      }
    }
    for (let i = 0; i < rows.length; i += 100)
      await db
        .insertInto("health_reports")
        .values(rows.slice(i, i + 100))
        .execute();
    counts.healthReports += rows.length;

    // Baby-sitting: the last 6 days (not today: the teacher's day sheet is to fill) for the first class's children.
    const nursery = [];
    for (let d = 6; d >= 1; d--) {
      const date = addDays(today, -d);
      for (const [si, st] of students
        .filter((s) => Number(s.class_id) === Number(firstClass.id))
        .slice(0, opts.large ? 5 : 30)
        .entries())
        nursery.push({
          kindergarten_id: kg,
          class_id: st.class_id,
          student_id: Number(st.id),
          date,
          mood: (["happy", "calm", "tired", "happy", "upset"] as const)[(si + d) % 5]!,
          meals: (["all", "most", "half", "all"] as const)[(si + d) % 4]!,
          hydration_ml: 300 + ((si * 37 + d * 11) % 5) * 50,
          toilet_times: ["09:40, 14:50", "10:10", "09:30, 11:20, 15:10"][(si + d) % 3]!,
          sleep_slots: "12:20-14:30",
          health_note: (si + d) % 7 === 0 ? "午睡后体温 37.2℃，已告知家长" : null,
          recorded_by: teacher,
          created_at: iso(date, "16:30"),
          updated_at: iso(date, "16:30"),
        });
    }
    for (let i = 0; i < nursery.length; i += 100)
      await db
        .insertInto("nursery_records")
        .values(nursery.slice(i, i + 100))
        .execute();
    counts.nursery += nursery.length;
  }
  return counts;
}
