import { expect, test, type Browser, type Page } from "@playwright/test";
import { menuPaths } from "../fixtures/e2e";

/**
 * Issue 4's cross-cutting scenario: a super admin (13800000006) sets isHideLeaveNote for kindergarten 1
 * on /kindergarten/optionalFunction, and the kindergarten admin of kindergarten 1 (13800000005), already
 * logged in, loses the leave-notes page (routes.md: /student/leaveNotes, role 5, hide:isHideLeaveNote)
 * at her very next request (the console revalidates the user info at every request, issue 28 item 5): gone from the
 * menu, and a visit answers 403. Then the flag is cleared again and the page comes back. The flag is restored in any
 * case (other tests rely on kindergarten 1's flags). Likewise a role taken away by the kindergarten admin is gone
 * from the user's role switcher at her next request.
 */
const PASSWORD = "Sunny#2026";
const FLAG = "isHideLeaveNote";
const PAGE = "/student/leaveNotes";
const EDIT = "/kindergarten/optionalFunction/1/edit";

const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor({ state: "attached" });

async function loggedIn(browser: Browser, phone: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/login");
  await hydrated(page);
  await page.locator('input[name="phone"]').fill(phone);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/\/Home$/);
  return page;
}

/** The super admin sets the flag of kindergarten 1 through the optional-functions editor. */
async function setFlag(admin: Page, on: boolean) {
  await admin.goto("/kindergarten/optionalFunction");
  await admin.getByTestId("of-row-1").getByRole("link").click();
  await expect(admin).toHaveURL(new RegExp(`${EDIT.replace(/\//g, "\\/")}`));
  await hydrated(admin);
  const box = admin.locator(`input[name="${FLAG}"]`);
  await box.setChecked(on);
  await admin.getByTestId("form-submit").click();
  await expect(admin).not.toHaveURL(/\/edit/);
  // Read back: the editor shows the saved value.
  await admin.goto(EDIT);
  await expect(admin.locator(`input[name="${FLAG}"]`)).toBeChecked({ checked: on });
}

test("a flag set by the super admin changes the kindergarten admin's menu at her very next request", async ({ browser }) => {
  const user = await loggedIn(browser, "13800000005");
  const admin = await loggedIn(browser, "13800000006");
  expect(await menuPaths(user)).toContain(PAGE);
  expect((await user.goto(PAGE))!.status()).toBe(200);

  let set = false;
  try {
    await setFlag(admin, true);
    set = true;

    // Her very next request: the menu no longer offers the page, and the page itself refuses (403).
    await user.goto("/Home");
    expect(await menuPaths(user)).not.toContain(PAGE);
    const refused = await user.goto(PAGE);
    expect(refused!.status()).toBe(403);

    await setFlag(admin, false);
    set = false;

    await user.goto("/Home");
    expect(await menuPaths(user)).toContain(PAGE);
    expect((await user.goto(PAGE))!.status()).toBe(200);
  } finally {
    if (set) await setFlag(admin, false).catch(() => undefined);
    await user.context().close();
    await admin.context().close();
  }
});

/** The kindergarten admin gives or takes role 1 of the multi-role teacher (13800000100, roles 3 and 1) on the users page. */
async function setPrincipalRole(admin: Page, on: boolean) {
  await admin.goto("/user/userAdministration?keyword=13800000100");
  await admin.getByTestId("resource-row").getByTestId("row-edit").click();
  await expect(admin).toHaveURL(/\/edit/);
  await hydrated(admin);
  await admin.locator('input[name="roleIds"][value="1"]').setChecked(on);
  await admin.getByTestId("form-submit").click();
  await expect(admin).not.toHaveURL(/\/edit/);
}

test("a role taken away by the kindergarten admin is gone from the user's role switcher at her very next request", async ({ browser }) => {
  const user = await loggedIn(browser, "13800000100");
  const admin = await loggedIn(browser, "13800000005");
  const principalOption = user.getByTestId("role-switcher").locator('option[value="1"]');
  await expect(principalOption).toHaveCount(1);
  let taken = false;
  try {
    await setPrincipalRole(admin, false);
    taken = true;
    await user.goto("/Home");
    await expect(principalOption).toHaveCount(0);
    await setPrincipalRole(admin, true);
    taken = false;
    await user.goto("/Home");
    await expect(principalOption).toHaveCount(1);
  } finally {
    if (taken) await setPrincipalRole(admin, true).catch(() => undefined);
    await user.context().close();
    await admin.context().close();
  }
});
