import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFile, stat } from "node:fs/promises";
import { readOutbox } from "@api/services/sms";
import { enc, latestSmsCode, phoneOf, startTestApi, PASSWORD, WEAK_PASSWORD, type TestApi } from "./helpers";

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  await t?.close();
});

const NEW_PW = "Brave!Kite42";

/** A new code for a phone that had one: the previous one is moved past the once-a-minute limit. */
async function freshCode(phone: string) {
  const past = new Date(Date.now() - 2 * 60_000).toISOString();
  await t.api.handle.db.updateTable("sms_codes").set({ created_at: past }).where("phone", "=", phone).execute();
  expect((await t.call("POST", "sms/code", { form: { phone, purpose: "register" } })).code).toBe(200);
  return latestSmsCode(phone);
}

/** The first class of a demo teacher, its first child (no guardian phone of the test phones) and her token. */
async function classWithTeacher(teacherPhone: string) {
  const db = t.api.handle.db;
  const row = await db
    .selectFrom("class_teachers as ct")
    .innerJoin("users as u", "u.id", "ct.user_id")
    .select("ct.class_id")
    .where("u.phone", "=", teacherPhone)
    .orderBy("ct.class_id")
    .executeTakeFirstOrThrow();
  const cls = Number(row.class_id);
  const child = await db.selectFrom("students").select(["id", "name"]).where("class_id", "=", cls).orderBy("id").executeTakeFirstOrThrow();
  return { cls, child: { id: Number(child.id), name: child.name }, teacher: await t.token(teacherPhone) };
}

/** A demo teacher of the same kindergarten who does not teach `cls`. */
async function otherClassTeacher(cls: number) {
  const db = t.api.handle.db;
  const row = await db
    .selectFrom("class_teachers as ct")
    .innerJoin("users as u", "u.id", "ct.user_id")
    .innerJoin("user_roles as ur", "ur.user_id", "u.id")
    .select("u.phone")
    .where("ur.role_id", "=", 3)
    .where("u.kindergarten_id", "=", 1)
    .where("u.enabled", "=", 1)
    .where("u.must_reset_password", "=", 0)
    .where("u.id", "not in", db.selectFrom("class_teachers").select("user_id").where("class_id", "=", cls))
    .orderBy("u.id")
    .executeTakeFirstOrThrow();
  return t.token(row.phone);
}

async function registerParent(phone: string, cls: number, childName: string) {
  await t.call("POST", "sms/code", { form: { phone, purpose: "register" } });
  const form = {
    registrationCode: "SUN001",
    classId: cls,
    role: 4,
    realName: "新家长",
    phone,
    childName,
    password: enc(NEW_PW),
    smsCode: await latestSmsCode(phone),
  };
  return t.call("POST", "register", { form, lang: "en" });
}

