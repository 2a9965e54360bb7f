import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { movePhotosIntoLists } from "@api/db/migration-record-images";
import { sampleMp4 } from "@api/teaching/mp4";
import { samplePdf, seedFilesReady } from "@api/teaching/samples";
import { phoneOf, startTestApi, type TestApi } from "./helpers";

/**
 * Several images per record (issue 12, "images and MP4 video in records and works"; SQLite by default,
 * TEST_DATABASE=postgres for PostgreSQL): an ordered list of up to 9 image file ids on observations, course records,
 * teaching records, student works and homework submissions. Order kept on change, removed images deleted, more than 9
 * or a non-image refused per field with nothing stored, every image opened by who reaches the record and by nobody else,
 * the single photo of before moved into the list by migration 016, exports counting the images.
 */
let t: TestApi;
let teacher: string; // 13800000003, kindergarten 1
let principal: string; // 13800000001
let parent: string; // 13800000004, a child in the teacher's class
let outsiderParent: string; // a parent of kindergarten 1 with no child in that record
let foreign1: string; // principal of kindergarten 4
let classId = 0;
let studentId = 0;

const db = () => t.api.handle.db;
const png = (colour = "#4a8") =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function upload(token: string, kind: "image" | "video" | "pdf", body: Buffer, name: string) {
  const fd = new FormData();
  fd.set("file", new Blob([new Uint8Array(body)]), name);
  const res = await fetch(new URL(`files/?kind=${kind}`, t.url), { method: "POST", headers: { token, lang: "en" }, body: fd });
  return { status: res.status, ...((await res.json()) as { code: number; msg: string; data: { id: number } }) };
}
const images = async (token: string, n: number) => {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = await upload(token, "image", await png(`#${(i * 3 + 1) % 10}${i % 10}8`), `p${i}.png`);
    expect(r.code, r.msg).toBe(200);
    ids.push(r.data.id);
  }
  return ids;
};
async function fileStatus(token: string, id: number, variant = "") {
  const res = await fetch(new URL(`files/${id}${variant ? `?variant=${variant}` : ""}`, t.url), { headers: { token } });
  await res.arrayBuffer();
  return res.status;
}
const fileRow = (id: number) => db().selectFrom("files").select(["bucket", "record_type", "record_id"]).where("id", "=", id).executeTakeFirst();
const count = async (table: "files" | "observations" | "student_works") =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A form the way the console posts it: the list as repeated fields, in order. */
async function post(method: "POST" | "PUT", path: string, token: string, form: Record<string, string | number | number[]>, lang = "en") {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) for (const x of Array.isArray(v) ? v : [v]) body.append(k, String(x));
  const res = await fetch(new URL(path, t.url), {
    method,
    headers: { token, lang, appid: "kg-admin-pc", "content-type": "application/x-www-form-urlencoded" },
    body,
  });
  return (await res.json()) as { code: number; msg: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

beforeAll(async () => {
  t = await startTestApi();
  [teacher, principal, parent, foreign1] = await Promise.all([3, 1, 4, 401].map((n) => t.token(phoneOf(n))));
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
  // A parent of kindergarten 1 who is not a parent of that child (another child's parent).
  const other = await db()
    .selectFrom("users as u")
    .innerJoin("student_parents as sp", "sp.parent_id", "u.id")
    .select(["u.phone"])
    .where("u.kindergarten_id", "=", 1)
    .where("u.default_role_id", "=", 4)
    .where("u.enabled", "=", 1)
    .where("u.must_reset_password", "=", 0)
    .where("u.id", "not in", db().selectFrom("student_parents").select("parent_id").where("student_id", "=", studentId))
    .orderBy("u.id")
    .executeTakeFirstOrThrow();
  outsiderParent = await t.token(other.phone);
  await seedFilesReady;
}, 120_000);
afterAll(async () => {
  await seedFilesReady;
  await t?.close();
});

describe("a record's images", () => {
  let workId = 0;
  let ids: number[] = [];

  it("a student work takes 3 images in order beside its MP4; each is the record's, opened by its teacher and the child's parent only", async () => {
    ids = await images(teacher, 3);
    const clip = await upload(teacher, "video", sampleMp4(3), "clip.mp4");
    const r = await post("POST", "teaching/student_works/", teacher, {
      title: "三张画",
      classId,
      studentId,
      recordedOn: "2026-01-04",
      imageFileIds: ids,
      videoFileId: clip.data.id,
    });
    expect(r.code, r.msg).toBe(200);
    workId = r.data.id;
    expect(r.data.imageFileIds).toEqual(ids);
    expect(r.data.videoFileId).toBe(clip.data.id);
    for (const id of ids) expect(await fileRow(id)).toEqual({ bucket: "main", record_type: "student_works", record_id: workId });
    // The item as read back, and the list's row, carry the same order.
    expect((await t.call("GET", `teaching/student_works/${workId}/`, { token: teacher })).data.imageFileIds).toEqual(ids);
    const list = await t.call("GET", "teaching/student_works/", { token: teacher, query: { keyword: "三张画" } });
    expect(list.data.list[0].imageFileIds).toEqual(ids);
    // Every image of the list, original and thumbnail, for who reaches the record; 404 to the others.
    for (const id of ids) {
      expect(await fileStatus(teacher, id)).toBe(200);
      expect(await fileStatus(parent, id, "thumb")).toBe(200);
      expect(await fileStatus(principal, id)).toBe(200);
      expect(await fileStatus(outsiderParent, id)).toBe(404);
      expect(await fileStatus(foreign1, id)).toBe(404);
    }
  });

  it("a change that removes one and adds one keeps the order; the removed image is deleted; a reorder is kept", async () => {
    const [added] = await images(teacher, 1);
    const form = { title: "三张画", classId, studentId, recordedOn: "2026-01-04" };
    const r = await post("PUT", `teaching/student_works/${workId}/`, teacher, { ...form, imageFileIds: [ids[0]!, ids[2]!, added!] });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.imageFileIds).toEqual([ids[0], ids[2], added]);
    expect(await fileRow(ids[1]!)).toBeUndefined();
    expect(await fileStatus(teacher, ids[1]!)).toBe(404);
    expect(await fileRow(added!)).toEqual({ bucket: "main", record_type: "student_works", record_id: workId });
    const again = await post("PUT", `teaching/student_works/${workId}/`, teacher, { ...form, imageFileIds: [added!, ids[0]!, ids[2]!] });
    expect(again.data.imageFileIds).toEqual([added, ids[0], ids[2]]);
    // The parents' apps may send the list comma-separated.
    const comma = await t.call("PUT", `teaching/student_works/${workId}/`, { token: teacher, form: { ...form, imageFileIds: `${ids[2]},${added}` } });
    expect(comma.code, comma.msg).toBe(200);
    expect(comma.data.imageFileIds).toEqual([ids[2], added]);
    expect(await fileRow(ids[0]!)).toBeUndefined();
  });

  it("ten images are refused on the field, in either language; nothing is stored and the uploads stay unclaimed", async () => {
    const ten = await images(teacher, 10);
    const [records, files] = [await count("observations"), await count("files")];
    const form = { title: "十张", classId, happenedOn: "2026-01-04", content: "太多了", imageFileIds: ten };
    const en = await post("POST", "teaching/observations/", teacher, form);
    expect(en.code).toBe(422);
    expect(en.data.errors.imageFileIds).toEqual(["At most 9 images"]);
    const zh = await post("POST", "teaching/observations/", teacher, form, "zh");
    expect(zh.data.errors.imageFileIds).toEqual(["最多 9 张图片"]);
    expect(await count("observations")).toBe(records);
    expect(await count("files")).toBe(files);
    for (const id of ten) expect(await fileRow(id)).toEqual({ bucket: "temp", record_type: null, record_id: null });
    // A change past 9 is refused too and leaves the record as it was.
    const before = (await t.call("GET", `teaching/student_works/${workId}/`, { token: teacher })).data.imageFileIds;
    const change = await post("PUT", `teaching/student_works/${workId}/`, teacher, {
      title: "三张画",
      classId,
      studentId,
      recordedOn: "2026-01-04",
      imageFileIds: [...before, ...ten.slice(0, 8)],
    });
    expect(change.code).toBe(422);
    expect((await t.call("GET", `teaching/student_works/${workId}/`, { token: teacher })).data.imageFileIds).toEqual(before);
  });

  it("a file that is not an image by its content, or too large, is refused with nothing stored; a PDF is not an image of a record", async () => {
    const files = await count("files");
    const fake = await upload(teacher, "image", Buffer.from("not an image\n".repeat(40)), "fake.png");
    expect(fake.status).toBe(400);
    expect(fake.msg).toBe("File format error");
    const pdfAsPng = await upload(teacher, "image", samplePdf("x"), "plan.png");
    expect(pdfAsPng.status).toBe(400);
    // Past the image limit (read while streaming): 413 with the limit, nothing stored.
    const max = t.api.deps.files.maxBytes("image");
    const big = await upload(teacher, "image", Buffer.concat([await png(), Buffer.alloc(max + 1024)]), "big.png");
    expect(big.status).toBe(413);
    expect(big.msg).toMatch(/MB/);
    expect(await count("files")).toBe(files);
    const pdf = await upload(teacher, "pdf", samplePdf("plan"), "plan.pdf");
    const works = await count("student_works");
    const r = await post("POST", "teaching/student_works/", teacher, { title: "x", classId, studentId, recordedOn: "2026-01-04", imageFileIds: [pdf.data.id] });
    expect(r.code).toBe(422);
    expect(r.data.errors.imageFileIds[0]).toMatch(/cannot be used/);
    expect(await count("student_works")).toBe(works);
    expect(await fileRow(pdf.data.id)).toEqual({ bucket: "temp", record_type: null, record_id: null });
  });

  it("deleting the record deletes its images", async () => {
    const current = (await t.call("GET", `teaching/student_works/${workId}/`, { token: teacher })).data.imageFileIds as number[];
    expect(current.length).toBeGreaterThan(0);
    expect((await t.call("DELETE", `teaching/student_works/${workId}/`, { token: teacher })).code).toBe(200);
    for (const id of current) expect(await fileRow(id)).toBeUndefined();
  });
});

