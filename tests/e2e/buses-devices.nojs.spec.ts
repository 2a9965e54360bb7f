import { expect, test } from "@playwright/test";
import { loginHere, expectToast } from "../fixtures/e2e";

/** School buses and devices without JavaScript (issue 11): riders, school-bus attendance, the bus teacher's download, IC card lost. */

test("without JavaScript the kindergarten admin changes a rider's distance (fee band) and records a boarding", async ({ page }) => {
  await page.goto("/bus/schoolBus");
  await loginHere(page, "13800000005");
  await page.goto("/bus/schoolBus");
  await page.locator('[data-testid^="riders-"]').first().click();
  await expect(page).toHaveURL(/\/bus\/schoolBus\/\d+\/riders$/);
  await expect(page.getByTestId("riders-table")).toBeVisible();
  const first = page.getByTestId("riders-table").locator("tbody tr").first();
  await first.getByRole("spinbutton").fill("25");
  await first.getByRole("button", { name: "保存" }).click();
  await expectToast(page, "已保存乘车安排");
  await expect(page.getByTestId("riders-table").locator('[data-testid^="band-"]', { hasText: "20 公里以上" }).first()).toBeVisible();

  await page.goto("/student/studentSchoolBusCheck");
  const trip = page.getByTestId("trip-morning");
  const row = trip.locator('tbody tr:not(:has([data-testid="on-leave"]))').first();
  await row.getByLabel("时间", { exact: true }).fill("07:31");
  await row.getByRole("button", { name: "上车" }).click();
  await expectToast(page, "已记录");
  await expect(page.getByTestId("trip-morning").getByText("07:31").first()).toBeVisible();
});

test("without JavaScript the bus teacher sees her rider list in English and downloads it; a teacher may not open the page", async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: "lng", value: "en", url: baseURL! }]);
  await page.goto("/bus/schoolBusDownload");
  await page.getByLabel(/phone/i).fill("13800000008");
  await page.getByLabel(/password/i).fill("Sunny#2026");
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/schoolBusDownload/);
  await expect(page.getByTestId("trip-morning")).toContainText("Morning (to school)");
  await expect(page.getByTestId("trip-afternoon")).toContainText("Parents' phones");
  const pdf = await page.request.get(
    await page
      .getByTestId("download-pdf")
      .getAttribute("href")
      .then((h) => h!),
  );
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  const xlsx = await page.request.get(
    await page
      .getByTestId("download-xlsx")
      .getAttribute("href")
      .then((h) => h!),
  );
  expect(xlsx.headers()["content-type"]).toContain("spreadsheetml");
  await page.context().clearCookies();
  await page.goto("/bus/schoolBusDownload");
  await loginHere(page, "13800000003");
  expect((await page.goto("/bus/schoolBusDownload"))?.status()).toBe(403);
});

test("without JavaScript an IC card is reported lost on its confirmation page", async ({ page }) => {
  await page.goto("/device/studentIc?status=active");
  await loginHere(page, "13800000005");
  await page.goto("/device/studentIc?status=active");
  const row = page.getByTestId("resource-row").first();
  await row.getByTestId("row-reportLost").click();
  await expect(page).toHaveURL(/\/device\/studentIc\/\d+\/reportLost/);
  await page.getByTestId("action-comment").fill("丢失");
  await page.getByTestId("confirm-reportLost").click();
  await expect(page).toHaveURL(/\/device\/studentIc/);
  await page.goto("/device/studentIc?status=lost");
  await expect(page.getByTestId("resource-row").first()).toContainText("已挂失");
});
