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

  it("registers a parent bound to the named child of the chosen class", async () => {
    const db = t.api.handle.db;
    const cls = await db.selectFrom("classes").select("id").where("kindergarten_id", "=", 1).orderBy("id").offset(3).limit(1).executeTakeFirstOrThrow();
    const child = await db.selectFrom("students").select(["id", "name"]).where("class_id", "=", cls.id).orderBy("id").executeTakeFirstOrThrow();
    const phone = "15000000002";
    await t.call("POST", "sms/code", { form: { phone, purpose: "register" } });
    const code = await latestSmsCode(phone);
    const base = { registrationCode: "SUN001", classId: cls.id, role: 4, realName: "家长甲", phone, password: enc(NEW_PW) };

    const wrongChild = await t.call("POST", "register", { form: { ...base, smsCode: code, childName: "不存在的孩子" }, lang: "en" });
    expect(wrongChild.code).toBe(422);
    expect(wrongChild.data.errors.childName[0]).toMatch(/No child/);
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
    expect(ok.data.enabled).toBe(true);
    const binding = await db.selectFrom("student_parents").selectAll().where("parent_id", "=", ok.data.userId).execute();
    expect(binding.map((b) => b.student_id)).toEqual([child.id]);

    const login = await t.login(phone, NEW_PW);
    expect(login.code).toBe(200);
    expect(login.data.roleId).toBe(4);
    expect(login.data.kindergartenId).toBe(1);

    // The code was used; the phone is taken.
    const twice = await t.call("POST", "register", { form: { ...base, smsCode: code, childName: child.name } });
    expect(twice.code).toBe(409);
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
