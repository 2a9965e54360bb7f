import { expect, test } from "@playwright/test";
import { demoFlags, expectedMenu, parseTable } from "../fixtures/routes-table";
import { hydrated, login, menuPaths, phoneOf } from "../fixtures/e2e";

/**
 * The sidebar of every demo role equals the route table (tests/fixtures/routes-table.md, a copy of
 * shared/routes.md) for kindergarten 1 (every show-flag on, hide-flag off) and kindergarten 2 (the
 * opposite), plus the menu's behaviour: one section open at a time, current page highlighted,
 * collapse kept in cookie sidebarStatus, external link in a new tab, overlay under 992px.
 */
const rows = parseTable();
// The applicant (13) has no staff menu: her own frame and page (the test below).
const ROLES = Array.from({ length: 16 }, (_, i) => i + 1).filter((r) => r !== 13);

test.describe("sidebar = routes table, kindergarten 1", () => {
  for (const role of ROLES) {
    test(`role ${role} (${phoneOf(role)})`, async ({ page }) => {
      await login(page, phoneOf(role));
      await expect.poll(() => menuPaths(page)).toEqual(expectedMenu(role, demoFlags(1), rows));
    });
  }
});

test("role 13 (the applicant) gets her own page in a light frame: no staff menu, breadcrumb or tabs, no staff Home", async ({ page }) => {
  await login(page, phoneOf(13));
  await expect(page).toHaveURL(/\/admission\/wx\/introduction$/);
  await expect(page.getByTestId("applicant-frame")).toBeVisible();
  await expect(page.getByTestId("menu-link")).toHaveCount(0);
  for (const chrome of ["breadcrumb", "tags-view", "sidebar-container"]) await expect(page.getByTestId(chrome)).toHaveCount(0);
  await page.goto("/Home");
  await expect(page).toHaveURL(/\/admission\/wx\/introduction$/);
});

test.describe("sidebar = routes table, kindergarten 2 (flags opposite)", () => {
  for (const [phone, role] of [
    ["13800000111", 11],
    ["13800000001", 1],
  ] as const) {
    test(`role ${role} (${phone}) switched to kindergarten 2`, async ({ page }) => {
      await login(page, phone);
      await expect.poll(() => menuPaths(page)).toEqual(expectedMenu(role, demoFlags(1), rows));
      const select = page.getByTestId("kindergarten-switcher").locator("select");
      await expect(select.locator('option[value="2"]')).toHaveCount(1);
      const switched = page.waitForResponse((r) => r.url().includes("/switch-kindergarten") && r.request().method() === "POST");
      await select.selectOption("2");
      await switched;
      await expect(page).toHaveURL(/\/Home$/);
      await expect.poll(() => menuPaths(page)).toEqual(expectedMenu(role, demoFlags(2), rows));
      await expect(select).toHaveValue("2");
    });
  }
});

test("the current page is highlighted and its section open; one section open at a time", async ({ page }) => {
  await login(page, phoneOf(5));
  await page.goto("/kindergarten/place");
  const link = page.locator('[data-testid="menu-link"][data-path="/kindergarten/place"]');
  await expect(link).toHaveAttribute("aria-current", "page");
  await expect(link).toBeVisible();
  const kg = page.locator('[data-testid="menu-section"][data-path="/kindergarten"] > details');
  const user = page.locator('[data-testid="menu-section"][data-path="/user"] > details');
  await expect(kg).toHaveAttribute("open", "");
  await user.locator("summary").click();
  await expect(user).toHaveAttribute("open", "");
  await expect(kg).not.toHaveAttribute("open", "");
  // Navigating from the menu opens the target's section and highlights the page, inside the app (the menu's plain
  // anchors navigate through one click handler): the document is not reloaded.
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { sameDocument?: boolean }).sameDocument = true));
  await page.locator('[data-testid="menu-link"][data-path="/user/doctor"]').click();
  await expect(page).toHaveURL(/\/user\/doctor$/);
  await expect(page.locator('[data-testid="menu-link"][data-path="/user/doctor"]')).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("breadcrumb")).toContainText("保健医绑定");
  await expect(page).toHaveTitle("保健医绑定 - 幼儿园管理平台");
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  // A modified click is the browser's own (a new tab), not the app's.
  const popup = page.context().waitForEvent("page");
  await page.locator('[data-testid="menu-link"][data-path="/user/expert"]').click({ modifiers: ["ControlOrMeta"] });
  // The new tab exists before it has navigated (at first about:blank): its address once it has.
  await expect(await popup).toHaveURL(/\/user\/expert$/);
  await expect(page).toHaveURL(/\/user\/doctor$/);
});

test("external link: the age 0–6 platform opens in a new tab; the page shows the link", async ({ page }) => {
  await login(page, phoneOf(5));
  const link = page.locator('[data-testid="menu-link"][data-path="/student/studentAge06"]');
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("href", /^https?:\/\//);
  await expect(link).toHaveAttribute("rel", /noopener/);
  await page.goto("/student/studentAge06");
  await expect(page.getByTestId("age06-link")).toHaveAttribute("target", "_blank");
});

test("collapse: icons only, kept in cookie sidebarStatus across reloads", async ({ page, context }) => {
  await login(page, phoneOf(6));
  const frame = page.getByTestId("console");
  await expect(frame).toHaveAttribute("data-sidebar", "opened");
  await page.getByTestId("sidebar-toggle").click();
  await expect(frame).toHaveAttribute("data-sidebar", "closed");
  await expect(page.getByTestId("sidebar-container")).toHaveCSS("width", "54px");
  expect((await context.cookies()).find((c) => c.name === "sidebarStatus")?.value).toBe("0");
  await page.reload();
  await expect(frame).toHaveAttribute("data-sidebar", "closed");
  await page.getByTestId("sidebar-toggle").click();
  await expect(frame).toHaveAttribute("data-sidebar", "opened");
  await expect(page.getByTestId("sidebar-container")).toHaveCSS("width", "240px");
  expect((await context.cookies()).find((c) => c.name === "sidebarStatus")?.value).toBe("1");
});

test("under 992px the sidebar is an overlay that closes itself on navigation", async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 700 });
  await login(page, phoneOf(5));
  const sidebar = page.getByTestId("sidebar-container");
  await expect(sidebar).not.toBeInViewport();
  await page.getByTestId("sidebar-mobile-toggle").click();
  await expect(sidebar).toBeInViewport();
  await page.locator('[data-testid="menu-section"][data-path="/kindergarten"] summary').click();
  await page.locator('[data-testid="menu-link"][data-path="/kindergarten/class"]').click();
  await expect(page).toHaveURL(/\/kindergarten\/class$/);
  await expect(sidebar).not.toBeInViewport();
});
