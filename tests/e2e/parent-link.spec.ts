import { expect, test } from "@playwright/test";
import { hydrated } from "../fixtures/e2e";
import { childOfTeacher, expectLinked, expectWaiting, loginAs, logout, registerParent } from "./parent-link-steps";

/** Parent self-registration with JavaScript: the kindergarten admin approves the waiting request in the dialog. */
test("registration → waiting for approval → the kindergarten admin approves in the dialog → the parent sees the child", async ({ page }) => {
  test.setTimeout(240_000); // a whole journey: four logins, a registration with its SMS code
  const { child, className } = await childOfTeacher(page, 1);
  const parent = { phone: "13900000662", password: "Link#Parent26", child, className };
  await registerParent(page, parent);
  await expectWaiting(page, parent);

  await loginAs(page, "13800000005");
  await page.goto(`/student/parentRequests?keyword=${parent.phone}`);
  await hydrated(page);
  const row = page.getByTestId("resource-row").filter({ hasText: parent.phone });
  await expect(row.locator('[data-field="status"]')).toHaveText("待审核");
  await row.getByTestId("row-approve").click();
  const dialog = page.getByTestId("confirm-dialog");
  await expect(dialog).toContainText(child);
  await dialog.getByTestId("confirm-approve").click();
  await expect(page.getByTestId("resource-row").filter({ hasText: parent.phone }).locator('[data-field="status"]')).toHaveText("已通过");
  await logout(page);

  await expectLinked(page, parent);
});
