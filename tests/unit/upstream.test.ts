import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

process.env.SESSION_SECRET = "unit-test-secret";

const { createUpstreamClient, UpstreamError, upstream, encodeForm, settle, toastOnError, unknownErrorText, classifyUpstreamFailure, toastUnlessFieldErrors } =
  await import("~/utils/upstream.server");
const { resetEnvCache } = await import("~/utils/env.server");
const { commitUser, getSessionStorage, SESSION_COOKIE_NAME } = await import("~/utils/session.server");

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
const seen: Seen[] = [];

/** A real local HTTP server answering one case per path. */
const server = http.createServer((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
    const send = (status: number, payload: unknown, type = "application/json") => {
      res.writeHead(status, { "content-type": type });
      res.end(typeof payload === "string" ? payload : JSON.stringify(payload));
    };
    const path = (req.url ?? "").split("?")[0];
    switch (path) {
      case "/ok":
        return send(200, { code: 200, msg: "ok", data: { id: 7, name: "Sunny" } });
      case "/echo":
        return send(200, { code: 200, msg: "ok", data: null });
      case "/fail-msg":
        return send(200, { code: 500, msg: "数据库繁忙" });
      case "/fail-http-msg":
        return send(409, { code: 409, msg: "Already exists" });
      case "/fail-nomsg":
        return send(200, { code: 500 });
      case "/fail-nullmsg":
        return send(500, { code: 500, msg: null, data: null });
      case "/unauthorized":
        return send(401, { code: 401, msg: "请重新登录" });
      case "/need-reset":
        return send(400, { code: 400, msg: "Need Reset Password", data: null });
      case "/invalid-422":
        return send(422, { code: 422, msg: "Invalid", data: { errors: { phone: ["Enter phone"], password: ["Too short"] } } });
      case "/garbage":
        return send(200, "<html>502 Bad Gateway</html>", "text/html");
      case "/html-500":
        return send(500, "<!DOCTYPE html><html><body><h1>500 Internal Server Error</h1><p>nginx</p></body></html>", "text/html");
      case "/empty-502":
        return send(502, "", "text/plain");
      case "/json-500-msg":
        return send(500, { code: 500, msg: "服务暂不可用" });
      case "/wrong-shape":
        return send(200, { status: "ok", result: [] });
      case "/token/login": {
        const form = new URLSearchParams(body);
        if (form.get("phone") === "13800000000") return send(200, { code: 200, msg: "ok", data: null });
        if (form.get("phone") === "13800000200") return send(400, { code: 400, msg: "Need Reset Password", data: null });
        return send(200, {
          code: 200,
          msg: "ok",
          data: {
            token: "NEW-TOKEN",
            userId: 9,
            realName: "Echo",
            phone: form.get("phone"),
            roleId: 3,
            roles: [3],
            kindergartenId: 1,
            kindergartenName: "K1",
            educationGroupId: 1,
            educationGroupName: "G1",
            optionalFunction: null,
            echoedPassword: form.get("password"),
            echoedPlatform: form.get("platform"),
          },
        });
      }
      case "/hang-body":
        res.writeHead(200, { "content-type": "application/json" });
        res.write('{"code":200,');
        return; // headers and half a body, then nothing
      case "/hang":
        return; // never answers
      default:
        return send(404, { code: 404, msg: "Not found" });
    }
  });
});

let base = "";
let refusedBase = "";

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  // A port that was just free and is now closed: connection refused.
  const probe = http.createServer();
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
  refusedBase = `http://127.0.0.1:${(probe.address() as AddressInfo).port}/`;
  await new Promise<void>((r) => probe.close(() => r()));
  process.env.API_BASE_URL = base;
  process.env.APP_ID = "kg-admin-pc";
  resetEnvCache();
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

const client = (o: Partial<Parameters<typeof createUpstreamClient>[0]> = {}) =>
  createUpstreamClient({ baseUrl: base, appId: "kg-admin-pc", lang: "zh", token: "T0KEN", timeoutMs: 1000, ...o });

async function failure(p: Promise<unknown>): Promise<InstanceType<typeof UpstreamError>> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(UpstreamError);
    return e as InstanceType<typeof UpstreamError>;
  }
  throw new Error("expected a failure");
}

