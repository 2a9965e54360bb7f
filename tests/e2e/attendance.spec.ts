import { expect, test } from "@playwright/test";
import { addDays, todayCn } from "@contract/daily/time";
import { hydrated, login, phoneOf, recordToasts, expectToast } from "../fixtures/e2e";

/**
 * The admin's attendance of a class with JavaScript (issue 26, item 8): one save for the class; two admins saving the
 * same day from forms read at the same time: the first is stored, the second is refused with the reload message and
 * changes nothing.
 */
test("two saves of one class's day: the first is stored, the second asks to reload and changes nothing", async ({ browser }) => {
  // Two logins and several saves on a machine shared with other runs.
  test.setTimeout(120_000);
  const date = addDays(todayCn(), -4);
  const [a, b] = await Promise.all([browser.newPage(), browser.newPage()]);
  for (const page of [a, b]) {
    await recordToasts(page);
    await login(page, phoneOf(5));
    await page.goto(`/student/studentCheck?date=${date}`);
    await hydrated(page);
  }
  const rows = (p: typeof a) => p.locator('[data-testid^="att-row-"]');
  await rows(a).nth(0).getByTestId("att-status").selectOption("absent");
  await rows(b).nth(0).getByTestId("att-status").selectOption("leave");
  await a.getByTestId("attendance-save-class").click();
  await expectToast(a, "全班考勤已保存");
  await expect(rows(a).nth(0)).toContainText("缺勤");
  await b.getByTestId("attendance-save-class").click();
  await expect(b.getByTestId("attendance-errors")).toContainText("请刷新后重新核对");
  await b.reload();
  await expect(rows(b).nth(0)).toContainText("缺勤");
});
