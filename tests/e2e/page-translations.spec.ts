import { expect, test, type Page } from "@playwright/test";
import { readdirSync, readFileSync } from "node:fs";
import { hydrated, login, phoneOf } from "../fixtures/e2e";

/**
 * The document carries the translations its page uses (issue 28, item 1): the page hydrates without the language file
 * /locales/<lng>, which loads afterwards; a client-side navigation shows translated text, never a key.
 */

/** Every dotted key of the Chinese files (`list.total`, `errors.general`…): what a text missing its translation shows. */
const DOTTED_KEYS = (() => {
  const keys = new Set<string>();
  const walk = (node: unknown, path: string) => {
    if (typeof node === "string") {
      if (path.includes(".")) keys.add(path.replace(/_(zero|one|two|few|many|other)$/, ""));
    } else if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) walk(v, path ? `${path}.${k}` : k);
  };
  for (const f of readdirSync("contract/locales/zh")) if (f.endsWith(".json")) walk(JSON.parse(readFileSync(`contract/locales/zh/${f}`, "utf8")), "");
  return [...keys];
})();

/** The keys shown as text (or as a button's or field's label) on the page. */
async function rawKeys(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => {
    const labels = [...document.querySelectorAll("[aria-label],[placeholder],[title]")].map((el) =>
      ["aria-label", "placeholder", "title"].map((a) => el.getAttribute(a) ?? "").join(" "),
    );
    return `${document.body.innerText} ${labels.join(" ")} ${document.title}`;
  });
  return DOTTED_KEYS.filter((k) => text.includes(k));
}

/** From a kindergarten page, through the menu (a client-side navigation): the user section, then 保健医绑定. */
async function openDoctorPage(page: Page) {
  await page.locator('[data-testid="menu-section"][data-path="/user"] > details > summary').click();
  await page.locator('[data-testid="menu-link"][data-path="/user/doctor"]').click();
}

/** Aborts every request for a language file; answers the URLs it refused. */
async function blockLocales(page: Page): Promise<string[]> {
  const refused: string[] = [];
  await page.route("**/locales/**", (route) => {
    refused.push(route.request().url());
    return route.abort();
  });
  return refused;
}

test("the raw-key check knows the keys it looks for", () => {
  expect(DOTTED_KEYS).toContain("errors.general");
  expect(DOTTED_KEYS.length).toBeGreaterThan(500);
});

test("login hydrates without the language file, and shows no key", async ({ page }) => {
  const refused = await blockLocales(page);
  const response = await page.goto("/login");
  // No preload of the whole file beside the modules any more.
  expect(response!.headers()["link"] ?? "").not.toContain("/locales/");
  await hydrated(page);
  await expect(page.getByTestId("login-submit")).toBeVisible();
  expect(await rawKeys(page)).toEqual([]);
  // After hydration the page asked for the whole file (refused here): it asks, but did not wait for it.
  await expect.poll(() => refused.length).toBeGreaterThan(0);
});

test("a list page hydrates without the language file; once it can load, a client-side navigation shows translated text", async ({ page }) => {
  await login(page, phoneOf(5));
  const refused = await blockLocales(page);
  await page.goto("/kindergarten/place");
  await hydrated(page);
  await expect(page.getByTestId("resource-row").first()).toBeVisible();
  await expect(page.getByTestId("breadcrumb")).toContainText("场所管理");
  expect(await rawKeys(page)).toEqual([]);
  await expect.poll(() => refused.length).toBeGreaterThan(0);

  // The language file can load again: the navigation waits for it, then renders another section in the same document.
  await page.unroute("**/locales/**");
  await page.evaluate(() => ((window as unknown as { sameDocument?: boolean }).sameDocument = true));
  const locale = page.waitForResponse((r) => r.url().includes("/locales/zh") && r.ok());
  await openDoctorPage(page);
  await locale;
  await expect(page).toHaveURL(/\/user\/doctor$/);
  await expect(page.getByTestId("breadcrumb")).toContainText("保健医绑定");
  await expect(page).toHaveTitle("保健医绑定 - 幼儿园管理平台");
  expect(await rawKeys(page)).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test("no hydration error and no console error: login, a list, a navigation, a language switch", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || /hydrat/i.test(m.text())) errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  const whole = page.waitForResponse((r) => r.url().includes("/locales/zh") && r.ok());
  await page.goto("/login");
  await hydrated(page);
  await whole;
  await login(page, phoneOf(5));
  await page.goto("/kindergarten/place");
  await hydrated(page);
  await openDoctorPage(page);
  await expect(page.getByTestId("breadcrumb")).toContainText("保健医绑定");
  expect(await rawKeys(page)).toEqual([]);
  // With JavaScript the switch loads the other language's whole file, then renders in it.
  await page.locator("#kg-switch-lang").selectOption("en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveTitle(/Kindergarten Admin Console$/);
  expect(await rawKeys(page)).toEqual([]);
  expect(errors).toEqual([]);
});
