import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { PUBLIC_PATHS } from "@contract/route-tree";
import { demoFlags, parseTable, planAccounts } from "../fixtures/routes-table";
import { login, phoneOf, signIn } from "../fixtures/e2e";
import { tableProblems } from "./screen-checks";

/**
 * The crawl of every page: accessibility, English chrome and tables on school screens. Every page of the route table
 * (tests/fixtures/routes-table.md) is visited as a demo account that may see it (kindergarten 1: every show-flag on,
 * every hide-flag off), plus the sub-pages its list offers (every create form and detail page; the delete confirmation
 * and import pages, one component each, once per test) and the public pages. Each page is visited once, in English at
 * 1280 × 720 (the longest labels on the smallest screen) or in Chinese (default) at 1366 × 768 (the `lng` cookie the
 * language switch sets), the two in turn (`langOf`). Each visit: the page hydrates, has no serious or critical axe-core
 * violation, its tables hold up (issue 26, item 4; `tableProblems` in ./screen-checks.ts: the page never scrolls
 * sideways, every control of a table row is inside the viewport and the element a click at its centre reaches, and a
 * short Chinese text in a cell stays on one line), and its English chrome holds no Han character and no CJK
 * punctuation (for a page visited in Chinese, in the English document the server renders for the same user).
 *
 * Chrome vs data: every text node and every aria-label / title / placeholder / alt of the document
 * (the document title too) is chrome, except what shows data values: table body cells, detail values
 * (<dd>), anything marked `data-value` (record texts outside tables: posts, comments, names, addresses, a manual),
 * options of selects filled from the data (only options marked data-vocab, the fixed
 * vocabularies, are chrome), chart drawings (their data tables are checked like any table), the
 * signed-in user's name (also where a sentence holds it, e.g. "Hello, 刘敏"),
 * any value quoted in a sentence (“中一班”), the checkbox labels of multi-selects (people), and text
 * marked as another language (`lang="zh"`: the language choice 中文 names itself in its own script).
 * Placeholder ("coming soon") pages are
 * included: axe runs on the first one of each test (they share one component), the English check on all.
 */
const rows = parseTable();
/** The screen of each language: English, the longest labels, on the smallest screen staff have. */
const SCREEN = { en: { width: 1280, height: 720 }, zh: { width: 1366, height: 768 } } as const;
/** Table rows checked per page: the first few show every kind of row action; a long list would only repeat them. */
const TABLE_ROWS = 6;
const FLAGS = demoFlags(1);
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
const BLOCKING = new Set(["serious", "critical"]);
export const CJK_PUNCTUATION = /[、，。：；（）【】「」]/;
const HAN = /\p{Script=Han}/u;

/** Pages per test: an account's pages dealt round-robin into a few tests, so that both workers share the longest account. */
const CHUNK = 8;
const chunks = <T>(list: T[], size: number): T[][] => {
  const n = Math.ceil(list.length / size);
  return Array.from({ length: n }, (_, i) => list.filter((_, j) => j % n === i));
};

const DATA_SELECTOR = ["tbody td", "tbody th", "dd", "[data-value]", "option:not([data-vocab])", "svg", "[data-testid=user-name]", "[role=group] label"].join(
  ",",
);

/**
 * Texts of the page's chrome (see above) that contain Han characters or CJK punctuation: of the page itself, or of
 * `html` (a document the server rendered, read as the browser parses it).
 */
async function nonEnglishChrome(page: Page, html?: string): Promise<string[]> {
  return page.evaluate(
    ({ data, han, punct, html }) => {
      const doc = html === undefined ? document : new DOMParser().parseFromString(html, "text/html");
      const me = doc.querySelector("[data-testid=user-name]")?.textContent?.trim();
      const chromeOf = (s: string) => (me ? s.split(me).join("") : s).replace(/“[^”]*”/g, "");
      const bad = (s: string) => new RegExp(han, "u").test(chromeOf(s)) || new RegExp(punct).test(chromeOf(s));
      const otherLanguage = (el: Element) => !(el.closest("[lang]")?.getAttribute("lang") ?? "en").startsWith("en");
      const out: string[] = [];
      if (bad(doc.title)) out.push(`<title> ${doc.title}`);
      const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        if (!el || el.closest("script,style,noscript," + data) || otherLanguage(el)) continue;
        const text = n.textContent?.trim() ?? "";
        if (text && bad(text)) out.push(`<${el.tagName.toLowerCase()}> ${text}`);
      }
      for (const el of doc.body.querySelectorAll("[aria-label],[title],[placeholder],[alt]")) {
        if (el.closest(data) || otherLanguage(el)) continue;
        for (const a of ["aria-label", "title", "placeholder", "alt"]) {
          const v = el.getAttribute(a);
          if (v && bad(v)) out.push(`<${el.tagName.toLowerCase()} ${a}> ${v}`);
        }
      }
      return [...new Set(out)];
    },
    { data: DATA_SELECTOR, han: HAN.source, punct: CJK_PUNCTUATION.source, html },
  );
}

