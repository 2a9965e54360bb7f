import sharp from "sharp";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleMp4 } from "@api/teaching/mp4";
import { samplePdf, seedFilesReady } from "@api/teaching/samples";
import { phoneOf, startTestApi, type TestApi } from "./helpers";

/**
 * The Teaching section (issue 12; docs/sections/teaching.md), SQLite by default, TEST_DATABASE=postgres for PostgreSQL:
 * the evaluation workflow (draft → submitted → toEvaluate → evaluated) and who may move it, the expert's binding,
 * lesson plans' same-group rule, files checked by content (PDF, MP4, JPG/PNG), the video length read from the MP4
 * (mvhd) against the kindergarten's limit, the teaching-record limit, oversized files refused with nothing stored,
 * files refused to users outside the record's reach, parents seeing only their children's items, homework
 * submissions, and the expert comment rate.
 */
let t: TestApi;
let teacher: string; // 13800000003, kindergarten 1, bound to expert 2
let expert: string; // 13800000002
let principal: string; // 13800000001
let parent: string; // 13800000004 (children in kindergarten 1's classes 1 and 5)
let admin5: string;
let foreign1: string; // principal of kindergarten 4
let subject: string; // 13800000011
let classId = 0; // teacher 3's class
let studentId = 0; // the parent's child in it

const db = () => t.api.handle.db;
const count = async (table: "files" | "observations" | "teaching_records" | "lesson_plans") =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function upload(token: string, kind: "image" | "video" | "pdf", body: Buffer, name: string) {
  const fd = new FormData();
  fd.set("file", new Blob([new Uint8Array(body)]), name);
  const res = await fetch(new URL(`files/?kind=${kind}`, t.url), { method: "POST", headers: { token, lang: "en" }, body: fd });
  return { status: res.status, ...((await res.json()) as { code: number; msg: string; data: { id: number } }) };
}
async function getFile(token: string, id: number) {
  const res = await fetch(new URL(`files/${id}`, t.url), { headers: { token } });
  await res.arrayBuffer();
  return res.status;
}
const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: "#4a8" } })
    .png()
    .toBuffer();

beforeAll(async () => {
  t = await startTestApi();
  [teacher, expert, principal, parent, admin5, foreign1, subject] = await Promise.all([3, 2, 1, 4, 5, 401, 11].map((n) => t.token(phoneOf(n))));
  const u = await db().selectFrom("users").select("class_id").where("id", "=", 3).executeTakeFirstOrThrow();
  classId = Number(u.class_id);
  const s = await db()
    .selectFrom("student_parents as sp")
    .innerJoin("students as s", "s.id", "sp.student_id")
    .select("s.id")
    .where("sp.parent_id", "=", 4)
    .where("s.class_id", "=", classId)
    .executeTakeFirstOrThrow();
  studentId = Number(s.id);
  await seedFilesReady;
}, 120_000);
afterAll(async () => {
  await seedFilesReady;
  await t?.close();
});

