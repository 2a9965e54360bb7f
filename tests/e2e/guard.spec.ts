import { expect, test } from "@playwright/test";
import { login, phoneOf } from "../fixtures/e2e";

/** The route guard in the browser: 403 with the no-permission page, 404 for unknown paths. */

test("a forbidden URL typed by hand answers 403 with the no-permission page and no page content", async ({ page }) => {
  await login(page, phoneOf(3));
  const res = await page.goto("/kindergarten/group");
  expect(res?.status()).toBe(403);
  await expect(page.getByTestId("no-permission")).toBeVisible();
  // Only the refusal in the page area: no page content, no table, no form.
  await expect(page.getByTestId("app-main").getByTestId("no-permission")).toBeVisible();
  await expect(page.getByTestId("placeholder-page")).toHaveCount(0);
  await expect(page.locator('[data-testid="app-main"] table, [data-testid="app-main"] form')).toHaveCount(0);
  await expect(page).toHaveTitle("无权限 - 幼儿园管理平台");
  // The frame stays: the menu is still the teacher's.
  await expect(page.getByTestId("sidebar")).toBeVisible();
  await expect(page.locator('[data-testid="menu-link"][data-path="/kindergarten/group"]')).toHaveCount(0);
  // Not added as a tab.
  await expect(page.locator('[data-testid="tab"][data-path="/kindergarten/group"]')).toHaveCount(0);
});

test("a page hidden by a flag rule is refused too (parent, tuition bills hidden only for role 4 in kindergarten 2 — visible in 1)", async ({ page }) => {
  await login(page, phoneOf(4));
  expect((await page.goto("/tuition/bills"))?.status()).toBe(200);
  expect((await page.goto("/tuition/templates"))?.status()).toBe(403);
  // The route rule lets him in; the page then answers for its record (200, or 404 when entrust 1 is not his child's).
  expect([200, 404]).toContain((await page.goto("/evaluate/entrust/1"))?.status());
  expect((await page.goto("/evaluate/evaluate1/1"))?.status()).toBe(403);
});

test("actions are guarded as well: a forbidden POST is 403 before anything else", async ({ page }) => {
  await login(page, phoneOf(3));
  await page.goto("/Home");
  const csrf = await page.locator('input[name="csrf"]').first().inputValue();
  const forbidden = await page.request.post("/kindergarten/group", { form: { csrf } });
  expect(forbidden.status()).toBe(403);
  expect(await forbidden.text()).toContain('data-testid="no-permission"');
  // A permitted page's action gets past the guard (a placeholder answers 405; a built page its own reply).
  const allowed = await page.request.post("/student/studentFile", { form: { csrf }, maxRedirects: 0 });
  expect(allowed.status()).not.toBe(403);
});

test("unknown URLs answer 404 with the not-found page", async ({ page }) => {
  await login(page, phoneOf(5));
  for (const url of ["/no/such/page", "/kindergarten/nothing", "/evaluate/evaluate1"]) {
    const res = await page.goto(url);
    expect([url, res?.status()]).toEqual([url, 404]);
    await expect(page.getByTestId("not-found")).toBeVisible();
  }
});

test("logged out: unknown and forbidden paths go to login with the redirect", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fno%2Fsuch%2Fpage$/);
  await page.goto("/kindergarten/group");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fkindergarten%2Fgroup$/);
});

test("/404 and /401 are public pages; / goes to /Home", async ({ page }) => {
  await page.goto("/404");
  await expect(page.getByTestId("not-found")).toBeVisible();
  await page.goto("/401");
  await expect(page.getByTestId("no-permission")).toBeVisible();
  await login(page, phoneOf(1));
  await page.goto("/");
  await expect(page).toHaveURL(/\/Home$/);
  await expect(page.getByTestId("home")).toBeVisible();
});

test("the bare section path goes to its first visible page", async ({ page }) => {
  await login(page, phoneOf(5));
  await page.goto("/kindergarten");
  await expect(page).toHaveURL(/\/kindergarten\/class$/);
});

test("Home: greeting, role, kindergarten, figures and shortcuts of the role", async ({ page }) => {
  await login(page, phoneOf(5));
  await expect(page.getByTestId("home-role")).toHaveText("园所管理员");
  await expect(page.getByTestId("home-card").first()).toBeVisible();
  const shortcuts = await page.getByTestId("home-shortcut").count();
  expect(shortcuts).toBeGreaterThan(10);
  await expect(page).toHaveTitle("首页 - 幼儿园管理平台");
});