/** The English document the server renders for the page just loaded (its final address) to its user (its cookies, `lng=en`). */
async function englishDocument(page: Page): Promise<string> {
  const url = page.url();
  const cookies = (await page.context().cookies(url)).filter((c) => c.name !== "lng").map((c) => `${c.name}=${c.value}`);
  const res = await page.request.get(url, { headers: { cookie: [...cookies, "lng=en"].join("; ") } });
  return res.text();
}

/**
 * axe in "legacy mode": it runs in the page itself instead of gathering per-frame results in a new blank page, which
 * here took two thirds of its time (about 4 s against 1.3 s a page). It then cannot look into cross-origin frames;
 * the console has no frames at all. Only violations are reported back (with all passes' nodes the reply is large).
 */
async function axeProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  return result.violations
    .filter((v) => BLOCKING.has(v.impact ?? ""))
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(" ")} ${n.failureSummary?.split("\n")[1]?.trim() ?? ""}`)
          .join(" | ")}`,
    );
}

type Lang = "zh" | "en";

/** The language of the pages visited from now on (the `lng` cookie the language switch sets) and its screen. */
async function setLanguage(page: Page, lang: Lang) {
  await page.context().addCookies([{ name: "lng", value: lang, url: new URL(test.info().project.use.baseURL!).origin }]);
  await page.setViewportSize(SCREEN[lang]);
}

/**
 * Visits one page (or inspects the one just loaded) and runs axe unless told not to; the chrome check in English: on
 * the page itself when it is shown in English, else on the English document the server renders for it.
 */
