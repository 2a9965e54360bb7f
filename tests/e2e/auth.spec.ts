import { createCookieSessionStorage } from "@remix-run/node";
import { encryptedCookie } from "../../app/utils/session.server";
import { expect, test, type Page } from "@playwright/test";
import { aesEncrypt, DEFAULT_AES_IV, DEFAULT_AES_KEY } from "../../contract/crypto";
import { E2E, E2E_API_URL } from "../../playwright.config";

/**
 * Sign-in, password reset, logout, role / kindergarten / language switches and token expiry,
 * in Chromium with JavaScript on (auth.nojs.spec.ts repeats the core flows with it off).
 */
const PASSWORD = "Sunny#2026";

/** Waits until React has hydrated the page (select-submits-itself and client validation need it). */
const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor({ state: "attached" });

async function login(page: Page, phone: string, password = PASSWORD) {
  await page.getByLabel("手机号").fill(phone);
  await page.getByLabel("密码").fill(password);
  await page.getByTestId("login-submit").click();
}

test.describe("login", () => {
  test("success lands on the redirect target", async ({ page }) => {
    await page.goto("/daily/notice");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdaily%2Fnotice$/);
    await expect(page).toHaveTitle("登录 - 幼儿园管理平台");
    await login(page, "13800000003");
    await expect(page).toHaveURL(/\/daily\/notice$/);
    // Logged in: /login goes to / (then /Home).
    await page.goto("/login");
    await expect(page).toHaveURL(/\/Home$/);
  });

  test("a foreign redirect target is ignored", async ({ page }) => {
    await page.goto("/login?redirect=" + encodeURIComponent("https://evil.example/x"));
    await login(page, "13800000005");
    await expect(page).toHaveURL(/\/Home$/);
  });

  test("wrong password shows the API's message", async ({ page }) => {
    await page.goto("/login");
    await login(page, "13800000014", "Wrong#Pass1");
    await expect(page.getByRole("alert").filter({ hasText: "手机号或密码错误" })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test("empty fields are checked in the browser", async ({ page }) => {
    await page.goto("/login");
    await hydrated(page);
    await page.getByLabel("手机号").fill("13800000003");
    await page.getByTestId("login-submit").click();
    await expect(page.getByText("请输入密码")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test("weak password: sent to /resetPassword, sets a new one, logs in", async ({ page }) => {
  await page.goto("/login");
  await login(page, "13800000200", "12345678");
  await expect(page).toHaveURL(/\/resetPassword\?mode=forced&phone=13800000200$/);
  await expect(page.getByTestId("forced-hint")).toBeVisible();
  await expect(page.getByLabel("手机号")).toHaveValue("13800000200");
  await hydrated(page);

  await page.getByLabel("原密码").fill("12345678");
  // Section 5 in the browser: three kinds, no sequences, both passwords equal.
  await page.getByLabel("新密码", { exact: true }).fill("abcdefgh");
  await page.getByLabel("确认新密码").fill("abcdefgh");
  await page.getByTestId("reset-submit").click();
  await expect(page.getByText("密码需包含大写字母、小写字母、数字、符号中的至少三种")).toBeVisible();
  await expect(page.getByText("密码不能包含连续的数字或字母（如 123、abc）")).toBeVisible();

  await page.getByLabel("新密码", { exact: true }).fill("Weak#Fix2026");
  await page.getByLabel("确认新密码").fill("Weak#Fix2025");
  await page.getByTestId("reset-submit").click();
  await expect(page.getByText("两次输入的密码不一致")).toBeVisible();

  await page.getByLabel("确认新密码").fill("Weak#Fix2026");
  await page.getByTestId("reset-submit").click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId("toast")).toContainText("密码已修改");

  await login(page, "13800000200", "Weak#Fix2026");
  await expect(page).toHaveURL(/\/Home$/);
});

test("logout ends the session", async ({ page }) => {
  await page.goto("/login");
  await login(page, "13800000007");
  await expect(page).toHaveURL(/\/Home$/);
  await page.getByTestId("logout").click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/Home");
  await expect(page).toHaveURL(/\/login\?redirect=%2FHome$/);
});

test("role switch 3 → 1 with 13800000100", async ({ page }) => {
  await page.goto("/login");
  await login(page, "13800000100");
  await expect(page).toHaveURL(/\/Home$/);
  const select = page.locator("#kg-switch-role");
  await expect(select).toHaveValue("3");
  await hydrated(page);
  await select.selectOption("1");
  // The select submits itself; wait for the post/redirect to finish (its toast), not the local value.
  await expect(page.getByTestId("toast")).toContainText("已切换角色");
  await expect(page).toHaveURL(/\/Home$/);
  await expect(page.getByRole("combobox", { name: "切换角色" }).locator("option:checked")).toHaveText("园长");
  // The principal's page is now served; the teacher's menu is gone.
  const res = await page.goto("/teaching/ExpertComment");
  expect(res?.status()).toBe(200);
});

test("kindergarten switch 1 → 2 with 13800000111", async ({ page }) => {
  await page.goto("/login");
  await login(page, "13800000111");
  await expect(page).toHaveURL(/\/Home$/);
  const select = page.locator("#kg-switch-kindergarten");
  await expect(select).toHaveValue("1");
  await hydrated(page);
  await select.selectOption("2");
  await expect(page.getByTestId("toast")).toContainText("已切换幼儿园");
  await expect(page).toHaveURL(/\/Home$/);
  await expect(page.locator("#kg-switch-kindergarten")).toHaveValue("2");
  await page.reload();
  await expect(page.locator("#kg-switch-kindergarten")).toHaveValue("2");
});

test("language switch: login screen and console, remembered in the lng cookie", async ({ page, context }) => {
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh");
  await page.getByTestId("lang-en").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { name: "Login" })).toBeVisible();
  await expect(page).toHaveTitle("Login - Kindergarten Admin Console");
  expect((await context.cookies()).find((c) => c.name === "lng")?.value).toBe("en");

  await page.getByLabel("Phone").fill("13800000003");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/Home$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await hydrated(page);
  await page.locator("#kg-switch-lang").selectOption("zh");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh");
  await expect(page).toHaveTitle(/幼儿园管理平台$/);
});

test("an unknown upstream error is a toast, not a crash: switching to a role one does not hold", async ({ page }) => {
  await page.goto("/login");
  await login(page, "13800000100");
  await expect(page).toHaveURL(/\/Home$/);
  // A crafted post (the select only offers held roles): the console refuses with the section 8 text.
  const csrf = await page.locator('form[action="/switch-role"] input[name="csrf"]').first().inputValue();
  await page.evaluate(async (token) => {
    const form = document.createElement("form");
    form.method = "post";
    form.action = "/switch-role";
    for (const [k, v] of Object.entries({ csrf: token, roleId: "6" })) {
      const input = document.createElement("input");
      input.name = k;
      input.value = v;
      form.appendChild(input);
    }
    document.body.appendChild(form);
    form.submit();
  }, csrf);
  await expect(page.getByTestId("toast")).toContainText("切换角色失败");
  await expect(page.locator("#kg-switch-role")).toHaveValue("3");
});

test("a form without the CSRF token is refused with 403", async ({ page, request }) => {
  await page.goto("/login");
  const res = await request.post("/logout", { form: { x: "1" }, maxRedirects: 0 });
  expect(res.status()).toBe(403);
});

test("a token revoked upstream sends the user to login with the page as redirect", async ({ page, context, request }) => {
  // Log in through the API itself and store that token in a console session cookie.
  const login = await request.post(E2E_API_URL + "token/login", {
    form: {
      phone: "13800000004",
      password: aesEncrypt(PASSWORD, { key: DEFAULT_AES_KEY, iv: DEFAULT_AES_IV }),
      platform: "pc",
    },
  });
  const body = await login.json();
  expect(body.code).toBe(200);
  const { token, ...info } = body.data;
  // The console's own sealed (AES-256-GCM) session cookie, made with the e2e secret.
  const storage = createCookieSessionStorage({
    cookie: encryptedCookie("kg_session", { httpOnly: true, sameSite: "lax", path: "/" }, [E2E.sessionSecret]),
  });
  const session = await storage.getSession();
  session.set("token", token);
  session.set("info", info);
  const setCookie = await storage.commitSession(session);
  const value = setCookie.split(";")[0].slice("kg_session=".length);
  const baseURL = test.info().project.use.baseURL!;
  await context.addCookies([{ name: "kg_session", value, url: baseURL }]);

  await page.goto("/Home");
  await expect(page).toHaveURL(/\/Home$/);

  // Revoke it upstream (DELETE token/logout sends the token).
  const out = await request.delete(E2E_API_URL + "token/logout", { headers: { token } });
  expect((await out.json()).code).toBe(200);

  // Promptly: at the latest once the kept user info's short lifetime (3 s) is over.
  await expect(async () => {
    await page.goto("/Home");
    await expect(page).toHaveURL(/\/login\?redirect=%2FHome$/, { timeout: 100 });
  }).toPass({ timeout: 10_000, intervals: [500] });
  expect((await context.cookies()).find((c) => c.name === "kg_session")).toBeUndefined();
});

test("an empty login is validated on the server (no zod in the browser): field messages, still on /login", async ({ page }) => {
  await page.goto("/login");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByTestId("login-submit").click();
  await expect(page.getByText("请输入手机号")).toBeVisible();
  await expect(page.getByText("请输入密码")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("手机号").fill("13800000005");
  await page.getByLabel("密码").fill("Sunny#2026");
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/\/Home$/);
});
