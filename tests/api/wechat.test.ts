import { createCipheriv, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenReplySchema } from "@contract/api";
import { loadConfig, type WechatConfig } from "@api/config";
import { enc, phoneOf, startTestApi, type TestApi } from "./helpers";

/** An environment for loadConfig (NODE_ENV "test" unless given). */
const env = (vars: Record<string, string>): NodeJS.ProcessEnv => ({ NODE_ENV: "test", ...vars });

const SUPER_ADMIN = phoneOf(6);
const PRINCIPAL = phoneOf(1); // roles 1, bound to kindergartens 1 and 2
/** Lists only staff pages reach (user management, principal bindings). */
const STAFF_LISTS = ["users/", "users/principals/kindergartens/", "users/pro_teachers/kindergartens/"];

/** What an applicant session must look like, whichever account the phone belongs to: role 13 and nothing else. */
async function expectApplicantOnly(t: TestApi, token: string) {
  const info = await t.call("GET", "token/info", { token });
  expect(info.code).toBe(200);
  expect(info.data.roleId).toBe(13);
  expect(info.data.roles).toEqual([13]);
  for (const role of [6, 1, 3, 5]) {
    const sw = await t.call("PATCH", `token/role/${role}`, { token, form: { platform: "pc" }, lang: "en" });
    expect(sw.code, `switch to role ${role}`).toBe(403);
    expect(sw.msg).toMatch(/applicant session/);
  }
  expect((await t.call("PATCH", "token/kindergarten/2", { token, query: { platform: "pc" } })).code).toBe(403);
  for (const path of STAFF_LISTS) expect((await t.call("GET", path, { token, query: { currentPage: 1, pageSize: 10 } })).code, path).toBe(403);
  // "Switching" to role 13 keeps the session an applicant session.
  const same = await t.call("PATCH", "token/role/13", { token, form: { platform: "pc" } });
  expect(same.code).toBe(200);
  expect(same.data.roles).toEqual([13]);
  expect((await t.call("PATCH", "token/role/6", { token: same.data.token, form: { platform: "pc" } })).code).toBe(403);
  expect((await t.call("GET", "token/info", { token: same.data.token })).data.roles).toEqual([13]);
}

describe("WeChat login is off unless configured", () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("chooses no WeChat provider by default, in production too; the stand-in only when asked for", () => {
    expect(loadConfig(env({})).wechat.provider).toBe("off");
    expect(loadConfig(env({ NODE_ENV: "production" })).wechat.provider).toBe("off");
    expect(loadConfig(env({ NODE_ENV: "production", WECHAT_SANDBOX: "1" })).wechat.provider).toBe("sandbox");
    expect(loadConfig(env({ WECHAT_PROVIDER: "sandbox" })).wechat.provider).toBe("sandbox");
    expect(loadConfig(env({ WECHAT_APP_ID: "wx1", WECHAT_APP_SECRET: "s" })).wechat.provider).toBe("wechat");
    expect(() => loadConfig(env({ WECHAT_PROVIDER: "wechat" }))).toThrow(/WECHAT_APP_ID/);
    expect(() => loadConfig(env({ WECHAT_PROVIDER: "open" }))).toThrow(/WECHAT_PROVIDER/);
  });

  it("serves no stand-in page and answers the login with a clean 503", async () => {
    const redirect = "http://127.0.0.1:3000/admission/wx/login?kindergartenId=1";
    const page = await fetch(new URL(`wechat-sandbox/authorize?redirect_uri=${encodeURIComponent(redirect)}`, t.url));
    expect(page.status).toBe(404);
    const post = await fetch(new URL("wechat-sandbox/authorize", t.url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ redirect_uri: redirect, nickname: "x", phone: SUPER_ADMIN }).toString(),
      redirect: "manual",
    });
    expect(post.status).toBe(404);
    const r = await t.call("POST", "token/login_wechat", {
      form: { appId: "wx-local", code: "anything", encryptedData: enc(JSON.stringify({ phoneNumber: SUPER_ADMIN })), iv: "x", kindergartenId: 1 },
      lang: "en",
    });
    expect(r.status).toBe(503);
    expect(r.code).toBe(503);
    expect(r.msg).toBe("WeChat login is not available on this server");
  });
});

