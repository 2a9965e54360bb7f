import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

process.env.SESSION_SECRET = "unit-test-secret";
const { requireCurrentUser, forgetUserInfo, forgetUserInfoOfPhone, clearUserInfoCache, userInfoCacheSize } = await import("~/utils/current-user.server");
const { resetEnvCache } = await import("~/utils/env.server");
const { commitUser } = await import("~/utils/session.server");
const { upstreamAgents } = await import("~/utils/upstream.server");

/**
 * A real local API stand-in of `token/info` with validators: the info of a token has a version (bumped when the test
 * "changes a flag"), the ETag names version and language, and a matching If-None-Match gets a 304 without a body.
 */
type Call = { token: string; lang: string; ifNoneMatch: string | null; status: number };
const infoCalls: Call[] = [];
let revoked = new Set<string>();
let down = false;
let delayMs = 0;
const version = new Map<string, number>();
const server = http.createServer((req, res) => {
  const token = String(req.headers.token ?? "");
  const lang = String(req.headers.lang ?? "");
  const ifNoneMatch = (req.headers["if-none-match"] as string | undefined) ?? null;
  const answer = (status: number, body: string | null, headers: Record<string, string> = {}) => {
    infoCalls.push({ token, lang, ifNoneMatch, status });
    setTimeout(() => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(body ?? undefined);
    }, delayMs);
  };
  if (req.url?.split("?")[0] !== "/token/info") return answer(200, JSON.stringify({ code: 404, msg: "no" }));
  if (down) return answer(502, "<html>502</html>");
  if (revoked.has(token)) return answer(200, JSON.stringify({ code: 401, msg: "请重新登录" }));
  const v = version.get(token) ?? 1;
  const etag = `"v${v}-${lang}"`;
  if (ifNoneMatch === etag) return answer(304, null, { etag });
  const data = { ...baseInfo, phone: token === "TOKEN-B" ? "13900000009" : baseInfo.phone, realName: `王老师 v${v}` };
  answer(200, JSON.stringify({ code: 200, msg: "ok", data }), { etag });
});
const baseInfo = {
  userId: 1,
  realName: "王老师",
  phone: "13800000003",
  roleId: 3,
  roles: [3],
  kindergartenId: 1,
  kindergartenName: "K1",
  educationGroupId: 1,
  educationGroupName: "G1",
  optionalFunction: null,
};
const change = (token: string) => version.set(token, (version.get(token) ?? 1) + 1);

async function requestFor(token: string, o: { lang?: string; method?: string } = {}) {
  const headers = await commitUser(new Request("http://console.test/"), { ...baseInfo, roleId: 3, roles: [3], token });
  const cookie = headers.get("Set-Cookie")!.split(";")[0];
  return new Request("http://console.test/Home", {
    method: o.method ?? "GET",
    headers: { Cookie: `${cookie}; lng=${o.lang ?? "zh"}` },
  });
}
const nameOf = async (token: string, o?: { lang?: string; method?: string }) => (await requireCurrentUser(await requestFor(token, o))).info.realName;
const callsOf = (token: string) => infoCalls.filter((c) => c.token === token).length;

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  process.env.API_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  process.env.APP_ID = "kg-admin-pc";
  resetEnvCache();
});
afterAll(async () => {
  upstreamAgents.http.destroy();
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});
beforeEach(() => {
  clearUserInfoCache();
  infoCalls.length = 0;
  revoked = new Set();
  version.clear();
  down = false;
  delayMs = 0;
});

describe("requireCurrentUser: the kept user info, revalidated at every request (issue 28, item 5)", () => {
  it("parallel loaders of one document share one token/info exchange", async () => {
    delayMs = 50;
    const names = await Promise.all([nameOf("TOKEN-A"), nameOf("TOKEN-A"), nameOf("TOKEN-A"), nameOf("TOKEN-A")]);
    expect(new Set(names)).toEqual(new Set(["王老师 v1"]));
    expect(callsOf("TOKEN-A")).toBe(1);
  });

  it("the next request revalidates with If-None-Match: a 304 keeps the copy", async () => {
    expect(await nameOf("TOKEN-A")).toBe("王老师 v1");
    expect(await nameOf("TOKEN-A")).toBe("王老师 v1");
    expect(infoCalls.map((c) => [c.ifNoneMatch, c.status])).toEqual([
      [null, 200],
      ['"v1-zh-CN"', 304],
    ]);
  });

  it("a change upstream (a flag, a role) is seen at the very next request, not seconds later", async () => {
    expect(await nameOf("TOKEN-A")).toBe("王老师 v1");
    change("TOKEN-A");
    expect(await nameOf("TOKEN-A")).toBe("王老师 v2");
    expect(await nameOf("TOKEN-A")).toBe("王老师 v2");
    expect(infoCalls.map((c) => c.status)).toEqual([200, 200, 304]);
  });

  it("keeps one copy per token and language", async () => {
    await nameOf("TOKEN-A", { lang: "zh" });
    await nameOf("TOKEN-A", { lang: "en" });
    await nameOf("TOKEN-B", { lang: "zh" });
    expect(infoCalls.map((c) => `${c.token} ${c.lang}`).sort()).toEqual(["TOKEN-A en-US", "TOKEN-A zh-CN", "TOKEN-B zh-CN"]);
    expect(userInfoCacheSize()).toBe(3);
  });

  it("forgetUserInfo (logout, role/kindergarten switch, password change) drops every language of that token only", async () => {
    await nameOf("TOKEN-A", { lang: "zh" });
    await nameOf("TOKEN-A", { lang: "en" });
    await nameOf("TOKEN-B");
    forgetUserInfo("TOKEN-A");
    expect(userInfoCacheSize()).toBe(1);
    await nameOf("TOKEN-A");
    expect(infoCalls.at(-1)).toMatchObject({ token: "TOKEN-A", ifNoneMatch: null, status: 200 });
  });

  it("forgetUserInfoOfPhone drops the copies of that account's tokens", async () => {
    await nameOf("TOKEN-A");
    await nameOf("TOKEN-B");
    forgetUserInfoOfPhone("13900000009"); // TOKEN-B's account
    expect(userInfoCacheSize()).toBe(1);
    await nameOf("TOKEN-B");
    expect(infoCalls.at(-1)).toMatchObject({ token: "TOKEN-B", ifNoneMatch: null });
  });

  it("a revoked token ends the session at the next request (401 → login), and nothing is kept", async () => {
    await nameOf("TOKEN-A");
    revoked.add("TOKEN-A");
    const thrown = await requireCurrentUser(await requestFor("TOKEN-A")).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toMatch(/^\/login/);
    expect(userInfoCacheSize()).toBe(0);
  });

  it("a write (non-GET request) never joins a read in flight: it makes its own exchange", async () => {
    delayMs = 80;
    const read = nameOf("TOKEN-A");
    await new Promise((r) => setTimeout(r, 10));
    change("TOKEN-A");
    const written = nameOf("TOKEN-A", { method: "POST" });
    await read;
    expect(await written).toBe("王老师 v2");
    expect(callsOf("TOKEN-A")).toBe(2);
  });

  it("an unreachable upstream is not kept: the cookie's info stands in, the next request asks again", async () => {
    down = true;
    expect(await nameOf("TOKEN-A")).toBe("王老师"); // the session's copy
    expect(userInfoCacheSize()).toBe(0);
    down = false;
    expect(await nameOf("TOKEN-A")).toBe("王老师 v1");
  });
});