async function check(page: Page, path: string, lang: Lang, { axe = true, loaded = false, status = 200, chrome = lang === "en" } = {}): Promise<string[]> {
  const code = loaded ? status : ((await page.goto(path))?.status() ?? 0);
  const problems: string[] = [];
  if (code >= 400 && !/^\/40[14]$/.test(path)) problems.push(`HTTP ${code}`);
  // With JavaScript every page hydrates (a script error leaves it a plain document: the statistics page once did).
  if (axe && test.info().project.use.javaScriptEnabled !== false && code < 400) {
    const ok = await page
      .locator("html[data-hydrated]")
      .waitFor({ state: "attached", timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (!ok) problems.push("did not hydrate");
  }
  if (axe) problems.push(...(await axeProblems(page)));
  if (chrome) {
    const english = lang === "en" ? undefined : await englishDocument(page);
    problems.push(...(await nonEnglishChrome(page, english)).map((s) => `non-English chrome${english ? " (server-rendered)" : ""}: ${s}`));
  }
  return problems.map((p) => `[${lang}] ${path}: ${p}`);
}

/**
 * The sub-pages a list page links to: its create form and first row's detail (they differ per
 * resource), the delete confirmation and import pages (one component each: the first seen per test).
 */
const EVERY_LIST = ["create-button", "row-view"];
const ONCE = ["row-delete", "import-button"];
async function subPages(page: Page, seen: Set<string>): Promise<string[]> {
  const hrefs: string[] = [];
  for (const id of [...EVERY_LIST, ...ONCE.filter((k) => !seen.has(k))]) {
    const link = page.getByTestId(id).first();
    if (await link.count()) {
      const href = await link.getAttribute("href");
      if (href) hrefs.push(href);
      if (ONCE.includes(id)) seen.add(id);
    }
  }
  return hrefs;
}

/**
 * Each page is visited once, Chinese and English in turn (the 1st, 3rd… visit of a test in Chinese at 1366 × 768, the
 * 2nd, 4th… in English at 1280 × 720), so both languages and both screens are crawled; axe and the tables are checked
 * on every visit, the English chrome of every page too (of the Chinese visits, in the document the server renders in
 * English). Loading a page, and axe, are most of the crawl's time.
 */
const langOf = (visit: number): Lang => (visit % 2 === 0 ? "zh" : "en");

async function crawl(page: Page, paths: string[]): Promise<string[]> {
  const problems: string[] = [];
  let placeholderChecked = false;
  const seen = new Set<string>();
  let visits = 0;
  const nextLanguage = async () => {
    const lang = langOf(visits++);
    await setLanguage(page, lang);
    return lang;
  };
  for (const path of paths) {
    const lang = await nextLanguage();
    const status = (await page.goto(path))?.status() ?? 0;
    const placeholder = (await page.getByTestId("not-built").count()) > 0;
    problems.push(...(await check(page, path, lang, { loaded: true, status, axe: !placeholder || !placeholderChecked, chrome: true })));
    problems.push(...(await tableProblems(page, TABLE_ROWS)).map((p) => `[${lang}] ${path}: ${p}`));
    placeholderChecked ||= placeholder;
    for (const sub of await subPages(page, seen)) problems.push(...(await check(page, sub, await nextLanguage(), { chrome: true })));
  }
  return problems;
}

test.describe("every page: no serious axe violation; English chrome without Han text or CJK punctuation; row actions reachable on 1280 and 1366 px screens", () => {
  // Accounts are independent: let both workers share them.
  test.describe.configure({ mode: "parallel" });
  for (const [role, all] of planAccounts(rows, FLAGS))
    for (const paths of chunks(all, CHUNK))
      test(`role ${role} (${phoneOf(role)}): ${paths.length} pages from ${paths[0]}, in Chinese and English in turn`, async ({ page }) => {
        test.setTimeout(240_000);
        await signIn(page, phoneOf(role));
        expect(await crawl(page, paths)).toEqual([]);
      });

  for (const lang of ["zh", "en"] as const)
    test(`public pages, ${lang}`, async ({ page }) => {
      const problems: string[] = [];
      await setLanguage(page, lang);
      for (const path of PUBLIC_PATHS) problems.push(...(await check(page, path, lang)));
      expect(problems).toEqual([]);
    });

  test("keyboard: every focused control shows a focus ring (login page and a list page)", async ({ page }) => {
    const ringless: string[] = [];
    const walk = async (path: string, steps: number) => {
      for (let i = 0; i < steps; i++) {
        await page.keyboard.press("Tab");
        const focus = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return null;
          const s = getComputedStyle(el);
          const ring = (s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== "none";
          return {
            ring,
            what: `${el.tagName.toLowerCase()} ${el.getAttribute("data-testid") ?? el.getAttribute("name") ?? el.textContent?.trim().slice(0, 20)}`,
          };
        });
        if (focus && !focus.ring) ringless.push(`${path}: ${focus.what}`);
      }
    };
    await page.goto("/login");
    await walk("/login", 8);
    await login(page, phoneOf(5));
    await page.goto("/kindergarten/place");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await walk("/kindergarten/place", 40);
    expect(ringless).toEqual([]);
  });

  test("keyboard: the delete confirmation dialog traps focus and gives it back to the link that opened it", async ({ page }) => {
    await login(page, phoneOf(5));
    await page.goto("/kindergarten/place");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const opener = page.getByTestId("row-delete").first();
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByTestId("confirm-dialog");
    await expect(dialog).toBeVisible();
    expect(
      await new AxeBuilder({ page })
        .include("[data-testid=confirm-dialog]")
        .withTags(AXE_TAGS)
        .analyze()
        .then((r) => r.violations.filter((v) => BLOCKING.has(v.impact ?? "")).map((v) => v.id)),
    ).toEqual([]);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });
  test("keyboard: the tabs' menu (Radix) opens from the keyboard's context-menu key, moves with the arrows and gives focus back", async ({ page }) => {
    await login(page, phoneOf(5));
    await page.goto("/kindergarten/place");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const link = page.locator('[data-testid="tab"][data-path="/kindergarten/place"] a');
    await link.focus();
    // The context-menu key (and Shift+F10) fire a contextmenu event at the focused element.
    await link.dispatchEvent("contextmenu", { clientX: 0, clientY: 0, bubbles: true });
    const menu = page.getByTestId("tab-context-menu");
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute("role", "menu");
    expect(
      await new AxeBuilder({ page })
        .include("[data-testid=tab-context-menu]")
        .withTags(AXE_TAGS)
        .analyze()
        .then((r) => r.violations.filter((v) => BLOCKING.has(v.impact ?? "")).map((v) => v.id)),
    ).toEqual([]);
    await page.keyboard.press("ArrowDown");
    await expect(page.getByTestId("tab-menu-refresh")).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByTestId("tab-menu-close")).toBeFocused();
    await page.keyboard.press("End");
    await expect(page.getByTestId("tab-menu-closeAll")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
    await expect(link).toBeFocused();
  });
});
