import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { E2E_API_URL } from "../../playwright.config";

/**
 * Section 8 end to end: a misbehaving upstream (a proxy to the real test API that misbehaves on one
 * path at a time) and a second console (the same build) that talks to it, with a short timeout.
 */
export type Misbehaviour = "down" | "slow" | "garbage" | "html" | "401" | "500" | "500-nomsg";

export const UPSTREAM_TIMEOUT_MS = 1500;

export const TEXT = {
  network: { zh: "网络错误，无法连接服务器，请稍后重试", en: "Network Error: the server cannot be reached. Please try again later." },
  unknown: { zh: "服务器发生未知错误，请联系管理员", en: "An unknown server error occurred, please contact the administrator" },
  msg500: "数据库繁忙",
  msg401: "请重新登录",
} as const;

/** Which toast text each misbehaviour must give (Chinese). */
export const EXPECTED: Record<Misbehaviour, string> = {
  down: TEXT.network.zh,
  slow: TEXT.network.zh,
  garbage: TEXT.unknown.zh,
  html: TEXT.unknown.zh,
  "401": TEXT.msg401,
  "500": TEXT.msg500,
  "500-nomsg": TEXT.unknown.zh,
};

/** A free port: listen on 0, read it, close (also used by security.spec.ts). */
export async function freePort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

export interface Rig {
  base: string;
  /** Misbehave on requests whose path (without query) is `path`; null: pass everything through. */
  misbehave(path: string | null, how?: Misbehaviour): void;
  stop(): Promise<void>;
}

export async function startRig(): Promise<Rig> {
  let rule: { path: string; how: Misbehaviour } | null = null;
  const real = new URL(E2E_API_URL);
  const proxy = http.createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (rule && path === rule.path) {
      req.resume();
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      switch (rule.how) {
        case "down":
          return void req.socket.destroy(); // the connection drops: a transport error
        case "slow":
          return; // never answers
        case "garbage":
          res.writeHead(200, { "content-type": "application/json" });
          return void res.end('{"code":200,"data":[1,2');
        case "html":
          res.writeHead(502, { "content-type": "text/html" });
          return void res.end("<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>");
        case "401":
          return json(401, { code: 401, msg: TEXT.msg401, data: null });
        case "500":
          return json(500, { code: 500, msg: TEXT.msg500, data: null });
        case "500-nomsg":
          return json(500, { code: 500, data: null });
      }
    }
    const up = http.request({ host: real.hostname, port: real.port, method: req.method, path: req.url, headers: { ...req.headers, host: real.host } }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on("error", () => res.destroy());
    req.pipe(up);
  });
  const proxyPort = await freePort();
  await new Promise<void>((r) => proxy.listen(proxyPort, "127.0.0.1", r));

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["node_modules/@remix-run/serve/dist/cli.js", "build/index.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      API_BASE_URL: `http://127.0.0.1:${proxyPort}/`,
      SESSION_SECRET: "e2e-section8",
      NODE_ENV: "production",
      UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
    },
    stdio: "ignore",
  });
  const up = async () => {
    for (let i = 0; i < 150; i++) {
      const ok = await fetch(`${base}/login`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error("the section 8 console did not start");
  };
  await up();
  return {
    base,
    misbehave(path, how) {
      rule = path && how ? { path, how } : null;
    },
    async stop() {
      if (child.pid) process.kill(child.pid, "SIGTERM");
      proxy.closeAllConnections();
      await new Promise<void>((r) => proxy.close(() => r()));
    },
  };
}

// ------------------------------------------------------------------------------------------
// The cases, shared by section8.spec.ts (JavaScript on) and section8.nojs.spec.ts (off).
// ------------------------------------------------------------------------------------------
import { expect, type Page } from "@playwright/test";

const PASSWORD = "Sunny#2026";
export const ALL: Misbehaviour[] = ["down", "slow", "garbage", "html", "500", "500-nomsg", "401"];
const TECHNICAL = /ECONN|socket|hang up|HTTP \d|502|Bad Gateway|nginx|timeout of|Unexpected token|JSON/;

async function submitLogin(page: Page, js: boolean, phone = "13800000005") {
  if (js) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("手机号").fill(phone);
  await page.getByLabel("密码").fill(PASSWORD);
  await page.getByTestId("login-submit").click();
}

async function expectToast(page: Page, text: string) {
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText(text, { timeout: 10_000 });
  await expect(toast).toHaveAttribute("data-type", "error");
  await expect(page.locator("body")).not.toContainText(TECHNICAL);
}

/** Login: each misbehaviour of token/login is a toast with section 8's text, and nothing inside the form. */
export async function loginCases(page: Page, rig: Rig, js: boolean) {
  for (const how of ALL) {
    rig.misbehave("/token/login", how);
    await page.goto(`${rig.base}/login`);
    await submitLogin(page, js);
    await expectToast(page, EXPECTED[how]);
    await expect(page, how).toHaveURL(/\/login/);
    await expect(page.locator("form").getByRole("alert"), how).toHaveText("");
  }
  rig.misbehave(null);
}

/**
 * JavaScript on: watch the toast area from before the submit (a client-side navigation keeps the page) and
 * answer how long the toast was in the DOM, measured in the page (MutationObserver + performance.now()).
 */
export async function watchToastLifetime(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { __toast: { added?: number; removed?: number } };
    w.__toast = {};
    new MutationObserver(() => {
      const el = document.querySelector('[data-testid="toast"]');
      if (el && w.__toast.added === undefined) w.__toast.added = performance.now();
      if (!el && w.__toast.added !== undefined && w.__toast.removed === undefined) w.__toast.removed = performance.now();
    }).observe(document.body, { childList: true, subtree: true });
  });
  return async () => {
    await expect(page.getByTestId("toast")).toHaveCount(0, { timeout: 5000 });
    return page.evaluate(() => {
      const t = (window as unknown as { __toast: { added: number; removed: number } }).__toast;
      return Math.round(t.removed - t.added);
    });
  };
}

