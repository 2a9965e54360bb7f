import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "@api/config";
import { separateApplicantsFromAccounts } from "@api/db/migration-applicant-identity";
import { enc, latestSmsCode, phoneOf, startTestApi, type TestApi } from "./helpers";

/**
 * Issue 25, items 1, 8, 9 and 14, and the applicant's sign-in without WeChat (issue 26, item 10): an applicant's
 * phone is the one verified at sign-in, applicants are their own users, only the kindergarten's staff introduce,
 * and the WeChat stand-in redirects to configured hosts only.
 */
const env = (vars: Record<string, string>): NodeJS.ProcessEnv => ({ NODE_ENV: "test", ...vars });
const CONSOLE = "http://127.0.0.1:3000/admission/wx/login?kindergartenId=1";

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi({ wechat: loadConfig(env({ WECHAT_PROVIDER: "sandbox" })).wechat });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.api.handle.db;

/** Signs an applicant in with an SMS code (the sign-in offered when WeChat is not configured). */
async function smsSignIn(phone: string, extra: Record<string, string | number> = {}) {
  const sent = await t.call("POST", "token/applicant_sms_code", { form: { kindergartenId: 1, phone } });
  expect(sent.code, sent.msg).toBe(200);
  const r = await t.call("POST", "token/login_applicant_sms", { form: { kindergartenId: 1, phone, smsCode: await latestSmsCode(phone), ...extra } });
  expect(r.code, r.msg).toBe(200);
  return r.data as { token: string; userId: number; roleId: number; roles: number[]; phone: string };
}

/** The WeChat stand-in's authorisation, as a browser walks it: the code it redirects back with. */
async function authorize(phone: string) {
  const res = await fetch(new URL("wechat-sandbox/authorize", t.url), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ redirect_uri: CONSOLE, state: "s", nickname: "n", phone }).toString(),
    redirect: "manual",
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location")!).searchParams.get("code")!;
}

const wechatSignIn = async (phone: string, extra: Record<string, string | number> = {}, payloadPhone = phone) =>
  t.call("POST", "token/login_wechat", {
    form: {
      appId: "wx-local",
      code: await authorize(phone),
      encryptedData: enc(JSON.stringify({ phoneNumber: payloadPhone })),
      iv: "x",
      kindergartenId: 1,
      ...extra,
    },
  });

async function requestForm(token: string) {
  const intro = await t.call("GET", "admission/wx/introduction/", { token });
  expect(intro.code).toBe(200);
  const classId = intro.data.classes.find((c: { free: number }) => c.free > 0).id;
  const date = new Date(Date.now() + 3 * 86400000).toISOString().slice(0, 10);
  return { kidName: "小验证", nickname: "验验", nation: "han", contactName: "验家长", relationship: "mother", classId, bus: "no", date, time: "10:00" };
}

