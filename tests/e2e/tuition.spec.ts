import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { downloadedSheet, loginHere } from "../fixtures/e2e";
import { pdfText } from "../api/pdf-text";

/**
 * Tuition with JavaScript: the parent's QR page (loading, then the code), finance's list and the QR failure's "close and
 * retry"; each role's own steps; amounts in yuan on the detail, the export and the PDFs (their text read back).
 */
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

test("finance is offered only her own steps; the bill's line amounts read like its totals", async ({ page }) => {
  await page.goto("/tuition/bills?status=announced");
  await loginHere(page, "13800000014", { js: true });
  await expect(page.getByTestId("resource-row").first()).toBeVisible();
  // 去缴费 is the parent's step: finance records a payment made elsewhere instead.
  await expect(page.getByTestId("row-pay")).toHaveCount(0);
  await page.getByTestId("resource-row").first().getByTestId("row-view").click();
  await expect(page.getByTestId("detail-page")).toBeVisible();
  await expect(page.getByText("去缴费")).toHaveCount(0);
  await expect(page.getByText("登记线下缴费").first()).toBeVisible();
  await expect(page.locator('dd[data-field="lines"]')).toHaveText(/: ¥[\d,]+\.\d{2} × \d+ = ¥[\d,]+\.\d{2}/);
});

test("finance's bill export reads yuan with two decimals, the payment period and the due date", async ({ page }) => {
  await page.goto("/tuition/bills");
  await loginHere(page, "13800000014", { js: true });
  const { ws, header } = await downloadedSheet(page, () => page.getByTestId("export-xlsx").click());
  expect(header).toEqual(expect.arrayContaining(["缴费周期", "合计", "应缴金额", "缴费截止日"]));
  const amount = ws.getRow(2).getCell(header.indexOf("应缴金额") + 1);
  expect(typeof amount.value).toBe("number");
  expect(amount.numFmt).toBe('"¥"#,##0.00');
  expect(ws.getRow(2).getCell(header.indexOf("缴费周期") + 1).value).toMatch(/^按(月|学期|学年)/);
});

test("the pay slip PDF reads evenly in Chinese with its amounts in yuan", async ({ page }) => {
  await page.goto("/tuition/payrolls");
  await loginHere(page, "13800000014", { js: true });
  const slip = page.waitForEvent("download");
  await page.getByTestId("payslip").first().click();
  const text = pdfText(readFileSync(await (await slip).path()));
  expect(text).toMatch(/\d{4}-\d{2} 工资条/);
  expect(text).toMatch(/实发工资\s+¥[\d,]+\.\d{2}/);
  expect(text).toContain(" · ");
});

test("the parent downloads the receipt of a paid bill", async ({ page }) => {
  await page.goto("/tuition/bills?status=paid");
  await loginHere(page, "13800000004", { js: true });
  await page.getByTestId("resource-row").first().getByTestId("row-view").click();
  const amount = (await page.locator('dd[data-field="amountText"]').textContent())!;
  const download = page.waitForEvent("download");
  await page.getByTestId("bill-receipt").click();
  const text = pdfText(readFileSync(await (await download).path()));
  expect(text).toContain("缴费收据");
  expect(text).toMatch(new RegExp(`实缴金额\\s+${amount.replace(/[$.]/g, "\\$&")}`));
});
