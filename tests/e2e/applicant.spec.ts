import { expect, test } from "@playwright/test";
import { fillRequest } from "./applicant-form";
import { smsCodeFromOutbox } from "./sms-outbox";

/**
 * The applicant in English with JavaScript on, at 375 px (issue 26, item 10): the link names the kindergarten,
 * SMS sign-in, the light frame without staff chrome, the phone not typed again, the confirmation page.
 */
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

test("English, JavaScript on: SMS sign-in → details → confirmation page, no staff chrome", async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: "lng", value: "en", url: baseURL! }]);
  const phone = "13911113379";
  await page.goto("/admission/wx/login?kindergartenId=1");
  await expect(page.getByTestId("applicant-login-kindergarten")).not.toBeEmpty();
  await expect(page.getByText("Admission login").first()).toBeVisible();
  await expect(page.getByText("✓")).toHaveCount(0);
  await expect(page.getByTestId("applicant-steps")).toContainText("Sign in");
  const since = new Date().toISOString();
  await page.getByLabel("Phone number").fill(phone);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByTestId("sms-sent")).toContainText(`A code was sent to ${phone}`);
  await page.getByRole("textbox", { name: "Text message code" }).fill(await smsCodeFromOutbox(phone, "applicant", since));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();

  await expect(page).toHaveURL(/\/admission\/wx\/introduction$/);
  await expect(page.getByTestId("applicant-frame")).toBeVisible();
  for (const chrome of ["sidebar-mobile-toggle", "breadcrumb", "tags-view"]) await expect(page.getByTestId(chrome)).toHaveCount(0);
  await expect(page.getByTestId("applicant-phone")).toHaveText(`${phone} (verified at sign-in)`);
  const date = new Date(Date.now() + 4 * 86400000).toISOString().slice(0, 10);
  await fillRequest(page, { kidName: "Window Kid", date });
  await page.getByRole("button", { name: "Send request" }).click();

  await expect(page).toHaveURL(/\?sent=\d+$/);
  await expect(page.getByRole("heading", { name: "Request sent" })).toBeVisible();
  await expect(page.getByTestId("applicant-sent")).toContainText("Child: Window Kid");
  await expect(page.getByTestId("applicant-steps").locator('[aria-current="step"]')).toHaveText(/Done/);
  // No toast stands in for the confirmation.
  await expect(page.getByRole("status").filter({ hasText: "Sent:" })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
