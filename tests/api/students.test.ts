import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "@api/db/schema";
import { seedFilesReady } from "@api/teaching/samples";
import { phoneOf, startTestApi, type TestApi } from "./helpers";

/**
 * Students section (issue 11): student files (section 5 rules, tenancy per role, status transitions with history),
 * leave notes (review, a passed note marks attendance), attendance (day view, month grid, corrections keep who
 * changed what, rates as the statistics page counts), manual versions, the age 0–6 address. SQLite and PostgreSQL.
 */
let t: TestApi;
let db: Kysely<Database>;
const tok: Record<number, string> = {};

beforeAll(async () => {
  t = await startTestApi();
  db = t.api.handle.db;
  for (const r of [1, 3, 4, 5, 6, 7, 8, 14]) tok[r] = await t.token(phoneOf(r));
  tok[405] = await t.token(phoneOf(405));
}, 120_000);
afterAll(() => t?.close());

async function pngFileId(token: string): Promise<number> {
  const sharp = (await import("sharp")).default;
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#f00" } })
    .png()
    .toBuffer();
  const fd = new FormData();
  fd.append("file", new Blob([png], { type: "image/png" }), "a.png");
  const res = await fetch(new URL("files/?kind=image", t.url), { method: "POST", body: fd, headers: { token, appid: "kg-admin-pc" } });
  const body = await res.json();
  expect(body.code).toBe(200);
  return body.data.id;
}

const validStudent = (photo: number | null, extra: Record<string, string> = {}) => ({
  name: "测试幼儿",
  nationality: "中国",
  status: "preparatory",
  fatherName: "测试父亲",
  fatherCompany: "阳光科技",
  fatherPosition: "工程师",
  fatherEmail: "father@example.com",
  ...(photo ? { photoFileId: String(photo) } : {}),
  ...extra,
});

