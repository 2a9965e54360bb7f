import { expect, test } from "@playwright/test";
import { E2E_API_URL } from "../../playwright.config";
import { loginHere } from "../fixtures/e2e";

/** School buses and devices with JavaScript (issue 11): a bus's station lines checked per field, face devices and what they know. */

test("a bad station line is refused by the field; face devices show online or offline and the students a device knows", async ({ page, request }) => {
  // Online = a heartbeat in the last 5 minutes: the device sends one now (the seed's is as old as the test server).
  const heartbeat = await request.post(E2E_API_URL + "devices/ingest/heartbeat/", {
    headers: { "x-device-serial": "FA-0101", "x-device-secret": "demo-device-secret-FA-0101" },
  });
  expect(heartbeat.status()).toBe(200);
  await page.goto("/bus/schoolBus/new");
  await loginHere(page, "13800000005", { js: true });
  await page.goto("/bus/schoolBus/new");
  await page.getByLabel("校车名称").fill("测试线");
  await page.getByLabel("车牌号").fill("京B·12345");
  await page.getByLabel("座位数").fill("20");
  await page.getByLabel("跟车老师一").selectOption({ index: 1 });
  await page.getByLabel("站点").fill("东站, 07:10, 16:30\n西站, 7:99, -");
  await page
    .getByRole("button", { name: /保存|提交|创建/ })
    .first()
    .click();
  await expect(page.getByText("第 2 行格式不对")).toBeVisible();

  await page.goto("/device/faceDevice");
  await expect(page.getByTestId("resource-row").filter({ hasText: "FA-0101" })).toContainText("在线");
  await expect(page.getByTestId("resource-row").filter({ hasText: "FA-0102" })).toContainText("离线");
  await page.goto("/evaluate/faceStudentClass");
  await expect(page.getByTestId("roster-summary")).toContainText("FA-0101");
  await expect(page.getByTestId("face-roster").locator("tbody tr").first()).toBeVisible();
});

test("in English the super admin sees the cameras of every kindergarten; a principal may not open the device pages", async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: "lng", value: "en", url: baseURL! }]);
  await page.goto("/device/camera");
  await page.getByLabel(/phone/i).fill("13800000006");
  await page.getByLabel(/password/i).fill("Sunny#2026");
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/\/device\/camera/);
  await expect(page.getByRole("columnheader", { name: "Live address" })).toBeVisible();
  await expect(page.getByTestId("resource-row").first()).toBeVisible();
  await page.context().clearCookies();
  await page.goto("/device/faceDevice");
  await loginHere(page, "13800000001", { js: true });
  expect((await page.goto("/device/faceDevice"))?.status()).toBe(403);
});
