import ExcelJS from "exceljs";
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { expectToast, recordToasts } from "../fixtures/e2e";

/** The resource machinery on /kindergarten/class with JavaScript: kindergarten admin 13800000005 (kindergarten 1). */
const PASSWORD = "Sunny#2026";

/** Waits until React has hydrated the page (client validation, dialogs and select-all need it). */
const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor({ state: "attached" });

async function login(page: Page, phone: string, password = PASSWORD) {
  await hydrated(page);
  await page.getByLabel("手机号").fill(phone);
  await page.getByLabel("密码").fill(password);
  await page.getByTestId("login-submit").click();
  await expect(page).not.toHaveURL(/\/login/);
}

const unique = () => `E2E${Date.now().toString(36).slice(-5)}`;

// Toasts are recorded as they show: they leave the page after 2 s.
test.beforeEach(({ page }) => recordToasts(page));

test("a kindergarten admin creates, edits, filters, exports and deletes a class", async ({ page }) => {
  await page.goto("/kindergarten/class");
  await login(page, "13800000005");
  await expect(page).toHaveURL(/\/kindergarten\/class$/);
  await expect(page.getByTestId("resource-row").first()).toBeVisible();

  // Create: the missing name is reported on the field, in Chinese.
  await page.getByTestId("create-button").click();
  await expect(page).toHaveURL(/\/kindergarten\/class\/new/);
  // The address changes before the new page is drawn (a transition): the list's own "年级" filter may still be there.
  await expect(page.getByTestId("resource-form")).toBeVisible();
  await hydrated(page);
  await page.getByLabel("年级").selectOption("junior");
  await page.getByTestId("form-submit").click();
  await expect(page.getByText("请输入班级名称")).toBeVisible();
  await expect(page).toHaveURL(/\/kindergarten\/class\/new/);

  const name = unique();
  await page.getByLabel("班级名称").fill(name);
  await page.getByLabel(/^黄敏/).check();
  await page.getByTestId("form-submit").click();
  await expect(page).toHaveURL(/\/kindergarten\/class$/);
  await expectToast(page, "班级已创建");
  const row = page.getByTestId("resource-row").filter({ hasText: name });
  await expect(row).toContainText("小班");
  await expect(row).toContainText("黄敏");

  // Edit: the form opens with the saved values.
  await row.getByTestId("row-edit").click();
  await expect(page.getByLabel("班级名称")).toHaveValue(name);
  await expect(page.getByLabel(/^黄敏/)).toBeChecked();
  await page.getByLabel("班级名称").fill(`${name}改`);
  await page.getByLabel("年级").selectOption("senior");
  await page.getByTestId("form-submit").click();
  await expectToast(page, "班级已保存");

  // Filter: a plain GET, so the state is in the URL.
  await page.getByTestId("filter-keyword").fill(`${name}改`);
  await page.getByTestId("filter-level").selectOption("senior");
  await page.getByTestId("filter-submit").click();
  await expect(page).toHaveURL(/keyword=.+&level=senior|level=senior.+keyword=/);
  await expect(page.getByTestId("resource-row")).toHaveCount(1);
  await expect(page.getByTestId("total")).toHaveText("共 1 条");
  await page.reload();
  await expect(page.getByTestId("resource-row")).toHaveCount(1);

  // Export the current filter: xlsx and csv.
  const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-xlsx").click()]);
  expect(xlsx.suggestedFilename()).toMatch(/^班级-\d{8}\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile((await xlsx.path())!);
  const ws = wb.worksheets[0]!;
  expect(ws.rowCount).toBe(2);
  expect(ws.getRow(1).values).toContain("班级名称");
  expect(ws.getRow(2).values).toContain(`${name}改`);
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
  const text = readFileSync((await csv.path())!, "utf8");
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(text).toContain(`${name}改,,大班`); // name, English name (empty), level

  // Delete through the dialog.
  await hydrated(page);
  await page.getByTestId("resource-row").first().getByTestId("row-delete").click();
  await expect(page.getByTestId("confirm-dialog")).toContainText(`${name}改`);
  await page.getByTestId("confirm-delete").click();
  await expectToast(page, "班级已删除");
  await expect(page.getByTestId("empty")).toBeVisible();
});

test("bulk delete asks in a dialog and deletes the selected classes", async ({ page }) => {
  await page.goto("/kindergarten/class/new");
  await login(page, "13800000005");
  const names = [unique() + "a", unique() + "b"];
  for (const n of names) {
    await page.goto("/kindergarten/class/new");
    await page.getByLabel("班级名称").fill(n);
    await page.getByLabel("年级").selectOption("pre");
    await page.getByTestId("form-submit").click();
    await expectToast(page, "班级已创建");
  }
  await page.goto(`/kindergarten/class?keyword=${names[0]!.slice(0, -1)}`);
  await expect(page.getByTestId("resource-row")).toHaveCount(2);
  await hydrated(page);
  await page.getByTestId("select-all").check();
  await page.getByTestId("bulk-delete").click();
  await expect(page.getByTestId("confirm-dialog")).toContainText(names[1]!);
  await page.getByTestId("confirm-delete").click();
  await expectToast(page, "已删除 2 个班级");
  await expect(page.getByTestId("empty")).toBeVisible();
});

test("a teacher gets the no-permission page for the class pages", async ({ page }) => {
  await page.goto("/kindergarten/class/new");
  await login(page, "13800000003");
  await expect(page.getByTestId("resource-form")).toHaveCount(0);
  const res = await page.goto("/kindergarten/class/1/edit");
  expect(res?.status()).toBe(403);
});