describe("student files", () => {
  it("the demo has children with and without a photo, and a seeded photo opens", async () => {
    await seedFilesReady;
    const all = await t.call("GET", "students/", { token: tok[5], query: { pageSize: 10000 } });
    const rows = all.data.list as { photoFileId: number | null; photoMissing: string }[];
    expect(rows.some((r) => r.photoMissing === "yes")).toBe(true);
    const withPhoto = rows.filter((r) => r.photoMissing === "no");
    expect(withPhoto.length).toBeGreaterThan(10);
    const res = await fetch(new URL(`files/${withPhoto[0]!.photoFileId}`, t.url), { headers: { token: tok[5] } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    await res.arrayBuffer();
  });
  it("lists within each role's reach", async () => {
    const all = await t.call("GET", "students/", { token: tok[5], query: { pageSize: 10000 } });
    expect(all.code).toBe(200);
    const kg1 = all.data.total as number;
    expect(kg1).toBeGreaterThan(20);
    expect(all.data.list.every((s: { kindergartenId: number }) => s.kindergartenId === 1)).toBe(true);
    const parent = await t.call("GET", "students/", { token: tok[4], query: { pageSize: 10000 } });
    expect(parent.data.total).toBe(2);
    const teacher = await t.call("GET", "students/", { token: tok[3], query: { pageSize: 10000 } });
    expect(teacher.data.total).toBeGreaterThan(0);
    expect(teacher.data.total).toBeLessThan(kg1);
    const doctor = await t.call("GET", "students/", { token: tok[7], query: { pageSize: 10000 } });
    expect(doctor.data.total).toBeGreaterThan(0);
    expect(doctor.data.total).toBeLessThan(kg1);
    const bus = await t.call("GET", "students/", { token: tok[8], query: { pageSize: 10000 } });
    expect(bus.data.total).toBeGreaterThan(0);
    // The demo child is seen by all the narrowed roles, and its allergy is flagged.
    const demo = parent.data.list.find((s: { id: number }) => teacher.data.list.some((x: { id: number }) => x.id === s.id));
    expect(demo).toBeTruthy();
    expect(bus.data.list.some((s: { id: number }) => s.id === demo.id)).toBe(true);
    expect(demo.allergyFlag).toBe("yes");
    // Another kindergarten's admin does not reach it.
    expect((await t.call("GET", `students/${demo.id}/`, { token: tok[405] })).code).toBe(404);
    // A parent reads but may not write.
    expect((await t.call("PUT", `students/${demo.id}/`, { token: tok[4], form: validStudent(null) })).code).toBe(403);
  });

  it("applies section 5's cannot-be-empty rules, field by field", async () => {
    const r = await t.call("POST", "students/", { token: tok[5], form: { name: "空" }, lang: "en" });
    expect(r.code).toBe(422);
    const e = r.data.errors;
    expect(e.nationality[0]).toMatch(/Nationality cannot be empty/);
    expect(e.photoFileId[0]).toMatch(/Photo cannot be empty/);
    expect(e.fatherName[0]).toMatch(/Parent names cannot be empty/);
    const r2 = await t.call("POST", "students/", {
      token: tok[5],
      form: { name: "空", nationality: "中国", status: "at_school", motherName: "妈妈", idType: "id_card", idNumber: "123" },
    });
    expect(r2.code).toBe(422);
    expect(Object.keys(r2.data.errors).sort()).toEqual(["idNumber", "motherCompany", "motherEmail", "motherPosition", "photoFileId"]);
    expect(r2.data.errors.motherCompany[0]).toMatch(/不能为空/);
  });

  it("creates with a photo, then walks the status table with reasons and history", async () => {
    const photo = await pngFileId(tok[5]);
    const c = await t.call("POST", "students/", { token: tok[5], form: validStudent(photo) });
    expect(c.code).toBe(200);
    const id = c.data.id as number;
    expect(c.data.status).toBe("preparatory");
    expect(c.data.photoFileId).toBe(photo);
    // Not allowed from preparatory: suspend (409); a teacher may not enrol (403).
    expect((await t.call("POST", `students/${id}/suspend/`, { token: tok[5], form: { comment: "x" } })).code).toBe(409);
    expect((await t.call("POST", `students/${id}/enrol/`, { token: tok[3] })).code).toBe(403);
    expect((await t.call("POST", `students/${id}/enrol/`, { token: tok[5] })).code).toBe(200);
    // Suspend needs a reason.
    expect((await t.call("POST", `students/${id}/suspend/`, { token: tok[5] })).code).toBe(422);
    expect((await t.call("POST", `students/${id}/suspend/`, { token: tok[5], form: { comment: "出国 Abroad" } })).code).toBe(200);
    expect((await t.call("POST", `students/${id}/resume/`, { token: tok[5] })).code).toBe(200);
    // Finance may record a quit with refund; not a quit without one.
    expect((await t.call("POST", `students/${id}/quitUnrefunded/`, { token: tok[14], form: { comment: "搬家" } })).code).toBe(403);
    expect((await t.call("POST", `students/${id}/quitRefunded/`, { token: tok[14], form: { comment: "搬家 Moved" } })).code).toBe(200);
    // Enrolled once: no deletion.
    expect((await t.call("DELETE", `students/${id}/`, { token: tok[5] })).code).toBe(409);
    const item = await t.call("GET", `students/${id}/`, { token: tok[5] });
    expect(item.data.status).toBe("quit_refunded");
    const hist = await db.selectFrom("student_status_history").selectAll().where("student_id", "=", id).orderBy("id").execute();
    expect(hist.map((h) => h.to_status)).toEqual(["preparatory", "at_school", "suspended", "at_school", "quit_refunded"]);
    expect(hist[2]!.reason).toBe("出国 Abroad");
    expect((item.data.history ?? []).length).toBeGreaterThanOrEqual(4);
  });

  it("refuses a text file named .png as the photo", async () => {
    const fd = new FormData();
    fd.append("file", new Blob(["not an image"], { type: "image/png" }), "fake.png");
    const res = await fetch(new URL("files/?kind=image", t.url), { method: "POST", body: fd, headers: { token: tok[5], appid: "kg-admin-pc" } });
    expect((await res.json()).code).toBe(400);
  });
});

describe("leave notes", () => {
  it("a passed note marks its school days on leave; reviewed notes are locked", async () => {
    const kid = await db
      .selectFrom("students")
      .select(["id"])
      .where("kindergarten_id", "=", 1)
      .where("status", "=", "at_school")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const bad = await t.call("POST", "students/leave_notes/", {
      token: tok[5],
      form: { studentId: kid.id, type: "absence", reason: "sick", startDate: "2025-12-10", endDate: "2025-12-08" },
    });
    expect(bad.code).toBe(422);
    expect(Object.keys(bad.data.errors)).toEqual(["endDate"]);
    // Mon 2025-12-08 … Wed 12-10, plus a weekend (12-13/14) that is not marked.
    const c = await t.call("POST", "students/leave_notes/", {
      token: tok[5],
      form: { studentId: kid.id, type: "absence", reason: "sick", startDate: "2025-12-08", endDate: "2025-12-14" },
    });
    expect(c.code).toBe(200);
    const id = c.data.id;
    expect(c.data.status).toBe("waiting");
    expect((await t.call("POST", `students/leave_notes/${id}/deny/`, { token: tok[5] })).code).toBe(422);
    expect((await t.call("POST", `students/leave_notes/${id}/pass/`, { token: tok[5], form: { comment: "同意" } })).code).toBe(200);
    expect((await t.call("POST", `students/leave_notes/${id}/deny/`, { token: tok[5], form: { comment: "no" } })).code).toBe(409);
    expect(
      (
        await t.call("PUT", `students/leave_notes/${id}/`, {
          token: tok[5],
          form: { studentId: kid.id, type: "absence", reason: "sick", startDate: "2025-12-08", endDate: "2025-12-09" },
        })
      ).code,
    ).toBe(409);
    const rows = await db
      .selectFrom("student_attendance")
      .select(["date", "status"])
      .where("student_id", "=", kid.id)
      .where("date", ">=", "2025-12-08")
      .where("date", "<=", "2025-12-14")
      .orderBy("date")
      .execute();
    const marked = rows.filter((r) => r.status === "leave").map((r) => r.date);
    for (const d of ["2025-12-08", "2025-12-09", "2025-12-10", "2025-12-11", "2025-12-12"]) {
      const row = rows.find((r) => r.date === d);
      expect(row, d).toBeTruthy();
      if (row!.status !== "present") expect(marked).toContain(d);
    }
    expect(rows.some((r) => r.date === "2025-12-13")).toBe(false);
    const item = await t.call("GET", `students/leave_notes/${id}/`, { token: tok[5] });
    expect(item.data.reviewComment).toBe("同意");
    expect(item.data.reviewedByName).toBeTruthy();
  });

  it("class pages: the teacher sees her classes, reviews; the bus teacher files but may not review", async () => {
    const list = await t.call("GET", "daily/leave_notes/", { token: tok[3], query: { pageSize: 1000 } });
    expect(list.code).toBe(200);
    const waiting = list.data.list.find((n: { status: string }) => n.status === "waiting");
    expect(waiting).toBeTruthy();
    const bus = await t.call("GET", "daily/leave_notes/", { token: tok[8], query: { pageSize: 1000 } });
    expect(bus.data.list.some((n: { id: number }) => n.id === waiting.id)).toBe(true);
    expect((await t.call("POST", `daily/leave_notes/${waiting.id}/pass/`, { token: tok[8] })).code).toBe(403);
    expect((await t.call("POST", `daily/leave_notes/${waiting.id}/pass/`, { token: tok[3] })).code).toBe(200);
    // The admin's page is hers alone.
    expect((await t.call("GET", "students/leave_notes/", { token: tok[3] })).code).toBe(403);
  });
});

describe("attendance", () => {
  it("day view, correction history, month grid and the statistics rate agree", async () => {
    const day = await t.call("GET", "students/attendance/", { token: tok[5] });
    expect(day.code).toBe(200);
    const { classId, date, list } = day.data;
    expect(list.length).toBeGreaterThan(0);
    const kid = list[0];
    const set = await t.call("POST", "students/attendance/", {
      token: tok[5],
      form: { studentId: kid.studentId, date, status: "late", remark: "补录 Late entry" },
    });
    expect(set.code).toBe(200);
    const again = await t.call("GET", "students/attendance/", { token: tok[5], query: { classId, date } });
    expect(again.data.list.find((r: { studentId: number }) => r.studentId === kid.studentId).state).toBe("late");
    expect(again.data.changes[0].toState).toBe("late");
    expect(again.data.changes[0].byName).toBeTruthy();
    const bad = await t.call("POST", "students/attendance/", { token: tok[5], form: { studentId: kid.studentId, date: "2026-02-30", status: "maybe" } });
    expect(bad.code).toBe(422);
    expect(Object.keys(bad.data.errors).sort()).toEqual(["date", "status"]);
    expect((await t.call("GET", "students/attendance/", { token: tok[3] })).code).toBe(403);
    const month = await t.call("GET", "students/attendance/month/", { token: tok[5], query: { classId, month: date.slice(0, 7) } });
    expect(month.code).toBe(200);
    expect(month.data.rows.find((r: { studentId: number }) => r.studentId === kid.studentId).cells[date]).toBe("late");
    // The statistics rate over the same records: present (late included) / records.
    const agg = await db
      .selectFrom("student_attendance")
      .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.sum<number>(eb.case().when("status", "=", "present").then(1).else(0).end()).as("p")])
      .where("class_id", "=", classId)
      .where("date", ">=", month.data.days[0])
      .where("date", "<=", month.data.days.at(-1))
      .executeTakeFirstOrThrow();
    expect(month.data.total).toBe(Number(agg.n));
    expect(month.data.present).toBe(Number(agg.p));
  });
});

