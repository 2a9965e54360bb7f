import { expect, test, type Page } from "@playwright/test";

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