describe("observations: the evaluation workflow", () => {
  let id = 0;
  it("a teacher writes a draft with a photo; bad input is refused per field and nothing is stored", async () => {
    const before = await count("observations");
    const bad = await t.call("POST", "teaching/observations/", { token: teacher, lang: "en", form: { title: "", classId, happenedOn: "2026-02-30" } });
    expect(bad.code).toBe(422);
    expect(bad.data.errors.title).toEqual(["Enter a title"]);
    expect(bad.data.errors.happenedOn).toBeTruthy();
    expect(bad.data.errors.content).toEqual(["Enter the content"]);
    expect(await count("observations")).toBe(before);
    const photo = await upload(teacher, "image", await png(), "a.png");
    expect(photo.code).toBe(200);
    const r = await t.call("POST", "teaching/observations/", {
      token: teacher,
      form: { title: "搭积木", classId, studentId, happenedOn: "2026-01-04", content: "专注", imageFileIds: photo.data.id },
    });
    expect(r.code, r.msg).toBe(200);
    id = r.data.id;
    expect(r.data.status).toBe("draft");
    expect(r.data.teacherId).toBe(3);
    expect(r.data.imageFileIds).toEqual([photo.data.id]);
    // A draft is only its author's: the parent and the expert do not see it.
    expect((await t.call("GET", `teaching/observations/${id}/`, { token: parent })).code).toBe(404);
    expect((await t.call("GET", `teaching/observations/${id}/`, { token: expert })).code).toBe(404);
  });

  it("only the author submits; the expert cannot; the wrong state answers 409", async () => {
    expect((await t.call("POST", `teaching/observations/${id}/submit/`, { token: expert })).code).toBe(403);
    expect((await t.call("POST", `teaching/observations/${id}/requestEvaluation/`, { token: teacher })).code).toBe(409);
    const r = await t.call("POST", `teaching/observations/${id}/submit/`, { token: teacher, lang: "en" });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.status).toBe("submitted");
    expect(r.data.submittedAt).toBeTruthy();
    // Past draft it is history: no change.
    const change = await t.call("PUT", `teaching/observations/${id}/`, {
      token: teacher,
      form: { title: "x", classId, happenedOn: "2026-01-04", content: "x" },
    });
    expect(change.code).toBe(409);
    // The parent now sees his child's observation.
    expect((await t.call("GET", `teaching/observations/${id}/`, { token: parent })).code).toBe(200);
  });

  it("sent for evaluation, the bound expert sees it waiting; the grade and comment are required; then evaluated", async () => {
    const r = await t.call("POST", `teaching/observations/${id}/requestEvaluation/`, { token: teacher });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.status).toBe("toEvaluate");
    const waiting = await t.call("GET", "teaching/observations/", { token: expert, query: { status: "toEvaluate", pageSize: 100 } });
    expect(waiting.data.list.map((x: { id: number }) => x.id)).toContain(id);
    // The teacher may not grade; the expert must give a comment, and a grade first.
    expect((await t.call("POST", `teaching/observations/${id}/grade/`, { token: teacher, form: { grade: "good" } })).code).toBe(403);
    expect((await t.call("POST", `teaching/observations/${id}/evaluate/`, { token: teacher, form: { comment: "x" } })).code).toBe(403);
    const noComment = await t.call("POST", `teaching/observations/${id}/evaluate/`, { token: expert });
    expect(noComment.code).toBe(422);
    const noGrade = await t.call("POST", `teaching/observations/${id}/evaluate/`, { token: expert, lang: "en", form: { comment: "很好" } });
    expect(noGrade.code).toBe(422);
    expect(noGrade.data.errors.grade).toEqual(["Choose a grade"]);
    const badGrade = await t.call("POST", `teaching/observations/${id}/grade/`, { token: expert, form: { grade: "superb" } });
    expect(badGrade.code).toBe(422);
    expect((await t.call("POST", `teaching/observations/${id}/grade/`, { token: expert, form: { grade: "excellent" } })).code).toBe(200);
    const done = await t.call("POST", `teaching/observations/${id}/evaluate/`, { token: expert, form: { comment: "观察细致" } });
    expect(done.code, done.msg).toBe(200);
    expect(done.data).toMatchObject({ status: "evaluated", grade: "excellent", evaluation: "观察细致", expertId: 2 });
    // Twice: 409; the teacher and the principal read the evaluation.
    expect((await t.call("POST", `teaching/observations/${id}/evaluate/`, { token: expert, form: { comment: "again" } })).code).toBe(409);
    for (const tok of [teacher, principal]) {
      const item = await t.call("GET", `teaching/observations/${id}/`, { token: tok });
      expect(item.data.evaluation).toBe("观察细致");
      expect(item.data.history.map((h: { action: string }) => h.action)).toEqual(["submit", "requestEvaluation", "evaluate"]);
    }
  });

  it("an expert evaluates only records of teachers bound to her; a teacher without an expert cannot send", async () => {
    // Course record by the subject teacher (not bound): sending is refused; the expert never sees it.
    const cls = await db().selectFrom("classes").select("id").where("kindergarten_id", "=", 1).orderBy("id").executeTakeFirstOrThrow();
    const r = await t.call("POST", "teaching/course_records/", {
      token: subject,
      form: { title: "音乐", classId: Number(cls.id), happenedOn: "2026-01-03", content: "x" },
    });
    expect(r.code, r.msg).toBe(200);
    expect((await t.call("POST", `teaching/course_records/${r.data.id}/submit/`, { token: subject })).code).toBe(200);
    const send = await t.call("POST", `teaching/course_records/${r.data.id}/requestEvaluation/`, { token: subject, lang: "en" });
    expect(send.code).toBe(409);
    expect(send.msg).toBe("No expert is bound to this teacher yet");
    await db().updateTable("course_records").set({ status: "toEvaluate" }).where("id", "=", r.data.id).execute();
    expect((await t.call("GET", `teaching/course_records/${r.data.id}/`, { token: expert })).code).toBe(404);
    expect((await t.call("POST", `teaching/course_records/${r.data.id}/grade/`, { token: expert, form: { grade: "good" } })).code).toBe(404);
    expect((await t.call("POST", `teaching/course_records/${r.data.id}/evaluate/`, { token: expert, form: { comment: "x" } })).code).toBe(404);
  });

  it("two concurrent evaluations: one wins", async () => {
    const row = await db().selectFrom("observations").select("id").where("status", "=", "toEvaluate").where("teacher_id", "=", 3).executeTakeFirstOrThrow();
    expect((await t.call("POST", `teaching/observations/${row.id}/grade/`, { token: expert, form: { grade: "good" } })).code).toBe(200);
    const both = await Promise.all(
      [1, 2].map((n) => t.call("POST", `teaching/observations/${row.id}/evaluate/`, { token: expert, form: { comment: `c${n}` } })),
    );
    expect(both.map((r) => r.code).sort()).toEqual([200, 409]);
  });

  it("another kindergarten's record is 404; the parent lists only his children's", async () => {
    const foreign = await db().selectFrom("observations").select("id").where("kindergarten_id", "=", 4).executeTakeFirstOrThrow();
    expect((await t.call("GET", `teaching/observations/${foreign.id}/`, { token: principal })).code).toBe(404);
    const mine = await t.call("GET", "teaching/observations/", { token: parent, query: { pageSize: 1000 } });
    expect(mine.code).toBe(200);
    const children = (await db().selectFrom("student_parents").select("student_id").where("parent_id", "=", 4).execute()).map((r) => Number(r.student_id));
    const classes = (await db().selectFrom("students").select("class_id").where("id", "in", children).execute()).map((r) => Number(r.class_id));
    expect(mine.data.list.length).toBeGreaterThan(0);
    for (const o of mine.data.list) {
      expect(o.status).not.toBe("draft");
      if (o.studentId != null) expect(children).toContain(o.studentId);
      else expect(classes).toContain(o.classId);
    }
  });
});

