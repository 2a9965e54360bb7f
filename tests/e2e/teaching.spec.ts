import { expect, test } from "@playwright/test";
import { hydrated, login } from "../fixtures/e2e";

/**
 * The Teaching section with JavaScript (issue 12): the expert evaluates a seeded record waiting for her in English;
 * a teacher (not a page role of the comment rate) is refused it, and reads a homework's submissions per child.
 */
test("with JavaScript, in English: the bound expert grades and comments a course record waiting for her", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "lng", value: "en", url: baseURL! }]);
  await login(page, "13800000002");
  await page.goto("/teaching/activity?status=toEvaluate");
  await hydrated(page);
  await expect(page.getByTestId("page-title")).toHaveText("Course records");
  const link = page.locator('[data-testid^="evaluate-"]').first();
  await link.click();
  await expect(page).toHaveURL(/\/evaluate\/evaluate2\/\d+$/);
  await expect(page.getByTestId("page-title")).toHaveText("Evaluate course record");
  await page.getByLabel("Grade").selectOption("good");
  await page.getByLabel("Expert comment").fill("Clear goals; add how the children reflected.");
  await page.getByTestId("evaluate-submit").click();
  await expect(page).toHaveURL(/\/teaching\/activity\?status=toEvaluate$/);
  await expect(page.getByText("Evaluation saved")).toBeVisible();
});

test("with JavaScript a teacher reads a homework's submissions per child and may not open the comment rate", async ({ page }) => {
  await login(page, "13800000003");
  await page.goto("/teaching/homeworks");
  await hydrated(page);
  await expect(page.getByTestId("page-title")).toHaveText("作业与园外活动");
  await page.locator('[data-testid^="submissions-"]').first().click();
  await expect(page.getByTestId("homework-submissions")).toBeVisible();
  await expect(page.getByTestId("submissions-summary")).toContainText("已完成");
  await expect(page.getByTestId("submissions-table")).toContainText("未完成");
  expect((await page.goto("/teaching/ExpertComment"))?.status()).toBe(403);
});
