import { expect, test } from "@playwright/test";
import { loginHere, expectToast } from "../fixtures/e2e";

/** Kindergarten management without JavaScript: plain forms, server-side field messages, server-rendered SVG. */

// Kindergarten 4's admin (group 2), so that this runs beside the JS test of kindergarten 1's setting.
test("without JavaScript a kindergarten admin fixes a bad MAC address and saves the punch-in setting", async ({ page }) => {
  await page.goto("/kindergarten/punch_setting");
  await loginHere(page, "13800000405");
  await expect(page.getByTestId("punch-setting-intro")).toContainText("星河幼儿园（南山园）");
  await expect(page).toHaveURL(/\/kindergarten\/punch_setting$/);
  const macs = page.getByLabel("MAC 地址");
  await macs.fill("a4-5e-60-d1-22-01");
  await page.getByLabel("WiFi 名称").fill("Galaxy-Office");
  await page.getByTestId("form-submit").click();
  await expect(page.getByText("第 1 个 MAC 地址“a4-5e-60-d1-22-01”格式不正确，应为 xx:xx:xx:xx:xx:xx")).toBeVisible();
  // The values are kept after the failed submit.
  await expect(page.getByLabel("WiFi 名称")).toHaveValue("Galaxy-Office");
  await expect(page.getByLabel("MAC 地址")).toHaveValue("a4-5e-60-d1-22-01");

  await page.getByLabel("上班时间").fill("18:00");
  await page.getByLabel("下班时间").fill("09:00");
  await page.getByLabel("MAC 地址").fill("f0:18:98:44:00:41");
  await page.getByTestId("form-submit").click();
  await expect(page.getByText("下班时间必须晚于上班时间")).toBeVisible();

  await page.getByLabel("上班时间").fill("08:00");
  await page.getByLabel("下班时间").fill("17:00");
  await page.getByTestId("form-submit").click();
  await expectToast(page, "打卡设置已保存");
  await expect(page.getByLabel("WiFi 名称")).toHaveValue("Galaxy-Office");
});

test("without JavaScript the super admin edits a kindergarten and sees the statistics charts as SVG", async ({ page }) => {
  await page.goto("/kindergarten/kindergarten");
  await loginHere(page, "13800000006");
  const row = page.getByTestId("resource-row").filter({ hasText: "SUN003" });
  await row.getByTestId("row-edit").click();
  await expect(page.getByLabel("注册码")).toHaveValue("SUN003");
  await page.getByLabel("经度").fill("200");
  await page.getByLabel("注册码").fill("SUN001");
  await page.getByTestId("form-submit").click();
  await expect(page.getByText(/不能大于 180/)).toBeVisible();
  await page.getByLabel("经度").fill("121.54");
  await page.getByTestId("form-submit").click();
  await expect(page.getByText("注册码 SUN001 已被其他幼儿园使用")).toBeVisible();
  await page.getByLabel("注册码").fill("SUN003");
  await page.getByLabel("版本").selectOption("standard");
  await page.getByTestId("form-submit").click();
  await expect(page).toHaveURL(/\/kindergarten\/kindergarten$/);
  await expectToast(page, "已保存");
  await expect(page.getByTestId("resource-row").filter({ hasText: "SUN003" })).toContainText("标准版");
  // Round trips without JavaScript keep the Chinese name intact (no stray bytes from the SSR stream).
  await expect(page.getByTestId("resource-row").filter({ hasText: "SUN003" }).getByRole("link").first()).toHaveText("阳光幼儿园（浦东园）");

  // The window ends on the demo's last school day: by default it ends on the latest attendance day, and other specs
  // record attendance today (the demo's history is dated around api/db/seed-kgmgmt.ts DEMO_LAST_SCHOOL_DAY).
  await page.goto("/kindergarten/statistics?to=2026-01-02");
  const svg = page.locator("svg[role=img][data-testid=line-chart]");
  await expect(svg).toHaveCount(1);
  await expect(svg.locator("title").first()).toHaveText("近 30 天出勤率");
  await expect(page.locator("svg[data-testid=bar-chart] rect").first()).toBeAttached();
  expect(await page.locator("svg[data-testid=bar-chart]").count()).toBe(2);
  await expect(page.getByTestId("stats-daily").locator("tbody tr")).toHaveCount(22);
});
