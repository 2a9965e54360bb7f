import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";

/**
 * What a user must never see on a screen, checked by the page crawl (a11y.spec.ts) and after every step of
 * the journeys (journeys/): a clipped or covered row action, a raw translation key or code, an ISO timestamp, a
 * broken image.
 */

/** The problems of the page just loaded (empty when its tables hold up). */
export async function tableProblems(page: Page, rows: number): Promise<string[]> {
  return page.evaluate(async (rows) => {
    const out: string[] = [];
    const vw = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > vw + 1) out.push(`page scrolls sideways (${document.documentElement.scrollWidth} > ${vw})`);
    const controls: Element[] = [];
    const shortHan: Text[] = [];
    // While a modal dialog is open (a record action's confirmation: Radix, role=dialog, data-state=open), the page beneath is inert and covered on purpose:
    // its row actions are no target until the dialog closes.
    const modalOpen =
      [...document.querySelectorAll("dialog[open]")].some((d) => d.matches(":modal")) || document.querySelector('[role="dialog"][data-state="open"]') !== null;
    for (const table of document.querySelectorAll("main table")) {
      for (const tr of [...table.querySelectorAll("tbody tr")].slice(0, rows)) {
        // Visible controls only: a hidden input, or a dialog's content, is no target.
        for (const el of tr.querySelectorAll("a[href], button, select, input:not([type=hidden]), summary, textarea"))
          if (!modalOpen && (el as HTMLElement).offsetParent !== null && !el.closest("details:not([open]) > :not(summary)")) controls.push(el);
        const walker = document.createTreeWalker(tr, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const text = n.textContent?.trim() ?? "";
          if (/^\p{Script=Han}{2,6}$/u.test(text)) shortHan.push(n as Text);
        }
      }
    }
    const label = (el: Element) =>
      `<${el.tagName.toLowerCase()}${el.getAttribute("data-testid") ? ` ${el.getAttribute("data-testid")}` : ""}> "${(el.textContent ?? "").trim().slice(0, 30)}"`;
    for (const el of controls) {
      // Scroll the page vertically only (a sideways scroll, of the page or the table's box, would hide the fault),
      // and only when the control is above or below the screen.
      const before = el.getBoundingClientRect();
      if (before.top < 0 || before.bottom > window.innerHeight) {
        window.scrollTo(window.scrollX, window.scrollY + before.top - window.innerHeight / 3);
        await new Promise((r) => requestAnimationFrame(r));
      }
      // A link whose text wraps is several boxes: its first line is what a click aims at.
      const r = el.getClientRects()[0] ?? el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.left < 0 || r.right > vw + 0.5 || r.top < 0 || r.bottom > window.innerHeight) {
        out.push(`${label(el)} outside the viewport (${Math.round(r.left)}–${Math.round(r.right)} of ${vw})`);
        continue;
      }
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !(hit === el || el.contains(hit) || (el as HTMLInputElement).labels?.[0]?.contains(hit)))
        out.push(`${label(el)} covered by ${hit ? `<${hit.tagName.toLowerCase()} class="${hit.className}">` : "nothing"}`);
    }
    for (const n of shortHan) {
      const range = document.createRange();
      range.selectNodeContents(n);
      const lines = new Set([...range.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top)));
      if (lines.size > 1) out.push(`"${n.textContent!.trim()}" wraps over ${lines.size} lines`);
    }
    return [...new Set(out)];
  }, rows);
}

/** Every translation key of the console and API (both languages have the same), as a user would see it if raw. */
const TRANSLATION_KEYS: ReadonlySet<string> = (() => {
  const keys = new Set<string>();
  const dir = "contract/locales/en";
  const walk = (o: unknown, prefix: string) => {
    if (o && typeof o === "object") for (const [k, v] of Object.entries(o)) walk(v, prefix ? `${prefix}.${k}` : k);
    else if (prefix.includes(".")) keys.add(prefix);
  };
  for (const f of readdirSync(dir).filter((n) => n.endsWith(".json"))) walk(JSON.parse(readFileSync(join(dir, f), "utf8")), "");
  return keys;
})();

/**
 * The problems of the screen as it stands: table row actions out of reach, a translation key or `undefined`/`null`/
 * `NaN`/`[object Object]` shown as text, a timestamp in ISO form, an image that did not load.
 */
export async function screenProblems(page: Page): Promise<string[]> {
  const seen = await page.evaluate(() => {
    const text = document.body.innerText;
    const broken = [...document.images]
      .filter((img) => img.complete && img.naturalWidth === 0 && img.getClientRects().length > 0)
      .map((img) => img.getAttribute("src") ?? "");
    return {
      tokens: [...new Set(text.match(/(?:[a-z]+:)?[a-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+/g) ?? [])],
      iso: [...new Set(text.match(/\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}[^\s]*/g) ?? [])],
      junk: [...new Set(text.match(/\b(?:undefined|null|NaN)\b|\[object Object\]/g) ?? [])],
      broken,
    };
  });
  const path = new URL(page.url()).pathname;
  const raw = seen.tokens.map((t) => t.replace(/^[a-z]+:/, "")).filter((t) => TRANSLATION_KEYS.has(t));
  return [
    ...(await tableProblems(page, 6)),
    ...raw.map((t) => `raw translation key "${t}"`),
    ...seen.junk.map((t) => `"${t}" shown as text`),
    ...seen.iso.map((t) => `ISO timestamp "${t}"`),
    ...seen.broken.map((src) => `broken image ${src}`),
  ].map((p) => `${path}: ${p}`);
}
