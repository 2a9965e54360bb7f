import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { expect, test, type Page } from "@playwright/test";
import { E2E_BASE_URL } from "../../playwright.config";
import { freePort } from "./section8-upstream";

/**
 * Console hardening, against the real console and API (JavaScript on): CSP with a per-request nonce and
 * the security headers, no CSP violation while the app hydrates and navigates, the sealed session
 * cookie, CSRF rotation at login/logout, foreign-Origin posts answered 403 (not Remix's empty 500),
 * 413 for oversized posts, and section 8's network message when the API cannot be reached.
 */
const PASSWORD = "Sunny#2026";
const CSRF_ZH = "表单已过期或不是从本站提交的，请刷新页面后重试。";

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A raw HTTP client with its own cookie jar (no browser, so Origin, bodies and cookies are ours to set). */
class Visitor {
  readonly jar = new Map<string, string>();
  constructor(readonly base = E2E_BASE_URL) {}

  cookieHeader(extra: Record<string, string> = {}) {
    return [...new Map([...this.jar, ...Object.entries(extra)])].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  send(
    method: string,
    path: string,
    o: { body?: string | Buffer; headers?: Record<string, string>; chunked?: boolean; cookies?: Record<string, string> } = {},
  ): Promise<Reply> {
    const url = new URL(path, this.base);
    const headers: Record<string, string> = { Cookie: this.cookieHeader(o.cookies), ...o.headers };
    if (o.body !== undefined && !o.chunked) headers["Content-Length"] = String(Buffer.byteLength(o.body));
    return new Promise((resolve, reject) => {
      const req = http.request(url, { method, headers }, (res) => {
        for (const c of res.headers["set-cookie"] ?? []) {
          const [pair] = c.split(";");
          const at = pair!.indexOf("=");
          const value = pair!.slice(at + 1);
          if (/expires=Thu, 01 Jan 1970/i.test(c) || value === "") this.jar.delete(pair!.slice(0, at));
          else this.jar.set(pair!.slice(0, at), value);
        }
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on("error", reject);
      if (o.body === undefined) return void req.end();
      if (!o.chunked) return void req.end(o.body);
      // Chunked: no Content-Length, 256 KB at a time, as a streaming client would.
      const data = Buffer.from(o.body);
      let at = 0;
      const pump = () => {
        while (at < data.length) {
          const more = req.write(data.subarray(at, (at += 256 * 1024)));
          if (!more) return void req.once("drain", pump);
        }
        req.end();
      };
      req.on("response", () => (at = data.length)); // answered: stop sending
      pump();
    });
  }

  get = (path: string, headers?: Record<string, string>) => this.send("GET", path, { headers });

  /** A same-site form post (the Origin a browser sends), unless `headers` says otherwise. */
  post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}, cookies?: Record<string, string>) {
    return this.send("POST", path, {
      body: new URLSearchParams(fields).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: this.base, ...headers },
      cookies,
    });
  }

  /** The CSRF token of a page's forms (it also sets the kg_csrf cookie when there is none). */
  async csrf(path = "/login"): Promise<string> {
    const page = await this.get(path);
    const token = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1];
    expect(token, `csrf field on ${path}`).toBeTruthy();
    return token!;
  }

  async login(phone: string) {
    const csrf = await this.csrf();
    const res = await this.post("/login", { csrf, phone, password: PASSWORD, redirectTo: "" });
    expect(res.status, "login redirects").toBe(302);
    return csrf;
  }
}

const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