describe("files of teaching records", () => {
  it("the content decides: a text file named .pdf or .mp4 is refused and nothing is stored", async () => {
    const before = await count("files");
    const fake = Buffer.from("not a pdf\n".repeat(50));
    const r1 = await upload(teacher, "pdf", fake, "plan.pdf");
    expect(r1.status).toBe(400);
    expect(r1.msg).toBe("File format error");
    const r2 = await upload(teacher, "video", fake, "clip.mp4");
    expect(r2.status).toBe(400);
    const r3 = await upload(teacher, "pdf", await png(), "plan.pdf");
    expect(r3.status).toBe(400);
    expect(await count("files")).toBe(before);
  });

  it("an oversized file is refused with a clear message and nothing is stored", async () => {
    const before = await count("files");
    const max = t.api.deps.files.maxBytes("pdf");
    const big = Buffer.concat([samplePdf("big"), Buffer.alloc(max + 1024)]);
    const r = await upload(teacher, "pdf", big, "big.pdf");
    expect(r.status).toBe(413);
    expect(r.msg).toMatch(/MB/);
    expect(await count("files")).toBe(before);
  }, 30_000);

  it("the video length is read from the MP4 (mvhd) and checked against the kindergarten's limit; the record is not saved", async () => {
    const limit = Number(
      (await db().selectFrom("optional_functions").select("videoLengthSeconds").where("kindergarten_id", "=", 1).executeTakeFirstOrThrow()).videoLengthSeconds,
    );
    expect(limit).toBeGreaterThan(0);
    const before = await count("teaching_records");
    const long = await upload(teacher, "video", sampleMp4(limit + 30, 4096), "long.mp4");
    expect(long.code, long.msg).toBe(200);
    const refused = await t.call("POST", "teaching/teaching_records/", {
      token: teacher,
      lang: "en",
      form: { title: "晨练", classId, recordedOn: "2026-01-04", videoFileId: long.data.id },
    });
    expect(refused.code).toBe(422);
    expect(refused.data.errors.videoFileId[0]).toBe(`The video is ${limit + 30} seconds long; at most ${limit} seconds are allowed`);
    expect(await count("teaching_records")).toBe(before);
    const row = await db().selectFrom("files").select(["bucket", "record_type"]).where("id", "=", long.data.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ bucket: "temp", record_type: null });
    const short = await upload(teacher, "video", sampleMp4(3), "short.mp4");
    const photo = await upload(teacher, "image", await png(), "p.png");
    const ok = await t.call("POST", "teaching/teaching_records/", {
      token: teacher,
      form: { title: "晨练", classId, studentId, recordedOn: "2026-01-04", videoFileId: short.data.id, imageFileIds: photo.data.id },
    });
    expect(ok.code, ok.msg).toBe(200);
    // Served to who reaches the record (the teacher, the parent of the child, the principal); 404 to others.
    expect(await getFile(teacher, short.data.id)).toBe(200);
    expect(await getFile(parent, short.data.id)).toBe(200);
    expect(await getFile(principal, photo.data.id)).toBe(200);
    expect(await getFile(foreign1, short.data.id)).toBe(404);
    expect(await getFile(expert, photo.data.id)).toBe(404); // /teaching/TeachingRecord is not an expert page
  });

  it("without 'upload original image' only the thumbnail is kept", async () => {
    await sql`update optional_functions set ${sql.ref("isUploadOriginalImage")} = 0 where kindergarten_id = 1`.execute(db());
    try {
      const photo = await upload(teacher, "image", await png(), "p.png");
      const r = await t.call("POST", "teaching/student_works/", {
        token: teacher,
        form: { title: "画", classId, studentId, recordedOn: "2026-01-04", imageFileIds: photo.data.id },
      });
      expect(r.code, r.msg).toBe(200);
      const f = await db().selectFrom("files").select(["object_key", "thumb_key", "content_type"]).where("id", "=", photo.data.id).executeTakeFirstOrThrow();
      expect(f.object_key).toBe(f.thumb_key);
      expect(f.content_type).toBe("image/jpeg");
      expect(await getFile(teacher, photo.data.id)).toBe(200);
    } finally {
      await sql`update optional_functions set ${sql.ref("isUploadOriginalImage")} = 1 where kindergarten_id = 1`.execute(db());
    }
  });

  it("the teaching-record limit per class and month is enforced", async () => {
    await sql`update optional_functions set ${sql.ref("teachingRecordLimit")} = 1 where kindergarten_id = 1`.execute(db());
    try {
      const form = { title: "x", classId, recordedOn: "2026-03-03" };
      expect((await t.call("POST", "teaching/teaching_records/", { token: teacher, form })).code).toBe(200);
      const second = await t.call("POST", "teaching/teaching_records/", { token: teacher, lang: "en", form });
      expect(second.code).toBe(422);
      expect(second.data.errors.recordedOn[0]).toMatch(/limit/);
    } finally {
      await sql`update optional_functions set ${sql.ref("teachingRecordLimit")} = 50 where kindergarten_id = 1`.execute(db());
    }
  });
});

