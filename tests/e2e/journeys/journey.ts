import { expect, test as base, type Page } from "@playwright/test";
import { hydrated, PASSWORD } from "../../fixtures/e2e";
import { screenProblems } from "../screen-checks";

/**
 * The journey suite (issue 26, item 15): each role's daily tasks done end to end as a user does them, on the screens
 * school staff have. Every journey runs twice, at 1280 × 720 in the role's usual language (Chinese) and at
 * 1366 × 768 in the other (English); the steps that work without JavaScript run once more with it off.
 * After each step `see()` checks what the user sees; a console error anywhere fails the journey.
 */
export type Screen = { name: string; width: number; height: number; lang: "zh" | "en" };

export const SCREENS: readonly Screen[] = [
  { name: "1280 × 720, 中文", width: 1280, height: 720, lang: "zh" },
  { name: "1366 × 768, English", width: 1366, height: 768, lang: "en" },
];

type Fixtures = {
  /** The screen and language of this run. */
  screen: Screen;
  /** The text of the run's language: `tr("保存", "Save")`. */
  tr: (zh: string, en: string) => string;
  /** Fails when the screen shows a clipped action, a raw key, an ISO timestamp or a broken image. */
  see: () => Promise<void>;
  /** Signs in through the login form as a user of the demo data and waits to leave the login page. */
  signIn: (phone: string, password?: string) => Promise<void>;
  /** Opens a page from the sidebar as a user does: the section (if named), then the page's link. */
  openMenu: (section: string | null, pageName: string) => Promise<void>;
  /** True when the run has JavaScript. */
  js: boolean;
  consoleErrors: string[];
};

export const journey = base.extend<Fixtures>({
  // `screen` is also Playwright's own option (the emulated screen size, which the run's screen sets too): an override
  // of a built-in option takes `scope`, not `option` (tsc refuses `option` there).
  screen: [SCREENS[0], { scope: "test" }],
  viewport: async ({ screen }, use) => use({ width: screen.width, height: screen.height }),
  locale: async ({ screen }, use) => use(screen.lang === "en" ? "en-US" : "zh-CN"),
  js: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
  tr: async ({ screen }, use) => use((zh, en) => (screen.lang === "zh" ? zh : en)),
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(`${m.text()} (${m.location().url})`);
      });
      page.on("pageerror", (e) => errors.push(String(e)));
      await use(errors);
      expect(errors, "the browser's console errors").toEqual([]);
    },
    { auto: true },
  ],
  see: async ({ page }, use) => {
    await use(async () => {
      await page.waitForLoadState("load");
      expect(await screenProblems(page)).toEqual([]);
    });
  },
  openMenu: async ({ page, tr }, use) => {
    await use(async (section, pageName) => {
      const menu = page.getByRole("navigation", { name: tr("主菜单", "Main menu") });
      const link = menu.getByRole("link", { name: pageName, exact: true });
      if (section && !(await link.isVisible())) await menu.getByText(section, { exact: true }).click();
      await link.click();
    });
  },
  signIn: async ({ page, js, baseURL, screen }, use) => {
    await use(async (phone, password = PASSWORD) => {
      await page.context().addCookies([{ name: "lng", value: screen.lang, url: baseURL! }]);
      await page.goto("/login");
      // With JavaScript, a click before hydration would be lost.
      if (js) await hydrated(page);
      await page.locator('input[name="phone"]').fill(phone);
      await page.locator('input[name="password"]').fill(password);
      await page.getByTestId("login-submit").click();
      await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
    });
  },
});

/** Runs the journey's tests once per screen (and language). */
export function onEachScreen(body: (screen: Screen) => void) {
  for (const screen of SCREENS)
    journey.describe(screen.name, () => {
      journey.use({ screen });
      body(screen);
    });
}

/** The steps that work without JavaScript, once more with it off (1280 × 720, Chinese). */
export function withoutJavaScript(body: (screen: Screen) => void) {
  journey.describe(`${SCREENS[0].name}, JavaScript off`, () => {
    journey.use({ screen: SCREENS[0], javaScriptEnabled: false });
    body(SCREENS[0]);
  });
}

/** A name no other run of the suite uses (the two screens run the same journey against one database). */
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 100)}`;

/** Waits until the page has hydrated when the run has JavaScript (clicks before it would be lost). */
export async function ready(page: Page, js: boolean) {
  if (js) await hydrated(page);
}

export { expect };
