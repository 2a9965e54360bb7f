import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { expectToast } from "../fixtures/e2e";

/** The same class flow with JavaScript disabled: plain forms, confirmation pages, post/redirect/get. */
const PASSWORD = "Sunny#2026";

async function login(page: Page, phone: string, password = PASSWORD) {
  await page.getByLabel("手机号").fill(phone);
  await page.getByLabel("密码").fill(password);
  await page.getByTestId("login-submit").click();
}

const unique = () => `NJ${Date.now().toString(36).slice(-5)}`;

test("without JavaScript a kindergarten admin creates, edits, filters, exports and deletes a class", async ({ page }) => {
  await page.goto("/kindergarten/class");
  await login(page, "13800000005");
  await expect(page).toHaveURL(/\/kindergarten\/class$/);

  await page.getByTestId("create-button").click();
  await expect(page).toHaveURL(/\/kindergarten\/class\/new/);
  // The browser validates from the schema (required); a blank name still reaches the server, which answers per field.
  await expect(page.getByLabel("班级名称")).toHaveAttribute("required", "");
  await page.getByLabel("班级名称").fill("   ");
  await page.getByLabel("年级").selectOption("middle");
  await page.getByTestId("form-submit").click();
  await expect(page.getByText("请输入班级名称")).toBeVisible();
  await expect(page.getByLabel("年级")).toHaveValue("middle");

  const name = unique();
  await page.getByLabel("班级名称").fill(name);
  await page.getByLabel(/^黄敏/).check();
  await page.getByTestId("form-submit").click();
  await expect(page).toHaveURL(/\/kindergarten\/class$/);
  await expectToast(page, "班级已创建");
  const row = page.getByTestId("resource-row").filter({ hasText: name });
  await expect(row).toContainText("中班");

  await row.getByTestId("row-edit").click();
  await expect(page.getByLabel("班级名称")).toHaveValue(name);
  await page.getByLabel("班级名称").fill(`${name}改`);
  await page.getByTestId("form-submit").click();
  await expectToast(page, "班级已保存");

  await page.getByTestId("filter-keyword").fill(`${name}改`);
  await page.getByTestId("filter-level").selectOption("middle");
  await page.getByTestId("filter-submit").click();
  await expect(page).toHaveURL(/level=middle/);
  await expect(page.getByTestId("resource-row")).toHaveCount(1);
  await expect(page.getByTestId("total")).toHaveText("共 1 条");

  // Sorting is a link.
  await page.getByTestId("sort-name").click();
  await expect(page).toHaveURL(/sort=-name/);

  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
  expect(csv.suggestedFilename()).toMatch(/^班级-\d{8}\.csv$/);
  expect(readFileSync((await csv.path())!, "utf8")).toContain(`${name}改,,中班`); // name, English name (empty), level
  const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-xlsx").click()]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);

  // Delete: a confirmation page, then back to the same filtered list.
  await page.getByTestId("row-delete").click();
  await expect(page).toHaveURL(/\/kindergarten\/class\/\d+\/delete/);
  await expect(page.getByTestId("delete-page")).toContainText(`${name}改`);
  await page.getByTestId("confirm-delete").click();
  await expect(page).toHaveURL(/\/kindergarten\/class\?.*level=middle/);
  await expectToast(page, "班级已删除");
  await expect(page.getByTestId("empty")).toBeVisible();
});

test("without JavaScript bulk delete goes through a confirmation page", async ({ page }) => {
  await page.goto("/kindergarten/class/new");
  await login(page, "13800000005");
  const name = unique();
  await page.getByLabel("班级名称").fill(name);
  await page.getByLabel("年级").selectOption("pre");
  await page.getByTestId("form-submit").click();
  await expectToast(page, "班级已创建");
  await page.goto(`/kindergarten/class?keyword=${name}`);
  await page.getByTestId("row-select").check();
  await page.getByTestId("bulk-delete").click();
  await expect(page).toHaveURL(/\/kindergarten\/class\/delete\?/);
  await expect(page.getByTestId("bulk-delete-page")).toContainText(name);
  await page.getByTestId("confirm-delete").click();
  await expectToast(page, "已删除 1 个班级");
  await expect(page.getByTestId("empty")).toBeVisible();
});