describe("lesson plans and presets", () => {
  it("PDF only; a teacher copies a preset; drafts only her own; published plans reach the parents of the class", async () => {
    const notPdf = await upload(teacher, "image", await png(), "p.png");
    const refused = await t.call("POST", "teaching/lesson_plans/", { token: teacher, lang: "en", form: { title: "第五周", pdfFileId: notPdf.data.id } });
    expect(refused.code).toBe(422);
    expect(refused.data.errors.pdfFileId).toBeTruthy();
    const preset = await db().selectFrom("preset_plans").select("id").where("kindergarten_id", "is", null).executeTakeFirstOrThrow();
    const copy = await t.call("POST", "teaching/lesson_plans/", { token: teacher, form: { title: "第五周", classId, presetId: Number(preset.id) } });
    expect(copy.code, copy.msg).toBe(200);
    expect(copy.data.pdfFileId).toBeTruthy();
    expect(copy.data.status).toBe("draft");
    expect((await t.call("GET", `teaching/lesson_plans/${copy.data.id}/`, { token: parent })).code).toBe(404);
    expect((await t.call("POST", `teaching/lesson_plans/${copy.data.id}/publish/`, { token: teacher })).code).toBe(200);
    expect((await t.call("GET", `teaching/lesson_plans/${copy.data.id}/`, { token: parent })).code).toBe(200);
    expect(await getFile(parent, copy.data.pdfFileId)).toBe(200);
    expect(await getFile(foreign1, copy.data.pdfFileId)).toBe(404);
  });

  it("the same-group rule: a plan of another education group is neither edited nor deleted", async () => {
    const pdf = await upload(principal, "pdf", samplePdf("plan"), "plan.pdf");
    const r = await t.call("POST", "teaching/lesson_plans/", { token: principal, form: { title: "集团外", pdfFileId: pdf.data.id } });
    expect(r.code, r.msg).toBe(200);
    await db().updateTable("lesson_plans").set({ education_group_id: 2 }).where("id", "=", r.data.id).execute();
    const change = await t.call("PUT", `teaching/lesson_plans/${r.data.id}/`, { token: principal, lang: "en", form: { title: "改", pdfFileId: pdf.data.id } });
    expect(change.code).toBe(403);
    expect(change.msg).toBe("Lesson plans can be added or edited only within the same education group");
    expect((await t.call("DELETE", `teaching/lesson_plans/${r.data.id}/`, { token: principal })).code).toBe(403);
  });

  it("presets: the kindergarten admin keeps hers; platform presets are the super admin's", async () => {
    const platform = await db().selectFrom("preset_plans").select("id").where("kindergarten_id", "is", null).executeTakeFirstOrThrow();
    expect((await t.call("DELETE", `teaching/preset_plans/${platform.id}/`, { token: admin5 })).code).toBe(403);
    const pdf = await upload(admin5, "pdf", samplePdf("preset"), "preset.pdf");
    const r = await t.call("POST", "teaching/preset_plans/", { token: admin5, form: { title: "园本", pdfFileId: pdf.data.id } });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.kindergartenId).toBe(1);
    expect((await t.call("GET", "teaching/preset_plans/", { token: teacher })).code).toBe(403);
  });
});