/** JavaScript off: the CSS animation that hides the toast (delay and duration) and that it does hide it. */
export async function cssToastTiming(page: Page): Promise<{ delay: string; duration: string; hiddenWithinMs: number }> {
  const toast = page.getByTestId("toast");
  const seen = Date.now();
  const style = await toast.evaluate((el) => {
    const s = getComputedStyle(el);
    return { delay: s.animationDelay, duration: s.animationDuration };
  });
  await expect(toast).toBeHidden({ timeout: 5000 });
  return { ...style, hiddenWithinMs: Date.now() - seen };
}

/** A list page (classes): each misbehaviour of its list call is a toast; 401 ends the session. */
export async function listCases(page: Page, rig: Rig, js: boolean) {
  rig.misbehave(null);
  await page.goto(`${rig.base}/kindergarten/class`);
  await submitLogin(page, js);
  await expect(page).toHaveURL(/\/kindergarten\/class$/);
  await expect(page.getByTestId("toast")).toHaveCount(0);
  for (const how of ALL.filter((h) => h !== "401")) {
    rig.misbehave("/kindergartens/classes/", how);
    await page.goto(`${rig.base}/kindergarten/class`);
    await expectToast(page, EXPECTED[how]);
    await expect(page, how).toHaveURL(/\/kindergarten\/class$/);
    if (js) {
      // The same on a client-side navigation (the loader answered through Remix's data request).
      rig.misbehave(null);
      await page.goto(`${rig.base}/kindergarten/class`);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await expect(page.getByTestId("toast")).toHaveCount(0);
      rig.misbehave("/kindergartens/classes/", how);
      await page.getByTestId("filter-reset").click();
      await expectToast(page, EXPECTED[how]);
    }
  }
  // 401: the session is cleared and the user is at the login page with the msg as a toast.
  rig.misbehave("/kindergartens/classes/", "401");
  await page.goto(`${rig.base}/kindergarten/class`);
  await expect(page).toHaveURL(/\/login\?redirect=%2Fkindergarten%2Fclass$/);
  await expectToast(page, TEXT.msg401);
  rig.misbehave(null);
  await page.goto(`${rig.base}/kindergarten/class`);
  await expect(page).toHaveURL(/\/login\?redirect=%2Fkindergarten%2Fclass$/);
}

/** Registers a serial spec file's rig: started before its tests, stopped after; call at the top of the file. */
export function useRig(test: typeof import("@playwright/test").test): () => Rig {
  let rig: Rig | undefined;
  test.describe.configure({ mode: "serial" });
  test.beforeAll(async () => {
    rig = await startRig();
  });
  test.afterAll(async () => {
    await rig?.stop();
  });
  return () => rig!;
}

/**
 * A form that stays on its page (the forgotten-password SMS step, then its final step): a failed upstream call is
 * section 8's toast, the form shows no text of it, and what the user typed is still there.
 */
export async function resetPasswordCases(page: Page, rig: Rig, js: boolean) {
  for (const how of ["down", "garbage", "500"] as const) {
    rig.misbehave("/sms/code", how);
    await page.goto(`${rig.base}/resetPassword`);
    if (js) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByLabel("手机号").fill("13800000003");
    await page.getByRole("button", { name: "获取验证码" }).click();
    await expectToast(page, EXPECTED[how]);
    await expect(page, how).toHaveURL(/\/resetPassword/);
    await expect(page.getByLabel("手机号"), how).toHaveValue("13800000003");
    await expect(page.getByTestId("notice"), how).toHaveCount(0);
  }
  rig.misbehave("/password/forgot", "500");
  await page.goto(`${rig.base}/resetPassword`);
  if (js) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("手机号").fill("13800000003");
  await page.getByLabel("短信验证码").fill("123456");
  await page.getByLabel("新密码", { exact: true }).fill("Fresh#Pw2026");
  await page.getByLabel("确认新密码").fill("Fresh#Pw2026");
  await page.getByTestId("reset-submit").click();
  await expectToast(page, EXPECTED["500"]);
  await expect(page.getByLabel("手机号")).toHaveValue("13800000003");
  rig.misbehave(null);
}
