import { readFileSync } from "node:fs";
import { createClient } from "@libsql/client";
import type { Page } from "@playwright/test";
import type { Row } from "exceljs";
import { E2E } from "../../../playwright.config";
import { downloadedSheet, expectToast, recordToasts } from "../../fixtures/e2e";
import { pdfText } from "../../api/pdf-text";
import { expect, journey, onEachScreen, ready, unique } from "./journey";

/**
 * Finance (role 14): makes a tuition bill with a discount for one child and announces it; the child's parent pays it
 * by QR code through the local payment stand-in (PAYMENTS=local); finance confirms the payment and sees the bill paid
 * with its amount in yuan; exports the bills (the new bill's row and amount read back from the xlsx); downloads a pay
 * slip (its PDF's text names the employee and the net pay).
 */
const FINANCE = "13800000014";
const DISCOUNT = 10;

/** "¥19,152.50" → 1915250 (fen). */
const fen = (yuan: string) => Math.round(Number(yuan.replace(/[^\d.]/g, "")) * 100);

/**
 * The child to bill and his parent's phone, from the demo data: a child of kindergarten 1 whose only parent is his
 * own (not the demo parent 13800000004, whose announced bills other specs pay), the only child of that name, at school.
 */
async function childAndParent(): Promise<{ name: string; level: string; phone: string }> {
  const db = createClient({ url: `file:./tests/.tmp/e2e-${E2E.port}.db` });
  try {
    const r = await db.execute(`
      select s.name, c.level, u.phone
      from students s join classes c on c.id = s.class_id
      join student_parents sp on sp.student_id = s.id join users u on u.id = sp.parent_id
      where s.kindergarten_id = 1 and s.status = 'at_school' and u.id <> 4 and u.phone like '139%'
        and (select count(*) from student_parents x where x.student_id = s.id) = 1
        and (select count(*) from student_parents y where y.parent_id = u.id) = 1
        and (select count(*) from students t where t.kindergarten_id = 1 and t.name = s.name) = 1
      order by s.id desc limit 1`);
    const row = r.rows[0]!;
    return { name: String(row.name), level: String(row.level), phone: String(row.phone) };
  } finally {
    db.close();
  }
}

/** Finds the bill in the list by its (unique) title through the search box. */
async function findBill(page: Page, title: string, js: boolean) {
  await ready(page, js);
  await page.getByTestId("filter-keyword").fill(title);
  await page.getByTestId("filter-submit").click();
  // The search's answer first: the bill may already be listed above, and a click during the search would cut it short.
  await expect(page).toHaveURL(/[?&]keyword=/);
  const row = page.getByTestId("resource-row").filter({ hasText: title });
  await expect(row).toHaveCount(1);
  return row;
}

journey.beforeEach(({ page }) => recordToasts(page));

