import { expect, test } from "@playwright/test";
import { listCases, loginCases, resetPasswordCases, useRig, TEXT, cssToastTiming } from "./section8-upstream";

/** Section 8 (error catalogue) without JavaScript: the same misbehaving upstream as section8.spec.ts. */
const rigOf = useRig(test);

test("login page without JavaScript: every upstream failure is section 8's toast, not in the form", async ({ page }) => {
  const rig = rigOf();
  await loginCases(page, rig, false);
});

test("without JavaScript the toast is hidden after 2 seconds (CSS)", async ({ page }) => {
  const rig = rigOf();
  rig.misbehave("/token/login", "500");
  await page.goto(`${rig.base}/login`);
  await page.getByLabel("手机号").fill("13800000005");
  await page.getByLabel("密码").fill("x");
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("toast")).toContainText(TEXT.msg500);
  const timing = await cssToastTiming(page);
  console.log(`[section8] toast without JavaScript: ${JSON.stringify(timing)}`);
  expect(timing).toMatchObject({ delay: "2s", duration: "0.2s" });
  expect(timing.hiddenWithinMs).toBeLessThan(3000);
  rig.misbehave(null);
});

test("list page without JavaScript: every failed load is section 8's toast; 401 logs out", async ({ page }) => {
  const rig = rigOf();
  await listCases(page, rig, false);
});

test("forgotten password without JavaScript: a failed step is section 8's toast and the typed phone stays", async ({ page }) => {
  await resetPasswordCases(page, rigOf(), false);
});
