import { expect, test, type Locator, type Page } from "@playwright/test";
import { login, phoneOf, tab, tabPaths } from "../fixtures/e2e";

/** Tabs, sidebar collapse and the navbar's forms without JavaScript: plain forms and links only. */

/** Submits a plain form (or follows a link) and waits for the next document. */
async function submit(page: Page, target: Locator) {
  await Promise.all([page.waitForEvent("load"), target.click()]);
}

test("tabs without JavaScript: open, reload, refresh, close, close others, close all", async ({ page }) => {
  await login(page, phoneOf(5));
  for (const path of ["/kindergarten/class", "/kindergarten/place", "/user/doctor"]) {
    const link = page.locator(`[data-testid="menu-link"][data-path="${path}"]`);
    if (!(await link.isVisible())) await page.locator(`[data-testid="menu-section"][data-path="/${path.split("/")[1]}"] summary`).click();
    await link.click();
    await expect(page).toHaveURL(new RegExp(path + "$"));
  }
  await expect.poll(() => tabPaths(page)).toEqual(["/Home", "/kindergarten/class", "/kindergarten/place", "/user/doctor"]);
  await page.reload();
  await expect.poll(() => tabPaths(page)).toEqual(["/Home", "/kindergarten/class", "/kindergarten/place", "/user/doctor"]);

  await submit(page, page.getByTestId("tabs-refresh"));
  await expect(page).toHaveURL(/\/user\/doctor$/);

  // Close a tab that is not the current one.
  await submit(page, tab(page, "/kindergarten/place").getByTestId("tab-close"));
  await expect(page).toHaveURL(/\/user\/doctor$/);
  await expect.poll(() => tabPaths(page)).toEqual(["/Home", "/kindergarten/class", "/user/doctor"]);

  // Close the current one: the last remaining tab.
  await submit(page, tab(page, "/user/doctor").getByTestId("tab-close"));
  await expect(page).toHaveURL(/\/kindergarten\/class$/);
  await expect.poll(() => tabPaths(page)).toEqual(["/Home", "/kindergarten/class"]);

  await page.goto("/kindergarten/punch");
  await page.goto("/student/studentFile");
  await submit(page, page.getByTestId("tabs-closeOthers"));
  await expect(page).toHaveURL(/\/student\/studentFile$/);
  await expect.poll(() => tabPaths(page)).toEqual(["/Home", "/student/studentFile"]);

  await submit(page, page.getByTestId("tabs-closeAll"));
  await expect(page).toHaveURL(/\/Home$/);
  await expect.poll(() => tabPaths(page)).toEqual(["/Home"]);
});

test("sidebar collapse without JavaScript (cookie sidebarStatus via a plain form)", async ({ page, context }) => {
  await login(page, phoneOf(6));
  await expect(page.getByTestId("console")).toHaveAttribute("data-sidebar", "opened");
  await submit(page, page.getByTestId("sidebar-toggle"));
  await expect(page.getByTestId("console")).toHaveAttribute("data-sidebar", "closed");
  expect((await context.cookies()).find((c) => c.name === "sidebarStatus")?.value).toBe("0");
  await submit(page, page.getByTestId("sidebar-toggle"));
  await expect(page.getByTestId("console")).toHaveAttribute("data-sidebar", "opened");
});

test("the menu works without JavaScript: sections open, links navigate, forbidden is 403", async ({ page }) => {
  await login(page, phoneOf(14));
  await page.locator('[data-testid="menu-section"][data-path="/tuition"] summary').click();
  await page.locator('[data-testid="menu-link"][data-path="/tuition/fee"]').click();
  await expect(page).toHaveURL(/\/tuition\/fee$/);
  await expect(page.getByTestId("app-main")).toBeVisible();
  await expect(page.getByTestId("no-permission")).toHaveCount(0);
  expect((await page.goto("/user/push"))?.status()).toBe(403);
  await expect(page.getByTestId("no-permission")).toBeVisible();
});

test("kindergarten switch without JavaScript changes the menu", async ({ page }) => {
  await login(page, "13800000111");
  const form = page.getByTestId("kindergarten-switcher");
  await form.locator("select").selectOption("2");
  await submit(page, form.getByRole("button"));
  await expect(page).toHaveURL(/\/Home$/);
  await expect(form.locator("select")).toHaveValue("2");
  // Kindergarten 2 hides the class circle (isHideClassCirclePhoto) and shows no form (isShowForm off).
  await expect(page.locator('[data-testid="menu-link"][data-path="/daily/classCircle"]')).toHaveCount(0);
  await expect(page.locator('[data-testid="menu-link"][data-path="/daily/form"]')).toHaveCount(0);
});
