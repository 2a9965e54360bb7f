import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRateLimits } from "@api/auth/rate-limit-config";
import { enc, latestSmsCode, phoneOf, startTestApi, PASSWORD, type Reply, type TestApi } from "./helpers";

/**
 * Races and brute force (security review, item 3): parallel login guesses, parallel switches with one token,
 * duplicate registrations and creates at the same moment, and the rate limits. Run on SQLite and PostgreSQL.
 */
let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
}, 60000);
afterAll(async () => {
  await t?.close();
});

const db = () => t.api.handle.db;
const codesOf = (replies: Reply[]) => replies.map((r) => r.code);
const countOf = (replies: Reply[], code: number) => replies.filter((r) => r.code === code).length;
const times = <T>(n: number, fn: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => fn(i)));
const NEW_PW = "Bright#2026";

describe("login lockout under parallel guesses", () => {
  it("counts every parallel wrong guess: 4 answered 'wrong', the 5th and all later ones 423, and the lock holds", async () => {
    const phone = phoneOf(7);
    const replies = await times(49, () => t.login(phone, "Wrong#Pass9", { lang: "en" }));
    expect(countOf(replies, 400)).toBe(4);
    expect(countOf(replies, 423)).toBe(45);
    for (const r of replies.filter((x) => x.code === 423)) expect(r.msg).toMatch(/locked.*15 minutes/);
    // The right password is refused while locked; the lock runs 15 minutes from the 5th failure.
    const right = await t.login(phone, PASSWORD);
    expect(right.code).toBe(423);
    expect(right.msg).toBe("登录失败次数过多，账号已锁定，请 15 分钟后再试");
    const row = await db().selectFrom("login_locks").selectAll().where("phone", "=", phone).executeTakeFirstOrThrow();
    expect(Date.parse(row.locked_until!) - Date.now()).toBeGreaterThan(14 * 60000);
    // Another phone is not affected.
    expect((await t.login(phoneOf(8))).code).toBe(200);
  });

  it("does not even check a guess once the count is full (5 guesses still in flight): the right password waits, then answers 423", async () => {
    const phone = phoneOf(9);
    await db().insertInto("login_locks").values({ phone, failures: 5, window_start: new Date().toISOString(), locked_until: null }).execute();
    const started = Date.now();
    const r = await t.login(phone, PASSWORD);
    expect(r.code).toBe(423);
    expect(r.data?.token).toBeUndefined();
    // It waited for the places in flight to answer (they never do here) and gave its own place back.
    expect(Date.now() - started).toBeGreaterThanOrEqual(4500);
    expect((await db().selectFrom("login_locks").select("failures").where("phone", "=", phone).executeTakeFirstOrThrow()).failures).toBe(5);
  });

  it("only failures count: 6 parallel right passwords all log in (issue 25, item 13)", async () => {
    const phone = phoneOf(10);
    const replies = await times(6, () => t.login(phone));
    expect(codesOf(replies)).toEqual([200, 200, 200, 200, 200, 200]);
    // And 12 in parallel, twice: the count never fills up with successes.
    for (let round = 0; round < 2; round++) expect(codesOf(await times(12, () => t.login(phone))).every((c) => c === 200)).toBe(true);
    expect((await t.login(phone, "Wrong#Pass9")).code).toBe(400);
  });

  it("a success resets the count; an old window no longer counts", async () => {
    const phone = phoneOf(14);
    for (let i = 0; i < 4; i++) expect((await t.login(phone, "Wrong#Pass9")).code).toBe(400);
    expect((await t.login(phone)).code).toBe(200);
    for (let i = 0; i < 4; i++) expect((await t.login(phone, "Wrong#Pass9")).code).toBe(400);
    // Move the window start 16 minutes back: the next failure starts a new series.
    const old = new Date(Date.now() - 16 * 60000).toISOString();
    await db().updateTable("login_locks").set({ window_start: old }).where("phone", "=", phone).execute();
    expect((await t.login(phone, "Wrong#Pass9")).code).toBe(400);
    expect((await db().selectFrom("login_locks").select("failures").where("phone", "=", phone).executeTakeFirstOrThrow()).failures).toBe(1);
  });

  it("wrong old passwords of the forced reset share the count", async () => {
    const phone = phoneOf(15);
    const reset = () => t.call("POST", "password/reset", { form: { phone, oldPassword: enc("Wrong#Pass9"), password: enc(NEW_PW) } });
    const replies = await times(10, reset);
    expect(countOf(replies, 400)).toBe(4);
    expect(countOf(replies, 423)).toBe(6);
    expect((await t.login(phone)).code).toBe(423);
  });
});

