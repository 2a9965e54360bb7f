import { expect, test } from "@playwright/test";
import { loginHere } from "../fixtures/e2e";

/** Students section with JavaScript: a status move in a dialog with its reason in the history; the class leave page per role. */

test("the kindergarten admin suspends a child with a reason (dialog) and resumes; the history and allergy show", async ({ page }) => {
  await page.goto("/student/studentFile");
  await loginHere(page, "13800000005", { js: true });
  await page.goto("/student/studentFile?status=at_school");
  await page.getByTestId("resource-row").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/student\/studentFile\/\d+(\?|$)/);
  await expect(page.getByText("花生 Peanuts").first()).toBeVisible();
  await page.getByTestId("action-suspend").click();
  await expect(page.getByTestId("confirm-dialog")).toBeVisible();
  await page.getByTestId("action-comment").fill("出国探亲");
  await page.getByTestId("confirm-suspend").click();
  await expect(page.locator('[data-testid="state-badge"][data-state="suspended"]').first()).toBeVisible();
  await expect(page.getByTestId("record-history")).toContainText("出国探亲");
  await page.getByTestId("action-resume").click();
  await page.getByTestId("confirm-resume").click();
  await expect(page.locator('[data-testid="state-badge"][data-state="at_school"]').first()).toBeVisible();
});

test("in English the bus teacher sees her riders' leave notes but may not review; the class teacher may", async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: "lng", value: "en", url: baseURL! }]);
  await page.goto("/daily/leaveNotesTeacher");
  await page.getByLabel("Phone").fill("13800000008");
  await page.getByLabel("Password").fill("Sunny#2026");
  await page.getByTestId("login-submit").click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto("/daily/leaveNotesTeacher?status=waiting");
  await expect(page.getByTestId("page-title")).toHaveText("Leave notes (class)");
  await expect(page.getByTestId("resource-row").first()).toBeVisible();
  await expect(page.getByTestId("row-pass")).toHaveCount(0);
});
