import { expect, test } from "@playwright/test";
import { loginHere, expectToast } from "../fixtures/e2e";
import { busTeacherRows } from "./record-actions-rows";

/** Record actions without JavaScript: the confirmation page (question, comment, CSRF), post/redirect/get with a toast. */

test("without JavaScript a kindergarten admin disables a user on the confirmation page and enables her again", async ({ page }) => {
  await page.goto("/user/userAdministration?keyword=13800000012");
  await loginHere(page, "13800000005");
  await page.goto("/user/userAdministration?keyword=13800000012");
  const row = page.getByTestId("resource-row");
  await expect(row).toHaveCount(1);
  await row.getByTestId("row-disable").click();
  await expect(page).toHaveURL(/\/user\/userAdministration\/\d+\/disable/);
  await expect(page.getByTestId("disable-page")).toContainText("停用");
  await page.getByTestId("action-comment").fill("离职");
  await page.getByTestId("confirm-disable").click();
  await expect(page).toHaveURL(/\/user\/userAdministration\?keyword=13800000012$/);
  await expectToast(page, "已停用 1 个用户");
  await page.getByTestId("resource-row").getByTestId("row-enable").click();
  await expectToast(page, "已启用 1 个用户");
  // Its own row offers neither; an undeclared verb is not a page.
  await page.goto("/user/userAdministration?keyword=13800000005");
  await expect(page.getByTestId("resource-row").getByTestId("row-disable")).toHaveCount(0);
  expect((await page.goto("/user/userAdministration/1/explode"))?.status()).toBe(404);
});

test("without JavaScript bulk disable goes through its confirmation page; a pair with one already disabled is refused whole", async ({ page }) => {
  // Kindergarten 1's bus teachers (seeded 136001…): rows 3 and 4 here, rows 1 and 2 in the JavaScript spec.
  await page.goto("/user/userAdministration?keyword=136001");
  await loginHere(page, "13800000005");
  await page.goto("/user/userAdministration?keyword=136001");
  const [a, b] = await busTeacherRows(page, [2, 3]);
  await a.getByTestId("row-select").check();
  await b.getByTestId("row-select").check();
  await page.getByTestId("bulk-disable").click();
  await expect(page).toHaveURL(/\/user\/userAdministration\/disable\?/);
  await expect(page.getByTestId("bulk-selection").locator("li")).toHaveCount(2);
  await page.getByTestId("action-comment").fill("停运");
  await page.getByTestId("confirm-bulk-disable").click();
  await expect(page).toHaveURL(/\/user\/userAdministration\?keyword=136001$/);
  await expectToast(page, "已停用 2 个用户");
  await expect(a.getByTestId("row-enable")).toBeVisible();

  // A enabled again (row action), B still disabled: the page warns, the API refuses the pair (409), nothing changes.
  await a.getByTestId("row-enable").click();
  await expectToast(page, "已启用 1 个用户");
  await a.getByTestId("row-select").check();
  await b.getByTestId("row-select").check();
  await page.getByTestId("bulk-disable").click();
  await expect(page.getByTestId("bulk-wrong-state")).toBeVisible();
  await page.getByTestId("confirm-bulk-disable").click();
  await expectToast(page, /当前为停用；停用需要启用/);
  await expect(a.getByTestId("row-disable")).toBeVisible();
  await expect(b.getByTestId("row-enable")).toBeVisible();
  await b.getByTestId("row-select").check();
  await page.getByTestId("bulk-enable").click();
  await page.getByTestId("confirm-bulk-enable").click();
  await expectToast(page, "已启用 1 个用户");
  await expect(b.getByTestId("row-disable")).toBeVisible();
  // Only declared bulk verbs are confirmation pages.
  expect((await page.goto("/user/userAdministration/explode?ids=1"))?.status()).toBe(404);
});
