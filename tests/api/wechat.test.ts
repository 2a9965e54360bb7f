import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenReplySchema } from "@contract/api";
import { enc, startTestApi, type TestApi } from "./helpers";

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
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

describe("POST token/login_wechat through the local sandbox", () => {
  it("creates an applicant (role 13) in the kindergarten, records the introducer, answers a token", async () => {
    const phone = "16600000001";
    const code = await authorize("小明妈妈", phone);
    const r = await t.call("POST", "token/login_wechat", {
      form: { appId: "wx-local", code, encryptedData: enc(JSON.stringify({ phoneNumber: phone })), iv: "KgConsoleAesIv01", kindergartenId: 1, introducerId: 12 },
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
    const n = await t.api.handle.db.selectFrom("users").select((eb) => eb.fn.countAll().as("n")).where("phone", "=", phone).executeTakeFirst();
    expect(Number(n?.n)).toBe(1);
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