describe("upstream client (sections 7 and 8)", () => {
  it("code 200 answers data, parsed with the schema", async () => {
    const data = await client().get("ok", { schema: z.object({ id: z.number(), name: z.string() }) });
    expect(data).toEqual({ id: 7, name: "Sunny" });
  });

  it("sends token, lang and appid headers", async () => {
    seen.length = 0;
    await client({ lang: "en" }).get("ok");
    expect(seen[0].headers.token).toBe("T0KEN");
    expect(seen[0].headers.lang).toBe("en-US");
    expect(seen[0].headers.appid).toBe("kg-admin-pc");
    seen.length = 0;
    await client({ token: null }).get("ok");
    expect(seen[0].headers.token).toBeUndefined();
    expect(seen[0].headers.lang).toBe("zh-CN");
  });

  it("form-encodes writes and omits empty fields; query params too", async () => {
    seen.length = 0;
    await client().post("echo", {
      query: { currentPage: 1, keyword: "", sort: undefined },
      form: { phone: "13800000001", name: "张 三&x", empty: "", none: null, missing: undefined, zero: 0, flag: false, ids: [1, 2] },
    });
    const req = seen[0];
    expect(req.method).toBe("POST");
    expect(req.url).toBe("/echo?currentPage=1");
    expect(req.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    const form = new URLSearchParams(req.body);
    expect([...form.keys()]).toEqual(["phone", "name", "zero", "flag", "ids", "ids"]);
    expect(form.get("name")).toBe("张 三&x");
    expect(form.getAll("ids")).toEqual(["1", "2"]);
    expect(encodeForm({ a: "", b: "x" }).toString()).toBe("b=x");
  });

  it("PATCH and DELETE use their methods", async () => {
    seen.length = 0;
    await client().patch("echo", { form: { platform: "pc" } });
    await client().delete("echo");
    expect(seen.map((s) => s.method)).toEqual(["PATCH", "DELETE"]);
    expect(seen[0].body).toBe("platform=pc");
  });

  it("non-200 with msg: the msg", async () => {
    const e = await failure(client().get("fail-msg"));
    expect(e.kind).toBe("code");
    expect(e.code).toBe(500);
    expect(e.message).toBe("数据库繁忙");
    const e2 = await failure(client().get("fail-http-msg"));
    expect(e2.message).toBe("Already exists");
    expect(e2.code).toBe(409);
  });

  it("non-200 without msg: the unknown-error text of section 8 in both languages", async () => {
    expect((await failure(client().get("fail-nomsg"))).message).toBe("服务器发生未知错误，请联系管理员");
    expect((await failure(client({ lang: "en" }).get("fail-nullmsg"))).message).toBe("An unknown server error occurred, please contact the administrator");
    expect(unknownErrorText("zh")).toBe("服务器发生未知错误，请联系管理员");
  });

  it("401 is 'unauthorized'", async () => {
    const e = await failure(client().get("unauthorized"));
    expect(e.kind).toBe("unauthorized");
    expect(e.message).toBe("请重新登录");
  });

  it("Need Reset Password is its own kind (no toast text)", async () => {
    const e = await failure(client().post("need-reset", { form: { phone: "1" } }));
    expect(e.kind).toBe("needResetPassword");
  });

  it("422 exposes data.errors per field", async () => {
    const e = await failure(client().post("invalid-422", { form: {} }));
    expect(e.code).toBe(422);
    expect(e.fieldErrors).toEqual({ phone: ["Enter phone"], password: ["Too short"] });
  });

  it("garbage body, an HTML error page, an empty 502 and a wrong envelope are the unknown-error text, no status", async () => {
    for (const path of ["garbage", "html-500", "empty-502", "wrong-shape"]) {
      const zh = await failure(client().get(path));
      expect(zh.kind).toBe("invalid");
      expect(zh.message).toBe("服务器发生未知错误，请联系管理员");
      expect(classifyUpstreamFailure(zh)).toEqual({ kind: "unknown", text: "服务器发生未知错误，请联系管理员" });
      const en = await failure(client({ lang: "en" }).get(path));
      expect(en.message).toBe("An unknown server error occurred, please contact the administrator");
      expect(en.message).not.toMatch(/HTTP|\d{3}|html|nginx/i);
    }
  });

  it("data that does not match the schema is the unknown-error text, not a crash", async () => {
    const e = await failure(client().get("ok", { schema: z.object({ id: z.string() }) }));
    expect(e.kind).toBe("invalid");
    expect(classifyUpstreamFailure(e)).toEqual({ kind: "unknown", text: unknownErrorText("zh") });
  });

  it("a hang past the timeout (before headers or mid-body) is the network-error text", async () => {
    for (const path of ["hang", "hang-body"]) {
      const started = Date.now();
      const e = await failure(client({ timeoutMs: 300, lang: "en" }).get(path));
      expect(e.kind).toBe("timeout");
      expect(e.message).toBe("Network Error: the server cannot be reached. Please try again later.");
      expect(classifyUpstreamFailure(e).kind).toBe("network");
      expect(Date.now() - started).toBeLessThan(3000);
    }
    const zh = await failure(client({ timeoutMs: 300 }).get("hang"));
    expect(zh.message).toBe("网络错误，无法连接服务器，请稍后重试");
  });

  it("section 8 decisions: msg, missing msg, 401, Need Reset Password, 422", async () => {
    expect(classifyUpstreamFailure(await failure(client().get("json-500-msg")))).toEqual({ kind: "message", text: "服务暂不可用" });
    expect(classifyUpstreamFailure(await failure(client().get("fail-nullmsg")))).toMatchObject({ kind: "unknown", text: unknownErrorText("zh") });
    expect(classifyUpstreamFailure(await failure(client().get("unauthorized")))).toEqual({ kind: "unauthorized", text: "请重新登录" });
    expect(classifyUpstreamFailure(await failure(client().get("need-reset")))).toEqual({ kind: "needReset", text: "" });
    expect(classifyUpstreamFailure(await failure(client().get("invalid-422")))).toMatchObject({
      kind: "message",
      fieldErrors: { phone: ["Enter phone"], password: ["Too short"] },
    });
  });

  it("connection refused is a transport error with section 8's network message, not the socket error", async () => {
    const zh = await failure(client({ baseUrl: refusedBase }).get("ok"));
    expect(zh.kind).toBe("transport");
    expect(zh.message).toBe("网络错误，无法连接服务器，请稍后重试");
    const en = await failure(client({ baseUrl: refusedBase, lang: "en" }).get("ok"));
    expect(en.message).toBe("Network Error: the server cannot be reached. Please try again later.");
    expect(en.message).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
  });
});

describe("request-bound upstream()", () => {
  const info = {
    userId: 1,
    realName: "王老师",
    phone: "13800000003",
    roleId: 3 as const,
    roles: [3 as const],
    kindergartenId: 1,
    kindergartenName: "K1",
    educationGroupId: 1,
    educationGroupName: "G1",
    optionalFunction: null,
  };
  async function loggedInRequest(url: string, roleId: 3 | 13 = 3, init: RequestInit = {}) {
    const headers = await commitUser(new Request("http://console.test/"), {
      ...info,
      roleId,
      roles: [roleId],
      token: "SESSION-TOKEN",
    });
    const cookie = headers.get("Set-Cookie")!.split(";")[0];
    return new Request(url, { ...init, headers: { Cookie: `${cookie}; lng=en`, ...(init.headers ?? {}) } });
  }

  it("sends the session token and the cookie language", async () => {
    seen.length = 0;
    const req = await loggedInRequest("http://console.test/Home");
    await upstream(req).get("ok");
    expect(seen[0].headers.token).toBe("SESSION-TOKEN");
    expect(seen[0].headers.lang).toBe("en-US");
  });

  it("401 clears the session and redirects to /login?redirect=<page>", async () => {
    const req = await loggedInRequest("http://console.test/student/studentFile?currentPage=2&_data=routes%2Fx");
    const thrown = await upstream(req)
      .get("unauthorized")
      .catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    const res = thrown as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?redirect=%2Fstudent%2FstudentFile%3FcurrentPage%3D2");
    const cookies = res.headers.getSetCookie().join("\n");
    expect(cookies).toContain(`${SESSION_COOKIE_NAME}=;`);
    expect(cookies).toContain("kg_toast=");
  });

  it("401 for an applicant (role 13) goes to the admission login, keeping kindergartenId", async () => {
    const req = await loggedInRequest("http://console.test/admission/wx/introduction", 13);
    const res = (await upstream(req)
      .get("unauthorized")
      .catch((e) => e)) as Response;
    expect(res.headers.get("Location")).toBe("/admission/wx/login?redirect=%2Fadmission%2Fwx%2Fintroduction&kindergartenId=1");
  });

  it("401 on a form post to an action route keeps the page (Referer) as redirect", async () => {
    const req = await loggedInRequest("http://console.test/switch-role", 3, {
      method: "POST",
      headers: { Referer: "http://console.test/daily/notice" },
      body: new URLSearchParams({ roleId: "1" }),
    });
    const res = (await upstream(req)
      .patch("unauthorized")
      .catch((e) => e)) as Response;
    expect(res.headers.get("Location")).toBe("/login?redirect=%2Fdaily%2Fnotice");
  });

  it("Need Reset Password redirects to the forced reset screen with the phone, no toast", async () => {
    const req = new Request("http://console.test/login", { method: "POST" });
    const res = (await upstream(req, { token: null })
      .post("need-reset", { form: { phone: " 13800000200 " } })
      .catch((e) => e)) as Response;
    expect(res.headers.get("Location")).toBe("/resetPassword?mode=forced&phone=13800000200");
    expect(res.headers.get("Set-Cookie")).toBeNull();
  });

  it("settle() turns failures into values; toastOnError() into a redirect back with a toast", async () => {
    const req = new Request("http://console.test/daily/notice");
    const r = await settle(upstream(req).get("fail-msg"));
    expect(r).toMatchObject({ ok: false, error: "数据库繁忙", code: 500, failure: "message" });
    const ok = await settle(upstream(req).get("ok"));
    expect(ok).toEqual({ ok: true, data: { id: 7, name: "Sunny" } });
    const res = (await toastOnError(req, upstream(req).get("fail-msg")).catch((e) => e)) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/daily/notice");
    expect(res.headers.get("Set-Cookie")).toContain("kg_toast=");
  });

  it("loaders and actions: down, slow, garbage, HTML page, 500 become the right toast via settle/toastOnError", async () => {
    const req = new Request("http://console.test/daily/notice");
    const readToast = async (res: Response) => {
      const { getToast } = await import("~/utils/toast.server");
      const cookie = res.headers.get("Set-Cookie")!.split(";")[0];
      return (await getToast(new Request("http://console.test/daily/notice", { headers: { Cookie: cookie } }))).toast;
    };
    const cases: Array<[string, { timeoutMs?: number; base?: string }, string, string]> = [
      ["ok", { base: refusedBase }, "network", "网络错误，无法连接服务器，请稍后重试"],
      ["hang", { timeoutMs: 300 }, "network", "网络错误，无法连接服务器，请稍后重试"],
      ["garbage", {}, "unknown", "服务器发生未知错误，请联系管理员"],
      ["html-500", {}, "unknown", "服务器发生未知错误，请联系管理员"],
      ["fail-nomsg", {}, "unknown", "服务器发生未知错误，请联系管理员"],
      ["json-500-msg", {}, "message", "服务暂不可用"],
    ];
    for (const [path, o, kind, text] of cases) {
      if (o.base) process.env.API_BASE_URL = o.base;
      resetEnvCache();
      try {
        const r = await settle(upstream(req, { timeoutMs: o.timeoutMs }).get(path));
        expect(r).toMatchObject({ ok: false, error: text, failure: kind });
        const res = (await toastOnError(req, upstream(req, { timeoutMs: o.timeoutMs }).get(path)).catch((e) => e)) as Response;
        expect(res.status).toBe(302);
        expect(await readToast(res)).toMatchObject({ type: "error", message: text });
        // An action with a form: no field errors → the same toast, by a redirect back, not a form error.
        const post = new Request("http://console.test/x/new", { method: "POST", headers: { referer: "http://console.test/user/x/new" } });
        const thrown = (await toastUnlessFieldErrors(post, r as never, ["phone"]).catch((e) => e)) as Response;
        expect(thrown.headers.get("Location")).toBe("/user/x/new");
        expect(await readToast(thrown)).toMatchObject({ message: text });
      } finally {
        process.env.API_BASE_URL = base;
        resetEnvCache();
      }
    }
    // A 422 naming the form's fields stays by the fields (our extension).
    const r422 = await settle(upstream(req).post("invalid-422", { form: { phone: "1" } }));
    expect(await toastUnlessFieldErrors(req, r422 as never, ["phone", "password"])).toBeNull();
  });

  it("the session cookie is httpOnly, SameSite=Lax, path /, secure only behind https", async () => {
    const plain = (await commitUser(new Request("http://x/"), { ...info, token: "t" })).get("Set-Cookie")!;
    expect(plain).toMatch(/HttpOnly/i);
    expect(plain).toMatch(/SameSite=Lax/i);
    expect(plain).toMatch(/Path=\//);
    expect(plain).not.toMatch(/Secure/i);
    const https = (await commitUser(new Request("http://x/", { headers: { "x-forwarded-proto": "https" } }), { ...info, token: "t" })).get("Set-Cookie")!;
    expect(https).toMatch(/Secure/i);
    expect(getSessionStorage()).toBeTruthy();
  });
});

describe("login (remix-auth FormStrategy)", () => {
  const loginRequest = (phone: string, password = "Sunny#2026") =>
    new Request("http://console.test/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ phone, password }),
    });

  it("trims the phone, AES-encrypts the password and posts platform=pc", async () => {
    const { login } = await import("~/utils/auth.server");
    const { aesDecrypt, DEFAULT_AES_IV, DEFAULT_AES_KEY } = await import("@contract/crypto");
    seen.length = 0;
    const reply = await login(loginRequest("  13800000003 "));
    expect(reply.token).toBe("NEW-TOKEN");
    const form = new URLSearchParams(seen[0].body);
    expect(seen[0].url).toBe("/token/login");
    expect(seen[0].headers.token).toBeUndefined();
    expect(form.get("phone")).toBe("13800000003");
    expect(form.get("platform")).toBe("pc");
    expect(form.get("password")).not.toBe("Sunny#2026");
    expect(aesDecrypt(form.get("password")!, { key: DEFAULT_AES_KEY, iv: DEFAULT_AES_IV })).toBe("Sunny#2026");
  });

  it("a success without data is 'Verification failed, please log in again'", async () => {
    const { login } = await import("~/utils/auth.server");
    const e = await failure(login(loginRequest("13800000000")));
    expect(e.message).toBe("验证失败，请重新登录");
  });

  it("Need Reset Password sends the user to the forced reset with the phone", async () => {
    const { login } = await import("~/utils/auth.server");
    const res = (await login(loginRequest("13800000200")).catch((e) => e)) as Response;
    expect(res).toBeInstanceOf(Response);
    expect(res.headers.get("Location")).toBe("/resetPassword?mode=forced&phone=13800000200");
  });
});

describe("under remix-serve's globals (fetch polyfill installed)", () => {
  it("a timeout neither crashes the process nor leaves an unhandled rejection", async () => {
    const { installGlobals } = await import("@remix-run/node");
    installGlobals();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const e = await failure(client({ timeoutMs: 200 }).get("hang"));
      expect(e.kind).toBe("timeout");
      const e2 = await failure(client({ timeoutMs: 200 }).get("hang-body"));
      expect(e2.kind).toBe("timeout");
      // A write with a form body: the polyfill's abort cancels the locked request body (unhandled).
      const e3 = await failure(client({ timeoutMs: 200 }).post("hang", { form: { ids: [35] } }));
      expect(e3.kind).toBe("timeout");
      const ok = await client().get("ok");
      expect(ok).toEqual({ id: 7, name: "Sunny" });
      await new Promise((r) => setTimeout(r, 300));
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });
});