test.describe("security headers", () => {
  test("documents: a CSP whose nonce is new per request and on every script", async () => {
    const v = new Visitor();
    const [a, b] = [await v.get("/login"), await v.get("/login")];
    const [na, nb] = [nonceOf(a.headers["content-security-policy"] as string), nonceOf(b.headers["content-security-policy"] as string)];
    expect(na).toBeTruthy();
    expect(na).not.toBe(nb);
    const csp = a.headers["content-security-policy"] as string;
    for (const d of ["object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'"]) expect(csp).toContain(d);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const scripts = a.body.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    for (const tag of scripts) expect(tag).toContain(`nonce="${na}"`);
    expect(a.body).not.toMatch(/\son[a-z]+="/i); // no inline event handlers
    expect(a.headers["x-content-type-options"]).toBe("nosniff");
    expect(a.headers["x-frame-options"]).toBe("DENY");
    expect(a.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(a.headers["strict-transport-security"]).toBeUndefined();
    const https = await v.get("/login", { "X-Forwarded-Proto": "https" });
    expect(https.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
  });

  test("data requests, resource routes and error pages carry them too", async () => {
    const v = new Visitor();
    await v.login("13800000005");
    // `/Home.data`: a single-fetch data request (client-side navigation), `/_root.data` the root index's.
    for (const path of ["/Home.data", "/_root.data", "/locales/zh?v=1", "/kindergarten/class/export?format=csv", "/no-such-page"]) {
      const res = await v.get(path);
      expect(res.status, path).toBeLessThan(500);
      expect(res.headers["x-content-type-options"], path).toBe("nosniff");
      expect(res.headers["x-frame-options"], path).toBe("DENY");
      expect(res.headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    }
  });
});

/** Collects CSP violations: the DOM event (from an init script, which CSP does not govern) and console reports. */
async function watchCsp(page: Page) {
  const reports: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) reports.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [...reports, ...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp))];
}

test("no CSP violation on login, Home and a list page; the app hydrates and navigates client-side", async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto("/login");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  expect(await violations()).toEqual([]);
  await page.getByLabel("手机号").fill("13800000005");
  await page.getByLabel("密码").fill(PASSWORD);
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/\/Home$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  expect(await violations()).toEqual([]);
  // A client-side navigation (no document load: the marker survives) proves the scripts run.
  await page.evaluate(() => ((window as unknown as { __same: number }).__same = 1));
  await page.locator('[data-testid="menu-section"][data-path="/kindergarten"] summary').click();
  await page.locator('[data-testid="menu-link"][data-path="/kindergarten/class"]').click();
  await expect(page).toHaveURL(/\/kindergarten\/class$/);
  await expect(page.getByTestId("resource-row").first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __same?: number }).__same)).toBe(1);
  expect(await violations()).toEqual([]);
});

test("the session cookie shows no user data; a tampered one means logged out, not an error", async () => {
  const v = new Visitor();
  await v.login("13800000005");
  const sealed = decodeURIComponent(v.jar.get("kg_session")!);
  const decoded = Buffer.from(sealed, "base64").toString("utf8");
  for (const text of [sealed, decoded]) {
    expect(text).not.toContain("13800000005");
    expect(text).not.toMatch(/token|realName|roleId/);
  }
  expect((await v.get("/Home")).status).toBe(200);
  const flipped = sealed.slice(0, 20) + (sealed[20] === "A" ? "B" : "A") + sealed.slice(21);
  v.jar.set("kg_session", encodeURIComponent(flipped));
  const res = await v.get("/Home");
  expect(res.status).toBe(302);
  expect(res.headers.location).toMatch(/^\/login\?redirect=%2FHome$/);
});

test("the CSRF token changes at login and at logout; the old one is refused", async () => {
  const v = new Visitor();
  const before = await v.login("13800000005");
  const afterLogin = await v.csrf("/Home");
  expect(afterLogin).not.toBe(before);
  const stale = await v.post("/set-lang", { csrf: before, lng: "en", redirectTo: "/Home" });
  expect(stale.status).toBe(403);
  expect(stale.body).toBe(CSRF_ZH);
  expect((await v.post("/set-lang", { csrf: afterLogin, lng: "zh", redirectTo: "/Home" })).status).toBe(302);

  expect((await v.post("/logout", { csrf: afterLogin })).status).toBe(302);
  expect((await v.post("/set-lang", { csrf: afterLogin, lng: "en" })).status).toBe(403);
  const afterLogout = await v.csrf("/login");
  expect(afterLogout).not.toBe(afterLogin);
  expect((await v.post("/set-lang", { csrf: afterLogout, lng: "zh" })).status).toBe(302);
});

