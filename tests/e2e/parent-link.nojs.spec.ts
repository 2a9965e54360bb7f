import { expect, test } from "@playwright/test";
import { TEACHER, childOfTeacher, expectLinked, expectWaiting, loginAs, logout, registerParent } from "./parent-link-steps";

/**
 * Parent self-registration without JavaScript (issue 25 item 6): a parent whose phone is not on the child's record
 * registers, sees "waiting for approval" and no child; the class teacher approves on the confirmation page; the parent
 * then sees the child.
 */
test("registration → waiting for approval → the class teacher approves on the confirmation page → the parent sees the child", async ({ page }) => {
  test.setTimeout(240_000); // a whole journey: four logins, a registration with its SMS code
  const { child, className } = await childOfTeacher(page, 0);
  const parent = { phone: "13900000661", password: "Link#Parent26", child, className };
  await registerParent(page, parent);
  await expectWaiting(page, parent);

  // The class teacher: the request is on her Home and her list; she approves it without JavaScript.
  await loginAs(page, TEACHER);
  await page.goto("/Home");
  await expect(page.getByTestId("home-todo").filter({ hasText: "待审核的家长绑定申请" })).toBeVisible();
  await page.goto("/student/parentRequests?status=pending");
  const row = page.getByTestId("resource-row").filter({ hasText: parent.phone });
  await expect(row).toHaveCount(1);
  await row.getByTestId("row-approve").click();
  await expect(page).toHaveURL(/\/student\/parentRequests\/\d+\/approve/);
  await page.getByTestId("action-comment").fill("已电话核实");
  await page.getByTestId("confirm-approve").click();
  await expect(page).toHaveURL(/\/student\/parentRequests/);
  await expect(page.getByTestId("resource-row").filter({ hasText: parent.phone })).toHaveCount(0);
  await logout(page);

  await expectLinked(page, parent);
});