describe("SMS code tries under parallel guesses (issue 25, item 12)", () => {
  it("20 parallel wrong codes spend exactly the code's 5 tries; the right code is refused afterwards", async () => {
    const phone = phoneOf(11);
    expect((await t.call("POST", "sms/code", { form: { phone, purpose: "forgot" } })).code).toBe(200);
    const code = await latestSmsCode(phone);
    const wrong = code === "000000" ? "000001" : "000000";
    const replies = await times(20, () => t.call("POST", "password/forgot", { form: { phone, smsCode: wrong, password: enc(NEW_PW) } }));
    expect(codesOf(replies).every((c) => c === 422)).toBe(true);
    const row = await db().selectFrom("sms_codes").select(["attempts", "used_at"]).where("phone", "=", phone).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect([row.attempts, row.used_at]).toEqual([5, null]);
    const right = await t.call("POST", "password/forgot", { form: { phone, smsCode: code, password: enc(NEW_PW) } });
    expect(right.code).toBe(422);
    expect((await t.login(phone)).code).toBe(200);
  });

  it("the tries are counted atomically: 40 parallel checks of one code in this process spend exactly 5 tries", async () => {
    const phone = phoneOf(16);
    expect((await t.call("POST", "sms/code", { form: { phone, purpose: "forgot" } })).code).toBe(200);
    const code = await latestSmsCode(phone);
    const wrong = code === "000000" ? "000001" : "000000";
    const { consumeCode } = await import("@api/services/sms-codes");
    const outcomes = await times(40, () =>
      consumeCode(t.api.deps, phone, "forgot", wrong).then(
        () => 200,
        (e: { status?: number }) => e.status,
      ),
    );
    expect(outcomes.every((c) => c === 422)).toBe(true);
    const row = await db().selectFrom("sms_codes").select("attempts").where("phone", "=", phone).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    await expect(consumeCode(t.api.deps, phone, "forgot", code)).rejects.toMatchObject({ status: 422 });
  });

  it("a right code among parallel wrong ones: at most 5 are checked, and it is used at most once", async () => {
    const phone = phoneOf(12);
    expect((await t.call("POST", "sms/code", { form: { phone, purpose: "forgot" } })).code).toBe(200);
    const code = await latestSmsCode(phone);
    const wrong = code === "000000" ? "000001" : "000000";
    const replies = await times(12, (i) => t.call("POST", "password/forgot", { form: { phone, smsCode: i % 3 === 0 ? code : wrong, password: enc(NEW_PW) } }));
    expect(countOf(replies, 200)).toBeLessThanOrEqual(1);
    expect(countOf(replies, 200) + countOf(replies, 422)).toBe(12);
    const row = await db().selectFrom("sms_codes").select("attempts").where("phone", "=", phone).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row.attempts).toBeLessThanOrEqual(5);
  });
});

describe("switching with one token in parallel", () => {
  async function liveTokens(userId: number) {
    const rows = await db().selectFrom("tokens").select("id").where("user_id", "=", userId).where("revoked_at", "is", null).execute();
    return rows.length;
  }

  it("PATCH token/role/{id}: exactly one 200, the rest 401; only the new token lives", async () => {
    const login = await t.login(phoneOf(100));
    const token = login.data.token as string;
    const replies = await times(20, () => t.call("PATCH", "token/role/1", { token, form: { platform: "pc" } }));
    expect(countOf(replies, 200), codesOf(replies).join(",")).toBe(1);
    expect(countOf(replies, 401)).toBe(19);
    const fresh = replies.find((r) => r.code === 200)!.data.token as string;
    expect((await t.call("GET", "token/info", { token })).code).toBe(401);
    expect((await t.call("GET", "token/info", { token: fresh })).data.roleId).toBe(1);
    expect(await liveTokens(login.data.userId)).toBe(1);
  });

  it("PATCH token/kindergarten/{id}: exactly one 200, the rest 401; only the new token lives", async () => {
    const login = await t.login(phoneOf(1));
    const token = login.data.token as string;
    const replies = await times(20, () => t.call("PATCH", "token/kindergarten/2", { token, query: { platform: "pc" } }));
    expect(countOf(replies, 200), codesOf(replies).join(",")).toBe(1);
    expect(countOf(replies, 401)).toBe(19);
    const fresh = replies.find((r) => r.code === 200)!.data.token as string;
    expect((await t.call("GET", "token/info", { token: fresh })).data.kindergartenId).toBe(2);
    expect(await liveTokens(login.data.userId)).toBe(1);
  });
});

