import { expect, test, type Locator, type Page } from "@playwright/test";
import { hydrated } from "../fixtures/e2e";
import { loginAs } from "./parent-link-steps";

/**
 * The record-action dialog's comment (issue 26 item 11), at a school screen's 1280 × 720: the textarea's box lies
 * inside the dialog's box (also after a long text), its label sits above it on the same left edge, and the entrust
 * reply has one name — 回复 in the dialog as in the list.
 */
test.use({ viewport: { width: 1280, height: 720 } });

async function box(l: Locator) {
  const b = await l.boundingBox();
  expect(b, "the element is laid out").not.toBeNull();
  return b!;
}

async function expectCommentInside(page: Page) {
  const dialog = page.getByTestId("confirm-dialog");
  await expect(dialog).toBeVisible();
  const field = dialog.getByTestId("action-comment");
  await field.fill("这是一段很长的说明，".repeat(40));
  // A user drags the textarea's corner to the right and down, as people do to see more of what they typed, and lets
  // go over the backdrop: the dialog stays open with the text, and the textarea inside it.
  const start = await box(field);
  await page.mouse.move(start.x + start.width - 3, start.y + start.height - 3);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width + 400, start.y + start.height + 60, { steps: 5 });
  await page.mouse.up();
  await expect(dialog).toBeVisible();
  await expect(field).toHaveValue(/很长的说明/);
  const outer = await box(dialog);
  const inner = await box(field);
  expect(inner.x).toBeGreaterThanOrEqual(outer.x);
  expect(inner.y).toBeGreaterThanOrEqual(outer.y);
  expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width);
  expect(inner.y + inner.height).toBeLessThanOrEqual(outer.y + outer.height);
  // The dialog itself fits the screen, and the label is above the textarea on its left edge.
  expect(outer.x + outer.width).toBeLessThanOrEqual(1280);
  const label = await box(dialog.locator(`label[for="${await field.getAttribute("id")}"]`));
  expect(Math.abs(label.x - inner.x)).toBeLessThanOrEqual(1);
  expect(label.y + label.height).toBeLessThanOrEqual(inner.y + 1);
  return dialog;
}

test("the leave approval's comment stays inside the dialog, its label above it", async ({ page }) => {
  test.setTimeout(180_000);
  await loginAs(page, "13800000005");
  await page.goto("/student/leaveNotes?status=waiting");
  await hydrated(page);
  await page.getByTestId("resource-row").first().getByTestId("row-deny").click();
  const dialog = await expectCommentInside(page);
  await expect(dialog.locator("label")).toContainText("说明");
});

test("the entrust reply is 回复 in the dialog as in the list, and stays inside the dialog", async ({ page }) => {
  test.setTimeout(180_000);
  await loginAs(page, "13800000003");
  await page.goto("/daily/entrust?status=to_confirm");
  await hydrated(page);
  await expect(page.getByTestId("resource-table").locator("thead")).toContainText("回复");
  await page.getByTestId("resource-row").first().getByTestId("row-confirm").click();
  const dialog = await expectCommentInside(page);
  await expect(dialog.locator("label")).toHaveText(/^回复\s*\*$/);
  await expect(dialog).not.toContainText("说明");
});