test("a form posted from another origin answers 403 with the CSRF message, for every kind of action", async () => {
  const v = new Visitor();
  await v.login("13800000100");
  const csrf = await v.csrf("/Home");
  const evil = { Origin: "http://evil.example" };
  const actions: [string, Record<string, string>][] = [
    ["/login", { csrf, phone: "13800000005", password: PASSWORD }],
    ["/set-lang", { csrf, lng: "en" }],
    ["/switch-role", { csrf, roleId: "1" }],
    ["/switch-kindergarten", { csrf, kindergartenId: "2" }],
    ["/sidebar-toggle", { csrf, status: "0" }],
    ["/tabs", { csrf, intent: "closeAll", current: "/Home" }],
    ["/daily/notice", { csrf }],
    ["/logout", { csrf }],
  ];
  for (const [path, fields] of actions) {
    for (const lng of ["zh", "en"] as const) {
      const res = await v.post(path, fields, evil, { lng });
      expect(res.status, `${path} (${lng})`).toBe(403);
      // Resource routes answer the sentence itself; pages render it in their error page.
      expect(res.body, `${path} (${lng})`).toContain(lng === "zh" ? "表单已过期" : "form has expired");
    }
  }
  // Nothing happened: still logged in, same role.
  expect((await v.get("/Home")).status).toBe(200);
});

test("a 20 MB post answers 413 at once and the console keeps answering", async () => {
  const v = new Visitor();
  const csrf = await v.csrf("/login");
  const big = `csrf=${csrf}&phone=13800000005&password=${"a".repeat(20 * 1024 * 1024)}`;
  for (const chunked of [false, true]) {
    const started = Date.now();
    const res = await v.send("POST", "/login", {
      body: big,
      chunked,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: E2E_BASE_URL },
    });
    expect(res.status, chunked ? "chunked" : "Content-Length").toBe(413);
    expect(res.body).toContain("1 MB");
    expect(Date.now() - started).toBeLessThan(5000);
  }
  const en = await v.send("POST", "/logout", {
    body: big,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: E2E_BASE_URL },
    cookies: { lng: "en" },
  });
  expect(en.status).toBe(413);
  expect(en.body).toBe("What you sent is over the limit of 1 MB. Send less and try again.");
  expect((await v.get("/login")).status).toBe(200);
});

test.describe("the API cannot be reached", () => {
  let console_: ChildProcess | null = null;
  let base = "";

  test.beforeAll(async () => {
    const [port, deadApi] = [await freePort(), await freePort()];
    base = `http://127.0.0.1:${port}`;
    // A second console (the same build) whose upstream is a closed port.
    console_ = spawn(process.execPath, ["node_modules/@remix-run/serve/dist/cli.js", "build/index.js"], {
      env: {
        ...process.env,
        PORT: String(port),
        API_BASE_URL: `http://127.0.0.1:${deadApi}/`,
        SESSION_SECRET: "e2e-dead-api",
        NODE_ENV: "production",
      },
      stdio: "ignore",
    });
    for (let i = 0; i < 100; i++) {
      const ok = await new Visitor(base).get("/login").then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error("the second console did not start");
  });
  test.afterAll(() => {
    if (console_?.pid) process.kill(console_.pid, "SIGTERM");
  });

  test("login shows section 8's network error, not ECONNREFUSED", async ({ page, context }) => {
    for (const [lng, phone, password, message] of [
      ["zh", "手机号", "密码", "网络错误，无法连接服务器，请稍后重试"],
      ["en", "Phone", "Password", "Network Error: the server cannot be reached. Please try again later."],
    ] as const) {
      await context.addCookies([{ name: "lng", value: lng, url: base }]);
      await page.goto(`${base}/login`);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await page.getByLabel(phone).fill("13800000005");
      await page.getByLabel(password).fill(PASSWORD);
      await page.getByTestId("login-submit").click();
      await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
      await expect(page.locator("body")).not.toContainText(/ECONNREFUSED|127\.0\.0\.1/);
    }
  });
});

test("the document carries its page's translations with its nonce, and the page fetches the whole file once, after hydration (issue 28, item 1)", async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/locales/")) fetched.push(r.url());
  });
  const res = await page.goto("/login");
  // No preload beside the modules: the texts the page needs are in the document.
  expect(res!.headers()["link"] ?? "").not.toContain("/locales/");
  const nonce = /'nonce-([^']+)'/.exec(res!.headers()["content-security-policy"] ?? "")?.[1];
  expect(nonce).toBeTruthy();
  const html = await res!.text();
  expect(html).toContain(`<script type="application/json" id="page-translations" nonce="${nonce}">`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect.poll(() => fetched.length).toBe(1);
  expect(new URL(fetched[0]!).pathname).toBe("/locales/zh");
});
