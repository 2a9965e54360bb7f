import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { todayCn } from "@contract/daily/time";
import { seedFilesReady } from "@api/teaching/samples";
import { phoneOf, startTestApi, type TestApi } from "./helpers";

/**
 * The Daily section (issue 13): the state tables and who may move them (medication give/cancel: the doctor; notice
 * publish: its author, with section 5's rules; entrust confirm: the child's teacher, doctor, bus teacher or principal,
 * with a reply), recipients' reach (a parent never sees another class's notice, entrust or post), the education
 * bureau's read-only roll-up of its group, section 9's 8 slots, the class circle's daily limit, the Home registry.
 * SQLite by default; TEST_DATABASE=postgres for PostgreSQL.
 */
let t: TestApi;
let principal: string, teacher: string, parent: string, doctor: string, admin5: string, bureau: string, foreign1: string, subject: string;
const db = () => t.api.handle.db;
const today = todayCn();

beforeAll(async () => {
  t = await startTestApi();
  [principal, teacher, parent, doctor, admin5, bureau, foreign1, subject] = await Promise.all([1, 3, 4, 7, 5, 10, 401, 11].map((n) => t.token(phoneOf(n))));
}, 300_000);
afterAll(async () => {
  await t?.close();
});

/** A child of the parent 13800000004 and a child of another class of kindergarten 1. */
async function children() {
  const mine = await db()
    .selectFrom("student_parents as sp")
    .innerJoin("students as s", "s.id", "sp.student_id")
    .select(["s.id", "s.class_id"])
    .where("sp.parent_id", "=", 4)
    .executeTakeFirstOrThrow();
  const other = await db()
    .selectFrom("students")
    .select(["id", "class_id"])
    .where("kindergarten_id", "=", 1)
    .where("class_id", "!=", mine.class_id!)
    .where("id", "not in", db().selectFrom("student_parents").select("student_id").where("parent_id", "=", 4))
    .executeTakeFirstOrThrow();
  return { mine: { id: Number(mine.id), classId: Number(mine.class_id) }, other: { id: Number(other.id), classId: Number(other.class_id) } };
}

describe("medication (role 7)", () => {
  it("the doctor's day list holds her bound students' requests; give records who and when; a second give is 409", async () => {
    const list = await t.call("GET", "daily/medications/", { token: doctor, query: { dateFrom: today, dateTo: today, pageSize: 100 } });
    expect(list.code).toBe(200);
    expect(list.data.total).toBeGreaterThan(0);
    const todo = list.data.list.find((m: { status: string }) => m.status === "todo");
    expect(todo.actions.give).toBe(true);
    expect(list.data.list.some((m: { dueNow: boolean }) => m.dueNow)).toBe(true);
    const given = await t.call("POST", `daily/medications/${todo.id}/give/`, { token: doctor, form: { comment: "饭后" } });
    expect(given.code).toBe(200);
    // The label names the state reached (已喂药): the message does not say 已 twice.
    expect(given.msg).toBe("已喂药 1 条");
    const item = await t.call("GET", `daily/medications/${todo.id}/`, { token: doctor });
    expect(item.data.status).toBe("done");
    expect(item.data.givenByName).toBeTruthy();
    expect(item.data.givenAt).toBeTruthy();
    expect((await t.call("POST", `daily/medications/${todo.id}/give/`, { token: doctor })).code).toBe(409);
    expect(
      (
        await t.call("PUT", `daily/medications/${todo.id}/`, {
          token: doctor,
          form: { studentId: todo.studentId, date: today, medicine: "x", dose: "1", times: "08:00" },
        })
      ).code,
    ).toBe(409);
  });

  it("cancel needs a reason; other roles are refused; bad times are 422 per field, more than 8 refused", async () => {
    const list = await t.call("GET", "daily/medications/", { token: doctor, query: { status: "todo", pageSize: 100 } });
    const todo = list.data.list[0];
    expect((await t.call("POST", `daily/medications/${todo.id}/cancel/`, { token: doctor })).code).toBe(422);
    for (const tok of [parent, teacher, principal]) expect((await t.call("GET", "daily/medications/", { token: tok })).code).toBe(403);
    const bad = await t.call("POST", "daily/medications/", {
      token: doctor,
      form: { studentId: todo.studentId, date: today, medicine: "A", dose: "1", times: "25:00" },
    });
    expect(bad.code).toBe(422);
    expect(bad.data.errors.times).toBeTruthy();
    const nine = Array.from({ length: 9 }, (_, i) => `0${i}:00`).join(",");
    expect(
      (await t.call("POST", "daily/medications/", { token: doctor, form: { studentId: todo.studentId, date: today, medicine: "A", dose: "1", times: nine } }))
        .code,
    ).toBe(422);
    const ok = await t.call("POST", "daily/medications/", {
      token: doctor,
      form: { studentId: todo.studentId, date: today, medicine: "A", dose: "1", times: "14:00, 08:00" },
    });
    expect(ok.code).toBe(200);
    expect(ok.data.times).toBe("08:00, 14:00");
    expect(ok.data.status).toBe("todo");
  });

  it("role 7 keeps the page when the kindergarten hides medication (isHideMed)", async () => {
    await sql`update optional_functions set ${sql.ref("isHideMed")} = 1 where kindergarten_id = 1`.execute(db());
    try {
      expect((await t.call("GET", "daily/medications/", { token: doctor })).code).toBe(200);
    } finally {
      await sql`update optional_functions set ${sql.ref("isHideMed")} = 0 where kindergarten_id = 1`.execute(db());
    }
  });
});

