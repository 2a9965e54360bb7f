import { expect, test } from "@playwright/test";
import { hydrated } from "../fixtures/e2e";
import { sendCodeAndReadOutbox } from "./sms-outbox";

/**
 * The other public screens: registration (code → classes → SMS code → register), forgotten
 * password with an SMS code, and the applicants' WeChat login through the API's local sandbox.
 * The local SMS provider writes the code to its outbox file only: no page or reply shows it.
 */
const NEW_PHONE = "13900000321";
/** A seeded bus teacher of kindergarten 3 that no other test signs in as. */
const FORGOT_PHONE = "13600300002";

test("register a teacher with a registration code, a class and an SMS code", async ({ page }) => {
  await page.goto("/register");
  await hydrated(page);
  await page.getByLabel("注册码").fill("SUN001");
  await page.getByRole("button", { name: "获取班级列表" }).click();
  await expect(page).toHaveURL(/registrationCode=SUN001/);
  await expect(page.getByTestId("register-kindergarten")).not.toBeEmpty();

  await page.getByLabel("班级").selectOption({ index: 3 });
  await page.getByLabel("角色").selectOption("3");
  await page.getByLabel("真实姓名").fill("测试老师");
  await page.getByLabel("手机号").fill(NEW_PHONE);
  const code = await sendCodeAndReadOutbox(page, NEW_PHONE, "register");

  await page.getByLabel("短信验证码").fill(code);
  await page.getByLabel("密码", { exact: true }).fill("Teach#Me2026");
  await page.getByLabel("确认密码").fill("Teach#Me2026");
  await page.getByRole("button", { name: "注册", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId("toast")).toBeAttached();
});

test("an unknown registration code shows the API's message", async ({ page }) => {
  await page.goto("/register?registrationCode=NOPE99");
  await expect(page.getByTestId("field-errors")).not.toBeEmpty();
  await expect(page.getByTestId("register-kindergarten")).toHaveCount(0);
});

test("forgot password: SMS code and a new password that follows section 5", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("link", { name: "忘记密码" }).click();
  await expect(page).toHaveURL(/\/resetPassword$/);
  // A click before hydration would be lost (the link may have loaded a new document on a busy machine).
  await hydrated(page);
  await page.getByLabel("手机号").fill(FORGOT_PHONE);
  const code = await sendCodeAndReadOutbox(page, FORGOT_PHONE, "forgot");
  await page.getByLabel("短信验证码").fill(code);
  await page.getByLabel("新密码", { exact: true }).fill("Short1!");
  await page.getByLabel("确认新密码").fill("Short1!");
  await page.getByTestId("reset-submit").click();
  await expect(page.getByTestId("field-errors").getByText("密码至少 8 位")).toBeVisible();
  await page.getByLabel("新密码", { exact: true }).fill("Fresh#Pw2026");
  await page.getByLabel("确认新密码").fill("Fresh#Pw2026");
  await page.getByTestId("reset-submit").click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId("toast")).toContainText("密码已修改");
  await page.getByLabel("手机号").fill(FORGOT_PHONE);
  await page.getByLabel("密码").fill("Fresh#Pw2026");
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/\/Home$/);
});

test("applicant login through the WeChat sandbox lands on the admission introduction", async ({ page }) => {
  await page.goto("/admission/wx/login?kindergartenId=1&introducerId=1");
  await page.getByTestId("wx-authorize").click();
  // The API's local stand-in for WeChat's authorisation page.
  await expect(page).toHaveURL(/wechat-sandbox\/authorize/);
  await page.locator("#nickname").fill("小明妈妈");
  await page.locator("#phone").fill("13911112222");
  await page.locator("button[type=submit]").click();
  await expect(page).toHaveURL(/\/admission\/wx\/login\?.*code=/);
  await page.getByLabel("微信绑定的手机号").fill("13911112222");
  await page.getByRole("button", { name: "确认并登录" }).click();
  await expect(page).toHaveURL(/\/admission\/wx\/introduction$/);
});

test("a staff phone through the WeChat stand-in gets an applicant session, never the staff account", async ({ page }) => {
  const STAFF = "13500300002"; // the kindergarten admin (role 5) of kindergarten 3; no other spec signs in as her
  await page.goto("/admission/wx/login?kindergartenId=3");
  await page.getByTestId("wx-authorize").click();
  await page.locator("#nickname").fill("冒名者");
  await page.locator("#phone").fill(STAFF);
  await page.locator("button[type=submit]").click();
  await page.getByLabel("微信绑定的手机号").fill(STAFF);
  await page.getByRole("button", { name: "确认并登录" }).click();
  await expect(page).toHaveURL(/\/admission\/wx\/introduction$/);
  await expect(page.getByTestId("role-switcher")).toHaveCount(0);
  // Her user management stays closed, and asking to switch to her role 5 changes nothing.
  expect((await page.goto("/user/userAdministration"))?.status()).toBe(403);
  const csrf = await page.locator('input[name="csrf"]').first().inputValue();
  await page.request.post("/switch-role", { form: { csrf, roleId: "5" }, maxRedirects: 0 });
  expect((await page.goto("/user/userAdministration"))?.status()).toBe(403);
});

test("the applicant link needs a kindergarten", async ({ page }) => {
  await page.goto("/admission/wx/login");
  await expect(page.getByRole("alert")).toContainText("kindergartenId");
  await expect(page.getByTestId("wx-authorize")).toHaveCount(0);
});
