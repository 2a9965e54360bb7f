import { expect, test, type Page } from "@playwright/test";
import { expectToast, hydrated, PASSWORD } from "../fixtures/e2e";
import { sendCodeAndReadOutbox } from "./sms-outbox";

/** Steps of the parent link journeys (parent-link*.spec.ts), with and without JavaScript. */
export const TEACHER = "13800000003";

export async function logout(page: Page) {
  await page.context().clearCookies();
}

export async function loginAs(page: Page, phone: string, password = PASSWORD) {
  await page.goto("/login");
  // With JavaScript the form is the hydrated one (a click before hydration would be lost).
  if (test.info().project.use.javaScriptEnabled !== false) await hydrated(page);
  await page.getByLabel("手机号").fill(phone);
  await page.getByLabel("密码").fill(password);
  await page.getByTestId("login-submit").click();
  // A loaded machine may take a while to load the next page's modules after the login's redirect.
  await expect(page).not.toHaveURL(/\/login/, { timeout: 60_000 });
}

/** A child of the teacher's class (`nth` in her list by name), as her student list shows it. */
export async function childOfTeacher(page: Page, nth: number) {
  await loginAs(page, TEACHER);
  await page.goto("/student/studentFile?sort=name");
  const row = page.getByTestId("resource-row").nth(nth);
  const child = (await row.locator('[data-field="name"]').innerText()).trim();
  const className = (await row.locator('[data-field="className"]').innerText()).trim();
  await logout(page);
  return { child, className };
}

/** Registers a parent for the child through /register (the SMS code read from the local outbox). */
export async function registerParent(page: Page, o: { phone: string; password: string; child: string; className: string }) {
  await page.goto("/register");
  await page.getByLabel("注册码").fill("SUN001");
  await page.getByRole("button", { name: "获取班级列表" }).click();
  await page.getByLabel("班级").selectOption({ label: o.className });
  await page.getByLabel("角色").selectOption("4");
  await page.getByLabel("真实姓名").fill("待审家长");
  await page.getByLabel("幼儿姓名").fill(o.child);
  await page.getByLabel("手机号").fill(o.phone);
  const code = await sendCodeAndReadOutbox(page, o.phone, "register");
  await page.getByLabel("短信验证码").fill(code);
  await page.getByLabel("密码", { exact: true }).fill(o.password);
  await page.getByLabel("确认密码").fill(o.password);
  await page.getByRole("button", { name: "注册", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, /审核/);
}

/** The parent's Home says "waiting for approval" and his student list is empty. */
export async function expectWaiting(page: Page, o: { phone: string; password: string; child: string }) {
  await loginAs(page, o.phone, o.password);
  await page.goto("/Home");
  const waiting = page.getByTestId("home-link-request");
  await expect(waiting).toHaveAttribute("data-status", "pending");
  await expect(waiting).toContainText("等待审核");
  await expect(waiting).toContainText(o.child);
  await page.goto("/student/studentFile");
  await expect(page.getByTestId("resource-row")).toHaveCount(0);
  await logout(page);
}

/** The parent's Home says approved and his student list holds the child. */
export async function expectLinked(page: Page, o: { phone: string; password: string; child: string }) {
  await loginAs(page, o.phone, o.password);
  await page.goto("/Home");
  await expect(page.getByTestId("home-link-request")).toHaveAttribute("data-status", "approved");
  await page.goto("/student/studentFile");
  await expect(page.getByTestId("resource-row")).toHaveCount(1);
  await expect(page.getByTestId("resource-row").locator('[data-field="name"]')).toHaveText(o.child);
}