describe("notices", () => {
  it("section 5: a draft first; publishing needs recipients and content; then the recipients read it", async () => {
    expect((await t.call("POST", "daily/notices/999999/publish/", { token: principal })).msg).toMatch(/草稿|draft/i);
    const draft = await t.call("POST", "daily/notices/", { token: principal, form: { title: "春游", audience: "roles" } });
    expect(draft.code).toBe(200);
    const refused = await t.call("POST", `daily/notices/${draft.data.id}/publish/`, { token: principal });
    expect(refused.code).toBe(422);
    expect(refused.data.errors.roleIds).toBeTruthy();
    expect(refused.data.errors.content).toBeTruthy();
    await t.call("PUT", `daily/notices/${draft.data.id}/`, { token: principal, form: { title: "春游", audience: "roles", roleIds: 4, content: "周五春游" } });
    const pub = await t.call("POST", `daily/notices/${draft.data.id}/publish/`, { token: principal });
    expect(pub.code, JSON.stringify(pub)).toBe(200);
    const item = await t.call("GET", `daily/notices/${draft.data.id}/`, { token: principal });
    expect(item.data.status).toBe("published");
    expect(item.data.recipientCount).toBeGreaterThan(0);
    // The parent sees it, marks it read; the author sees who read it. A published notice is not edited.
    const seen = await t.call("GET", `daily/notices/${draft.data.id}/`, { token: parent });
    expect(seen.code).toBe(200);
    expect(seen.data.actions.change).toBe(false);
    expect((await t.call("POST", `daily/notices/${draft.data.id}/read/`, { token: parent })).data.read).toBe(true);
    const reads = await t.call("GET", `daily/notices/${draft.data.id}/reads/`, { token: principal });
    expect(reads.data.list.find((r: { userId: number }) => r.userId === 4).readAt).toBeTruthy();
    expect((await t.call("GET", `daily/notices/${draft.data.id}/reads/`, { token: parent })).code).toBe(403);
    expect((await t.call("GET", `daily/notices/${draft.data.id}/`, { token: teacher })).code).toBe(404);
    expect((await t.call("POST", "daily/notices/", { token: parent, form: { title: "x", audience: "kindergarten" } })).code).toBe(403);
  });

  it("a parent never sees another class's notice; a teacher addresses only her classes", async () => {
    const { other } = await children();
    const bad = await t.call("POST", "daily/notices/", { token: teacher, form: { title: "x", audience: "kindergarten" } });
    expect(bad.code).toBe(422);
    const notHers = await t.call("POST", "daily/notices/", { token: teacher, form: { title: "x", audience: "classes", classIds: other.classId } });
    expect(notHers.code).toBe(422);
    const n = await t.call("POST", "daily/notices/", {
      token: principal,
      form: { title: "other class", audience: "classes", classIds: other.classId, content: "hi" },
    });
    expect((await t.call("POST", `daily/notices/${n.data.id}/publish/`, { token: principal })).code).toBe(200);
    expect((await t.call("GET", `daily/notices/${n.data.id}/`, { token: parent })).code).toBe(404);
    const list = await t.call("GET", "daily/notices/", { token: parent, query: { pageSize: 100 } });
    expect(list.data.list.some((x: { id: number }) => x.id === n.data.id)).toBe(false);
  });

  it("the education bureau reads its group's notices read-only; another group sees none of them", async () => {
    const list = await t.call("GET", "daily/notices/", { token: bureau, query: { pageSize: 100 } });
    expect(list.code).toBe(200);
    expect(list.data.total).toBeGreaterThan(0);
    expect(list.data.list.every((n: { actions: Record<string, boolean> }) => !n.actions.change && !n.actions.delete)).toBe(true);
    expect((await t.call("POST", "daily/notices/", { token: bureau, form: { title: "x", audience: "kindergarten" } })).code).toBe(403);
    const foreign = await t.call("GET", "daily/notices/", { token: foreign1, query: { pageSize: 100 } });
    expect(foreign.data.list.every((n: { kindergartenName: string }) => !/阳光|Sunshine/.test(n.kindergartenName))).toBe(true);
  });
});

