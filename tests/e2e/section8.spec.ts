import { expect, test } from "@playwright/test";
import { listCases, loginCases, resetPasswordCases, useRig, TEXT, watchToastLifetime } from "./section8-upstream";

/**
 * Section 8 (error catalogue) with JavaScript on, against a second console whose upstream misbehaves:
 * down, slow past the timeout, garbage body, HTML error page, 401, 500 with and without msg.
 * The same cases without JavaScript: section8.nojs.spec.ts.
 */
const rigOf = useRig(test);

test("login page: every upstream failure is section 8's toast, never a message in the form", async ({ page }) => {
  const rig = rigOf();
  await loginCases(page, rig, true);
});

test("a toast lasts 2 seconds", async ({ page }) => {
  const rig = rigOf();
  rig.misbehave("/token/login", "500");
  await page.goto(`${rig.base}/login`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("手机号").fill("13800000005");
  await page.getByLabel("密码").fill("x");
  const lifetime = await watchToastLifetime(page);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("toast")).toContainText(TEXT.msg500);
  const ms = await lifetime();
  console.log(`[section8] toast lifetime with JavaScript: ${ms} ms`);
  // Counted from when it is drawn; a busy browser may remove it a little late, never early.
  expect(ms).toBeGreaterThanOrEqual(1950);
  expect(ms).toBeLessThan(2500);
  rig.misbehave(null);
});

test("list page: every failed load is section 8's toast (document and client navigation); 401 logs out", async ({ page }) => {
  const rig = rigOf();
  await listCases(page, rig, true);
});

test("forgotten password: a failed step is section 8's toast and the typed phone stays", async ({ page }) => {
  await resetPasswordCases(page, rigOf(), true);
});