describe("registration", () => {
  it("resolves a registration code to its kindergarten and class list", async () => {
    const kg = await t.call("GET", "register/kindergarten", { query: { registrationCode: "SUN001" } });
    expect(kg.code).toBe(200);
    expect(kg.data).toEqual({ id: 1, kindergartenName: "阳光幼儿园（朝阳园）" });
    const classes = await t.call("GET", "register/classes", { query: { registrationCode: "SUN001" } });
    expect(classes.code).toBe(200);
    expect(classes.data.total).toBe(8);
    expect(new Set(classes.data.list.map((c: { level: string }) => c.level))).toEqual(new Set(["pre", "junior", "middle", "senior"]));
    const bad = await t.call("GET", "register/kindergarten", { query: { registrationCode: "NOPE" }, lang: "en" });
    expect(bad.code).toBe(404);
    expect(bad.msg).toBe("Invalid registration code");
    expect((await t.call("GET", "register/classes", { query: {} })).code).toBe(422);
  });

  it("never shows a code over HTTP: the local provider writes it to its outbox file (owner-only) and the log", async () => {
    const phone = "15000000011";
    expect((await t.call("POST", "sms/code", { form: { phone, purpose: "register" } })).code).toBe(200);
    const file = t.api.deps.config.sms.outboxFile;
    const [entry] = await readOutbox(file, phone);
    expect(entry).toMatchObject({ phone, purpose: "register" });
    expect(entry!.content).toMatch(/\d{6}/);
    expect((await stat(file)).mode & 0o077).toBe(0);
    // The outbox route is gone, whatever the provider; no reply of the API carries the code.
    const code = entry!.content.match(/\d{6}/)![0];
    for (const path of ["sms/outbox", "sms/outbox/"]) {
      const r = await t.call("GET", path, { query: { phone } });
      expect(r.status).toBe(404);
      expect(JSON.stringify(r.data ?? null)).not.toContain(code);
    }
    const doc = await (await fetch(new URL("openapi.json", t.url))).json();
    expect(Object.keys(doc.paths)).not.toContain("/sms/outbox");
    expect(await readFile(file, "utf8")).toContain(code);
  });

  it("sends 6-digit SMS codes at most once a minute per phone", async () => {
    const phone = "15000000001";
    const r = await t.call("POST", "sms/code", { form: { phone, purpose: "register" } });
    expect(r.code).toBe(200);
    expect(await latestSmsCode(phone)).toMatch(/^\d{6}$/);
    const again = await t.call("POST", "sms/code", { form: { phone, purpose: "register" }, lang: "en" });
    expect(again.code).toBe(429);
    expect(again.msg).toMatch(/once a minute/);
    expect((await t.call("POST", "sms/code", { form: { phone: "12345", purpose: "register" } })).code).toBe(422);
  });

  it("registers a parent whose phone is a guardian phone on record, bound to the child at once", async () => {
    const db = t.api.handle.db;
    const cls = await db.selectFrom("classes").select("id").where("kindergarten_id", "=", 1).orderBy("id").offset(3).limit(1).executeTakeFirstOrThrow();
    const child = await db.selectFrom("students").select(["id", "name"]).where("class_id", "=", cls.id).orderBy("id").executeTakeFirstOrThrow();
    const phone = "15000000002";
    // The school's record names this phone as the mother's.
    await db.updateTable("students").set({ mother_phone: phone }).where("id", "=", child.id).execute();
    await t.call("POST", "sms/code", { form: { phone, purpose: "register" } });
    const code = await latestSmsCode(phone);
    const base = { registrationCode: "SUN001", classId: cls.id, role: 4, realName: "家长甲", phone, password: enc(NEW_PW) };

    const noChild = await t.call("POST", "register", { form: { ...base, smsCode: code } });
    expect(noChild.code).toBe(422);
    expect(noChild.data.errors.childName).toBeTruthy();
    const weak = await t.call("POST", "register", { form: { ...base, smsCode: code, childName: child.name, password: enc(WEAK_PASSWORD) } });
    expect(weak.code).toBe(422);
    expect(weak.data.errors.password.length).toBeGreaterThan(0);
    const badCode = await t.call("POST", "register", { form: { ...base, smsCode: code === "000000" ? "111111" : "000000", childName: child.name } });
    expect(badCode.code).toBe(422);
    expect(badCode.data.errors.smsCode).toBeTruthy();

    const ok = await t.call("POST", "register", { form: { ...base, smsCode: code, childName: child.name } });
    expect(ok.code).toBe(200);
    expect(ok.data).toMatchObject({ enabled: true, linked: true });
    const binding = await db.selectFrom("student_parents").selectAll().where("parent_id", "=", ok.data.userId).execute();
    expect(binding.map((b) => [b.student_id, b.relationship])).toEqual([[child.id, "mother"]]);
    expect(await db.selectFrom("parent_link_requests").select("id").where("parent_id", "=", ok.data.userId).execute()).toEqual([]);

    const login = await t.login(phone, NEW_PW);
    expect(login.code).toBe(200);
    expect(login.data.roleId).toBe(4);
    expect(login.data.kindergartenId).toBe(1);
    const children = await t.call("GET", "students/", { token: login.data.token });
    expect(children.data.list.map((s: { id: number }) => s.id)).toEqual([child.id]);

    // The code was used; with a fresh code the phone's owner learns that it is taken.
    const twice = await t.call("POST", "register", { form: { ...base, smsCode: code, childName: child.name } });
    expect(twice.code).toBe(422);
    expect(twice.data.errors.smsCode).toBeTruthy();
    const fresh = await freshCode(phone);
    const taken = await t.call("POST", "register", { form: { ...base, smsCode: fresh, childName: child.name } });
    expect(taken.code).toBe(409);
  });

  it("files a stranger's registration as a pending request: no child data until the class teacher approves", async () => {
    const db = t.api.handle.db;
    const { cls, child, teacher } = await classWithTeacher("13800000003");
    const phone = "15000000021";
    const reg = await registerParent(phone, cls, child.name);
    expect(reg.code).toBe(200);
    expect(reg.data).toMatchObject({ enabled: true, linked: false });
    expect(reg.msg).toMatch(/approve/);
    expect(await db.selectFrom("student_parents").select("id").where("parent_id", "=", reg.data.userId).execute()).toEqual([]);

    // The parent logs in and sees no child, no photo, no bill: only his request, waiting.
    const parent = await t.token(phone, NEW_PW);
    expect((await t.call("GET", "students/", { token: parent })).data.total).toBe(0);
    expect((await t.call("GET", `students/${child.id}/`, { token: parent })).code).toBe(404);
    const bills = await t.call("GET", "tuition/bills/", { token: parent });
    expect([bills.code, bills.data.total]).toEqual([200, 0]);
    const mine = await t.call("GET", "home/link_requests/", { token: parent, lang: "en" });
    expect(mine.data.list).toEqual([expect.objectContaining({ studentName: child.name, status: "pending" })]);

    // The class teacher finds it (Home to-do and the list) and approves it; a teacher of another class cannot.
    const requests = await t.call("GET", "students/parent_requests/", { token: teacher, query: { status: "pending" } });
    const row = requests.data.list.find((r: { parentPhone: string }) => r.parentPhone === phone);
    expect(row).toMatchObject({ studentId: child.id, classId: cls, status: "pending", actions: { approve: true, refuse: true } });
    const home = await t.call("GET", "home/summary", { token: teacher });
    expect(home.data.todos.find((x: { key: string }) => x.key === "usermgmt:parentRequests.attention")).toMatchObject({ path: "/student/parentRequests" });
    const other = await otherClassTeacher(cls);
    expect((await t.call("POST", `students/parent_requests/${row.id}/approve/`, { token: other })).code).toBe(404);
    expect((await t.call("POST", `students/parent_requests/${row.id}/approve/`, { token: parent })).code).toBe(403);

    const approved = await t.call("POST", `students/parent_requests/${row.id}/approve/`, { token: teacher, form: { comment: "已核实" } });
    expect(approved.code).toBe(200);
    expect((await t.call("POST", `students/parent_requests/${row.id}/refuse/`, { token: teacher })).code).toBe(409);
    const after = await t.call("GET", "students/", { token: parent });
    expect(after.data.list.map((s: { id: number }) => s.id)).toEqual([child.id]);
    expect((await t.call("GET", "home/link_requests/", { token: parent })).data.list[0]).toMatchObject({ status: "approved", reviewComment: "已核实" });
    const [notice] = await readOutbox(t.api.deps.config.sms.outboxFile, phone);
    expect(notice).toMatchObject({ phone, purpose: "link_approved" });
    expect(notice!.content).toContain(child.name);
  });

  it("lets the kindergarten admin refuse a request: the parent is told and stays unlinked", async () => {
    const db = t.api.handle.db;
    const { cls, child } = await classWithTeacher("13800000003");
    const phone = "15000000022";
    const reg = await registerParent(phone, cls, child.name);
    expect(reg.data.linked).toBe(false);
    const admin = await t.token(phoneOf(5));
    const list = await t.call("GET", "students/parent_requests/", { token: admin, query: { keyword: phone } });
    expect(list.data.total).toBe(1);
    const id = list.data.list[0].id;
    // The admin of another group's kindergarten does not see it.
    const foreign = await t.token("13800000405");
    expect((await t.call("POST", `students/parent_requests/${id}/refuse/`, { token: foreign })).code).toBe(404);
    const refused = await t.call("POST", `students/parent_requests/${id}/refuse/`, { token: admin, form: { comment: "not a guardian" } });
    expect(refused.code).toBe(200);
    expect(await db.selectFrom("student_parents").select("id").where("parent_id", "=", reg.data.userId).execute()).toEqual([]);
    const parent = await t.token(phone, NEW_PW);
    expect((await t.call("GET", "students/", { token: parent })).data.total).toBe(0);
    expect((await t.call("GET", "home/link_requests/", { token: parent })).data.list[0]).toMatchObject({ status: "refused", reviewComment: "not a guardian" });
    expect((await readOutbox(t.api.deps.config.sms.outboxFile, phone))[0]).toMatchObject({ purpose: "link_refused" });
  });

  it("answers one generic refusal before the SMS code is checked, whether or not the child or the phone exists", async () => {
    const db = t.api.handle.db;
    const { cls, child } = await classWithTeacher("13800000003");
    const fresh = "15000000023";
    await t.call("POST", "sms/code", { form: { phone: fresh, purpose: "register" } });
    const wrong = (await latestSmsCode(fresh)) === "000000" ? "111111" : "000000";
    const base = { registrationCode: "SUN001", classId: cls, role: 4, realName: "X", password: enc(NEW_PW), smsCode: wrong };
    const tries = [
      { phone: fresh, childName: child.name }, // a real child
      { phone: fresh, childName: "没有这个孩子" }, // no such child
      { phone: phoneOf(4), childName: child.name }, // a phone that has an account
      { phone: "15000000024", childName: "没有这个孩子" }, // a phone with no code at all
    ];
    const replies = [];
    for (const f of tries) {
      const r = await t.call("POST", "register", { form: { ...base, ...f }, lang: "en" });
      replies.push({ status: r.status, code: r.code, msg: r.msg, data: r.data });
    }
    for (const r of replies) expect(r).toEqual(replies[0]);
    expect(replies[0]).toMatchObject({ code: 422, data: { errors: { smsCode: [expect.any(String)] } } });
    expect(await db.selectFrom("users").select("id").where("phone", "in", [fresh, "15000000024"]).execute()).toEqual([]);
  });

  it("registers a teacher disabled until a kindergarten admin enables her", async () => {
    const db = t.api.handle.db;
    const cls = await db.selectFrom("classes").select("id").where("kindergarten_id", "=", 2).orderBy("id").executeTakeFirstOrThrow();
    const phone = "15000000003";
    await t.call("POST", "sms/code", { form: { phone, purpose: "register" } });
    const r = await t.call("POST", "register", {
      form: { registrationCode: "SUN002", classId: cls.id, role: 3, realName: "新老师", phone, smsCode: await latestSmsCode(phone), password: enc(NEW_PW) },
      lang: "en",
    });
    expect(r.code).toBe(200);
    expect(r.data.enabled).toBe(false);
    expect(r.msg).toMatch(/administrator must enable/);
    const login = await t.login(phone, NEW_PW);
    expect(login.code).toBe(403);
    await db.updateTable("users").set({ enabled: 1 }).where("id", "=", r.data.userId).execute();
    const after = await t.login(phone, NEW_PW);
    expect(after.code).toBe(200);
    expect(after.data.roleId).toBe(3);
    expect(after.data.kindergartenId).toBe(2);
  });

  it("refuses a class of another kindergarten than the code's", async () => {
    const db = t.api.handle.db;
    const cls4 = await db.selectFrom("classes").select("id").where("kindergarten_id", "=", 4).executeTakeFirstOrThrow();
    const phone = "15000000004";
    await t.call("POST", "sms/code", { form: { phone, purpose: "register" } });
    const r = await t.call("POST", "register", {
      form: { registrationCode: "SUN001", classId: cls4.id, role: 3, realName: "X", phone, smsCode: await latestSmsCode(phone), password: enc(NEW_PW) },
    });
    expect(r.code).toBe(422);
    expect(r.data.errors.classId).toBeTruthy();
  });
});