describe("POST token/login_wechat through the demo stand-in (WECHAT_PROVIDER=sandbox)", () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({ wechat: loadConfig(env({ WECHAT_PROVIDER: "sandbox" })).wechat });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Walks the sandbox authorisation page like a browser would and returns the code it redirects back with. */
  async function authorize(nickname: string, phone: string, state = "s1"): Promise<string> {
    const redirect = "http://127.0.0.1:3000/admission/wx/login?kindergartenId=1";
    const page = await fetch(new URL(`wechat-sandbox/authorize?redirect_uri=${encodeURIComponent(redirect)}&state=${state}`, t.url));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('name="nickname"');
    const res = await fetch(new URL("wechat-sandbox/authorize", t.url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ redirect_uri: redirect, state, nickname, phone }).toString(),
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!);
    expect(location.origin + location.pathname).toBe("http://127.0.0.1:3000/admission/wx/login");
    expect(location.searchParams.get("state")).toBe(state);
    expect(location.searchParams.get("kindergartenId")).toBe("1");
    return location.searchParams.get("code")!;
  }

  const loginAs = async (phone: string, kindergartenId = 1) =>
    t.call("POST", "token/login_wechat", {
      form: { appId: "wx-local", code: await authorize("n", phone), encryptedData: enc(JSON.stringify({ phoneNumber: phone })), iv: "x", kindergartenId },
    });

  it("creates an applicant (role 13) in the kindergarten, records the introducer, answers a token", async () => {
    const phone = "16600000001";
    const code = await authorize("小明妈妈", phone);
    const r = await t.call("POST", "token/login_wechat", {
      form: {
        appId: "wx-local",
        code,
        encryptedData: enc(JSON.stringify({ phoneNumber: phone })),
        iv: "KgConsoleAesIv01",
        kindergartenId: 1,
        introducerId: 12,
      },
    });
    expect(r.code).toBe(200);
    const data = tokenReplySchema.parse(r.data);
    expect(data.roleId).toBe(13);
    expect(data.roles).toEqual([13]);
    expect(data.kindergartenId).toBe(1);
    expect(data.realName).toBe("小明妈妈");
    const user = await t.api.handle.db.selectFrom("users").selectAll().where("phone", "=", phone).executeTakeFirstOrThrow();
    expect(user.introducer_id).toBe(12);
    expect((await t.call("GET", "token/info", { token: data.token })).data.roleId).toBe(13);

    // Codes are single-use.
    const again = await t.call("POST", "token/login_wechat", {
      form: { appId: "wx-local", code, encryptedData: enc(JSON.stringify({ phoneNumber: phone })), iv: "x", kindergartenId: 1 },
      lang: "en",
    });
    expect(again.code).toBe(400);
    expect(again.msg).toMatch(/invalid or expired/);
  });

  it("logs the same applicant in again with a new code (no duplicate user)", async () => {
    const phone = "16600000001";
    const code = await authorize("小明妈妈", phone);
    const r = await t.call("POST", "token/login_wechat", {
      form: { appId: "wx-local", code, encryptedData: enc(JSON.stringify({ phoneNumber: phone })), iv: "x", kindergartenId: 1 },
    });
    expect(r.code).toBe(200);
    const n = await t.api.handle.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("phone", "=", phone)
      .executeTakeFirst();
    expect(Number(n?.n)).toBe(1);
  });

  it("gives the super admin's phone an applicant session only: role 13, no switch to 6, no staff lists", async () => {
    const r = await loginAs(SUPER_ADMIN);
    expect(r.code).toBe(200);
    expect(r.data.roleId).toBe(13);
    expect(r.data.roles).toEqual([13]);
    await expectApplicantOnly(t, r.data.token);
    // The account itself is untouched: its password still opens its own roles, and that session may switch to 6.
    const pw = await t.login(SUPER_ADMIN);
    expect(pw.code).toBe(200);
    expect(pw.data.roleId).toBe(6);
    expect(pw.data.roles).toContain(6);
    expect((await t.call("PATCH", "token/role/6", { token: pw.data.token, form: { platform: "pc" } })).code).toBe(200);
  });

  it("gives a principal's phone no kindergarten switch and no principal role", async () => {
    const r = await loginAs(PRINCIPAL);
    expect(r.code).toBe(200);
    await expectApplicantOnly(t, r.data.token);
  });

  it("refuses unknown codes, undecryptable data, unknown kindergartens and foreign redirects", async () => {
    const bad = await t.call("POST", "token/login_wechat", {
      form: { appId: "wx-local", code: "made-up", encryptedData: enc(JSON.stringify({ phoneNumber: "16600000002" })), iv: "x", kindergartenId: 1 },
    });
    expect(bad.code).toBe(400);
    const code = await authorize("n", "16600000003");
    const garbled = await t.call("POST", "token/login_wechat", { form: { appId: "wx-local", code, encryptedData: "garbage", iv: "x", kindergartenId: 1 } });
    expect(garbled.code).toBe(400);
    const noKg = await t.call("POST", "token/login_wechat", { form: { appId: "wx-local", code: "x", encryptedData: "y", iv: "x", kindergartenId: 999 } });
    expect(noKg.code).toBe(404);
    const missing = await t.call("POST", "token/login_wechat", { form: { appId: "wx-local" } });
    expect(missing.code).toBe(422);
    expect(Object.keys(missing.data.errors).sort()).toEqual(["code", "encryptedData", "iv", "kindergartenId"]);
    const evil = await fetch(new URL(`wechat-sandbox/authorize?redirect_uri=${encodeURIComponent("https://evil.example/")}`, t.url));
    expect(evil.status).toBe(400);
  });
});

