import { expect, test } from "@playwright/test";
import { todayCn } from "@contract/daily/time";
import { loginHere, expectToast } from "../fixtures/e2e";

/** Students section without JavaScript: attendance correction and month grid, leave-note review, the manual in English. */

test("without JavaScript the kindergarten admin takes today's attendance of a class in one save, sees who changed it, then the month grid", async ({
  page,
}) => {
  await page.goto("/student/studentCheck");
  await loginHere(page, "13800000005");
  await page.goto("/student/studentCheck");
  await expect(page.getByTestId("page-title")).toHaveText("学生考勤");
  // It opens on the school's today (China time), not on the last day with records.
  await expect(page.locator("#att-date")).toHaveValue(todayCn());
  // On a past day a child without a record is "未记录", not "未到" (the demo's last school day).
  await page.goto("/student/studentCheck?date=2026-01-02");
  await expect(page.getByTestId("count-not_arrived")).toHaveText(/^未记录: \d+$/);
  await page.goto("/student/studentCheck");
  const rows = page.locator('[data-testid^="att-row-"]');
  const n = await rows.count();
  expect(n).toBeGreaterThan(2);
  // One child late with a remark, another absent; the rest stay at their preset (present unless recorded).
  await rows.nth(0).getByTestId("att-status").selectOption("late");
  await rows.nth(0).getByTestId("att-remark").fill("补录");
  await rows.nth(1).getByTestId("att-status").selectOption("absent");
  // One save for the class, none per child.
  await expect(page.getByRole("button", { name: "保存", exact: true })).toHaveCount(0);
  await page.getByTestId("attendance-save-class").click();
  await expectToast(page, "全班考勤已保存");
  await expect(rows.nth(0)).toContainText("迟到");
  await expect(rows.nth(1)).toContainText("缺勤");
  await expect(page.getByTestId("count-not_arrived")).toHaveText(/: 0$/);
  await expect(page.getByTestId("attendance-changes")).toContainText("补录");
  await page.getByTestId("tab-month").click();
  await expect(page.getByTestId("attendance-month")).toBeVisible();
  await expect(page.getByTestId("attendance-month").locator("tbody tr").first()).toContainText("迟");
});

test("without JavaScript the admin passes a waiting leave note on its confirmation page", async ({ page }) => {
  await page.goto("/student/leaveNotes?status=waiting");
  await loginHere(page, "13800000005");
  await page.goto("/student/leaveNotes?status=waiting");
  const row = page.getByTestId("resource-row").first();
  await row.getByTestId("row-pass").click();
  await expect(page).toHaveURL(/\/student\/leaveNotes\/\d+\/pass/);
  const id = /leaveNotes\/(\d+)\/pass/.exec(page.url())![1];
  await page.getByTestId("action-comment").fill("同意，注意休息");
  await page.getByTestId("confirm-pass").click();
  await expect(page).toHaveURL(/\/student\/leaveNotes/);
  await page.goto(`/student/leaveNotes/${id}`);
  await expect(page.locator('[data-testid="state-badge"][data-state="passed"]').first()).toBeVisible();
  await expect(page.getByText("同意，注意休息").first()).toBeVisible();
});

test("without JavaScript a parent reads the student manual in English and may not open attendance", async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: "lng", value: "en", url: baseURL! }]);
  await page.goto("/student/studentManual");
  await page.getByLabel("Phone").fill("13800000004");
  await page.getByLabel("Password").fill("Sunny#2026");
  await page.getByTestId("login-submit").click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto("/student/studentManual");
  await expect(page.getByTestId("page-title")).toHaveText("Student manual");
  await expect(page.getByTestId("manual-content")).toContainText("Parent handbook");
  await expect(page.getByTestId("manual-edit")).toHaveCount(0);
  await page.getByTestId("manual-versions").getByRole("link").last().click();
  await expect(page.getByText("Viewing version 1, not the latest")).toBeVisible();
  expect((await page.goto("/student/studentCheck"))?.status()).toBe(403);
});