describe("training materials", () => {
  it("a group-wide material reaches the other kindergartens of the group as a read-only copy; never another group", async () => {
    const pdf = await upload(admin5, "pdf", samplePdf("safety"), "safety.pdf");
    const r = await t.call("POST", "teaching/training_materials/", { token: admin5, form: { title: "集团安全培训", reach: "group", pdfFileId: pdf.data.id } });
    expect(r.code, r.msg).toBe(200);
    const kg2admin = await t.token("13500200002");
    const list = await t.call("GET", "teaching/training_materials/", { token: kg2admin, query: { keyword: "集团安全培训" } });
    expect(list.data.list).toHaveLength(1);
    const copy = list.data.list[0];
    expect(copy).toMatchObject({ kindergartenId: 2, sourceId: r.data.id, pdfFileId: pdf.data.id });
    expect(
      (
        await t.call("PUT", `teaching/training_materials/${copy.id}/`, {
          token: kg2admin,
          form: { title: "改", reach: "kindergarten", pdfFileId: pdf.data.id },
        })
      ).code,
    ).toBe(409);
    expect(await getFile(kg2admin, pdf.data.id)).toBe(200);
    expect(await getFile(foreign1, pdf.data.id)).toBe(404);
    expect((await t.call("GET", "teaching/training_materials/", { token: foreign1, query: { keyword: "集团安全培训" } })).data.list).toHaveLength(0);
    // Back to the kindergarten only: the copies go.
    expect(
      (
        await t.call("PUT", `teaching/training_materials/${r.data.id}/`, {
          token: admin5,
          form: { title: "集团安全培训", reach: "kindergarten", pdfFileId: pdf.data.id },
        })
      ).code,
    ).toBe(200);
    expect((await t.call("GET", "teaching/training_materials/", { token: kg2admin, query: { keyword: "集团安全培训" } })).data.list).toHaveLength(0);
  });
});

