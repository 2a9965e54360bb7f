import { expect, test } from "@playwright/test";
import { todayCn } from "@contract/daily/time";
import { hydrated, loginHere } from "../fixtures/e2e";

/**
 * The admissions customer's page (issue 26 item 5): labels instead of codes in both languages, the introducer, one
 * timeline of communications, appointments and stage changes; pickers that tell people of one name apart; the
 * appointment list opening on today's and later appointments.
 */
test("a new customer's first communication shows on its page as a timeline entry and a stage change, with labels not codes", async ({ page, baseURL }) => {
  await page.goto("/admission/customerList?stage=new");
  await loginHere(page, "13800000012", { js: true });
  const row = page.getByTestId("resource-row").first();
  const id = await row.getAttribute("data-id");
  await page.goto("/admission/communicationRecordList/new");
  await hydrated(page);
  const form = page.getByTestId("resource-form");
  const picker = form.getByLabel("客户");
  // The option names the child, then the phone's last four digits, the class and the day the customer came.
  await expect(picker.locator(`option[value="${id}"]`)).toHaveText(/ · 尾号 \d{4} · .*\d{4}-\d{2}-\d{2}$/);
  await picker.selectOption(id!);
  await form.getByLabel("日期", { exact: true }).fill("2026-01-05");
  await form.getByLabel("方式", { exact: true }).selectOption("phone");
  await form.getByLabel("内容", { exact: true }).fill("电话介绍了课程安排");
  await form.getByLabel("下一步", { exact: true }).fill("约周六参观");
  await form
    .getByRole("button", { name: /保存|提交/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admission\/communicationRecordList(\?|$)/);

  await page.goto(`/admission/customerList/${id}`);
  for (const field of ["nation", "relationship", "bus"]) await expect(page.locator(`dd[data-field="${field}"]`)).not.toHaveText(/^[a-z]+$/);
  await expect(page.locator('dd[data-field="nation"]')).toHaveText(/族$/);
  await expect(page.locator('dd[data-field="introducerName"]')).toBeVisible();
  const timeline = page.getByTestId("customer-timeline");
  await expect(timeline.locator('li[data-kind="communication"]').first()).toContainText("电话介绍了课程安排");
  await expect(timeline.locator('li[data-kind="communication"]').first()).toContainText("下一步：约周六参观");
  await expect(timeline.locator('li[data-kind="stage"]').filter({ hasText: "新客户 → 已联系" })).toHaveCount(1);
  await expect(page.getByTestId("record-history")).toContainText("已联系");

  await page.context().addCookies([{ name: "lng", value: "en", url: baseURL! }]);
  await page.goto(`/admission/customerList/${id}`);
  await expect(page.locator('dd[data-field="relationship"]')).toHaveText(/^(Father|Mother|Grandparent|Other)$/);
  await expect(page.locator('dd[data-field="bus"]')).toHaveText(/^(Needed|Not needed)$/);
  await expect(page.getByTestId("customer-timeline").locator('li[data-kind="stage"]').filter({ hasText: "New → Contact made" })).toHaveCount(1);
});

test("the appointment list opens on today's and later appointments", async ({ page }) => {
  await page.goto("/admission/appointmentList");
  await loginHere(page, "13800000012", { js: true });
  await page.goto("/admission/appointmentList");
  const today = todayCn();
  const dates = await page.locator('[data-testid="resource-row"] td[data-field="date"]').allTextContents();
  for (const d of dates) expect(d.trim() >= today, `${d} is before ${today}`).toBe(true);
  await expect(page.locator("#filter-date-from")).toHaveValue(today);
});
