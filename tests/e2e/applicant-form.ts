import type { Page } from "@playwright/test";

/** Fills the applicant's request form (the phone is the session's: no field for it). */
export async function fillRequest(page: Page, o: { kidName: string; date: string }) {
  await page.locator("#ap-kidName").fill(o.kidName);
  await page.locator("#ap-nickname").fill("小窗");
  await page.locator("#ap-nation").selectOption("han");
  const classValue = await page.locator("#ap-classId option:not([value=''])").first().getAttribute("value");
  await page.locator("#ap-classId").selectOption(classValue!);
  await page.locator("#ap-bus").selectOption("no");
  await page.locator("#ap-contactName").fill("窗妈妈");
  await page.locator("#ap-relationship").selectOption("mother");
  await page.locator("#ap-date").fill(o.date);
  await page.locator("#ap-time").selectOption("10:00");
}
