import { beforeAll, describe, expect, it } from "vitest";

process.env.SESSION_SECRET = "unit-test-secret";
const { checkCsrf, requireCsrf, getCsrfToken, CsrfError, CSRF_FIELD } = await import("~/utils/csrf.server");
const { resetEnvCache } = await import("~/utils/env.server");

let token = "";
let cookie = "";
beforeAll(async () => {
  resetEnvCache();
  const issued = await getCsrfToken(new Request("http://console.test/login"));
  token = issued.token;
  cookie = issued.headers!.get("Set-Cookie")!.split(";")[0];
});

function post(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request("http://console.test/switch-role", {
    method: "POST",
    headers: { Cookie: cookie, Origin: "http://console.test", ...headers },
    body: new URLSearchParams(fields),
  });
}

describe("CSRF (double submit + same origin)", () => {
  it("issues an httpOnly SameSite=Lax cookie once, then reuses it", async () => {
    const first = await getCsrfToken(new Request("http://console.test/"));
    const setCookie = first.headers!.get("Set-Cookie")!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const again = await getCsrfToken(new Request("http://console.test/", { headers: { Cookie: cookie } }));
    expect(again.token).toBe(token);
    expect(again.headers).toBeNull();
  });

  it("accepts a same-origin form carrying the cookie's token, and leaves the body readable", async () => {
    const req = post({ [CSRF_FIELD]: token, roleId: "1" });
    await expect(checkCsrf(req)).resolves.toBeUndefined();
    expect((await req.formData()).get("roleId")).toBe("1");
  });

  it("accepts a Referer of this site when there is no Origin", async () => {
    const req = new Request("http://console.test/logout", {
      method: "POST",
      headers: { Cookie: cookie, Referer: "http://console.test/Home" },
      body: new URLSearchParams({ [CSRF_FIELD]: token }),
    });
    await expect(checkCsrf(req)).resolves.toBeUndefined();
  });

  it("rejects a missing or wrong token", async () => {
    await expect(checkCsrf(post({ roleId: "1" }))).rejects.toBeInstanceOf(CsrfError);
    // Change the last character (to something it is not: the token is random and may end in any letter).
    const wrong = token.slice(0, -1) + (token.endsWith("x") ? "y" : "x");
    await expect(checkCsrf(post({ [CSRF_FIELD]: wrong }))).rejects.toBeInstanceOf(CsrfError);
  });

  it("rejects a form without the cookie, or with a forged (unsigned) cookie", async () => {
    await expect(checkCsrf(post({ [CSRF_FIELD]: token }, { Cookie: "" }))).rejects.toBeInstanceOf(CsrfError);
    const forged = `kg_csrf=${Buffer.from(JSON.stringify("a".repeat(32))).toString("base64")}`;
    await expect(checkCsrf(post({ [CSRF_FIELD]: "a".repeat(32) }, { Cookie: forged }))).rejects.toBeInstanceOf(CsrfError);
  });

  it("rejects another origin or referer even with the right token", async () => {
    await expect(checkCsrf(post({ [CSRF_FIELD]: token }, { Origin: "http://evil.test" }))).rejects.toBeInstanceOf(CsrfError);
    await expect(checkCsrf(post({ [CSRF_FIELD]: token }, { Origin: "null" }))).rejects.toBeInstanceOf(CsrfError);
    const viaReferer = new Request("http://console.test/logout", {
      method: "POST",
      headers: { Cookie: cookie, Referer: "http://evil.test/page" },
      body: new URLSearchParams({ [CSRF_FIELD]: token }),
    });
    await expect(checkCsrf(viaReferer)).rejects.toBeInstanceOf(CsrfError);
  });

  it("requireCsrf answers 403", async () => {
    const thrown = await requireCsrf(post({ roleId: "1" })).catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(403);
    await expect(requireCsrf(post({ [CSRF_FIELD]: token }))).resolves.toBeUndefined();
  });
});
