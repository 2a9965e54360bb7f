import { expect, test } from "@playwright/test";
import { loginHere, expectToast } from "../fixtures/e2e";

/**
 * Tuition and assessment without JavaScript: finance generates a class's bills; the parent pays his announced bill
 * by the server-made QR code through the local payment stand-in (in English), and the bill is then paid awaiting
 * confirmation; a teacher may not open the bills page; the teacher scores a child's assessment (a score over the
 * maximum refused by the server by its item).
 */
test("without JavaScript finance generates a class's bills", async ({ page }) => {
  await page.goto("/tuition/bills");
  await loginHere(page, "13800000014");
  // Each state in its tone, from the definition's state vocabulary.
  await page.goto("/tuition/bills?status=paid");
  await expect(page.locator('td[data-field="status"] [data-tone="success"]').first()).toHaveText("已缴费");
  await page.goto("/tuition/bills?status=unannounced");
  await expect(page.locator('td[data-field="status"] [data-tone="muted"]').first()).toHaveText("未通知缴费");
  await page.goto("/tuition/bills");
  await page.getByTestId("bills-generate").click();
  await expect(page).toHaveURL(/\/tuition\/bills\/generate$/);
  await page.getByLabel("班级").selectOption({ index: 8 });
  await page.getByLabel("学费模板").selectOption({ index: 1 });
  await page.getByLabel("折扣（%）").fill("10");
  // The template may not fit the class level: then its message (try the next template); else the bills are listed.
  const refused = page.getByText("该模板不适用于此幼儿所在年级");
  const generate = async () => {
    await page.getByTestId("generate-submit").click();
    await Promise.race([page.waitForURL(/status=unannounced/), refused.waitFor()]);
    return /status=unannounced/.test(page.url());
  };
  if (!(await generate())) {
    const options = await page.getByLabel("学费模板").locator("option").count();
    for (let i = 2; i < options; i++) {
      await page.getByLabel("学费模板").selectOption({ index: i });
      if (await generate()) break;
    }
  }
  await expect(page).toHaveURL(/\/tuition\/bills\?status=unannounced/);
  await expectToast(page, /已生成 \d+ 张账单/);
});

test("without JavaScript the parent pays his bill by QR code through the stand-in", async ({ page, baseURL }) => {
  await page.goto("/tuition/bills?status=announced");
  await loginHere(page, "13800000004");
  await page.context().addCookies([{ name: "lng", value: "en", url: baseURL! }]);
  await page.goto("/tuition/bills?status=announced");
  const row = page
    .getByTestId("resource-row")
    .filter({ has: page.getByTestId("row-pay") })
    .first();
  await row.getByTestId("row-pay").click();
  await expect(page).toHaveURL(/\/tuition\/bills\/\d+\/pay$/);
  const amount = await page.getByTestId("pay-amount").textContent();
  await page.getByTestId("pay-alipay").click();
  await expect(page).toHaveURL(/\/pay\?provider=alipay$/);
  await expect(page.getByText("Scan the QR code with Alipay to pay")).toBeVisible();
  await expect(page.getByTestId("qr-svg").locator("svg")).toBeVisible();
  const billUrl = page.url();
  const standIn = await page.getByTestId("qr-standin").getAttribute("href");
  await page.goto(standIn!);
  await expect(page.getByTestId("standin-amount")).toHaveText(amount!.replace(/,/g, ""));
  await page.getByTestId("standin-pay").click();
  await expect(page.getByTestId("standin-outcome")).toHaveText("paid");
  await page.goto(billUrl);
  await expect(page.getByTestId("pay-paid")).toHaveText("This bill is paid");
});

test("without JavaScript a teacher may not open the bills; she scores her child's assessment", async ({ page }) => {
  await page.goto("/tuition/bills");
  await loginHere(page, "13800000003");
  await expect(
    page
      .getByText("403")
      .or(page.getByText(/无权|没有权限/))
      .first(),
  ).toBeVisible();
  await page.goto("/student/studentAssessments");
  await page.getByTestId("assess-score").first().click();
  await expect(page).toHaveURL(/\/student\/studentAssessments\/\d+\/score$/);
  await page.getByTestId("score-form").locator("input[type=number]").first().fill("3");
  await page.getByTestId("score-save").click();
  await expectToast(page, "评分已保存");
  await expect(page.getByTestId("progress-chart")).toBeVisible();
});
