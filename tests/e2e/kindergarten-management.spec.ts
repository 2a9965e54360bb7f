import { expect, test } from "@playwright/test";
import { hydrated, loginHere, expectToast, recordToasts } from "../fixtures/e2e";

/**
 * Kindergarten management with JavaScript: the kindergarten admin's punch-in setting (a bad MAC address
 * is named on its field, the fixed form saves with a toast), the super admin edits a kindergarten and
 * reads the statistics, and edits a kindergarten's optional functions.
 */

// Toasts are recorded as they show: they leave the page after 2 s.
test.beforeEach(({ page }) => recordToasts(page));

test("a kindergarten admin edits the punch-in setting: a bad MAC address is named, the fix saves", async ({ page }) => {
  await page.goto("/kindergarten/punch_setting");
  await loginHere(page, "13800000005", { js: true });
  await expect(page).toHaveURL(/\/kindergarten\/punch_setting$/);
  await hydrated(page);
  await expect(page.getByLabel("WiFi 名称")).toHaveValue("Sunshine-1");
  const macs = page.getByLabel("MAC 地址");
  await expect(macs).toHaveValue(/a4:5e:60:d1:22:01/);

  await macs.fill("a4:5e:60:d1:22:01\n00:11:22:33:44:GG");
  await page.getByTestId("form-submit").click();
  await expect(page.getByText("第 2 个 MAC 地址“00:11:22:33:44:GG”格式不正确，应为 xx:xx:xx:xx:xx:xx")).toBeVisible();
  await expect(page).toHaveURL(/\/kindergarten\/punch_setting$/);

  // Six addresses are refused too.
  await macs.fill(Array.from({ length: 6 }, (_, i) => `00:11:22:33:44:0${i}`).join("\n"));
  await page.getByTestId("form-submit").click();
  await expect(page.getByText("最多 5 个 MAC 地址（现有 6 个）")).toBeVisible();

  await macs.fill("a4:5e:60:d1:22:01\n00:11:22:33:44:AA");
  await page.getByLabel("上班时间").fill("08:30");
  await page.getByLabel("下班时间").fill("17:30");
  await page.getByTestId("form-submit").click();
  await expectToast(page, "打卡设置已保存");
  await expect(page.getByLabel("MAC 地址")).toHaveValue("a4:5e:60:d1:22:01\n00:11:22:33:44:aa");
  await expect(page.getByLabel("上班时间")).toHaveValue("08:30");

  // The records page marks late arrivals against the new start time.
  await page.goto("/kindergarten/punch?late=true");
  await expect(page.getByTestId("punch-standard")).toContainText("上班 08:30");
  await expect(page.getByTestId("resource-row").first()).toContainText("迟到");
});

test("the super admin edits a kindergarten and reads the statistics", async ({ page }) => {
  await page.goto("/kindergarten/kindergarten");
  await loginHere(page, "13800000006", { js: true });
  await expect(page).toHaveURL(/\/kindergarten\/kindergarten$/);
  const row = page.getByTestId("resource-row").filter({ hasText: "SUN002" });
  await row.getByTestId("row-edit").click();
  await hydrated(page);
  await expect(page.getByLabel("注册码")).toHaveValue("SUN002");

  // Field rules: latitude range, contract end before start, max classes below the classes it has.
  await page.getByLabel("纬度").fill("95");
  await page.getByLabel("合同结束日期").fill("2020-01-01");
  await page.getByTestId("form-submit").click();
  await expect(page.getByText("不能大于 90")).toBeVisible();
  await expect(page.getByText("合同结束日期不能早于开始日期")).toBeVisible();
  await page.getByLabel("纬度").fill("39.98");
  await page.getByLabel("合同结束日期").fill("2027-12-31");
  await page.getByLabel("最大班级数").fill("3");
  await page.getByTestId("form-submit").click();
  await expect(page.getByText("该幼儿园已有 8 个班级，最大班级数不能小于 8")).toBeVisible();
  await page.getByLabel("最大班级数").fill("12");
  await page.getByLabel("区县").fill("海淀区（中关村）");
  await page.getByTestId("form-submit").click();
  await expect(page).toHaveURL(/\/kindergarten\/kindergarten$/);
  await expectToast(page, "已保存");
  const saved = page.getByTestId("resource-row").filter({ hasText: "SUN002" });
  await expect(saved).toContainText("2027-12-31");
  await expect(saved).toContainText("海淀区（中关村）");

  await page.goto("/kindergarten/statistics");
  await expect(page.getByTestId("bar-chart").first()).toBeVisible();
  await expect(page.getByTestId("line-chart")).toBeVisible();
  await expect(page.getByTestId("stats-kindergartens")).toContainText("星河幼儿园（南山园）");
  await page.getByLabel("集团").selectOption({ label: "星河教育集团" });
  await page.getByRole("button", { name: "查询" }).click();
  await expect(page).toHaveURL(/educationGroupId=2/);
  await expect(page.getByTestId("stats-kindergartens")).not.toContainText("阳光");
});

test("the super admin edits a kindergarten's optional functions", async ({ page }) => {
  await page.goto("/kindergarten/optionalFunction");
  await loginHere(page, "13800000006", { js: true });
  await page.getByTestId("of-row-3").getByRole("link").click();
  await expect(page).toHaveURL(/\/kindergarten\/optionalFunction\/3\/edit/);
  await hydrated(page);
  await expect(page.getByTestId("of-kindergarten")).toContainText("阳光幼儿园（浦东园）");
  await page.getByLabel("视频时长（秒）").fill("4000");
  await page.getByTestId("form-submit").click();
  await expect(page.getByText("不能大于 3600")).toBeVisible();
  await page.getByLabel("视频时长（秒）").fill("90");
  await page.getByLabel("托育", { exact: true }).check();
  await page.getByTestId("form-submit").click();
  await expect(page).toHaveURL(/\/kindergarten\/optionalFunction$/);
  await expectToast(page, "“阳光幼儿园（浦东园）”的可选功能已保存");
  await expect(page.getByTestId("of-row-3")).toContainText("1");
});