/** A stand-in for api.weixin.qq.com's jscode2session on a random port; records the queries it received. */
async function startWechatStandIn(sessions: Record<string, unknown>) {
  const received: URLSearchParams[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    received.push(url.searchParams);
    if (url.pathname !== "/sns/jscode2session") return void res.writeHead(404).end();
    const answer = sessions[url.searchParams.get("js_code") ?? ""] ?? { errcode: 40029, errmsg: "invalid code" };
    if (answer === "http-500") return void res.writeHead(500).end("oops");
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The mini-program's phone payload: AES-128-CBC (PKCS#7) with the session key and a random iv, both base64. */
function phonePayload(sessionKey: string, payload: object) {
  const iv = randomBytes(16);
  const cipher = createCipheriv("aes-128-cbc", Buffer.from(sessionKey, "base64"), iv);
  const encryptedData = Buffer.concat([cipher.update(JSON.stringify(payload), "utf8"), cipher.final()]).toString("base64");
  return { encryptedData, iv: iv.toString("base64") };
}

describe("POST token/login_wechat against WeChat itself (WECHAT_PROVIDER=wechat, jscode2session)", () => {
  const APP_ID = "wx-test-app";
  const sessionKey = randomBytes(16).toString("base64");
  const session = (openid: string) => ({ openid, session_key: sessionKey });
  const watermark = { appid: APP_ID, timestamp: 1 };
  let t: TestApi;
  let wx: Awaited<ReturnType<typeof startWechatStandIn>>;
  beforeAll(async () => {
    wx = await startWechatStandIn({
      "code-new": session("o-new"),
      "code-admin": session("o-admin"),
      "code-foreign": session("o-foreign"),
      "code-tampered": session("o-tampered"),
      "code-busy": { errcode: -1, errmsg: "system busy" },
      "code-500": "http-500",
    });
    const wechat: WechatConfig = { provider: "wechat", appId: APP_ID, appSecret: "app-secret", apiBaseUrl: wx.url, timeoutMs: 2000 };
    t = await startTestApi({ wechat });
  });
  afterAll(async () => {
    await t?.close();
    await wx?.close();
  });

  const login = (code: string, p: { encryptedData: string; iv: string }) =>
    t.call("POST", "token/login_wechat", { form: { appId: APP_ID, code, ...p, kindergartenId: 1 }, lang: "en" });

  it("exchanges the code with the app's id and secret and decrypts the phone with the session key", async () => {
    const r = await login("code-new", phonePayload(sessionKey, { phoneNumber: "16600000111", purePhoneNumber: "16600000111", countryCode: "86", watermark }));
    expect(r.code).toBe(200);
    expect(r.data.roles).toEqual([13]);
    expect(r.data.realName).toBe("WeChat user");
    const q = wx.received.at(-1)!;
    expect(Object.fromEntries(q)).toEqual({ appid: APP_ID, secret: "app-secret", js_code: "code-new", grant_type: "authorization_code" });
  });

  it("gives a staff phone verified by WeChat an applicant session only", async () => {
    const r = await login("code-admin", phonePayload(sessionKey, { phoneNumber: SUPER_ADMIN, purePhoneNumber: SUPER_ADMIN, watermark }));
    expect(r.code).toBe(200);
    await expectApplicantOnly(t, r.data.token);
  });

  it("refuses a payload of another app, a tampered payload and a code WeChat rejects", async () => {
    const foreign = await login("code-foreign", phonePayload(sessionKey, { purePhoneNumber: "16600000112", watermark: { appid: "wx-other", timestamp: 1 } }));
    expect(foreign.code).toBe(400);
    expect(foreign.msg).toBe("Could not decrypt the phone number data");
    const p = phonePayload(sessionKey, { purePhoneNumber: "16600000113", watermark });
    const tampered = await login("code-tampered", { ...p, encryptedData: Buffer.from("x".repeat(32)).toString("base64") });
    expect(tampered.code).toBe(400);
    const rejected = await login("code-unknown", p);
    expect(rejected.code).toBe(400);
    expect(rejected.msg).toMatch(/invalid or expired/);
  });

  it("answers 502 when WeChat fails or cannot be reached", async () => {
    const p = phonePayload(sessionKey, { purePhoneNumber: "16600000114", watermark });
    for (const code of ["code-busy", "code-500"]) {
      const r = await login(code, p);
      expect(r.code, code).toBe(502);
      expect(r.msg).toBe("WeChat could not be reached, please try again later");
    }
    await wx.close();
    const down = await login("code-new", p);
    expect(down.code).toBe(502);
  });
});