const customerRow = (id: number) => db().selectFrom("admission_customers").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const countOf = async (table: "admission_customers" | "admission_appointments") =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("item 1: the applicant's phone is the one verified at sign-in", () => {
  it("refuses a request naming another phone (422, nothing written), the same whether that phone is a customer or not", async () => {
    const victim = await db()
      .selectFrom("admission_customers")
      .selectAll()
      .where("kindergarten_id", "=", 1)
      .where("phone", "is not", null)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const me = await smsSignIn("16610000001");
    const form = await requestForm(me.token);
    const before = [await countOf("admission_customers"), await countOf("admission_appointments")];
    const claim = await t.call("POST", "admission/wx/requests/", { token: me.token, form: { ...form, phone: victim.phone!, remarks: "mine now" } });
    expect(claim.code).toBe(422);
    expect(Object.keys(claim.data.errors)).toEqual(["phone"]);
    const stranger = await t.call("POST", "admission/wx/requests/", { token: me.token, form: { ...form, phone: "16619999999", remarks: "mine now" } });
    expect({ code: stranger.code, msg: stranger.msg, data: stranger.data }).toEqual({ code: claim.code, msg: claim.msg, data: claim.data });
    const after = await customerRow(Number(victim.id));
    expect(after.applicant_user_id).toBe(victim.applicant_user_id);
    expect(after.remarks).toBe(victim.remarks);
    expect([await countOf("admission_customers"), await countOf("admission_appointments")]).toEqual(before);
    // The victim's child never appears on the caller's page.
    const intro = await t.call("GET", "admission/wx/introduction/", { token: me.token });
    expect(JSON.stringify(intro.data.requests)).not.toContain(victim.kid_name);
  });

  it("takes the phone from the session: the form need not name it, and the customer gets the verified phone", async () => {
    const me = await smsSignIn("16610000002");
    const form = await requestForm(me.token);
    const r = await t.call("POST", "admission/wx/requests/", { token: me.token, form });
    expect(r.code, r.msg).toBe(200);
    expect((await customerRow(r.data.customerId)).phone).toBe("16610000002");
    const same = await t.call("POST", "admission/wx/requests/", { token: me.token, form: { ...form, phone: "16610000002", remarks: "second visit" } });
    expect(same.code).toBe(200);
    // The applicant's own record is joined, not overwritten.
    expect(same.data).toMatchObject({ customerId: r.data.customerId, joined: true });
    expect((await customerRow(r.data.customerId)).remarks).toBeNull();
    const intro = await t.call("GET", "admission/wx/introduction/", { token: me.token });
    expect(intro.data.phone).toBe("16610000002");
  });

  it("never re-assigns a customer the team entered: the family with that phone is asked to contact the kindergarten", async () => {
    const staffMade = await db()
      .selectFrom("admission_customers")
      .selectAll()
      .where("kindergarten_id", "=", 1)
      .where("applicant_user_id", "is", null)
      .where("phone", "is not", null)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const family = await smsSignIn(staffMade.phone!);
    const before = await countOf("admission_appointments");
    const r = await t.call("POST", "admission/wx/requests/", {
      token: family.token,
      form: { ...(await requestForm(family.token)), kidName: staffMade.kid_name },
      lang: "en",
    });
    expect(r.code).toBe(409);
    expect(r.msg).toMatch(/contact the kindergarten/);
    const after = await customerRow(Number(staffMade.id));
    expect(after.applicant_user_id).toBeNull();
    expect(after.updated_at).toBe(staffMade.updated_at);
    expect(await countOf("admission_appointments")).toBe(before);
  });

  it("refuses a session whose phone nobody verified (a password sign-in as role 13)", async () => {
    const token = await t.token(phoneOf(13));
    const r = await t.call("POST", "admission/wx/requests/", { token, form: { ...(await requestForm(token)), phone: phoneOf(13) } });
    expect(r.code).toBe(422);
    expect(Object.keys(r.data.errors)).toEqual(["phone"]);
  });

  it("binds a WeChat session to the decrypted phone: the stand-in's code opens only the phone its page was given", async () => {
    const other = await wechatSignIn("16610000003", {}, "16610000004");
    expect(other.code).toBe(400);
    const r = await wechatSignIn("16610000003");
    expect(r.code).toBe(200);
    expect(r.data.phone).toBe("16610000003");
    const form = await requestForm(r.data.token);
    expect((await t.call("POST", "admission/wx/requests/", { token: r.data.token, form: { ...form, phone: "16610000004" } })).code).toBe(422);
    // A role "switch" to 13 keeps the binding.
    const sw = await t.call("PATCH", "token/role/13", { token: r.data.token, form: { platform: "pc" } });
    expect((await t.call("POST", "admission/wx/requests/", { token: sw.data.token, form })).code).toBe(200);
  });
});