describe("duplicates at the same moment", () => {
  let admin5: string;
  let admin6: string;
  let classId: number;
  beforeAll(async () => {
    [admin5, admin6] = await Promise.all([t.token(phoneOf(5)), t.token(phoneOf(6))]);
    classId = Number((await db().selectFrom("classes").select("id").where("kindergarten_id", "=", 1).orderBy("id").executeTakeFirstOrThrow()).id);
  });

  async function smsCode(phone: string) {
    expect((await t.call("POST", "sms/code", { form: { phone, purpose: "register" } })).code).toBe(200);
    return latestSmsCode(phone);
  }
  const registerForm = (phone: string, smsCode: string) => ({
    registrationCode: "SUN001",
    classId,
    role: 3,
    realName: "新老师",
    phone,
    password: enc(NEW_PW),
    smsCode,
  });
  const userForm = (phone: string) => ({ realName: "并发用户", phone, password: enc(NEW_PW), enabled: "on", roleIds: "3", defaultRoleId: 3 });

  it("parallel registrations of one phone: one 200, the others a field error (phone 409 or smsCode 422), never 500", async () => {
    const phone = "15100000001";
    const form = registerForm(phone, await smsCode(phone));
    const replies = await times(6, () => t.call("POST", "register", { form, lang: "en" }));
    expect(countOf(replies, 200), codesOf(replies).join(",")).toBe(1);
    for (const r of replies.filter((x) => x.code !== 200)) {
      expect([409, 422]).toContain(r.code);
      expect(Object.keys(r.data.errors)).toEqual([r.code === 409 ? "phone" : "smsCode"]);
    }
    const taken = replies.find((r) => r.code === 409);
    if (taken) expect(taken.data.errors.phone).toEqual(["This phone number is already registered"]);
  });

  it("a registration racing an admin's create of the same phone: one wins, the other a field error on phone", async () => {
    for (let i = 0; i < 4; i++) {
      const phone = `1510000002${i}`;
      const form = registerForm(phone, await smsCode(phone));
      const [reg, created] = await Promise.all([t.call("POST", "register", { form }), t.call("POST", "users/", { token: admin5, form: userForm(phone) })]);
      expect([reg.code, created.code].sort(), `${reg.code} ${reg.msg} / ${created.code} ${created.msg}`).toEqual(reg.code === 200 ? [200, 422] : [200, 409]);
      if (reg.code === 409) expect(reg.data.errors.phone).toEqual(["该手机号已注册"]);
      else expect(created.data.errors.phone).toHaveLength(1);
      const rows = await db().selectFrom("users").select("id").where("phone", "=", phone).execute();
      expect(rows).toHaveLength(1);
    }
  });

  it("parallel creates of users with one phone: one 200, the rest 422 on phone", async () => {
    const replies = await times(6, () => t.call("POST", "users/", { token: admin5, form: userForm("15100000031"), lang: "en" }));
    expect(countOf(replies, 200), codesOf(replies).join(",")).toBe(1);
    for (const r of replies.filter((x) => x.code !== 200)) {
      expect(r.code).toBe(422);
      expect(Object.keys(r.data.errors)).toEqual(["phone"]);
    }
  });

  it("parallel creates of kindergartens with one registration code: one 200, the rest 422 on registrationCode", async () => {
    const form = { name: "并发幼儿园", educationGroupId: 1, maxClasses: 3, version: "standard", registrationCode: "RACE2026" };
    const replies = await times(6, () => t.call("POST", "kindergartens/", { token: admin6, form }));
    expect(countOf(replies, 200), codesOf(replies).join(",")).toBe(1);
    for (const r of replies.filter((x) => x.code !== 200)) {
      expect(r.code).toBe(422);
      expect(r.data.errors.registrationCode[0]).toMatch(/RACE2026/);
    }
  });
});

