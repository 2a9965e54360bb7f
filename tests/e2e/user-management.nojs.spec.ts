import ExcelJS from "exceljs";
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { expectToast } from "../fixtures/e2e";

/** User management with JavaScript disabled: plain forms, confirmation pages, post/redirect/get. */
const PASSWORD = "Sunny#2026";

async function login(page: Page, phone: string, password = PASSWORD) {
  await page.getByLabel("手机号").fill(phone);
  await page.getByLabel("密码").fill(password);
  await page.getByTestId("login-submit").click();
  await expect(page).not.toHaveURL(/\/login/);
}

test("without JavaScript a kindergarten admin binds a parent to a student and removes the binding", async ({ page }) => {
  await page.goto("/user/studentParent/new");
  await login(page, "13800000005");
  await expect(page).toHaveURL(/\/user\/studentParent\/new/);
  const student = page.getByLabel("学生", { exact: true });
  const options = await student.locator("option").allTextContents();
  const studentLabel = options[options.length - 2]!;
  await student.selectOption({ label: studentLabel });
  await page.getByLabel("家长", { exact: true }).selectOption({ label: "王强（0004）" });
  await page.getByLabel("关系", { exact: true }).selectOption("grandmother");
  await page.getByTestId("form-submit").click();
  await expect(page).toHaveURL(/\/user\/studentParent$/);
  await expectToast(page, "绑定成功");

  await page.getByTestId("filter-keyword").fill("13800000004");
  await page.getByLabel("关系").selectOption("grandmother");
  await page.getByTestId("filter-submit").click();
  await expect(page).toHaveURL(/relationship=grandmother/);
  const row = page.getByTestId("resource-row").filter({ hasText: studentLabel.replace(/（.*$/, "") });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("祖母/外祖母");

  // Delete: the confirmation page, then back to the same filtered list.
  await row.getByTestId("row-delete").click();
  await expect(page.getByTestId("delete-page")).toBeVisible();
  await page.getByTestId("confirm-delete").click();
  await expectToast(page, "已解除绑定");
  await expect(page).toHaveURL(/relationship=grandmother/);
  await expect(page.getByTestId("empty")).toBeVisible();
});

test("without JavaScript a kindergarten admin exports the user list and disables users through the confirmation page", async ({ page }) => {
  await page.goto("/user/userAdministration?keyword=1380000000");
  await login(page, "13800000005");
  const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-xlsx").click()]);
  expect(xlsx.suggestedFilename()).toMatch(/^用户管理-\d{8}\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile((await xlsx.path())!);
  expect((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1, 4)).toEqual(["编号", "真实姓名", "手机号"]);
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
  const text = readFileSync((await csv.path())!, "utf8");
  expect(text.slice(1).split("\r\n")[0]).toBe("编号,真实姓名,手机号,性别,邮箱,集团,幼儿园,班级,角色,启用,初始积分,创建时间");
  expect(text).toContain("13800000007");

  // Bulk disable: select two rows, confirm on a page, then enable them again.
  await page.goto("/user/userAdministration?keyword=1380000000&roleId=7");
  const rows = page.getByTestId("resource-row");
  await expect(rows).toHaveCount(1);
  await rows.first().getByTestId("row-select").check();
  await page.getByTestId("bulk-disable").click();
  await expect(page.getByTestId("bulk-disable-page").getByTestId("bulk-selection").locator("li")).toHaveCount(1);
  await page.getByTestId("confirm-bulk-disable").click();
  await expectToast(page, "已停用 1 个用户");
  await expect(page).toHaveURL(/roleId=7/);
  await page.getByTestId("resource-row").first().getByTestId("row-enable").click();
  await expectToast(page, "已启用 1 个用户");

  // Password reset with a generated password, shown once.
  await page.getByTestId("resource-row").first().getByTestId("row-password").click();
  await page.getByLabel("新密码").fill("abc");
  await page.getByTestId("reset-submit").click();
  await expect(page.getByTestId("password-errors")).toContainText("密码至少 8 位");
  await page.getByTestId("reset-submit").click();
  await expect(page.getByTestId("generated-value")).toHaveText(/^\S{11}$/);
});

test("without JavaScript a super admin saves a push notification as a draft and sends it", async ({ page }) => {
  await page.goto("/user/push/new");
  await login(page, "13800000006");
  await page.getByTestId("send-unsaved-button").click();
  await expect(page.getByTestId("send-error")).toHaveText("请先保存草稿");

  const title = `NJ 推送 ${Date.now().toString(36).slice(-5)}`;
  await page.goto("/user/push/new");
  await page.getByLabel("标题").fill(title);
  await page.getByLabel("内容").fill("周五下午放学提前到三点");
  await page.getByTestId("field-roleIds").getByLabel("老师", { exact: true }).check();
  await page.getByLabel("指定人员（手机号）").fill("13800000004");
  await page.getByTestId("form-submit").click();
  await expect(page).toHaveURL(/\/user\/push$/);
  await expectToast(page, "草稿已保存");
  const row = page.getByTestId("resource-row").filter({ hasText: title });
  await expect(row).toContainText("草稿");
  await row.getByTestId("row-send").click();
  await expect(page.getByTestId("send-page")).toContainText(title);
  await page.getByTestId("confirm-send").click();
  await expectToast(page, /已发送给 \d+ 人/);
  await expect(page.getByTestId("resource-row").filter({ hasText: title })).toContainText("已发送");
  await page.getByTestId("filter-status").selectOption("sent");
  await page.getByTestId("filter-submit").click();
  await expect(page.getByTestId("resource-row").filter({ hasText: title })).toHaveCount(1);
});

test("without JavaScript the page size is chosen with its own button and keeps the filters", async ({ page }) => {
  await page.goto("/user/userAdministration?keyword=1380000");
  await login(page, "13800000005");
  await page.goto("/user/userAdministration?keyword=1380000");
  await expect(page.getByTestId("resource-row")).toHaveCount(10);
  await page.getByTestId("page-size").selectOption("20");
  await page.getByRole("button", { name: "确定" }).click();
  await expect(page).toHaveURL(/pageSize=20/);
  await expect(page).toHaveURL(/keyword=1380000/);
  expect(await page.getByTestId("resource-row").count()).toBeGreaterThan(10);
});
