import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

process.env.SESSION_SECRET = "unit-test-secret";
const { requireCurrentUser, forgetUserInfo, forgetUserInfoOfPhone, clearUserInfoCache, userInfoCacheSize, USER_INFO_TTL_MS } =
  await import("~/utils/current-user.server");
const { resetEnvCache } = await import("~/utils/env.server");
const { commitUser } = await import("~/utils/session.server");
const { upstreamAgents } = await import("~/utils/upstream.server");

/** A real local API stand-in: token/info answers with a name that counts the calls (per token). */
const infoCalls: { token: string; lang: string }[] = [];
let revoked = new Set<string>();
let down = false;
const server = http.createServer((req, res) => {
  const token = String(req.headers.token ?? "");
  const lang = String(req.headers.lang ?? "");
  res.writeHead(200, { "content-type": "application/json" });
  if (req.url?.split("?")[0] !== "/token/info") return res.end(JSON.stringify({ code: 404, msg: "no" }));
  infoCalls.push({ token, lang });
  if (down) return res.end("<html>502</html>");
  if (revoked.has(token)) return res.end(JSON.stringify({ code: 401, msg: "请重新登录" }));
  const n = infoCalls.filter((c) => c.token === token).length;
  res.end(
    JSON.stringify({
      code: 200,
      msg: "ok",
      data: { ...baseInfo, phone: token === "TOKEN-B" ? "13900000009" : baseInfo.phone, realName: `王老师 #${n}` },
    }),
  );
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
  vi.useRealTimers();
  clearUserInfoCache();
  infoCalls.length = 0;
  revoked = new Set();
  down = false;
});

describe("requireCurrentUser: the kept user info (issue Speed)", () => {
  it("the lifetime is a few seconds at most (Fresh permissions)", () => {
    expect(USER_INFO_TTL_MS).toBeGreaterThanOrEqual(1000);
    expect(USER_INFO_TTL_MS).toBeLessThanOrEqual(5000);
  });

  it("parallel loaders and the next request within the lifetime share one token/info call", async () => {
    const names = await Promise.all([nameOf("TOKEN-A"), nameOf("TOKEN-A"), nameOf("TOKEN-A"), nameOf("TOKEN-A")]);
    expect(new Set(names)).toEqual(new Set(["王老师 #1"]));
    await new Promise((r) => setTimeout(r, 300)); // past the old 250 ms sharing window
    expect(await nameOf("TOKEN-A")).toBe("王老师 #1");
    expect(callsOf("TOKEN-A")).toBe(1);
  });

  it("re-reads the info once the lifetime is over", async () => {
    const t0 = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: t0 });
    expect(await nameOf("TOKEN-A")).toBe("王老师 #1");
    vi.setSystemTime(t0 + USER_INFO_TTL_MS - 10);
    expect(await nameOf("TOKEN-A")).toBe("王老师 #1");
    vi.setSystemTime(t0 + USER_INFO_TTL_MS + 10);
    expect(await nameOf("TOKEN-A")).toBe("王老师 #2");
    expect(callsOf("TOKEN-A")).toBe(2);
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
    expect(await nameOf("TOKEN-A")).toBe("王老师 #3");
    expect(await nameOf("TOKEN-B")).toBe("王老师 #1");
  });

  it("forgetUserInfoOfPhone drops the copies of that account's tokens", async () => {
    await nameOf("TOKEN-A");
    await nameOf("TOKEN-B");
    forgetUserInfoOfPhone("13900000009"); // TOKEN-B's account
    expect(await nameOf("TOKEN-B")).toBe("王老师 #2");
    expect(await nameOf("TOKEN-A")).toBe("王老师 #1");
  });

  it("a revoked token ends the session once the kept copy is forgotten (401 → login)", async () => {
    await nameOf("TOKEN-A");
    revoked.add("TOKEN-A");
    forgetUserInfo("TOKEN-A");
    const thrown = await requireCurrentUser(await requestFor("TOKEN-A")).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toMatch(/^\/login/);
    expect(userInfoCacheSize()).toBe(0); // a failure is not kept
  });

  it("a write (non-GET request) reads the info afresh and the loaders after it read again", async () => {
    await nameOf("TOKEN-A", { lang: "zh" });
    await nameOf("TOKEN-A", { lang: "en" });
    expect(await nameOf("TOKEN-A", { method: "POST" })).toBe("王老师 #3");
    expect(await nameOf("TOKEN-A")).toBe("王老师 #4"); // the revalidation after the action
    expect(await nameOf("TOKEN-A")).toBe("王老师 #4");
    expect(callsOf("TOKEN-A")).toBe(4);
  });

  it("an unreachable upstream is not kept: the cookie's info stands in, the next request asks again", async () => {
    down = true;
    expect(await nameOf("TOKEN-A")).toBe("王老师"); // the session's copy
    await new Promise((r) => setTimeout(r, 10));
    expect(userInfoCacheSize()).toBe(0);
    down = false;
    expect(await nameOf("TOKEN-A")).toBe("王老师 #2");
  });
});
