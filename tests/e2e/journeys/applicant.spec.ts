import type { Page } from "@playwright/test";
import { addDays, todayCn } from "@contract/daily/time";
import { fillRequest } from "../applicant-form";
import { smsCodeFromOutbox } from "../sms-outbox";
import { expect, journey, onEachScreen, ready, unique, withoutJavaScript, type Screen } from "./journey";

/**
 * The admission applicant (role 13) on a phone (375 × 667): the link a kindergarten hands out → sign-in (a text
 * message code with JavaScript, WeChat's authorisation through the local stand-in without it) → her details and the
 * visit she asks for → the confirmation page → back to her requests. In Chinese and in English, and without
 * JavaScript (the applicant's pages work with it off).
 */
const PHONE = { width: 375, height: 667 };

type Tools = { page: Page; see: () => Promise<void>; tr: (zh: string, en: string) => string; js: boolean; baseURL?: string; display: Screen };

/** What the applicant sees on every one of her screens: the kindergarten, the steps with hers marked, nothing wider than the phone. */
async function herScreen(page: Page, tr: Tools["tr"], step: [string, string]) {
  await expect(page.getByTestId("applicant-steps").locator('[aria-current="step"]')).toContainText(tr(...step));
  for (const chrome of ["sidebar-container", "breadcrumb", "tags-view"]) await expect(page.getByTestId(chrome)).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

async function applicantJourney({ page, see, tr, js, baseURL, display }: Tools) {
  // A phone no demo account or customer has (136…: the demo data uses 135, 138 and 139).
  const phone = `136${String(Date.now()).slice(-8)}`;
  const kid = unique(tr("小申", "Kid "));

  // The link.
  await page.context().addCookies([{ name: "lng", value: display.lang, url: baseURL! }]);
  await page.goto("/admission/wx/login?kindergartenId=1&introducerId=12");
  await expect(page.getByTestId("applicant-login-kindergarten")).toHaveText(tr("阳光幼儿园（朝阳园）", "Sunshine Kindergarten (Chaoyang)"));
  await expect(page.getByText(tr("招生登录", "Admission login")).first()).toBeVisible();
  await herScreen(page, tr, ["登录", "Sign in"]);
  await see();

  // Sign-in: a text message code with JavaScript; WeChat's authorisation (the stand-in) without it.
  await ready(page, js);
  if (js) {
    const since = new Date().toISOString();
    await page.getByRole("textbox", { name: tr("手机号", "Phone number"), exact: true }).fill(phone);
    await page.getByRole("button", { name: tr("获取验证码", "Send code") }).click();
    await expect(page.getByTestId("sms-sent")).toContainText(phone);
    await see();
    await page.getByRole("textbox", { name: tr("短信验证码", "Text message code") }).fill(await smsCodeFromOutbox(phone, "applicant", since));
    await page.getByRole("button", { name: tr("登录", "Sign in"), exact: true }).click();
  } else {
    await page.getByTestId("wx-authorize").click();
    await expect(page).toHaveURL(/wechat-sandbox\/authorize/);
    await see();
    await page.locator("#nickname").fill(tr("申请妈妈", "Applicant mum"));
    await page.locator("#phone").fill(phone);
    await page.locator("button[type=submit]").click();
    await expect(page.getByLabel(tr("微信绑定的手机号", "Phone bound to WeChat"))).toHaveValue(phone);
    await see();
    await page.getByRole("button", { name: tr("确认并登录", "Confirm and log in") }).click();
  }

  // Her details: the kindergarten, its charges and classes, the phone she signed in with (not asked again).
  await expect(page).toHaveURL(/\/admission\/wx\/introduction$/);
  await expect(page.getByTestId("applicant-kindergarten-name")).toHaveText(tr("阳光幼儿园（朝阳园）", "Sunshine Kindergarten (Chaoyang)"));
  await expect(page.getByTestId("applicant-charges").locator("li").first()).toContainText("¥");
  await expect(page.getByTestId("applicant-classes").locator("li").first()).toBeVisible();
  await expect(page.getByText(tr("由幼儿园老师推荐", "Recommended by a teacher of the kindergarten"))).toBeVisible();
  await expect(page.getByTestId("applicant-phone")).toHaveText(tr(`${phone}（登录时已验证）`, `${phone} (verified at sign-in)`));
  await expect(page.locator('input[name="phone"]')).toHaveCount(0);
  await herScreen(page, tr, ["填写信息", "Your details"]);
  await see();
  const visit = addDays(todayCn(), 3);
  await ready(page, js);
  await fillRequest(page, { kidName: kid, date: visit });
  const submit = (await page.getByTestId("applicant-submit").boundingBox())!;
  expect(submit.x + submit.width).toBeLessThanOrEqual(PHONE.width);
  await see();
  await page.getByTestId("applicant-submit").click();

  // The confirmation is a page: the child, the visit, the phone the team will call.
  await expect(page).toHaveURL(/\/admission\/wx\/introduction\?sent=\d+$/);
  await expect(page.getByRole("heading", { name: tr("申请已提交", "Request sent") })).toBeVisible();
  const sent = page.getByTestId("applicant-sent");
  await expect(sent).toContainText(tr(`幼儿：${kid}`, `Child: ${kid}`));
  await expect(sent).toContainText(visit);
  await expect(sent).toContainText(phone);
  await herScreen(page, tr, ["提交完成", "Done"]);
  await see();

  // Back to the kindergarten's page: the request among hers.
  await page.getByTestId("applicant-back").click();
  await expect(page.getByTestId("applicant-requests")).toContainText(kid);
  await see();
}

onEachScreen(() => {
  journey.use({ viewport: PHONE });
  journey("the applicant on a phone: link → sign-in → details → confirmation page", async ({ page, see, tr, js, baseURL, display }) => {
    await applicantJourney({ page, see, tr, js, baseURL, display });
  });
});

withoutJavaScript(() => {
  journey.use({ viewport: PHONE });
  journey("the applicant on a phone without JavaScript: link → WeChat → details → confirmation page", async ({ page, see, tr, js, baseURL, display }) => {
    await applicantJourney({ page, see, tr, js, baseURL, display });
  });
});
