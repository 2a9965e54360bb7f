import { expect, test, type Page } from "@playwright/test";
import { login, phoneOf, tab, tabPaths } from "../fixtures/e2e";

/** Visited-page tabs with JavaScript: open, reload, refresh, close, close others, close all (context menu and buttons). */

async function openFromMenu(page: Page, section: string, path: string) {
  const link = page.locator(`[data-testid="menu-link"][data-path="${path}"]`);
  if (!(await link.isVisible())) await page.locator(`[data-testid="menu-section"][data-path="${section}"] summary`).click();
  await link.click();
  await expect(page).toHaveURL(new RegExp(path + "$"));
}

async function contextMenu(page: Page, path: string, intent: "refresh" | "close" | "closeOthers" | "closeAll") {
  await tab(page, path).click({ button: "right" });
  await page.getByTestId(`tab-menu-${intent}`).click();
}

test("tabs: open, survive a reload, refresh, close, close others, close all", async ({ page }) => {
  await login(page, phoneOf(5));
  await expect.poll(() => tabPaths(page)).toEqual(["/Home"]);
  // Home is affixed: no close button.
  await expect(tab(page, "/Home").getByTestId("tab-close")).toHaveCount(0);

  await openFromMenu(page, "/kindergarten", "/kindergarten/class");
  await openFromMenu(page, "/kindergarten", "/kindergarten/place");
  await openFromMenu(page, "/user", "/user/doctor");
  await expect.poll(() => tabPaths(page)).toEqual(["/Home", "/kindergarten/class", "/kindergarten/place", "/user/doctor"]);
  await expect(tab(page, "/user/doctor")).toHaveAttribute("data-active", "true");
  await expect(tab(page, "/user/doctor")).toContainText("保健医绑定");

  // Visiting an open page again does not add a tab; a reload keeps them all.
  await tab(page, "/kindergarten/class").getByRole("link").click();
  await expect(page).toHaveURL(/\/kindergarten\/class$/);
  await page.reload();
  await expect.poll(() => tabPaths(page)).toEqual(["/Home", "/kindergarten/class", "/kindergarten/place", "/user/doctor"]);

  // Refresh (context menu) reloads the page's data and stays.
  const reloaded = page.waitForResponse((r) => r.url().includes("/tabs") && r.request().method() === "POST");
  await contextMenu(page, "/kindergarten/class", "refresh");
  await reloaded;
  await expect(page).toHaveURL(/\/kindergarten\/class$/);
  await expect(page.getByTestId("app-main")).toBeVisible();
  await expect(page.getByTestId("no-permission")).toHaveCount(0);

  // Close another tab: the current page stays.
  await contextMenu(page, "/kindergarten/place", "close");
  await expect.poll(() => tabPaths(page)).toEqual(["/Home", "/kindergarten/class", "/user/doctor"]);
  await expect(page).toHaveURL(/\/kindergarten\/class$/);

  // Close the current tab (×): go to the last remaining tab.
  await tab(page, "/kindergarten/class").getByTestId("tab-close").click();
  await expect(page).toHaveURL(/\/user\/doctor$/);
  await expect.poll(() => tabPaths(page)).toEqual(["/Home", "/user/doctor"]);

  // Close others (on a tab that is not the current one): keeps Home and that tab, and goes there.
  await openFromMenu(page, "/kindergarten", "/kindergarten/punch");
  await openFromMenu(page, "/student", "/student/studentFile");
  await contextMenu(page, "/kindergarten/punch", "closeOthers");
  await expect(page).toHaveURL(/\/kindergarten\/punch$/);
  await expect.poll(() => tabPaths(page)).toEqual(["/Home", "/kindergarten/punch"]);

  // Close all: only Home, and we land there.
  await openFromMenu(page, "/student", "/student/studentFile");
  await contextMenu(page, "/student/studentFile", "closeAll");
  await expect(page).toHaveURL(/\/Home$/);
  await expect.poll(() => tabPaths(page)).toEqual(["/Home"]);
});

test("toolbar buttons act on the current tab", async ({ page }) => {
  await login(page, phoneOf(6));
  await page.goto("/kindergarten/group");
  await page.goto("/kindergarten/kindergarten");
  await page.goto("/user/push");
  await page.getByTestId("tabs-closeOthers").click();
  await expect.poll(() => tabPaths(page)).toEqual(["/Home", "/user/push"]);
  await expect(page).toHaveURL(/\/user\/push$/);
  await page.getByTestId("tabs-refresh").click();
  await expect(page).toHaveURL(/\/user\/push$/);
  await page.getByTestId("tabs-closeAll").click();
  await expect(page).toHaveURL(/\/Home$/);
  await expect.poll(() => tabPaths(page)).toEqual(["/Home"]);
});

test("tab titles follow the language; forbidden and unknown pages get no tab", async ({ page }) => {
  await login(page, phoneOf(3));
  await page.goto("/teaching/activity");
  await page.goto("/kindergarten/group"); // 403
  await page.goto("/no/such/page"); // 404
  await page.goto("/Home");
  await expect.poll(() => tabPaths(page)).toEqual(["/Home", "/teaching/activity"]);
  await expect(tab(page, "/teaching/activity")).toContainText("课程记录");
  await page.getByTestId("language-switcher").locator("select").selectOption("en");
  await expect(tab(page, "/teaching/activity")).toContainText("Course records");
  await expect(page).toHaveTitle("Home - Kindergarten Admin Console");
});