describe("entrust messages", () => {
  it("to be confirmed → confirmed with a reply, by the child's teacher; a parent only for his children", async () => {
    const { mine, other } = await children();
    expect((await t.call("POST", "daily/entrusts/", { token: parent, form: { studentId: other.id, date: today, content: "x" } })).code).toBe(422);
    const e = await t.call("POST", "daily/entrusts/", { token: parent, form: { studentId: mine.id, date: today, content: "午睡请多盖被子" } });
    expect(e.code).toBe(200);
    expect(e.data.status).toBe("to_confirm");
    expect((await t.call("POST", `daily/entrusts/${e.data.id}/confirm/`, { token: parent, form: { comment: "ok" } })).code).toBe(403);
    expect((await t.call("POST", `daily/entrusts/${e.data.id}/confirm/`, { token: foreign1, form: { comment: "ok" } })).code).toBe(404);
    const teacherSees = (await t.call("GET", `daily/entrusts/${e.data.id}/`, { token: teacher })).code;
    const confirmer = teacherSees === 200 ? teacher : principal;
    expect((await t.call("POST", `daily/entrusts/${e.data.id}/confirm/`, { token: confirmer })).code).toBe(422);
    const done = await t.call("POST", `daily/entrusts/${e.data.id}/confirm/`, { token: confirmer, form: { comment: "好的" } });
    expect(done.code).toBe(200);
    const item = await t.call("GET", `daily/entrusts/${e.data.id}/`, { token: parent });
    expect(item.data.status).toBe("confirmed");
    expect(item.data.reply).toBe("好的");
    expect((await t.call("DELETE", `daily/entrusts/${e.data.id}/`, { token: parent })).code).toBe(409);
    // The parent's updates tell him of the reply, linked to the message's page.
    const updates = await t.call("GET", "daily/updates/", { token: parent });
    const told = updates.data.recent.find((r: { kind: string; title: string }) => r.kind === "entrustConfirmed" && r.title.endsWith(": 好的"));
    expect(told.path).toBe(`/evaluate/entrust/${e.data.id}`);
  });
});