describe("manual and age 0–6", () => {
  it("keeps versions; only the admin edits", async () => {
    const m = await t.call("GET", "students/manual/", { token: tok[4] });
    expect(m.code).toBe(200);
    expect(m.data.versions.length).toBe(2);
    expect((await t.call("POST", "students/manual/", { token: tok[3], form: { title: "x", content: "y" } })).code).toBe(403);
    expect((await t.call("POST", "students/manual/", { token: tok[5], form: { title: "", content: "" } })).code).toBe(422);
    const [a, b] = await Promise.all([
      t.call("POST", "students/manual/", { token: tok[5], form: { title: "手册", content: "A" } }),
      t.call("POST", "students/manual/", { token: tok[5], form: { title: "手册", content: "B" } }),
    ]);
    expect([a.data.version, b.data.version].sort()).toEqual([3, 4]);
    // The reply names the version (issue 25, item 15: it said "{{version}}").
    expect(a.msg).toBe(`已保存为第 ${a.data.version} 版`);
    const en = await t.call("POST", "students/manual/", { token: tok[5], form: { title: "手册", content: "C" }, lang: "en" });
    expect(en.msg).toBe("Saved as version 5");
    const v1 = await t.call("GET", "students/manual/", { token: tok[1], query: { version: 1 } });
    expect(v1.data.current.version).toBe(1);
  });

  it("age 0–6 address: http(s) only", async () => {
    expect((await t.call("POST", "students/age06/", { token: tok[5], form: { url: "javascript:alert(1)" } })).code).toBe(422);
    expect((await t.call("POST", "students/age06/", { token: tok[5], form: { url: "https://age06.example.org/x" } })).code).toBe(200);
    expect((await t.call("GET", "students/age06/", { token: tok[5] })).data.url).toBe("https://age06.example.org/x");
  });
});
