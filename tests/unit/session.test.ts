import { beforeAll, describe, expect, it } from "vitest";

process.env.SESSION_SECRET = "unit-session-secret";
const { commitUser, getUser, encryptedCookie, seal, unseal, SESSION_COOKIE_NAME } = await import("~/utils/session.server");
const { resetEnvCache } = await import("~/utils/env.server");

const TOKEN = "tok_5f0c7e1a9b2d4c3e8f6a";
const reply = {
  token: TOKEN,
  userId: 42,
  realName: "王小明",
  phone: "13800000005",
  roleId: 5 as const,
  roles: [5 as const, 1 as const],
  kindergartenId: 1,
  kindergartenName: "阳光幼儿园",
  educationGroupId: 1,
  educationGroupName: "阳光教育集团",
  optionalFunction: null,
};

/** `kg_session=<value>` of a Set-Cookie header. */
const pairOf = (setCookie: string) => setCookie.split(";")[0]!;
const valueOf = (setCookie: string) => decodeURIComponent(pairOf(setCookie).slice(SESSION_COOKIE_NAME.length + 1));
const request = (cookie?: string) => new Request("http://console.test/Home", { headers: cookie ? { Cookie: cookie } : {} });

let setCookie = "";
beforeAll(async () => {
  resetEnvCache();
  setCookie = (await commitUser(request(), reply)).get("Set-Cookie")!;
});

describe("session cookie (sealed with AES-256-GCM)", () => {
  it("round-trips the user", async () => {
    const user = await getUser(request(pairOf(setCookie)));
    expect(user?.token).toBe(TOKEN);
    expect(user?.info.realName).toBe("王小明");
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });

  it("shows neither the token nor any user info, however it is decoded", () => {
    const value = valueOf(setCookie);
    // The cookie's value is the sealed string: `v1.` + base64url(iv | tag | ciphertext).
    const layers = [value, Buffer.from(value.slice(3), "base64url").toString("utf8"), Buffer.from(value, "base64").toString("utf8")];
    for (const text of layers) {
      for (const secret of [TOKEN, "13800000005", "王小明", "realName", "token", "阳光"]) {
        expect(text).not.toContain(secret);
      }
    }
  });

  it("a tampered cookie reads as logged out, without an error", async () => {
    const raw = Buffer.from(valueOf(setCookie).slice(3), "base64url");
    raw[raw.length - 1] ^= 1; // one bit of the ciphertext
    const forged = "v1." + raw.toString("base64url");
    await expect(getUser(request(`${SESSION_COOKIE_NAME}=${encodeURIComponent(forged)}`))).resolves.toBeNull();
    // Garbage and an old-style signed (readable) cookie are no session either.
    await expect(getUser(request(`${SESSION_COOKIE_NAME}=%%%not-base64`))).resolves.toBeNull();
    const plain = Buffer.from(JSON.stringify({ token: TOKEN, info: reply })).toString("base64");
    await expect(getUser(request(`${SESSION_COOKIE_NAME}=${plain}`))).resolves.toBeNull();
  });

  it("opens cookies of every secret of the rotation list, and seals with the first", async () => {
    const old = encryptedCookie("kg_session", { path: "/" }, ["old-secret"]);
    const rotated = encryptedCookie("kg_session", { path: "/" }, ["new-secret", "old-secret"]);
    const made = pairOf(await old.serialize({ token: TOKEN }));
    expect(await rotated.parse(made)).toEqual({ token: TOKEN });
    const remade = pairOf(await rotated.serialize({ token: TOKEN }));
    expect(await encryptedCookie("kg_session", {}, ["new-secret"]).parse(remade)).toEqual({ token: TOKEN });
    expect(await old.parse(remade)).toBeNull();
    expect(unseal(seal({ a: 1 }, ["x"]), ["y"])).toBeNull();
  });

  it("writes the sealed text as the cookie's value, and still opens cookies in Remix's older value encoding", async () => {
    const cookie = encryptedCookie("kg_session", { path: "/" }, ["s"]);
    const made = pairOf(await cookie.serialize({ token: TOKEN }));
    expect(made).toMatch(/^kg_session=v1\.[A-Za-z0-9_-]+$/);
    const older = `kg_session=${Buffer.from(JSON.stringify(made.slice("kg_session=".length))).toString("base64")}`;
    expect(await cookie.parse(older)).toEqual({ token: TOKEN });
    expect(await cookie.parse("other=1")).toBeNull();
    expect(await cookie.parse("kg_session=")).toBe("");
  });

  it("reads a cookie once for a page's loaders: the same frozen user for the same cookie, another for another", async () => {
    const first = await getUser(request(`lng=zh; ${pairOf(setCookie)}; kg_tabs=x`));
    const again = await getUser(request(`${pairOf(setCookie)}; kg_tabs=y`));
    expect(again).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first!.info) && Object.isFrozen(first!.info.roles)).toBe(true);
    const other = (await commitUser(request(), { ...reply, token: "tok_other", realName: "李四" })).get("Set-Cookie")!;
    const second = await getUser(request(pairOf(other)));
    expect([second?.token, second?.info.realName]).toEqual(["tok_other", "李四"]);
    await expect(getUser(request())).resolves.toBeNull();
  });

  it("stays far below the browser's 4 KB cookie limit with a long user info", async () => {
    const big = { ...reply, roles: [1, 2, 3, 4, 5, 7, 8, 11, 12, 14] as never, kindergartenName: "幼".repeat(60) };
    const cookie = (await commitUser(request(), big)).get("Set-Cookie")!;
    expect(cookie.length).toBeLessThan(3000);
  });
});
