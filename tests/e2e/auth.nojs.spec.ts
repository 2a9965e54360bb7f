import { expect, test, type Page } from "@playwright/test";
import { sendCodeAndReadOutbox } from "./sms-outbox";

/** The core sign-in flows with JavaScript disabled (plain HTML forms, post/redirect/get). */
const PASSWORD = "Sunny#2026";

async function login(page: Page, phone: string, password = PASSWORD) {
  await page.getByLabel("手机号").fill(phone);
  await page.getByLabel("密码").fill(password);
  await page.getByTestId("login-submit").click();
}

test("login without JavaScript lands on the redirect target", async ({ page }) => {
  await page.goto("/daily/notice");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdaily%2Fnotice$/);
  await login(page, "13800000003");
  await expect(page).toHaveURL(/\/daily\/notice$/);
});

test("wrong password without JavaScript shows the message", async ({ page }) => {
  await page.goto("/login");
  await login(page, "13800000012", "Wrong#Pass1");
  await expect(page.getByRole("alert").filter({ hasText: "手机号或密码错误" })).toBeVisible();
});

test("role switch without JavaScript", async ({ page }) => {
  await page.goto("/login");
  await login(page, "13800000100");
  await expect(page).toHaveURL(/\/Home$/);
  const form = page.getByTestId("role-switcher");
  await form.locator("select").selectOption("1");
  await form.getByRole("button").click();
  await expect(page).toHaveURL(/\/Home$/);
  await expect(page.locator("#kg-switch-role")).toHaveValue("1");
  await expect(page.getByTestId("toast")).toContainText("已切换角色");
});

test("logout without JavaScript", async ({ page }) => {
  await page.goto("/login");
  await login(page, "13800000008");
  await expect(page).toHaveURL(/\/Home$/);
  await page.getByTestId("logout").click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/Home");
  await expect(page).toHaveURL(/\/login\?redirect=%2FHome$/);
});

test("language switch without JavaScript", async ({ page }) => {
  await page.goto("/login");
  await page.getByTestId("lang-en").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { name: "Login" })).toBeVisible();
});

test("registration without JavaScript: code → classes → SMS code → register", async ({ page }) => {
  const phone = "13900000555";
  await page.goto("/register");
  await page.getByLabel("注册码").fill("SUN002");
  await page.getByRole("button", { name: "获取班级列表" }).click();
  await expect(page).toHaveURL(/registrationCode=SUN002/);
  await page.getByLabel("班级").selectOption({ index: 1 });
  await page.getByLabel("角色").selectOption("3");
  await page.getByLabel("真实姓名").fill("无脚本老师");
  await page.getByLabel("手机号").fill(phone);
  // "Send code" skips the browser's required-field checks (formnovalidate) and keeps what was typed.
  const code = await sendCodeAndReadOutbox(page, phone, "register");
  await expect(page.getByLabel("真实姓名")).toHaveValue("无脚本老师");
  await page.getByLabel("短信验证码").fill(code);
  await page.getByLabel("密码", { exact: true }).fill("NoJs#Teach26");
  await page.getByLabel("确认密码").fill("NoJs#Teach26");
  await page.getByRole("button", { name: "注册", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId("toast")).toBeAttached();
});
