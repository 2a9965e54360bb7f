import { beforeAll, describe, expect, it } from "vitest";

process.env.SESSION_SECRET = "unit-test-secret";
const { checkCsrf, requireCsrf, getCsrfToken, rotateCsrfToken, CsrfError, BodyTooLargeError, BODY_LIMITS, CSRF_FIELD } = await import("~/utils/csrf.server");
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

describe("CSRF token rotation (login, logout, switches)", () => {
  it("a rotated cookie carries a new token and the old token is refused with it", async () => {
    const setCookie = (await rotateCsrfToken(new Request("http://console.test/login"))).get("Set-Cookie")!;
    expect(setCookie).toMatch(/^kg_csrf=.*HttpOnly/i);
    const rotated = setCookie.split(";")[0]!;
    expect(rotated).not.toBe(cookie);
    const fresh = (await getCsrfToken(new Request("http://console.test/Home", { headers: { Cookie: rotated } }))).token;
    expect(fresh).not.toBe(token);
    await expect(checkCsrf(post({ [CSRF_FIELD]: token }, { Cookie: rotated }))).rejects.toBeInstanceOf(CsrfError);
    await expect(checkCsrf(post({ [CSRF_FIELD]: fresh }, { Cookie: rotated }))).resolves.toBeUndefined();
  });
});

describe("request body limits", () => {
  const MB = 1024 * 1024;
  /** A url-encoded body of `bytes` bytes, sent as a stream of 64 KB chunks (no Content-Length), counting what is pulled. */
  function streamed(bytes: number, type = "application/x-www-form-urlencoded") {
    const pulled = { bytes: 0 };
    const chunk = new TextEncoder().encode("a".repeat(64 * 1024));
    const head = new TextEncoder().encode(`${CSRF_FIELD}=${token}&big=`);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= bytes) return controller.close();
        const next = sent === 0 ? head : chunk;
        sent += next.byteLength;
        pulled.bytes += next.byteLength;
        controller.enqueue(next);
      },
    });
    const request = new Request("http://console.test/switch-role", {
      method: "POST",
      headers: { Cookie: cookie, Origin: "http://console.test", "Content-Type": type },
      body,
      duplex: "half",
    } as RequestInit);
    return { request, pulled };
  }

  it("refuses a declared Content-Length over the form limit without reading the body", async () => {
    const { request, pulled } = streamed(20 * MB);
    const declared = new Request(request, { headers: { ...Object.fromEntries(request.headers), "Content-Length": String(20 * MB) } });
    await expect(checkCsrf(declared)).rejects.toBeInstanceOf(BodyTooLargeError);
    // Only what the stream buffers by itself (its first chunks), far from the 1 MB it would read otherwise.
    expect(pulled.bytes).toBeLessThan(256 * 1024);
  });

  it("stops reading a streamed (chunked) body at the limit", async () => {
    const { request, pulled } = streamed(20 * MB);
    const error = await checkCsrf(request).catch((e) => e);
    expect(error).toBeInstanceOf(BodyTooLargeError);
    expect((error as InstanceType<typeof BodyTooLargeError>).limit).toBe(BODY_LIMITS.form);
    expect(pulled.bytes).toBeLessThan(BODY_LIMITS.form + 512 * 1024);
  });

  it("lets multipart bodies (imports) go up to their own, larger limit", async () => {
    const form = new FormData();
    form.set(CSRF_FIELD, token);
    form.set("file", new File(["x".repeat(3 * MB)], "import.xlsx"));
    const upload = new Request("http://console.test/kindergarten/class/import", {
      method: "POST",
      headers: { Cookie: cookie, Origin: "http://console.test" },
      body: form,
    });
    expect(BODY_LIMITS.multipart).toBeGreaterThan(3 * MB);
    await expect(checkCsrf(upload)).resolves.toBeUndefined();
    expect(((await upload.formData()).get("file") as File).size).toBe(3 * MB);
    const { request } = streamed(BODY_LIMITS.multipart + MB, "multipart/form-data; boundary=x");
    await expect(checkCsrf(request)).rejects.toBeInstanceOf(BodyTooLargeError);
  });

  it("requireCsrf answers 413 with the limit, and 403, in the user's language", async () => {
    const { request } = streamed(2 * MB);
    const tooLarge = (await requireCsrf(request).catch((e) => e)) as Response;
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.text()).toBe("提交的内容超过了 1 MB 的上限，请减少内容后重试。");
    expect(tooLarge.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const en = (await requireCsrf(post({ roleId: "1" }, { Cookie: `${cookie}; lng=en` })).catch((e) => e)) as Response;
    expect(en.status).toBe(403);
    expect(await en.text()).toBe("The form has expired or did not come from this site. Reload the page and try again.");
    const zh = (await requireCsrf(post({ roleId: "1" }, { Origin: "http://evil.test" })).catch((e) => e)) as Response;
    expect(await zh.text()).toBe("表单已过期或不是从本站提交的，请刷新页面后重试。");
  });
});
