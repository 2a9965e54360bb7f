import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { expect, type Browser, type Locator, type Page } from "@playwright/test";
import { hydrated, PASSWORD } from "../../fixtures/e2e";
import { screenProblems } from "../screen-checks";
import type { Screen } from "./journey";

/** Steps the school staff's journeys (teacher, doctor) share. */

/** A small PNG and a small JPEG (a phone's photo is a JPEG) in a temporary folder. */
export async function photos(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), "kg-journey-"));
  const png = join(dir, `${prefix}-1.png`);
  const jpg = join(dir, `${prefix}-2.jpg`);
  writeFileSync(
    png,
    await sharp({ create: { width: 160, height: 120, channels: 3, background: "#4a9" } })
      .png()
      .toBuffer(),
  );
  writeFileSync(
    jpg,
    await sharp({ create: { width: 200, height: 150, channels: 3, background: "#e83" } })
      .jpeg()
      .toBuffer(),
  );
  return [png, jpg] as const;
}

/** The school's today and time in China, from the one helper the product uses (contract/school-time.ts). */
export { todayCn, nowCnTime as nowCn } from "@contract/school-time";

/** `count` images, each loaded (with pixels): `see()` fails a broken image, but one still loading is no proof yet. */
export async function expectLoaded(images: Locator, count: number) {
  await expect(images).toHaveCount(count);
  for (const img of await images.all()) await expect.poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))).toBeGreaterThan(0);
}

/** Searches a list page for `keyword` with its filter form, as a user does (the form keeps the other filters). */
export async function search(page: Page, keyword: string) {
  await page.getByTestId("filter-keyword").fill(keyword);
  await page.getByTestId("filter-submit").click();
  await expect(page).toHaveURL(/keyword=/);
}

/** A toast's whole message (the toast's text is the message and its close button's ×): `expectToast` matches a part. */
export const wholeToast = (message: string) => new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}×?$`);

/**
 * A second user's screen beside the journey's (a parent answering the teacher): the same screen and language, signed in
 * through the login form, its console errors added to the journey's. `openMenu` and `see` as the fixture's.
 */
export async function secondScreen(browser: Browser, o: { baseURL: string; screen: Screen; js: boolean; phone: string; consoleErrors: string[] }) {
  const tr = (zh: string, en: string) => (o.screen.lang === "zh" ? zh : en);
  const ctx = await browser.newContext({
    javaScriptEnabled: o.js,
    viewport: { width: o.screen.width, height: o.screen.height },
    locale: o.screen.lang === "en" ? "en-US" : "zh-CN",
  });
  await ctx.addCookies([{ name: "lng", value: o.screen.lang, url: o.baseURL }]);
  const page = await ctx.newPage();
  page.on("console", (m) => {
    if (m.type() === "error") o.consoleErrors.push(`${m.text()} (${m.location().url}, ${o.phone})`);
  });
  page.on("pageerror", (e) => o.consoleErrors.push(`${String(e)} (${o.phone})`));
  await page.goto("/login");
  if (o.js) await hydrated(page);
  await page.locator('input[name="phone"]').fill(o.phone);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByTestId("login-submit").click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
  const menu = page.getByRole("navigation", { name: tr("主菜单", "Main menu") });
  return {
    page,
    async openMenu(section: string | null, pageName: string) {
      const link = menu.getByRole("link", { name: pageName, exact: true });
      if (section && !(await link.isVisible())) await menu.getByText(section, { exact: true }).click();
      await link.click();
    },
    async see() {
      await page.waitForLoadState("load");
      expect(await screenProblems(page)).toEqual([]);
    },
    close: () => ctx.close(),
  };
}
