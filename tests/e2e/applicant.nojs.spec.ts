import { expect, test, type Page } from "@playwright/test";
import { smsCodeFromOutbox } from "./sms-outbox";
import { fillRequest } from "./applicant-form";

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

/** The applicant's frame (issue 26, item 10): the kindergarten's name, the steps, and none of the staff console's chrome. */
async function applicantFrame(page: Page, kindergarten: RegExp) {
  await expect(page.getByTestId("applicant-kindergarten-name")).toHaveText(kindergarten);
  await expect(page.getByTestId("applicant-steps")).toBeVisible();
  for (const chrome of ["sidebar-mobile-toggle", "sidebar-container", "breadcrumb", "tags-view"]) await expect(page.getByTestId(chrome)).toHaveCount(0);
  await expect(page.getByText("关闭其它")).toHaveCount(0);
}

test("applicant on a 375 px phone without JavaScript: link → WeChat → phone already filled in → applicant page", async ({ page }) => {
  const phone = "13911113375";
  await page.goto("/admission/wx/login?kindergartenId=1&introducerId=1");
  // The login names the kindergarten and shows no ✓ before anything happened.
  await expect(page.getByTestId("applicant-login-kindergarten")).toHaveText(/幼儿园/);
  await expect(page.getByText("招生登录").first()).toBeVisible();
  await expect(page.getByText("✓")).toHaveCount(0);
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
  await applicantFrame(page, /幼儿园/);
  // The phone WeChat confirmed is shown, not asked again.
  await expect(page.getByTestId("applicant-phone")).toContainText(phone);
  await expect(page.locator('input[name="phone"]')).toHaveCount(0);
  await fitsThePhone(page, "applicant page");
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
  await expect(page.getByText("Admission login").first()).toBeVisible();
  await fitsThePhone(page, "link (English)");
  for (const lng of ["zh", "en"]) {
    const box = (await page.getByTestId(`lang-${lng}`).boundingBox())!;
    // One line of text with its padding; a wrapped 中文 was two lines (about 48 px).
    expect(box.height, `lang-${lng} height`).toBeLessThan(36);
  }
});

test("without WeChat's web sign-in the link offers phone + SMS code: sign in → details → a confirmation page", async ({ page }) => {
  const phone = "13911113377";
  await page.goto("/admission/wx/login?kindergartenId=1");
  await fitsThePhone(page, "link with SMS sign-in");
  const since = new Date().toISOString();
  await page.locator("#sms-phone").fill(phone);
  await page.getByTestId("sms-send").click();
  await expect(page.getByTestId("sms-sent")).toContainText(phone);
  await page.locator("#sms-code").fill(await smsCodeFromOutbox(phone, "applicant", since));
  await fitsThePhone(page, "code step");
  await page.getByTestId("sms-sign-in").click();

  await expect(page).toHaveURL(/\/admission\/wx\/introduction$/);
  await applicantFrame(page, /幼儿园/);
  await expect(page.getByTestId("applicant-phone")).toContainText(phone);
  const date = new Date(Date.now() + 3 * 86400000).toISOString().slice(0, 10);
  await fillRequest(page, { kidName: "窗小宝", date });
  await page.getByTestId("applicant-submit").click();

  // The confirmation is a page: what was sent, when, and how the team will call back.
  await expect(page).toHaveURL(/\/admission\/wx\/introduction\?sent=\d+$/);
  await expect(page.getByRole("heading", { name: "申请已提交" })).toBeVisible();
  await expect(page.getByTestId("applicant-sent")).toContainText("窗小宝");
  await expect(page.getByTestId("applicant-sent")).toContainText(date);
  await expect(page.getByTestId("applicant-sent")).toContainText(phone);
  await applicantFrame(page, /幼儿园/);
  await fitsThePhone(page, "confirmation");
  await page.getByTestId("applicant-back").click();
  await expect(page.getByTestId("applicant-requests")).toContainText("窗小宝");
});

test("a wrong SMS code is refused beside its field and the phone is not asked again", async ({ page }) => {
  const phone = "13911113378";
  await page.goto("/admission/wx/login?kindergartenId=1");
  const since = new Date().toISOString();
  await page.locator("#sms-phone").fill(phone);
  await page.getByTestId("sms-send").click();
  const code = await smsCodeFromOutbox(phone, "applicant", since);
  await page.locator("#sms-code").fill(code === "000000" ? "111111" : "000000");
  await page.getByTestId("sms-sign-in").click();
  await expect(page.locator("#sms-code-err")).toBeVisible();
  await expect(page.getByTestId("sms-sent")).toContainText(phone);
  await expect(page).toHaveURL(/\/admission\/wx\/login/);
});

test("an unknown kindergarten's link says so instead of the API's JSON 404", async ({ page }) => {
  await page.goto("/admission/wx/login?kindergartenId=99999");
  await expect(page.getByRole("alert")).toContainText("链接无效");
  await expect(page.locator("body")).not.toContainText("接口不存在");
  await fitsThePhone(page, "unknown kindergarten", { thumb: false });
});
