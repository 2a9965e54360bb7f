import { expect, test } from "@playwright/test";
import { login, phoneOf } from "../fixtures/e2e";

/**
 * Tables on the screens school staff have (issue 26, item 4): every page of the route table is checked by the page
 * crawl (a11y.spec.ts, with `tableProblems` from ./screen-checks.ts, in English at 1280 × 720 and in Chinese at
 * 1366 × 768). Here, the row the issue was found on, clicked.
 */
test("the users list at 1280 × 720: the actions of a row are at the screen's right edge, not cut off", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await login(page, phoneOf(5));
  await page.context().addCookies([{ name: "lng", value: "en", url: baseURL! }]);
  await page.goto("/user/userAdministration");
  // The first row the admin may manage fully (the principal's row offers her only "View"; which row comes first
  // depends on what earlier tests created)
  const row = page
    .getByTestId("resource-row")
    .filter({ has: page.getByTestId("row-password") })
    .filter({ has: page.getByTestId("row-delete") })
    .first();
  for (const id of ["row-password", "row-view", "row-edit", "row-delete"]) {
    const box = (await row.getByTestId(id).boundingBox())!;
    expect(box.x + box.width, id).toBeLessThanOrEqual(1280);
  }
  // "Reset password" is one piece on one line.
  const reset = (await row.getByTestId("row-password").boundingBox())!;
  expect(reset.height).toBeLessThan(30);
  await row.getByTestId("row-password").click();
  await expect(page).toHaveURL(/\/user\/userAdministration\/\d+\/password/);
});