describe("rate limits (429, 请求过于频繁，请稍后再试 / Too many requests, please try again later)", () => {
  const ZH = "请求过于频繁，请稍后再试";
  const EN = "Too many requests, please try again later";
  const rateLimits = loadRateLimits({
    RATE_LIMIT_LOGIN_PHONE: "3/60",
    RATE_LIMIT_LOGIN_ADDRESS: "5/60",
    RATE_LIMIT_SMS_PHONE: "1/60",
    RATE_LIMIT_SMS_ADDRESS: "3/60",
    RATE_LIMIT_REGISTER_PHONE: "2/60",
    RATE_LIMIT_REGISTER_ADDRESS: "3/60",
  });
  let s: TestApi;
  beforeAll(async () => {
    s = await startTestApi({ rateLimits });
  }, 60000);
  afterAll(async () => {
    await s?.close();
  });
  const from = (address: string) => ({ "x-forwarded-for": `198.51.100.1, ${address}` });
  const login = (phone: string, address: string, lang?: string) =>
    s.call("POST", "token/login", { form: { phone, password: enc(PASSWORD), platform: "pc" }, headers: from(address), lang });

  it("login per phone: the 4th within the window answers 429 in both languages, even in parallel", async () => {
    const replies = await times(5, (i) => login(phoneOf(3), `203.0.113.${10 + i}`, i % 2 ? "en" : undefined));
    expect(codesOf(replies).sort()).toEqual([200, 200, 200, 429, 429]);
    const refused = await login(phoneOf(3), "203.0.113.20");
    expect([refused.status, refused.code, refused.msg]).toEqual([429, 429, ZH]);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect((await login(phoneOf(3), "203.0.113.21", "en")).msg).toBe(EN);
    expect((await login(phoneOf(4), "203.0.113.22")).code).toBe(200);
  });

  it("login per client address (X-Forwarded-For from the trusted console): the 6th from one address answers 429", async () => {
    const phones = [1, 2, 5, 6, 7, 8].map(phoneOf);
    const replies = [];
    for (const p of phones) replies.push(await login(p, "203.0.113.50"));
    expect(codesOf(replies)).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await login(phoneOf(8), "203.0.113.51")).code).toBe(200);
  });

  it("through the console's upstream client: the browser's X-Forwarded-For is passed on and limited per address", async () => {
    process.env.SESSION_SECRET ??= "concurrency-test-secret";
    process.env.API_BASE_URL = s.url;
    (await import("~/utils/env.server")).resetEnvCache();
    const { upstream } = await import("~/utils/upstream.server");
    const viaConsole = (phone: string, address: string) =>
      upstream(new Request("http://console.test/login", { headers: { "x-forwarded-for": address } }), { token: null })
        .envelope("POST", "token/login", { form: { phone, password: enc(PASSWORD), platform: "pc" } })
        .then(
          () => 200,
          (e: { code?: number }) => e.code,
        );
    const codes = [];
    for (const p of [10, 11, 12, 16, 100, 111].map(phoneOf)) codes.push(await viaConsole(p, "203.0.113.90"));
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await viaConsole(phoneOf(111), "203.0.113.91")).toBe(200);
  });

  it("an untrusted peer cannot pick its address with X-Forwarded-For", async () => {
    const open = await startTestApi({ rateLimits, trustProxy: [] });
    try {
      const replies = [];
      for (const [i, p] of [1, 2, 5, 6, 7, 8].entries())
        replies.push(await open.call("POST", "token/login", { form: { phone: phoneOf(p), password: enc(PASSWORD) }, headers: from(`192.0.2.${i}`) }));
      expect(codesOf(replies)).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await open.close();
    }
  });

  it("SMS codes per phone and per address", async () => {
    const send = (phone: string, address: string, lang?: string) =>
      s.call("POST", "sms/code", { form: { phone, purpose: "register" }, headers: from(address), lang });
    expect((await send("15200000001", "203.0.113.60")).code).toBe(200);
    const again = await send("15200000001", "203.0.113.61", "en");
    expect([again.code, again.msg]).toEqual([429, EN]);
    expect((await send("15200000002", "203.0.113.70")).code).toBe(200);
    expect((await send("15200000003", "203.0.113.70")).code).toBe(200);
    expect((await send("15200000004", "203.0.113.70")).code).toBe(200);
    const fourth = await send("15200000005", "203.0.113.70");
    expect([fourth.code, fourth.msg]).toEqual([429, ZH]);
  });

  it("password/forgot is limited like login (issue 25, item 12): the 4th for one phone answers 429", async () => {
    const forgot = (address: string) =>
      s.call("POST", "password/forgot", { form: { phone: "15400000001", smsCode: "123456", password: enc(NEW_PW) }, headers: from(address) });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await forgot(`203.0.113.${110 + i}`)).code);
    expect(codes).toEqual([422, 422, 422, 429]);
  });

  it("registrations per phone and per address", async () => {
    const register = (phone: string, address: string) =>
      s.call("POST", "register", {
        form: { registrationCode: "NOPE", classId: 1, role: 3, realName: "x", phone, password: enc(NEW_PW), smsCode: "000000" },
        headers: from(address),
      });
    expect(codesOf(await times(3, () => register("15300000001", "203.0.113.80"))).sort()).toEqual([404, 404, 429]);
    expect((await register("15300000002", "203.0.113.80")).code).toBe(404);
    const refused = await register("15300000003", "203.0.113.80");
    expect([refused.code, refused.msg]).toEqual([429, ZH]);
  });
});
