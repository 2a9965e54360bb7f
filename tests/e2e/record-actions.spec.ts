import { expect, test, type Page } from "@playwright/test";

/** Record actions with JavaScript: the dialog (with comment), the toast, the detail page's badge and history. */
const PASSWORD = "Sunny#2026";
const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor({ state: "attached" });
async function login(page: Page, phone: string) {
  await hydrated(page);
  await page.getByLabel("手机号").fill(phone);
  await page.getByLabel("密码").fill(PASSWORD);
  await page.getByTestId("login-submit").click();
  await expect(page).not.toHaveURL(/\/login/);
}

test("a super admin sends a push draft through the confirmation dialog; the detail page shows the state and history", async ({ page }) => {
  await page.goto("/user/push/new");
  await login(page, "13800000006");
  await hydrated(page);
  const title = `RA 推送 ${Date.now().toString(36).slice(-5)}`;
  await page.getByLabel("标题").fill(title);
  await page.getByLabel("内容").fill("记录动作测试");
  await page.getByLabel("指定人员（手机号）").fill("13800000004");
  await page.getByTestId("form-submit").click();
  await expect(page).toHaveURL(/\/user\/push$/);
  await hydrated(page);
  const row = page.getByTestId("resource-row").filter({ hasText: title });
  await row.getByTestId("row-send").click();
  const dialog = page.getByTestId("confirm-dialog");
  await expect(dialog).toContainText(title);
  await dialog.getByTestId("action-comment").fill("家长会通知");
  await dialog.getByTestId("confirm-send").click();
  await expect(page.getByText(/已发送给 1 人/)).toBeVisible();
  await expect(page.getByTestId("resource-row").filter({ hasText: title }).getByTestId("row-send")).toHaveCount(0);
  await page.getByTestId("resource-row").filter({ hasText: title }).getByTestId("row-view").click();
  await expect(page.getByTestId("state-badge")).toHaveText("已发送");
  await expect(page.getByTestId("record-history")).toContainText("家长会通知");
});

test("a kindergarten admin disables a user in the dialog and enables her again; her own row offers neither", async ({ page }) => {
  await page.goto("/user/userAdministration");
  await login(page, "13800000005");
  await page.getByTestId("filter-keyword").fill("13800000011");
  await page.getByTestId("filter-submit").click();
  await hydrated(page);
  const row = page.getByTestId("resource-row");
  await expect(row).toHaveCount(1);
  await row.getByTestId("row-disable").click();
  await page.getByTestId("confirm-dialog").getByTestId("confirm-disable").click();
  await expect(page.getByText("已停用 1 个用户")).toBeVisible();
  await page.getByTestId("resource-row").getByTestId("row-enable").click();
  await expect(page.getByText("已启用 1 个用户")).toBeVisible();

  await page.getByTestId("filter-keyword").fill("13800000005");
  await page.getByTestId("filter-submit").click();
  await expect(page.getByTestId("resource-row")).toHaveCount(1);
  await expect(page.getByTestId("resource-row").getByTestId("row-disable")).toHaveCount(0);
  // A hand-typed action URL of a page the role may not use is refused.
  const res = await page.goto("/user/push/1/send");
  expect(res?.status()).toBe(403);
});