describe("images elsewhere", () => {
  it("an observation's images are refused to a parent while it is a draft and to another kindergarten", async () => {
    const ids = await images(teacher, 2);
    const r = await post("POST", "teaching/observations/", teacher, {
      title: "两张",
      classId,
      studentId,
      happenedOn: "2026-01-04",
      content: "x",
      imageFileIds: ids,
    });
    expect(r.code, r.msg).toBe(200);
    for (const id of ids) {
      expect(await fileStatus(teacher, id)).toBe(200);
      expect(await fileStatus(parent, id)).toBe(404); // a draft is only its author's
      expect(await fileStatus(foreign1, id)).toBe(404);
    }
    expect((await t.call("POST", `teaching/observations/${r.data.id}/submit/`, { token: teacher })).code).toBe(200);
    for (const id of ids) {
      expect(await fileStatus(parent, id)).toBe(200);
      expect(await fileStatus(outsiderParent, id)).toBe(404);
    }
  });

  it("a parent's homework submission holds several images, seen by the class's teacher", async () => {
    const hw = await db().selectFrom("homeworks").select("id").where("class_id", "=", classId).orderBy("id").executeTakeFirstOrThrow();
    const ids = await images(parent, 2);
    const r = await post("POST", `home/homeworks/${hw.id}/submissions/`, parent, { studentId, content: "画好了", imageFileIds: ids });
    expect(r.code, r.msg).toBe(200);
    const list = await t.call("GET", `teaching/homeworks/${hw.id}/submissions/`, { token: teacher });
    expect(list.data.list.find((x: { studentId: number }) => x.studentId === studentId).imageFileIds).toEqual(ids);
    for (const id of ids) {
      expect(await fileStatus(teacher, id)).toBe(200);
      expect(await fileStatus(foreign1, id)).toBe(404);
    }
    const tooMany = await post("POST", `home/homeworks/${hw.id}/submissions/`, parent, { studentId, imageFileIds: await images(parent, 10) });
    expect(tooMany.code).toBe(422);
    expect(tooMany.data.errors.imageFileIds).toEqual(["At most 9 images"]);
  });

  it("migration 016 moved a single photo into the list (one image) and emptied the old column", async () => {
    const [id] = await images(teacher, 1);
    const row = await db()
      .insertInto("teaching_records")
      .values({
        kindergarten_id: 1,
        class_id: classId,
        student_id: null,
        author_id: 3,
        title: "旧照片",
        content: null,
        recorded_on: "2025-09-01",
        photo_file_id: id!,
        video_file_id: null,
        created_at: "2025-09-01T00:00:00.000Z",
        updated_at: "2025-09-01T00:00:00.000Z",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await movePhotosIntoLists(db() as never);
    const after = await db()
      .selectFrom("teaching_records")
      .select(["photo_file_id", "image_file_ids"])
      .where("id", "=", Number(row.id))
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ photo_file_id: null, image_file_ids: `[${id}]` });
    expect((await t.call("GET", `teaching/teaching_records/${row.id}/`, { token: teacher })).data.imageFileIds).toEqual([id]);
  });

  it("the demo data has records with none, one and several images in kindergartens 1 to 4", async () => {
    for (const kg of [1, 2, 3, 4]) {
      const rows = await db().selectFrom("observations").select("image_file_ids").where("kindergarten_id", "=", kg).execute();
      const sizes = new Set(rows.map((r) => Math.min(2, (JSON.parse(r.image_file_ids) as number[]).length)));
      expect([...sizes].sort()).toEqual([0, 1, 2]);
    }
  });

  it("exports count a record's images, never list their ids", async () => {
    const res = await fetch(new URL("teaching/teaching_records/export/?format=csv", t.url), { headers: { token: principal, lang: "en" } });
    expect(res.status).toBe(200);
    const lines = (await res.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    const header = lines[0]!.split(",");
    const col = header.indexOf("Photos");
    expect(col).toBeGreaterThan(0);
    const counts = lines.slice(1).map((l) => l.split(",")[col]);
    expect(counts.every((c) => /^\d$/.test(c!))).toBe(true);
    expect(counts.some((c) => Number(c) > 1)).toBe(true);
  });
});