describe("homework and the comment rate", () => {
  it("submissions per child with done / not done; a parent submits only for his own child", async () => {
    const hw = await db().selectFrom("homeworks").select("id").where("class_id", "=", classId).executeTakeFirstOrThrow();
    const before = await t.call("GET", `teaching/homeworks/${hw.id}/submissions/`, { token: teacher });
    expect(before.code).toBe(200);
    expect(before.data.total).toBeGreaterThan(0);
    const other = await db().selectFrom("students").select("id").where("class_id", "=", classId).where("id", "!=", studentId).executeTakeFirstOrThrow();
    expect((await t.call("POST", `home/homeworks/${hw.id}/submissions/`, { token: parent, form: { studentId: Number(other.id), content: "x" } })).code).toBe(
      422,
    );
    expect((await t.call("POST", `home/homeworks/${hw.id}/submissions/`, { token: teacher, form: { studentId, content: "x" } })).code).toBe(403);
    const r = await t.call("POST", `home/homeworks/${hw.id}/submissions/`, { token: parent, form: { studentId, content: "完成了" } });
    expect(r.code, r.msg).toBe(200);
    const after = await t.call("GET", `teaching/homeworks/${hw.id}/submissions/`, { token: teacher });
    expect(after.data.list.find((x: { studentId: number }) => x.studentId === studentId)).toMatchObject({ done: true, content: "完成了" });
    expect((await t.call("GET", `teaching/homeworks/${hw.id}/submissions/`, { token: foreign1 })).code).toBe(404);
  });

  it("the expert comment rate counts per expert and teacher (principal only)", async () => {
    const r = await t.call("GET", "teaching/expert_comment_rate/", { token: principal, query: { from: "2025-12-01", to: "2026-01-31" } });
    expect(r.code, r.msg).toBe(200);
    const e = r.data.experts.find((x: { id: number }) => x.id === 2);
    expect(e.teachers).toBe(2);
    const rows = await sql<{ n: number; e: number }>`select count(*) as n, sum(case when status = 'evaluated' then 1 else 0 end) as e from (
        select status, teacher_id, submitted_at from observations union all select status, teacher_id, submitted_at from course_records) x
      where teacher_id in (select teacher_id from expert_teachers where expert_id = 2) and status <> 'draft'
        and submitted_at >= '2025-12-01T00:00:00' and submitted_at <= '2026-01-31T23:59:59.999Z'`.execute(db());
    expect(e.submitted).toBe(Number(rows.rows[0]!.n));
    expect(e.evaluated).toBe(Number(rows.rows[0]!.e));
    const bad = await t.call("GET", "teaching/expert_comment_rate/", { token: principal, lang: "en", query: { from: "2026-02-30" } });
    expect(bad.code).toBe(422);
    expect((await t.call("GET", "teaching/expert_comment_rate/", { token: teacher })).code).toBe(403);
  });
});
