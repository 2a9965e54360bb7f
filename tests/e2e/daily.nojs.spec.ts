import { expect, test } from "@playwright/test";
import { loginHere, expectToast } from "../fixtures/e2e";
import { todayCn } from "./journeys/staff-steps";

/**
 * The Daily section without JavaScript: the doctor records a request and marks its dose given on the record action's
 * confirmation page; the principal fills a class's missing health daily report (in English); a teacher fills the
 * class's baby-sitting day sheet (a bad sleep slot is refused by the server with its message by the cell, nothing saved; then saved).
 */

test("without JavaScript the doctor records a request for today and marks the dose given; who gave it is recorded", async ({ page }) => {
  await page.goto("/daily/medication/new");
  await loginHere(page, "13800000007");
  // Her own request, of today: the demo's requests are of the day the data was loaded, which a long run may outlast
  // (China time turns over at 16:00 UTC).
  const medicine = `止咳糖浆 ${Date.now().toString(36).slice(-5)}`;
  const form = page.getByTestId("resource-form");
  await form.getByLabel("幼儿").selectOption({ label: "朱明哲（托一班）" });
  await form.getByLabel("日期").fill(todayCn());
  await form.getByLabel("药品名称").fill(medicine);
  await form.getByLabel("剂量").fill("5 ml");
  await form.getByLabel("喂药时间").fill("11:30");
  await page.getByTestId("form-submit").click();
  await expect(page).toHaveURL(/\/daily\/medication(\?|$)/);
  await page.getByTestId("medication-today").click();
  const row = page.getByTestId("resource-row").filter({ hasText: medicine });
  await row.getByTestId("row-give").click();
  await expect(page).toHaveURL(/\/daily\/medication\/\d+\/give/);
  await page.getByTestId("action-comment").fill("饭后服用");
  await page.getByTestId("confirm-give").click();
  await expect(page).toHaveURL(/\/daily\/medication\?/);
  await page.goto("/daily/medication?status=done");
  await expect(page.getByTestId("resource-row").filter({ hasText: medicine })).toContainText("已完成");
});

test("without JavaScript the principal reports a missing class's health in English", async ({ page, baseURL }) => {
  await page.goto("/daily/epidemic");
  await loginHere(page, "13800000001");
  await page.context().addCookies([{ name: "lng", value: "en", url: baseURL! }]);
  await page.goto("/daily/epidemic");
  const missing = page.getByTestId("epidemic-missing");
  await expect(missing).toContainText("Classes without a report today");
  // Another spec may report other classes meanwhile: follow this one class, not the count. A demo class (the lowest
  // id), never one another spec has just created to delete again (a report would keep it from being deleted).
  const hrefs = await missing.getByRole("link").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  const classIdOf = (h: string) => Number(new URL(h, "http://x").searchParams.get("classId") ?? Infinity);
  const href = hrefs.sort((a, b) => classIdOf(a) - classIdOf(b))[0]!;
  await missing.locator(`a[href="${href}"]`).click();
  await page.getByLabel("Present").fill("20");
  await page.getByLabel("Absent", { exact: true }).fill("1");
  await page.getByLabel("Absent for illness").fill("1");
  await page.getByLabel("Temperature checks").fill("20");
  await page.getByLabel("Fevers").fill("0");
  await page.getByLabel("Symptoms").fill("Cough");
  await page.getByTestId("form-submit").click();
  await expect(page).toHaveURL(/\/daily\/epidemic/);
  await page.goto("/daily/epidemic");
  await expect(page.getByTestId("epidemic-missing").locator(`a[href="${href}"]`)).toHaveCount(0);
});

test("without JavaScript a teacher fills the class's baby-sitting day sheet", async ({ page }) => {
  await page.goto("/daily/nursery?view=sheet");
  await loginHere(page, "13800000003");
  await page.goto("/daily/nursery?view=sheet");
  const rows = page.getByTestId("sheet-row");
  await expect(rows.first()).toBeVisible();
  const first = rows.first();
  await first.getByRole("combobox").first().selectOption("happy");
  await first.getByRole("textbox").nth(2).fill("12:30");
  await page.getByTestId("sheet-save").click();
  await expect(page.getByTestId("sheet-error")).toBeVisible();
  await expect(first.getByText("时段格式应为 HH:MM-HH:MM")).toBeVisible();
  await first.getByRole("textbox").nth(2).fill("12:30-14:30");
  await page.getByTestId("sheet-save").click();
  await expectToast(page, "已保存");
  await expect(page.getByTestId("sheet-row").first().getByRole("textbox").nth(2)).toHaveValue("12:30-14:30");
});

test("without JavaScript a teacher's new class-circle post starts with her only class chosen; the principal chooses", async ({ page }) => {
  await page.goto("/daily/classCircle/new");
  await loginHere(page, "13800000003");
  await page.goto("/daily/classCircle/new");
  const cls = page.getByLabel("班级", { exact: true });
  const options = cls.locator("option:not([value=''])");
  await expect(options).toHaveCount(1);
  await expect(cls).toHaveValue((await options.first().getAttribute("value"))!);
  await page.context().clearCookies();
  await page.goto("/daily/classCircle/new");
  await loginHere(page, "13800000001");
  await page.goto("/daily/classCircle/new");
  await expect(page.getByLabel("班级", { exact: true })).toHaveValue("");
});
