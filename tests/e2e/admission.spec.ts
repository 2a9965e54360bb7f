import { expect, test } from "@playwright/test";
import { hydrated, loginHere } from "../fixtures/e2e";

/** Admissions with JavaScript (issue 15): a group admissions teacher's report (chart, filter, export) and a duplicate phone refused on the form. */

test("a group admissions teacher reads the weekly report and the class situation, filtered by kindergarten, in English", async ({ page, baseURL }) => {
  await page.goto("/admission/weeklyReport");
  await loginHere(page, "13800000016", { js: true });
  await page.context().addCookies([{ name: "lng", value: "en", url: baseURL! }]);
  await page.goto("/admission/weeklyReport");
  await hydrated(page);
  await expect(page.getByTestId("weekly-days").locator("tbody tr")).toHaveCount(7);
  await expect(page.locator("svg title").first()).toBeAttached();
  await page.goto("/admission/classSituation?kindergartenId=2");
  await expect(page.getByTestId("class-situation")).toContainText("Free");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /Excel/i }).first().click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
});

test("an admissions teacher is told a phone already belongs to a customer", async ({ page }) => {
  await page.goto("/admission/customerList/new");
  await loginHere(page, "13800000012", { js: true });
  await page.goto("/admission/customerList/new");
  await hydrated(page);
  await page.getByLabel("幼儿姓名").fill("重复宝宝");
  await page.getByLabel("小名").fill("重重");
  await page.getByLabel("民族").selectOption("han");
  await page.getByLabel("预留班级").selectOption({ index: 1 });
  await page.getByLabel("校车").selectOption("no");
  await page.getByLabel("联系人").fill("重复家长");
  await page.getByLabel("关系").selectOption("father");
  await page.getByLabel("手机号").fill("13911110001");
  await page.getByLabel("来源").selectOption("walkIn");
  await page.getByLabel("意向度").fill("5");
  await page.getByLabel("招生老师").selectOption({ index: 1 });
  await page
    .getByRole("button", { name: /保存|提交/ })
    .first()
    .click();
  await expect(page.getByText(/该手机号已属于本园客户/)).toBeVisible();
});
