import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, phoneOf, type TestApi } from "./helpers";

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  await t?.close();
});

describe("service conventions", () => {
  it("serves /openapi.json generated from the route definitions", async () => {
    const res = await fetch(new URL("openapi.json", t.url));
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      "/token/login",
      "/token/logout",
      "/token/info",
      "/token/role/{id}",
      "/token/kindergarten/{id}",
      "/token/sts",
      "/token/login_wechat",
      "/users/principals/kindergartens/",
      "/users/principals/kindergartens/{id}/",
      "/users/pro_teachers/kindergartens/",
      "/users/pro_teachers/kindergartens/{id}/",
      "/register/kindergarten",
      "/register/classes",
      "/sms/code",
      "/register",
      "/password/forgot",
      "/password/reset",
    ])
      expect(Object.keys(doc.paths), p).toContain(p);
    expect(doc.paths["/token/login"].post.requestBody.content["application/x-www-form-urlencoded"]).toBeTruthy();
  });

  it("serves a readable reference page without external assets", async () => {
    const res = await fetch(new URL("docs", t.url), { headers: { lang: "en" } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("School API reference");
    expect(html).toContain("token/login");
    expect(html).not.toMatch(/<(script|link)[^>]+(src|href)="https?:/);
  });

  it("answers unknown paths with the envelope (404) in the caller's language", async () => {
    const zh = await t.call("GET", "no/such/thing");
    expect(zh.status).toBe(404);
    expect(zh.code).toBe(404);
    expect(zh.msg).toBe("接口不存在");
    const en = await t.call("GET", "no/such/thing", { lang: "en-US" });
    expect(en.msg).toBe("No such endpoint");
  });

  it("switches messages with the lang header (zh default, zh-CN/en/en-US accepted)", async () => {
    expect((await t.login(phoneOf(5))).msg).toBe("登录成功");
    expect((await t.login(phoneOf(5), undefined, { lang: "zh-CN" })).msg).toBe("登录成功");
    expect((await t.login(phoneOf(5), undefined, { lang: "en" })).msg).toBe("Logged in");
    expect((await t.login(phoneOf(5), undefined, { lang: "en-US" })).msg).toBe("Logged in");
  });

  it("never lets a stack trace out: an internal failure answers code 500 with a plain message", async () => {
    // Break the database under a live server: drop a table the login needs.
    const short = await startTestApi();
    try {
      await short.api.handle.db.schema.dropTable("login_locks").execute();
      const orig = console.error;
      const logged: string[] = [];
      console.error = (...a: unknown[]) => void logged.push(a.map(String).join(" "));
      let r;
      try {
        r = await short.login(phoneOf(5), undefined, { lang: "en" });
      } finally {
        console.error = orig;
      }
      expect(r.status).toBe(500);
      expect(r.code).toBe(500);
      expect(r.msg).toBe("An unknown server error occurred, please contact the administrator");
      expect(JSON.stringify(r)).not.toMatch(/at .*\.ts|stack|login_locks|SQL/i);
      expect(logged.join("\n")).toMatch(/token\/login failed/);
    } finally {
      await short.close();
    }
  });
});

describe("concurrency", () => {
  it("serves overlapping logins and writes without lock errors", async () => {
    const phones = [1, 2, 3, 5, 6, 7, 8, 9, 14, 15, 16, 100, 111, 401, 405].map(phoneOf);
    const logins = await Promise.all(phones.flatMap((p) => [t.login(p), t.login(p)]));
    expect(logins.map((r) => r.code)).toEqual(logins.map(() => 200));
    const admin = logins[phones.indexOf(phoneOf(6)) * 2].data.token as string;
    const principal4 = (await t.api.handle.db.selectFrom("users").select("id").where("phone", "=", phoneOf(401)).executeTakeFirstOrThrow()).id;
    const writes = await Promise.all(
      [1, 2, 3, 4].flatMap((kg) => [
        t.call("POST", "users/principals/kindergartens/", { token: admin, form: { userId: principal4, kindergartenId: kg } }),
        t.call("POST", "users/principals/kindergartens/", { token: admin, form: { userId: principal4, kindergartenId: kg } }),
      ]),
    );
    // Kindergarten 4 was bound already; for 1–3 exactly one of each pair wins and the other is a duplicate.
    const codes = writes.map((r) => r.code).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
  });
});
