import { expect, test } from "@playwright/test";
import { loginHere } from "../fixtures/e2e";

/**
 * Admissions and personal-information protection without JavaScript (issue 15): the applicant's request on a
 * 375 px phone, a stage action on its confirmation page, the data-processing page in English (a request, its
 * archive, the retention rules), and a role the admissions pages refuse.
 */

test.describe("applicant on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test("leaves the child's details and asks for a campus tour at 375 px without JavaScript", async ({ page }) => {
    await page.goto("/admission/wx/login?kindergartenId=1&introducerId=12");
    await page.getByTestId("wx-authorize").click();
    await page.locator("#nickname").fill("申请家长");
    await page.locator("#phone").fill("13911113401");
    await page.locator("button[type=submit]").click();
    await page.getByRole("button", { name: "确认并登录" }).click();
    await expect(page).toHaveURL(/\/admission\/wx\/introduction$/);
    await expect(page.getByTestId("applicant-kindergarten")).toBeVisible();
    await expect(page.getByTestId("applicant-charges").locator("li").first()).toContainText("¥");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const form = page.getByTestId("applicant-form");
    await form.getByLabel("幼儿姓名").fill("窄屏宝宝");
    await form.getByLabel("小名").fill("窄窄");
    await form.getByLabel("民族").selectOption("han");
    await form.getByLabel("意向班级").selectOption({ index: 1 });
    await form.getByLabel("校车").selectOption("no");
    await form.getByLabel("联系人").fill("申请家长");
    await form.getByLabel("关系").selectOption("mother");
    // The phone is the one WeChat confirmed at sign-in: shown, not asked again (issue 25 item 1).
    await expect(page.getByTestId("applicant-phone")).toContainText("13911113401");
    const day = new Date(Date.now() + 3 * 86400000).toISOString().slice(0, 10);
    await form.getByLabel("参观日期").fill(day);
    await form.getByLabel("参观时间").selectOption("10:00");
    const box = (await page.getByTestId("applicant-submit").boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375.5);
    await page.getByTestId("applicant-submit").click();
    // The confirmation is a page of its own (issue 26 item 10).
    await expect(page).toHaveURL(/\/admission\/wx\/introduction\?sent=\d+$/);
    await expect(page.getByTestId("applicant-sent")).toContainText("窄屏宝宝");
    await expect(page.getByTestId("applicant-sent")).toContainText(day);
    await page.getByTestId("applicant-back").click();
    await expect(page.getByTestId("applicant-requests")).toContainText("窄屏宝宝");
  });
});

test("an admissions teacher moves a customer on through the confirmation page; a teacher is refused", async ({ page }) => {
  await page.goto("/admission/customerList?keyword=13911110001");
  await loginHere(page, "13800000012");
  await page.goto("/admission/customerList?keyword=13911110001&stage=new");
  const row = page.getByTestId("resource-row").first();
  // "Contact made" takes no confirmation: one click posts it.
  await row.getByTestId("row-contact").click();
  await expect(page).toHaveURL(/\/admission\/customerList/);
  await page.goto("/admission/customerList?keyword=13911110001&stage=contacted");
  await expect(page.getByTestId("resource-row")).toHaveCount(2);
  await expect(page.getByTestId("customer-duplicates")).toBeVisible();
  await page.context().clearCookies();
  await page.goto("/admission/customerList");
  await loginHere(page, "13800000003");
  expect((await page.goto("/admission/customerList"))?.status()).toBe(403);
});

test("in English a kindergarten admin records an access request, downloads its archive and saves retention rules", async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: "lng", value: "en", url: baseURL! }]);
  await page.goto("/protection/dataProcessing");
  await page.getByLabel("Phone").fill("13800000005");
  await page.getByLabel("Password").fill("Sunny#2026");
  await page.getByTestId("login-submit").click();
  await expect(page.getByRole("heading", { name: "Personal data processing" }).first()).toBeVisible();
  const form = page.getByTestId("request-form");
  await form.getByLabel("Kind").selectOption("access");
  await form.getByLabel("Person").selectOption({ index: 1 });
  await form.getByLabel("Requested by").fill("Parent");
  await page.getByTestId("request-submit").click();
  await expect(page.getByText("Request recorded")).toBeVisible();
  const link = page.locator('[data-testid^="archive-"]').first();
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^personal-data-student-\d+\.json$/);
  await expect(page.getByTestId("would-remove-applicants")).toContainText("persons");
  // The browser's own check (min 1) would stop the form first; the server must refuse it too.
  await page.locator("#rt-applicants").evaluate((input: HTMLInputElement) => (input.form!.noValidate = true));
  await page.locator("#rt-applicants").fill("0");
  await page.getByTestId("retention-save").click();
  await expect(page.getByTestId("retention-applicants")).toContainText(/greater than or equal|at least|1/);
  await page.locator("#rt-applicants").fill("12");
  await page.getByTestId("retention-save").click();
  await expect(page.getByText("Retention rules saved")).toBeVisible();
  await expect(page.getByTestId("runs-table")).toContainText("OK");
  // The night job's work in words: no JSON, no ISO timestamps; an anonymised person is no longer named.
  await expect(page.getByTestId("runs-table")).toContainText("persons: 1");
  await expect(page.getByTestId("runs-table")).not.toContainText(/[{}]|\d{4}-\d\d-\d\dT/);
  await expect(page.getByTestId("log-table")).toContainText("Child's name, Nickname, Contact, Phone");
  const done = page.locator("tr", { hasText: "Deleted #" });
  await expect(done).toContainText("Cleared: Child's name, Nickname, Contact, Phone; files removed: 0; audit copies scrubbed: 1");
});
