import { expect, test } from "@playwright/test";
import { loginHere } from "../fixtures/e2e";

/** Tuition with JavaScript: the parent's QR page (loading, then the code), finance's list and the QR failure's "close and retry". */
test("with JavaScript the parent opens the QR code for WeChat Pay and closes it", async ({ page }) => {
  await page.goto("/tuition/bills?status=announced");
  await loginHere(page, "13800000004", { js: true });
  await page
    .getByTestId("resource-row")
    .filter({ has: page.getByTestId("row-pay") })
    .last()
    .getByTestId("row-pay")
    .click();
  await expect(page).toHaveURL(/\/tuition\/bills\/\d+\/pay$/);
  await page.getByTestId("pay-wechat").click();
  await expect(page.getByTestId("qr-svg").locator("svg")).toBeVisible();
  await expect(page.getByText("请使用微信支付扫描二维码完成缴费")).toBeVisible();
  await page.getByTestId("qr-close").click();
  await expect(page.getByTestId("pay-choose")).toBeVisible();
});

test("with JavaScript finance sees the bills in English and the payrolls' slips", async ({ page, baseURL }) => {
  await page.goto("/tuition/bills");
  await loginHere(page, "13800000014", { js: true });
  await page.context().addCookies([{ name: "lng", value: "en", url: baseURL! }]);
  await page.goto("/tuition/bills");
  await expect(page.getByTestId("resource-row").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Tuition bills" }).first()).toBeVisible();
  await page.goto("/tuition/payrolls");
  const download = page.waitForEvent("download");
  await page.getByTestId("payslip").first().click();
  expect((await download).suggestedFilename()).toMatch(/^payslip-\d{4}-\d{2}-\d+\.pdf$/);
});