onEachScreen(() => {
  journey(
    "finance bills a child with a discount, the parent pays by QR, finance confirms, exports and opens a pay slip",
    async ({ page, browser, signIn, see, tr, openMenu, js }) => {
      const child = await childAndParent();
      const title = unique(tr("学费账单", "Tuition bill "));
      const tuition = tr("学费管理", "Tuition and finance");
      const bills = tr("学费账单", "Tuition bills");

      // Finance makes the bill: the child, a template of his level, a 10 % discount.
      await signIn(FINANCE);
      await see();
      await openMenu(tuition, bills);
      await expect(page.getByTestId("page-title")).toContainText(bills);
      await see();
      await page.getByTestId("create-button").click();
      await expect(page).toHaveURL(/\/tuition\/bills\/new/);
      await ready(page, js);
      const form = page.getByTestId("resource-form");
      const childSelect = form.getByLabel(tr("幼儿", "Child"), { exact: true });
      const childOption = childSelect.locator("option").filter({ hasText: child.name });
      await childSelect.selectOption((await childOption.getAttribute("value"))!);
      const levelName = { pre: "托班", junior: "小班", middle: "中班", senior: "大班" }[child.level]!;
      const templateSelect = form.getByLabel(tr("学费模板", "Tuition template"), { exact: true });
      const template = templateSelect.locator("option").filter({ hasText: `${levelName}月度学费` });
      await templateSelect.selectOption((await template.getAttribute("value"))!);
      await form.getByLabel(tr("账单名称", "Bill"), { exact: true }).fill(title);
      await form.getByLabel(tr("折扣（%）", "Discount (%)"), { exact: true }).fill(String(DISCOUNT));
      await see();
      await page.getByTestId("form-submit").click();
      await expectToast(page, tr("账单已生成", "Bill created"));
      await expect(page).not.toHaveURL(/\/new/);
      await see();

      // Its detail: the subtotal, the discount and the amount due agree, in yuan.
      let row = await findBill(page, title, js);
      await expect(row.locator('td[data-field="status"]')).toHaveText(tr("未通知缴费", "Payment unannounced"));
      await expect(row.locator('td[data-field="discount"]')).toHaveText(String(DISCOUNT));
      await row.getByTestId("row-view").click();
      await expect(page.getByTestId("detail-page")).toBeVisible();
      await see();
      const money = /^¥[\d,]+\.\d{2}$/;
      const subtotal = page.locator('dd[data-field="subtotalFen"]');
      const discount = page.locator('dd[data-field="discountFen"]');
      const amount = page.locator('dd[data-field="amountText"]');
      for (const dd of [subtotal, discount, amount]) await expect(dd).toHaveText(money);
      const subtotalFen = fen((await subtotal.textContent())!);
      const amountText = (await amount.textContent())!.trim();
      const amountFen = fen(amountText);
      expect(fen((await discount.textContent())!)).toBe(Math.round((subtotalFen * DISCOUNT) / 100));
      expect(amountFen).toBe(subtotalFen - fen((await discount.textContent())!));

      // Announce it from the list.
      await openMenu(tuition, bills);
      row = await findBill(page, title, js);
      await row.getByTestId("row-announce").click();
      const announce = js ? page.getByTestId("confirm-dialog") : page.getByTestId("announce-page");
      await expect(announce).toContainText(title);
      await announce.getByTestId("confirm-announce").click();
      await expectToast(page, tr("已通知缴费 1 条", "Announce: applied to 1 item"));
      await expect(page.getByTestId("resource-row").filter({ hasText: title }).locator('td[data-field="status"]')).toHaveText(
        tr("已通知待缴费", "Announced, pending payment"),
      );
      await see();

      // The parent pays it by QR code: his bills, 去缴费, WeChat Pay, the code "scanned" by the payment app (the stand-in).
      await page.context().clearCookies();
      await signIn(child.phone);
      await openMenu(tuition, bills);
      await see();
      const parentRow = page.getByTestId("resource-row").filter({ hasText: title });
      await expect(parentRow.locator('td[data-field="amountText"]')).toHaveText(amountText);
      await parentRow.getByTestId("row-pay").click();
      await expect(page).toHaveURL(/\/tuition\/bills\/\d+\/pay$/);
      await expect(page.getByTestId("pay-amount")).toHaveText(amountText);
      await see();
      await ready(page, js);
      await page.getByTestId("pay-wechat").click();
      await expect(page.getByText(tr("请使用微信支付扫描二维码完成缴费", "Scan the QR code with WeChat Pay to pay"))).toBeVisible();
      await expect(page.getByTestId("qr-svg").locator("svg")).toBeVisible();
      await see();
      // The payment app is another device: its page is watched for console errors too.
      const payApp = await browser.newPage();
      const payAppErrors: string[] = [];
      payApp.on("console", (m) => void (m.type() === "error" && payAppErrors.push(m.text())));
      await payApp.goto((await page.getByTestId("qr-standin").getAttribute("href"))!);
      await expect(payApp.getByTestId("standin-amount")).toHaveText(amountText.replace(/,/g, ""));
      await payApp.getByTestId("standin-pay").click();
      await expect(payApp.getByTestId("standin-outcome")).toHaveText("paid");
      await payApp.close();
      expect(payAppErrors, "the payment app's console errors").toEqual([]);
      // The parent's page notices the payment: by itself with JavaScript, on "I have paid" without.
      if (!js) await page.getByTestId("qr-check-paid").click();
      await expect(page.getByTestId("pay-paid")).toHaveText(tr("该账单已缴费", "This bill is paid"), { timeout: 15_000 });
      await page.getByRole("link", { name: tr("返回账单", "Back to the bills") }).click();
      await expect(page.getByTestId("resource-row").filter({ hasText: title }).locator('td[data-field="status"]')).toHaveText(
        tr("已缴费待确认", "Paid, awaiting confirmation"),
      );
      await expect(page.getByTestId("resource-row").filter({ hasText: title }).getByTestId("row-pay")).toHaveCount(0);
      await see();

      // Finance confirms the payment: the bill is paid, with the same amount.
      await page.context().clearCookies();
      await signIn(FINANCE);
      await openMenu(tuition, bills);
      row = await findBill(page, title, js);
      await row.getByTestId("row-confirm").click();
      const confirm = js ? page.getByTestId("confirm-dialog") : page.getByTestId("confirm-page");
      await expect(confirm).toContainText(title);
      await confirm.getByTestId("confirm-confirm").click();
      await expectToast(page, tr("已确认收款 1 条", "Confirm payment: applied to 1 item"));
      row = page.getByTestId("resource-row").filter({ hasText: title });
      await expect(row.locator('td[data-field="status"]')).toHaveText(tr("已缴费", "Paid"));
      await expect(row.locator('td[data-field="amountText"]')).toHaveText(amountText);
      await see();
      await row.getByTestId("row-view").click();
      await expect(page.locator('dd[data-field="amountText"]')).toHaveText(amountText);
      await expect(page.getByTestId("bill-receipt")).toBeVisible();
      await see();

      // The export of the list (searched for the bill): its row, the amount a number in yuan.
      await openMenu(tuition, bills);
      await findBill(page, title, js);
      const { ws, header } = await downloadedSheet(page, () => page.getByTestId("export-xlsx").click());
      const col = (label: string) => header.indexOf(label) + 1;
      const rows: Row[] = [];
      ws.eachRow((r, n) => {
        if (n > 1 && r.getCell(col(tr("账单名称", "Bill"))).value === title) rows.push(r);
      });
      expect(rows).toHaveLength(1);
      const cell = rows[0]!.getCell(col(tr("应缴金额", "Amount due")));
      expect(cell.value).toBe(amountFen / 100);
      expect(cell.numFmt).toBe('"¥"#,##0.00');
      expect(rows[0]!.getCell(col(tr("幼儿", "Child"))).value).toBe(child.name);
      expect(rows[0]!.getCell(col(tr("状态", "Status"))).value).toBe(tr("已缴费", "Paid"));
      expect(rows[0]!.getCell(col(tr("优惠", "Discount"))).value).toBe((subtotalFen - amountFen) / 100);

      // A pay slip: the PDF names the employee and the net pay of the row.
      await openMenu(tuition, tr("工资单", "Payrolls"));
      await expect(page.getByTestId("page-title")).toContainText(tr("工资单", "Payrolls"));
      await see();
      const payroll = page.getByTestId("resource-row").first();
      // Every amount of the row in yuan, as the net pay and the slip show them.
      for (const field of ["baseText", "allowancesText", "deductionsText", "netText"])
        await expect(payroll.locator(`td[data-field="${field}"]`)).toHaveText(money);
      const staff = (await payroll.locator('td[data-field="staffName"]').textContent())!.trim();
      const net = (await payroll.locator('td[data-field="netText"]').textContent())!.trim();
      const slip = page.waitForEvent("download");
      await payroll.getByTestId("payslip").click();
      const pdf = readFileSync(await (await slip).path());
      expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      const text = pdfText(pdf);
      expect(text).toContain(staff);
      expect(text).toContain(net);
      expect(text).toMatch(tr("工资条", "Pay slip"));
      await see();
    },
  );
});
