import { expect, test, type Page } from "@playwright/test";

/** Record actions without JavaScript: the confirmation page (question, comment, CSRF), post/redirect/get with a toast. */
const PASSWORD = "Sunny#2026";
async function login(page: Page, phone: string) {
  await page.getByLabel("手机号").fill(phone);
  await page.getByLabel("密码").fill(PASSWORD);
  await page.getByTestId("login-submit").click();
  await expect(page).not.toHaveURL(/\/login/);
}

test("without JavaScript a kindergarten admin disables a user on the confirmation page and enables her again", async ({ page }) => {
  await page.goto("/user/userAdministration?keyword=13800000012");
  await login(page, "13800000005");
  await page.goto("/user/userAdministration?keyword=13800000012");
  const row = page.getByTestId("resource-row");
  await expect(row).toHaveCount(1);
  await row.getByTestId("row-disable").click();
  await expect(page).toHaveURL(/\/user\/userAdministration\/\d+\/disable/);
  await expect(page.getByTestId("disable-page")).toContainText("停用");
  await page.getByTestId("action-comment").fill("离职");
  await page.getByTestId("confirm-disable").click();
  await expect(page).toHaveURL(/\/user\/userAdministration\?keyword=13800000012$/);
  await expect(page.getByText("已停用 1 个用户")).toBeVisible();
  await page.getByTestId("resource-row").getByTestId("row-enable").click();
  await expect(page.getByText("已启用 1 个用户")).toBeVisible();
  // Its own row offers neither; an undeclared verb is not a page.
  await page.goto("/user/userAdministration?keyword=13800000005");
  await expect(page.getByTestId("resource-row").getByTestId("row-disable")).toHaveCount(0);
  expect((await page.goto("/user/userAdministration/1/explode"))?.status()).toBe(404);
});
