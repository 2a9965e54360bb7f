import { existsSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { lazyViewNames } from "../../scripts/lazy-views";
import { pageBytes } from "../../scripts/page-bytes";
import { PAGE_TRANSLATIONS_FILE, translationSlack, type PageTranslationSizes } from "../fixtures/page-translations";

/**
 * Bytes before a page is usable (issue 28, item 2): its JavaScript + the root's CSS + the translations its document
 * carries, each gzipped as sent, ≤ 115 KB on every page. Reads the built console (`npm test` builds before vitest)
 * and the translations measured by rendering every page (PAGE_TRANSLATIONS_FILE, written by
 * tests/e2e/page-translations-size.spec.ts, which fails when a page's translations outgrow it); what is counted:
 * scripts/page-bytes.ts.
 */
const BUDGET_KB = 115;

const built = existsSync("public/build") && existsSync("build/index.js");

describe.skipIf(!built)(`bytes before usable per page (JS + CSS + translations, gzipped, budget ${BUDGET_KB} KB)`, () => {
  it("keeps every page within the budget, with its largest lazily loaded view and its translations", async () => {
    expect(lazyViewNames("app").size, "the lazily loaded views (lazyView calls in app/)").toBeGreaterThanOrEqual(5);
    const measured = JSON.parse(readFileSync(PAGE_TRANSLATIONS_FILE, "utf8")) as PageTranslationSizes;
    expect(Object.keys(measured).length, "routes whose translations were measured").toBeGreaterThan(60);
    const translations = Object.fromEntries(Object.entries(measured).map(([route, s]) => [route, s.gz + translationSlack(s.gz)]));
    const pages = await pageBytes(".", (text) => gzipSync(text).length, translations);
    expect(pages.length).toBeGreaterThan(100);
    expect(pages.every((p) => p.css > 4096 && p.translations > 0 && p.js > 80 * 1024)).toBe(true);
    const kb = (n: number) => (n / 1024).toFixed(1);
    const over = pages
      .filter((p) => p.total / 1024 > BUDGET_KB)
      .map((p) => `${p.route}: ${kb(p.js)} JS + ${kb(p.css)} CSS + ${kb(p.translations)} translations = ${kb(p.total)} KB`);
    expect(over, `pages over ${BUDGET_KB} KB gzipped`).toEqual([]);
  });
});
