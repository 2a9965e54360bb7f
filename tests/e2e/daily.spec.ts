import { expect, test } from "@playwright/test";
import { loginHere } from "../fixtures/e2e";

/**
 * The Daily section with JavaScript: the education bureau reads its group's health roll-up (server-rendered trend
 * chart, read only); a parent may not open the doctor's medication page, and Home lists what is due for him.
 */

test("the education bureau sees the group's health roll-up with its trend chart, read only", async ({ page }) => {
  await page.goto("/daily/epidemic");
  await loginHere(page, "13800000010", { js: true });
  await expect(page.getByTestId("epidemic-kindergartens")).toBeVisible();
  await expect(page.locator("svg title").first()).toBeAttached();
  await expect(page.getByTestId("resource-row")).toHaveCount(0);
  await expect(page.getByRole("link", { name: /新增|Create/ })).toHaveCount(0);
});

test("a parent is refused the medication page; Home lists the notices he has to read", async ({ page }) => {
  await page.goto("/Home");
  await loginHere(page, "13800000004", { js: true });
  await expect(page.getByTestId("home-todos")).toContainText("未读通知");
  const res = await page.goto("/daily/medication");
  expect(res?.status()).toBe(403);
});
