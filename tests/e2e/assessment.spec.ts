import { expect, test } from "@playwright/test";
import { loginHere } from "../fixtures/e2e";

/** Assessment: the checklist shows each class level's score totals; the children's assessments count the scored items. */
test("the checklist shows the score totals per class level and time, in Chinese and English", async ({ page, baseURL }) => {
  await page.goto("/assessment/checklists");
  await loginHere(page, "13800000006", { js: true });
  const totals = page.getByTestId("level-totals");
  await expect(page.getByRole("heading", { name: "各年级满分合计" })).toBeVisible();
  await expect(totals.locator("tbody tr").first().locator("td").first()).toHaveText(/^\d+ 分（\d+ 项）$|^—$/);
  await expect(totals.getByText(/^[1-9]\d* 分（[1-9]\d* 项）$/).first()).toBeVisible();
  await page.context().addCookies([{ name: "lng", value: "en", url: baseURL! }]);
  await page.goto("/assessment/checklists");
  await expect(page.getByRole("heading", { name: "Score totals per class level" })).toBeVisible();
  await expect(totals.getByText(/^[1-9]\d* points \([1-9]\d* items?\)$/).first()).toBeVisible();
});

test("a child's assessment shows how many items were scored", async ({ page }) => {
  await page.goto("/student/studentAssessments");
  await loginHere(page, "13800000003", { js: true });
  const scored = page.locator('td[data-field="scored"]');
  await expect(scored.first()).toBeVisible();
  // The demo scores every item of the checklist: no child reads 0 scored items beside a total score.
  const rows = page.getByTestId("resource-row");
  const n = await rows.count();
  for (let i = 0; i < n; i++) {
    const total = Number(await rows.nth(i).locator('td[data-field="totalScore"]').textContent());
    if (total > 0) await expect(rows.nth(i).locator('td[data-field="scored"]')).toHaveText(/^[1-9]\d*$/);
  }
});
