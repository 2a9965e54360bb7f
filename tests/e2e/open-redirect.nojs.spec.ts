import { expect, test, type Page } from "@playwright/test";
import { E2E_BASE_URL } from "../../playwright.config";

/**
 * Issue 25, item 3: the three places that redirect to an address the visitor supplies (`redirect` of /login,
 * `redirectTo` of POST /set-lang, `redirect` of /admission/wx/login) stay on the site for addresses that only
 * normalise to "//host" ("/.//host", "/a/..//host", "/%2e//host"). The unit test (tests/unit/redirect.test.ts)
 * covers the full list of bypass forms; this checks the real answers. JavaScript off: plain form posts.
 */
const PASSWORD = "Sunny#2026";
const EVIL = ["/.//evil.example/phish", "/a/..//evil.example/phish", "/%2e//evil.example/phish"];
const sameSite = { Origin: E2E_BASE_URL };

const csrfOf = (page: Page) => page.locator('input[name="csrf"]').first().inputValue();

test("POST /login with redirectTo that normalises to //host lands on the site", async ({ browser }) => {
  for (const to of EVIL) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`/login?redirect=${encodeURIComponent(to)}`);
    const res = await page.request.post("/login", {
      form: { csrf: await csrfOf(page), phone: "13800000005", password: PASSWORD, redirectTo: to },
      headers: sameSite,
      maxRedirects: 0,
    });
    expect(res.status(), to).toBe(302);
    expect(res.headers().location, to).toBe("/");
    await context.close();
  }
});

test("POST /set-lang with such a redirectTo lands on the site", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("手机号").fill("13800000005");
  await page.getByLabel("密码").fill(PASSWORD);
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/\/Home$/);
  const csrf = await csrfOf(page);
  for (const to of EVIL) {
    const res = await page.request.post("/set-lang", { form: { csrf, lng: "zh", redirectTo: to }, headers: sameSite, maxRedirects: 0 });
    expect(res.status(), to).toBe(302);
    expect(res.headers().location, to).toBe("/");
  }
});

test("/admission/wx/login with such a redirect lands on the applicant's page", async ({ page }) => {
  const to = EVIL[0]!;
  await page.goto(`/admission/wx/login?kindergartenId=1&redirect=${encodeURIComponent(to)}`);
  await page.getByTestId("wx-authorize").click();
  await expect(page).toHaveURL(/wechat-sandbox\/authorize/);
  await page.locator("#nickname").fill("跳转妈妈");
  await page.locator("#phone").fill("13911113303");
  await page.locator("button[type=submit]").click();
  await expect(page).toHaveURL(/\/admission\/wx\/login\?.*code=/);
  await page.getByRole("button", { name: "确认并登录" }).click();
  await expect(page).toHaveURL(/\/admission\/wx\/introduction$/);
  // Logged in as an applicant, the login page sends her on at once: to her page, not to the address given.
  for (const again of EVIL) {
    const res = await page.request.get(`/admission/wx/login?kindergartenId=1&redirect=${encodeURIComponent(again)}`, { maxRedirects: 0 });
    expect(res.status(), again).toBe(302);
    expect(res.headers().location, again).toBe("/admission/wx/introduction");
  }
});