describe("item 8: applicants are their own users", () => {
  it("gives a teacher's phone an applicant user of its own: the teacher's account keeps its roles and id", async () => {
    const teacher = await db().selectFrom("users").select(["id"]).where("phone", "=", phoneOf(3)).executeTakeFirstOrThrow();
    for (const signIn of [() => wechatSignIn(phoneOf(3)), async () => ({ code: 200, data: await smsSignIn(phoneOf(3)) })]) {
      const r = await signIn();
      expect(r.code).toBe(200);
      expect(r.data.userId).not.toBe(teacher.id);
      expect(r.data.roles).toEqual([13]);
      expect(r.data.phone).toBe(phoneOf(3));
    }
    const roles = await db().selectFrom("user_roles").select("role_id").where("user_id", "=", teacher.id).execute();
    expect(roles.map((x) => x.role_id)).not.toContain(13);
    // Both sign-ins found the same applicant.
    const applicants = await db()
      .selectFrom("users")
      .select("id")
      .where("phone", "like", `%${phoneOf(3)}`)
      .execute();
    expect(applicants).toHaveLength(2);
  });

  it("migration 020 takes role 13 back from staff accounts and ends the applicant sessions that acted as them", async () => {
    const teacher = await db().selectFrom("users").select(["id"]).where("phone", "=", phoneOf(3)).executeTakeFirstOrThrow();
    await db().insertInto("user_roles").values({ user_id: teacher.id, role_id: 13 }).execute();
    const now = new Date().toISOString();
    const legacy = await db()
      .insertInto("tokens")
      .values({
        token_hash: `legacy-${Date.now()}`,
        user_id: teacher.id,
        role_id: 13,
        kindergarten_id: 1,
        platform: "wechat",
        created_at: now,
        expires_at: "2999-01-01T00:00:00.000Z",
        revoked_at: null,
        applicant_only: 1,
        verified_phone: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await separateApplicantsFromAccounts(db() as never);
    const roles = await db().selectFrom("user_roles").select("role_id").where("user_id", "=", teacher.id).execute();
    expect(roles.map((x) => x.role_id)).not.toContain(13);
    expect((await db().selectFrom("tokens").select("revoked_at").where("id", "=", legacy.id).executeTakeFirstOrThrow()).revoked_at).not.toBeNull();
    // The demo applicant (role 13 only) keeps the role.
    const demo = await db()
      .selectFrom("users as u")
      .innerJoin("user_roles as r", "r.user_id", "u.id")
      .select("r.role_id")
      .where("u.phone", "=", phoneOf(13))
      .execute();
    expect(demo.map((x) => x.role_id)).toEqual([13]);
  });
});

describe("item 9: only the kindergarten's staff introduce, and no name is shown", () => {
  it("ignores an introducer who is a parent, an applicant, another kindergarten's staff or unknown", async () => {
    const other = await db().selectFrom("users").select("id").where("phone", "=", "13800000405").executeTakeFirstOrThrow();
    const ids = await db()
      .selectFrom("users")
      .select(["id", "phone"])
      .where("phone", "in", [phoneOf(4), phoneOf(13)])
      .execute();
    let n = 10;
    for (const introducerId of [...ids.map((x) => x.id), other.id, 999999]) {
      const phone = `166100000${n++}`;
      const me = await smsSignIn(phone, { introducerId });
      expect((await db().selectFrom("users").select("introducer_id").where("id", "=", me.userId).executeTakeFirstOrThrow()).introducer_id).toBeNull();
      expect((await t.call("GET", "admission/wx/introduction/", { token: me.token })).data.introduced).toBe(false);
    }
  });

  it("records the kindergarten's admissions teacher and shows that someone introduced, not who", async () => {
    const staff = await db().selectFrom("users").select(["id", "real_name"]).where("phone", "=", phoneOf(12)).executeTakeFirstOrThrow();
    const me = await smsSignIn("16610000020", { introducerId: staff.id });
    expect((await db().selectFrom("users").select("introducer_id").where("id", "=", me.userId).executeTakeFirstOrThrow()).introducer_id).toBe(staff.id);
    const intro = await t.call("GET", "admission/wx/introduction/", { token: me.token });
    expect(intro.data.introduced).toBe(true);
    expect(intro.data).not.toHaveProperty("introducerName");
    expect(JSON.stringify(intro.data)).not.toContain(staff.real_name);
  });
});

/** A raw HTTP GET with a Host header of the caller's choosing (fetch does not let one set it). */
function getWithHost(url: string, host: string) {
  return new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
    const req = httpRequest(url, { headers: { host } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on("error", reject);
    req.end();
  });
}

describe("item 14: the WeChat stand-in redirects to configured hosts only", () => {
  it("does not trust the Host header, and keeps local paths local", async () => {
    const evil = "http://evil.example/steal";
    const page = await getWithHost(new URL(`wechat-sandbox/authorize?redirect_uri=${encodeURIComponent(evil)}`, t.url).toString(), "evil.example");
    expect(page.status).toBe(400);
    for (const redirect of [evil, "/\\evil.example/x", "/.//evil.example/x", "//evil.example/x", "javascript:alert(1)"]) {
      const res = await fetch(new URL("wechat-sandbox/authorize", t.url), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", host: "evil.example" },
        body: new URLSearchParams({ redirect_uri: redirect, state: "s", nickname: "n", phone: "16610000030" }).toString(),
        redirect: "manual",
      });
      expect(res.status, redirect).toBe(400);
    }
    // A configured host and a plain local path still work.
    expect((await fetch(new URL(`wechat-sandbox/authorize?redirect_uri=${encodeURIComponent(CONSOLE)}`, t.url))).status).toBe(200);
    expect((await fetch(new URL(`wechat-sandbox/authorize?redirect_uri=${encodeURIComponent("/admission/wx/login")}`, t.url))).status).toBe(200);
  });
});

describe("issue 26 item 10: which sign-in the applicant's link offers", () => {
  it("names the kindergarten and offers the stand-in and SMS codes here; an unknown kindergarten is a 404", async () => {
    const r = await t.call("GET", "token/applicant_sign_in", { query: { kindergartenId: 1 } });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ wechat: true, sms: true, kindergarten: { id: 1 } });
    expect(r.data.kindergarten.name).toBeTruthy();
    expect((await t.call("GET", "token/applicant_sign_in", { query: { kindergartenId: 99999 } })).code).toBe(404);
  });

  it("refuses a wrong SMS code on its field and never opens a session with it", async () => {
    await t.call("POST", "token/applicant_sms_code", { form: { kindergartenId: 1, phone: "16610000031" } });
    const r = await t.call("POST", "token/login_applicant_sms", {
      form: { kindergartenId: 1, phone: "16610000031", smsCode: "000000" === (await latestSmsCode("16610000031")) ? "111111" : "000000" },
    });
    expect(r.code).toBe(422);
    expect(Object.keys(r.data.errors)).toEqual(["smsCode"]);
    // A code sent for another purpose (registration) does not sign an applicant in.
    await t.call("POST", "sms/code", { form: { phone: "16610000032", purpose: "register" } });
    const other = await t.call("POST", "token/login_applicant_sms", {
      form: { kindergartenId: 1, phone: "16610000032", smsCode: await latestSmsCode("16610000032") },
    });
    expect(other.code).toBe(422);
  });
});

describe("sign-in when WeChat is off (the default of npm start)", () => {
  let off: TestApi;
  afterAll(async () => {
    await off?.close();
  });
  it("offers SMS codes, or nothing when they are closed too", async () => {
    off = await startTestApi({ applicantSmsLogin: false });
    const closed = await off.call("GET", "token/applicant_sign_in", { query: { kindergartenId: 1 } });
    expect(closed.data).toMatchObject({ wechat: false, sms: false });
    expect((await off.call("POST", "token/applicant_sms_code", { form: { kindergartenId: 1, phone: "16610000040" } })).code).toBe(403);
    expect((await off.call("POST", "token/login_applicant_sms", { form: { kindergartenId: 1, phone: "16610000040", smsCode: "123456" } })).code).toBe(403);
    await off.close();
    off = await startTestApi();
    expect((await off.call("GET", "token/applicant_sign_in", { query: { kindergartenId: 1 } })).data).toMatchObject({ wechat: false, sms: true });
  }, 120_000);
});
