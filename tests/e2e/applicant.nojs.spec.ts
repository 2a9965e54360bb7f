import { expect, test, type Page } from "@playwright/test";

/**
 * The admission applicant's path on a phone (375 × 812, JavaScript off: the `nojs` project): the plain link
 * a kindergarten hands out, WeChat's authorisation (the API's local stand-in, enabled for tests as for the demo),
 * the confirmation of the WeChat-bound phone (already filled in from the authorisation), the applicant's page.
 * On every screen: no horizontal scrolling, and every control lies inside the screen.
 */
const WIDTH = 375;
test.use({ viewport: { width: WIDTH, height: 812 }, isMobile: true, hasTouch: true });

// Labels that act as buttons (the menu toggle) count; text labels of inputs do not.
const CONTROLS = "a[href], button, input:not([type=hidden]), select, textarea, label[for][aria-label]";

/**
 * The document is no wider than the screen, and each visible control lies inside it — except the console's
 * off-canvas menu (checked open by `menuFits`) and what is hidden from users (aria-hidden, tabindex -1, sr-only
 * labels). `thumb`: the applicant's own screens also give every control a 24 × 24 px target (WCAG 2.5.8).
 */
async function fitsThePhone(page: Page, where: string, { thumb = true }: { thumb?: boolean } = {}) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${where}: document width`).toBeLessThanOrEqual(WIDTH);
  const controls = page.locator(CONTROLS);
  const count = await controls.count();
  let checked = 0;
  for (let i = 0; i < count; i++) {
    const control = controls.nth(i);
    if (!(await control.isVisible())) continue;
    const hidden = await control.evaluate(
      (el) =>
        Boolean(el.closest('[aria-hidden="true"], [data-testid="sidebar-container"]')) ||
        el.getAttribute("tabindex") === "-1" ||
        el.classList.contains("sr-only"),
    );
    if (hidden) continue;
    checked++;
    const box = (await control.boundingBox())!;
    const name =
      (await control.getAttribute("data-testid")) ??
      (await control.getAttribute("name")) ??
      (await control.getAttribute("aria-label")) ??
      (await control.textContent())?.trim().slice(0, 20);
    expect(box.x, `${where}: control "${name}" starts inside the screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${where}: control "${name}" ends inside the screen`).toBeLessThanOrEqual(WIDTH + 0.5);
    if (thumb) expect(Math.min(box.width, box.height), `${where}: control "${name}" target size`).toBeGreaterThanOrEqual(24);
  }
  expect(checked, `${where}: controls checked`).toBeGreaterThan(0);
}

/** The console's menu (off-canvas under 992 px) opens without JavaScript and every entry then lies inside the screen. */
async function menuFits(page: Page) {
  await page.getByTestId("sidebar-mobile-toggle").click();
  const links = page.getByTestId("sidebar-container").locator("a[href]");
  expect(await links.count()).toBeGreaterThan(0);
  for (const link of await links.all()) {
    await expect(link).toBeInViewport();
    const box = (await link.boundingBox())!;
    expect(box.x + box.width, `menu entry ${await link.textContent()} inside the screen`).toBeLessThanOrEqual(WIDTH + 0.5);
  }
}

test("applicant on a 375 px phone without JavaScript: link → WeChat → phone already filled in → applicant page", async ({ page }) => {
  const phone = "13911113375";
  await page.goto("/admission/wx/login?kindergartenId=1&introducerId=1");
  await expect(page.getByRole("heading", { name: "招生登录" })).toBeVisible();
  await fitsThePhone(page, "link");
  await page.getByTestId("wx-authorize").click();

  // WeChat's authorisation: the applicant gives the phone bound to WeChat once.
  await expect(page).toHaveURL(/wechat-sandbox\/authorize/);
  await fitsThePhone(page, "authorisation");
  await page.locator("#nickname").fill("小窗妈妈");
  await page.locator("#phone").fill(phone);
  await page.locator("button[type=submit]").click();

  // The confirmation step shows that phone, ready to confirm.
  await expect(page).toHaveURL(/\/admission\/wx\/login\?.*code=/);
  const field = page.getByLabel("微信绑定的手机号");
  await expect(field).toHaveValue(phone);
  await fitsThePhone(page, "confirmation");
  await page.getByRole("button", { name: "确认并登录" }).click();

  await expect(page).toHaveURL(/\/admission\/wx\/introduction$/);
  await expect(page.getByRole("heading", { name: "招生简介" })).toBeVisible();
  // The console frame (navbar, tabs) is shared with staff: on the screen, reachable; target sizes are its own matter.
  await fitsThePhone(page, "applicant page", { thumb: false });
  await menuFits(page);
});

test("a refused confirmation keeps the phone typed", async ({ page }) => {
  await page.goto("/admission/wx/login?kindergartenId=1");
  await page.getByTestId("wx-authorize").click();
  await page.locator("#nickname").fill("小窗爸爸");
  await page.locator("#phone").fill("13911113376");
  await page.locator("button[type=submit]").click();
  await expect(page).toHaveURL(/code=/);
  // A number that is not a mobile number: the browser's own check is bypassed by typing over the pattern (novalidate).
  const field = page.getByLabel("微信绑定的手机号");
  await field.fill("1391111337");
  await page
    .locator("form")
    .filter({ has: field })
    .evaluate((f) => f.setAttribute("novalidate", ""));
  await page.getByRole("button", { name: "确认并登录" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(field).toHaveValue("1391111337");
  await fitsThePhone(page, "refused confirmation");
});

test("in English the phone's header keeps each language on one line beside the product's name", async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: "lng", value: "en", url: baseURL! }]);
  await page.goto("/admission/wx/login?kindergartenId=1");
  await expect(page.getByRole("heading", { name: "Admission login" })).toBeVisible();
  await fitsThePhone(page, "link (English)");
  for (const lng of ["zh", "en"]) {
    const box = (await page.getByTestId(`lang-${lng}`).boundingBox())!;
    // One line of text with its padding; a wrapped 中文 was two lines (about 48 px).
    expect(box.height, `lang-${lng} height`).toBeLessThan(36);
  }
});
