import { expect, test } from "@playwright/test";
import { expectToast, hydrated, recordToasts } from "../fixtures/e2e";
import { loginAs } from "./parent-link-steps";

/**
 * Notices (issue 26 item 12): the detail names each thing once (no "Recipients" twice, no "Status" and "State"), a
 * published notice shows its publication in the history; publishing a draft someone deleted meanwhile says
 * "Save a draft first" on the list instead of a 404 page.
 */
test.beforeEach(({ page }) => recordToasts(page));

test("a published notice's detail: every label once, the status once, its publication in the history", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await loginAs(page, "13800000001");
  await page.context().addCookies([{ name: "lng", value: "en", url: baseURL! }]);
  await page.goto("/daily/notice?status=published");
  const href = await page.getByTestId("resource-row").first().getByTestId("row-view").getAttribute("href");
  await page.goto(href!);
  await expect(page.getByTestId("detail-page")).toBeVisible();
  const labels = (await page.getByTestId("detail-page").locator("dt").allInnerTexts()).map((s) => s.trim());
  expect(new Set(labels).size, labels.join(" | ")).toBe(labels.length);
  expect(labels).toContain("Sent to");
  expect(labels).toContain("Number of recipients");
  expect(labels).not.toContain("Status");
  await expect(page.getByTestId("record-state")).toContainText("Status");
  await expect(page.getByTestId("record-state")).not.toContainText("State");
  await expect(page.getByTestId("record-state")).not.toContainText("No history yet");
  await expect(page.getByTestId("record-history").locator("tbody tr")).toHaveCount(1);
  await expect(page.getByTestId("record-history")).toContainText("Published");
});

test("publishing a draft deleted elsewhere says 'save the draft first' on the list, not a 404 page", async ({ page, context }) => {
  test.setTimeout(180_000);
  await loginAs(page, "13800000001");
  await page.goto("/daily/notice/new");
  await hydrated(page);
  const title = `删除草稿 ${Date.now().toString(36).slice(-5)}`;
  await page.getByLabel("标题").fill(title);
  await page.getByLabel("内容").fill("将被另一个标签页删除");
  await page.getByTestId("form-submit").click();
  await expect(page).toHaveURL(/\/daily\/notice(\?|$)/, { timeout: 60_000 });
  await hydrated(page);
  const row = page.getByTestId("resource-row").filter({ hasText: title });
  await row.getByTestId("row-publish").click();
  const dialog = page.getByTestId("confirm-dialog");
  await expect(dialog).toContainText(title);

  // Meanwhile the draft is deleted in another tab.
  const other = await context.newPage();
  await other.goto("/daily/notice");
  await hydrated(other);
  await other.getByTestId("resource-row").filter({ hasText: title }).getByTestId("row-delete").click();
  await other.getByTestId("confirm-delete").click();
  await expect(other.getByTestId("resource-row").filter({ hasText: title })).toHaveCount(0);
  await other.close();

  await dialog.getByTestId("confirm-publish").click();
  await expectToast(page, "请先保存草稿");
  await expect(page).toHaveURL(/\/daily\/notice(\?|$)/);
  await expect(page.getByTestId("resource-row").filter({ hasText: title })).toHaveCount(0);
});