describe("class circle", () => {
  it("the demo posts carry photos the class's staff can open, and the thumbnail is an image", async () => {
    await seedFilesReady;
    const list = await t.call("GET", "daily/class_circle/", { token: principal, query: { pageSize: 50 } });
    const withPhoto = (list.data.list as { imageFileId: number | null }[]).filter((p) => p.imageFileId != null);
    expect(withPhoto.length).toBeGreaterThan(0);
    expect(withPhoto.length).toBeLessThan(list.data.list.length);
    const res = await fetch(new URL(`files/${withPhoto[0]!.imageFileId}?variant=thumb`, t.url), { headers: { token: principal } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });
  it("the daily posting limit; parents comment on their children's classes only; moderation", async () => {
    const { mine, other } = await children();
    await db().updateTable("optional_functions").set({ classCirclePostLimit: 1 }).where("kindergarten_id", "=", 1).execute();
    try {
      const first = await t.call("POST", "daily/class_circle/", { token: principal, form: { classId: other.classId, content: "one" } });
      const second = await t.call("POST", "daily/class_circle/", { token: principal, form: { classId: other.classId, content: "two" } });
      expect([first.code, second.code]).toContain(422);
      expect(second.data.errors.classId).toBeTruthy();
    } finally {
      await db().updateTable("optional_functions").set({ classCirclePostLimit: 20 }).where("kindergarten_id", "=", 1).execute();
    }
    const mineClass = await t.call("POST", "daily/class_circle/", { token: principal, form: { classId: mine.classId, content: "mine" } });
    const otherClass = await t.call("POST", "daily/class_circle/", { token: principal, form: { classId: other.classId, content: "other" } });
    expect((await t.call("GET", "daily/class_circle/", { token: parent })).code).toBe(403);
    const feed = await t.call("GET", "daily/updates/posts/", { token: parent });
    expect(feed.data.list.some((p: { id: number }) => p.id === mineClass.data.id)).toBe(true);
    expect(feed.data.list.some((p: { id: number }) => p.id === otherClass.data.id)).toBe(false);
    // The photos of the posts his updates page shows open for him (not those of another class's posts).
    await seedFilesReady;
    const posts = (await t.call("GET", "daily/class_circle/", { token: principal, query: { pageSize: 100 } })).data.list as {
      id: number;
      imageFileId: number | null;
    }[];
    const shown = (feed.data.list as { id: number; imageFileId: number | null }[]).find((p) => p.imageFileId != null);
    const hiddenFromHim = posts.find((p) => p.imageFileId != null && !feed.data.list.some((f: { id: number }) => f.id === p.id));
    expect(shown && hiddenFromHim).toBeTruthy();
    const file = (id: number) => fetch(new URL(`files/${id}?variant=thumb`, t.url), { headers: { token: parent } });
    expect((await file(shown!.imageFileId!)).status).toBe(200);
    expect((await file(hiddenFromHim!.imageFileId!)).status).toBe(404);
    expect((await t.call("POST", `daily/updates/posts/${otherClass.data.id}/comments/`, { token: parent, form: { content: "hi" } })).code).toBe(404);
    expect((await t.call("POST", `daily/updates/posts/${mineClass.data.id}/comments/`, { token: parent, form: { content: "" } })).code).toBe(422);
    const c = await t.call("POST", `daily/updates/posts/${mineClass.data.id}/comments/`, { token: parent, form: { content: "谢谢老师" } });
    expect(c.code).toBe(200);
    expect((await t.call("POST", `daily/class_circle/comments/${c.data.id}/hide/`, { token: subject })).code).toBe(403);
    expect((await t.call("POST", `daily/class_circle/comments/${c.data.id}/hide/`, { token: principal })).code).toBe(200);
    const hidden = await t.call("POST", `daily/class_circle/${mineClass.data.id}/hide/`, { token: principal });
    expect(hidden.code).toBe(200);
    expect((await t.call("GET", "daily/updates/posts/", { token: parent })).data.list.some((p: { id: number }) => p.id === mineClass.data.id)).toBe(false);
  });
});

describe("health daily report", () => {
  it("one per class and day, checked figures; who has not reported; the bureau's roll-up of its group only", async () => {
    const missing = await t.call("GET", "daily/health_reports/missing/", { token: principal });
    expect(missing.code).toBe(200);
    expect(missing.data.list.length).toBeGreaterThan(0);
    const cls = missing.data.list[0].id;
    const bad = await t.call("POST", "daily/health_reports/", {
      token: admin5,
      form: { classId: cls, date: today, present: 20, absent: 1, absentIll: 2, temperatureChecked: 20, feverCount: 0 },
    });
    expect(bad.code).toBe(422);
    expect(bad.data.errors.absentIll).toBeTruthy();
    const form = { classId: cls, date: today, present: 20, absent: 2, absentIll: 1, symptoms: "咳嗽", temperatureChecked: 20, feverCount: 1 };
    expect((await t.call("POST", "daily/health_reports/", { token: admin5, form })).code).toBe(200);
    expect((await t.call("POST", "daily/health_reports/", { token: admin5, form })).code).toBe(422);
    const after = await t.call("GET", "daily/health_reports/missing/", { token: principal });
    expect(after.data.list.some((c: { id: number }) => c.id === cls)).toBe(false);
    const rollup = await t.call("GET", "daily/health_rollup/", { token: bureau });
    expect(rollup.code).toBe(200);
    expect(rollup.data.kindergartens.map((k: { id: number }) => k.id).sort()).toEqual([1, 2, 3]);
    expect(rollup.data.days).toHaveLength(14);
    expect((await t.call("POST", "daily/health_reports/", { token: bureau, form })).code).toBe(403);
    expect((await t.call("GET", "daily/health_rollup/", { token: foreign1 })).data.kindergartens.map((k: { id: number }) => k.id)).toEqual([4]);
    expect((await t.call("GET", "daily/health_reports/", { token: teacher })).code).toBe(403);
  });
});

describe("baby-sitting", () => {
  it("8 slots at most; the class day sheet saves every child at once or nothing", async () => {
    const { mine } = await children();
    const nine = Array.from({ length: 9 }, (_, i) => `1${i}:00`).join(", ");
    const r = await t.call("POST", "daily/nursery/", { token: principal, form: { studentId: mine.id, date: "2026-01-01", toiletTimes: nine } });
    expect(r.code).toBe(422);
    expect(r.data.errors.toiletTimes).toBeTruthy();
    const sheet = await t.call("GET", "daily/nursery/sheet/", { token: principal, query: { classId: mine.classId, date: "2026-01-02" } });
    expect(sheet.code).toBe(200);
    const [a, b] = sheet.data.rows;
    const refused = await t.call("POST", "daily/nursery/sheet/", {
      token: principal,
      form: { classId: mine.classId, date: "2026-01-02", [`mood_${a.studentId}`]: "happy", [`sleepSlots_${b.studentId}`]: "12:00" },
    });
    expect(refused.code).toBe(422);
    expect(refused.data.errors[`sleepSlots_${b.studentId}`]).toBeTruthy();
    const saved = await t.call("POST", "daily/nursery/sheet/", {
      token: principal,
      form: {
        classId: mine.classId,
        date: "2026-01-02",
        [`mood_${a.studentId}`]: "happy",
        [`sleepSlots_${b.studentId}`]: "12:00-14:00",
        [`hydrationMl_${b.studentId}`]: "300",
      },
    });
    expect(saved.code).toBe(200);
    expect(saved.data.saved).toBe(2);
    expect(saved.msg).toMatch(/已保存 2/);
    const week = await t.call("GET", "daily/nursery/week/", { token: principal, query: { studentId: b.studentId, date: "2026-01-02" } });
    expect(week.data.days.find((d: { date: string }) => d.date === "2026-01-02").record.sleepSlots).toBe("12:00-14:00");
    expect((await t.call("GET", "daily/nursery/", { token: parent })).code).toBe(403);
  });
});

describe("Home: needs attention today", () => {
  it("lists what is due for the role, linked only to pages the role may open", async () => {
    const doc = await t.call("GET", "home/summary", { token: doctor });
    const med = doc.data.todos.find((x: { key: string }) => x.key === "daily:attention.medicationDue");
    // The list, filtered to what is counted: today's medication (China time) still to give.
    expect(med.path).toBe(`/daily/medication?status=todo&dateFrom=${todayCn()}&dateTo=${todayCn()}`);
    const par = await t.call("GET", "home/summary", { token: parent });
    expect(par.data.todos.some((x: { key: string }) => x.key === "daily:attention.noticesUnread")).toBe(true);
    const pri = await t.call("GET", "home/summary", { token: principal });
    const health = pri.data.todos.find((x: { key: string }) => x.key === "daily:attention.healthReportsMissing");
    expect(health.count).toBeGreaterThan(0);
    const leave = pri.data.todos.find((x: { key: string }) => x.key === "daily:attention.leaveNotesWaiting");
    expect(leave).toBeTruthy();
    const upd = await t.call("GET", "daily/updates/", { token: teacher });
    expect(upd.code).toBe(200);
    expect(upd.data.due.length).toBeGreaterThan(0);
  });
});