describe("password reset", () => {
  it("forgot password: SMS code, new password (policy checked), old tokens revoked", async () => {
    const phone = phoneOf(13);
    const oldToken = await t.token(phone);
    expect((await t.call("POST", "sms/code", { form: { phone, purpose: "forgot" } })).code).toBe(200);
    const code = await latestSmsCode(phone);
    const weak = await t.call("POST", "password/forgot", { form: { phone, smsCode: code, password: enc("abcdefgh") } });
    expect(weak.code).toBe(422);
    const r = await t.call("POST", "password/forgot", { form: { phone, smsCode: code, password: enc(NEW_PW) } });
    expect(r.code).toBe(200);
    expect((await t.call("GET", "token/info", { token: oldToken })).code).toBe(401);
    expect((await t.login(phone, PASSWORD)).code).toBe(400);
    expect((await t.login(phone, NEW_PW)).code).toBe(200);
    // The code is single-use.
    expect((await t.call("POST", "password/forgot", { form: { phone, smsCode: code, password: enc("Other#Pass84") } })).code).toBe(422);
  });

  it("forgot password for an unknown phone sends nothing and answers alike", async () => {
    const phone = "15000000009";
    const r = await t.call("POST", "sms/code", { form: { phone, purpose: "forgot" } });
    expect(r.code).toBe(200);
    expect(await readOutbox(t.api.deps.config.sms.outboxFile, phone)).toEqual([]);
  });

  it("forced reset after 'Need Reset Password': phone + old + new password", async () => {
    const phone = phoneOf(200);
    expect((await t.login(phone, WEAK_PASSWORD)).msg).toBe("Need Reset Password");
    const wrongOld = await t.call("POST", "password/reset", { form: { phone, oldPassword: enc("Nope#Pass84"), password: enc(NEW_PW) } });
    expect(wrongOld.code).toBe(400);
    const weakNew = await t.call("POST", "password/reset", { form: { phone, oldPassword: enc(WEAK_PASSWORD), password: enc("87654321") } });
    expect(weakNew.code).toBe(422);
    expect(weakNew.data.errors.password.length).toBeGreaterThan(0);
    const r = await t.call("POST", "password/reset", { form: { phone, oldPassword: enc(WEAK_PASSWORD), password: enc(NEW_PW) } });
    expect(r.code).toBe(200);
    expect((await t.login(phone, WEAK_PASSWORD)).code).toBe(400);
    const ok = await t.login(phone, NEW_PW);
    expect(ok.code).toBe(200);
    expect(ok.data.roleId).toBe(3);
  });
});
