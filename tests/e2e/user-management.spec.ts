import ExcelJS from "exceljs";
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { expectToast, recordToasts } from "../fixtures/e2e";

/** User management with JavaScript: bindings, the user list (export, create, enable/disable), push notifications. */
const PASSWORD = "Sunny#2026";
const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor({ state: "attached" });

async function login(page: Page, phone: string, password = PASSWORD) {
  await hydrated(page);
  await page.getByLabel("手机号").fill(phone);
  await page.getByLabel("密码").fill(password);
  await page.getByTestId("login-submit").click();
  await expect(page).not.toHaveURL(/\/login/);
}

// Toasts are recorded as they show: they leave the page after 2 s.
test.beforeEach(({ page }) => recordToasts(page));

test("a kindergarten admin binds a parent to a student; a duplicate is refused with a clear message", async ({ page }) => {
  await page.goto("/user/studentParent");
  await login(page, "13800000005");
  await expect(page).toHaveURL(/\/user\/studentParent$/);
  await page.getByTestId("create-button").click();
  await expect(page).toHaveURL(/\/user\/studentParent\/new/);
  // The address changes before the new page is drawn (a transition): wait for the form itself.
  await expect(page.getByTestId("resource-form")).toBeVisible();
  await hydrated(page);
  const student = page.getByLabel("学生", { exact: true });
  const options = await student.locator("option").allTextContents();
  const studentLabel = options[options.length - 1]!;
  await student.selectOption({ label: studentLabel });
  await page.getByLabel("家长", { exact: true }).selectOption({ label: "王强（0004）" });
  await page.getByTestId("form-submit").click();
  await expect(page.getByText("请选择关系")).toBeVisible();
  await page.getByLabel("关系", { exact: true }).selectOption("mother");
  await page.getByTestId("form-submit").click();
  await expect(page).toHaveURL(/\/user\/studentParent$/);
  await expectToast(page, "绑定成功");

  await page.getByTestId("filter-keyword").fill("13800000004");
  await page.getByTestId("filter-submit").click();
  const row = page
    .getByTestId("resource-row")
    .filter({ hasText: studentLabel.replace(/（.*$/, "") })
    .filter({ hasText: "母亲" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("王强");

  // The same binding again: 409 → the message as section 8's error toast (not in the form), nothing added.
  await page.goto("/user/studentParent/new");
  await hydrated(page);
  await page.getByLabel("学生", { exact: true }).selectOption({ label: studentLabel });
  await page.getByLabel("家长", { exact: true }).selectOption({ label: "王强（0004）" });
  await page.getByLabel("关系", { exact: true }).selectOption("father");
  await page.getByTestId("form-submit").click();
  await expect(page.getByTestId("toast")).toContainText("该家长已绑定这名学生");
  await expect(page).toHaveURL(/\/user\/studentParent\/new$/);

  // Remove it through the dialog.
  await page.goto("/user/studentParent?keyword=13800000004");
  await hydrated(page);
  await row.getByTestId("row-delete").click();
  await page.getByTestId("confirm-delete").click();
  await expectToast(page, "已解除绑定");
  await expect(row).toHaveCount(0);
});

test("a kindergarten admin exports the user list (xlsx and csv with the expected header)", async ({ page }) => {
  await page.goto("/user/userAdministration?roleId=3");
  await login(page, "13800000005");
  await expect(page.getByTestId("resource-row").first()).toBeVisible();
  const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-xlsx").click()]);
  expect(xlsx.suggestedFilename()).toMatch(/^用户管理-\d{8}\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile((await xlsx.path())!);
  const header = (wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
  expect(header).toEqual(["编号", "真实姓名", "手机号", "性别", "邮箱", "集团", "幼儿园", "班级", "角色", "启用", "初始积分", "创建时间"]);
  expect(wb.worksheets[0]!.rowCount).toBeGreaterThan(1);
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
  const text = readFileSync((await csv.path())!, "utf8");
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(text.slice(1).split("\r\n")[0]).toBe("编号,真实姓名,手机号,性别,邮箱,集团,幼儿园,班级,角色,启用,初始积分,创建时间");
});

test("a kindergarten admin creates a user (field messages first), disables and re-enables her", async ({ page }) => {
  await page.goto("/user/userAdministration/new");
  await login(page, "13800000005");
  await hydrated(page);
  const phone = `139${String(Date.now()).slice(-8)}`;
  await page.getByLabel("真实姓名").fill("端到端用户");
  await page.getByLabel("手机号").fill("1234");
  await page.getByLabel("密码", { exact: true }).fill("abc12345");
  // Leaving the field shows its message and moves the fields below: let that happen before clicking one of them.
  await page.getByLabel("密码", { exact: true }).blur();
  await page.getByLabel("老师", { exact: true }).check();
  await page.getByLabel("默认角色").selectOption("4");
  await page.getByTestId("form-submit").click();
  await expect(page.getByText("请输入正确的手机号")).toBeVisible();
  await expect(page.getByText("默认角色必须是所选角色之一")).toBeVisible();
  await expect(page.getByText("密码不能包含连续的数字或字母（如 123、abc）")).toBeVisible();

  await page.getByLabel("手机号").fill(phone);
  await page.getByLabel("密码", { exact: true }).fill("Bright#2026");
  await page.getByLabel("默认角色").selectOption("3");
  await page.getByTestId("form-submit").click();
  await expect(page).toHaveURL(/\/user\/userAdministration$/);
  await expectToast(page, "用户已创建");

  await page.getByTestId("filter-keyword").fill(phone);
  await page.getByTestId("filter-submit").click();
  const row = page.getByTestId("resource-row");
  await expect(row).toHaveCount(1);
  await row.getByTestId("row-disable").click();
  // Disabling is a record action that asks first (contract/resources/users.ts): the dialog's button confirms.
  await page.getByTestId("confirm-dialog").getByTestId("confirm-disable").click();
  await expect(page.getByText("已停用 1 个用户")).toBeVisible();
  await expect(page.getByTestId("resource-row").getByTestId("row-enable")).toBeVisible();
  await page.getByTestId("resource-row").getByTestId("row-enable").click();
  await expect(page.getByText("已启用 1 个用户")).toBeVisible();
});

test("a super admin saves a push notification as a draft and sends it", async ({ page }) => {
  await page.goto("/user/push/new");
  await login(page, "13800000006");
  await hydrated(page);
  // Sending before a draft exists is refused.
  await page.getByTestId("send-unsaved-button").click();
  await expect(page.getByTestId("send-error")).toHaveText("请先保存草稿");

  const title = `E2E 推送 ${Date.now().toString(36).slice(-5)}`;
  await page.getByLabel("标题").fill(title);
  await page.getByTestId("form-submit").click();
  await expect(page).toHaveURL(/\/user\/push$/);
  await expectToast(page, "草稿已保存");
  const row = page.getByTestId("resource-row").filter({ hasText: title });
  await expect(row).toContainText("草稿");

  // Send without recipients and content: both messages of the specification.
  await row.getByTestId("row-send").click();
  await page.getByTestId("confirm-send").click();
  await expect(page.getByTestId("send-error")).toContainText("请选择接收人");
  await expect(page.getByTestId("send-error")).toContainText("请输入内容");

  await page.goto("/user/push");
  await page.getByTestId("resource-row").filter({ hasText: title }).getByTestId("row-edit").click();
  await expect(page.getByTestId("resource-form")).toBeVisible();
  await hydrated(page);
  await page.getByLabel("内容").fill("明天上午九点开家长会");
  await page.getByTestId("field-roleIds").getByLabel("家长", { exact: true }).check();
  await page.getByTestId("form-submit").click();
  await expectToast(page, "草稿已保存");
  await page.getByTestId("resource-row").filter({ hasText: title }).getByTestId("row-send").click();
  await page.getByTestId("confirm-send").click();
  await expect(page).toHaveURL(/\/user\/push$/);
  await expect(page.getByText(/已发送给 \d+ 人/)).toBeVisible();
  const sent = page.getByTestId("resource-row").filter({ hasText: title });
  await expect(sent).toContainText("已发送");
  await expect(sent.getByTestId("row-send")).toHaveCount(0);
});
