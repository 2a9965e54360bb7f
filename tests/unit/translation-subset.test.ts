import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { resources } from "~/locales.server";
import { INLINE_TRANSLATIONS_ID, PageTranslations, TranslationProvider, translate, useTranslation, type Resources } from "~/utils/i18n-react";
import { recordTranslations, scriptJson } from "~/utils/translation-subset.server";

/** A page using a plain key, a nested key, an `ns:` key, a plural with a count, and a key that does not exist. */
function Page({ count }: { count: number }) {
  const { t } = useTranslation(["crud", "common"]);
  return h("p", null, [t("common:close"), t("errors.general"), t("actions.create"), t("list.total", { count }), t("no.such.key")].join("|"));
}

/** Renders Page then the document's inline translations, as the root's Layout does; answers the text and the JSON. */
function renderDocument(lng: "zh" | "en", count: number) {
  const html = renderToStaticMarkup(
    h(TranslationProvider, {
      language: lng,
      resources: resources[lng],
      recorder: recordTranslations(resources[lng]),
      children: [h(Page, { key: 1, count }), h(PageTranslations, { key: 2 })],
    }),
  );
  const json = new RegExp(`<script type="application/json" id="${INLINE_TRANSLATIONS_ID}"[^>]*>(.*)</script>`).exec(html)?.[1];
  return { text: /<p>(.*)<\/p>/.exec(html)![1]!, json: json === undefined ? undefined : (JSON.parse(json) as Resources) };
}

describe("the page's translations sent with the document", () => {
  it("hold exactly the texts the render found, so the same `t` renders the same page from them", () => {
    const { text, json } = renderDocument("en", 1);
    expect(json).toBeDefined();
    const again = renderToStaticMarkup(h(TranslationProvider, { language: "en", resources: json!, children: h(Page, { count: 1 }) }));
    expect(again).toBe(`<p>${text}</p>`);
    expect(text).not.toContain("errors.general");
    // Every namespace is there (an `ns:` prefix needs it), and only the texts used.
    expect(Object.keys(json!).sort()).toEqual(Object.keys(resources.en).sort());
    expect(json!.validation).toEqual({});
    expect(JSON.stringify(json).length).toBeLessThan(1000);
  });

  it("bring a used key's plural forms along: another count renders from the subset too", () => {
    const { json } = renderDocument("en", 1);
    const other = (r: Resources) => translate("en", r, ["crud"], "list.total", { count: 3 });
    expect(other(json!)).toBe(other(resources.en));
    expect(other(json!)).not.toBe(translate("en", json!, ["crud"], "list.total", { count: 1 }));
  });

  it("record a key once per namespace, where it was found", () => {
    const rec = recordTranslations(resources.zh);
    translate("zh", resources.zh, ["crud", "common"], "close", {}, rec.found);
    translate("zh", resources.zh, ["crud", "common"], "close", {}, rec.found);
    const subset = rec.subset();
    expect(subset.common).toEqual({ close: resources.zh.common!.close });
    expect(subset.crud).toEqual({});
  });

  it("answer the JSON of exactly the texts found, also when another set was rendered before (kept per set)", () => {
    const jsonOf = (keys: [string, string][]) => {
      const rec = recordTranslations(resources.en);
      for (const [ns, key] of keys) translate("en", resources.en, [ns], key, {}, rec.found);
      return rec.json();
    };
    const a = jsonOf([
      ["common", "close"],
      ["crud", "actions.create"],
    ]);
    const b = jsonOf([["common", "close"]]);
    const c = jsonOf([
      ["common", "close"],
      ["crud", "actions.create"],
      ["crud", "actions.edit"],
    ]);
    expect(
      jsonOf([
        ["common", "close"],
        ["crud", "actions.create"],
      ]),
    ).toBe(a);
    expect(JSON.parse(b)).toEqual({ ...Object.fromEntries(Object.keys(resources.en).map((ns) => [ns, {}])), common: { close: resources.en.common!.close } });
    expect((JSON.parse(a) as Resources).crud).toEqual({ actions: { create: (resources.en.crud!.actions as Record<string, string>).create } });
    expect(Object.keys((JSON.parse(c) as { crud: { actions: object } }).crud.actions).sort()).toEqual(["create", "edit"]);
    expect(jsonOf([["common", "close"]])).toBe(b);
  });

  it("translate the same way on every call, a key missing from the first namespaces included (misses are kept on the server)", () => {
    const bundle = { a: "text of a", nested: { b: "text of b" } };
    const res: Resources = { first: {}, second: bundle };
    for (let i = 0; i < 3; i++) {
      expect(translate("en", res, ["first", "second"], "nested.b")).toBe("text of b");
      expect(translate("en", res, ["first", "second"], "a")).toBe("text of a");
      // "a" is a text, not an object: "a.b" is missing, not "a"'s text.
      expect(translate("en", res, ["first", "second"], "a.b", { defaultValue: "none" })).toBe("none");
      expect(translate("en", res, ["first", "second"], "nested.missing")).toBe("nested.missing");
    }
  });

  it("are JSON that cannot end the script element", () => {
    const json = scriptJson({ a: "</script><script>alert(1)</script><!--" });
    expect(json).not.toMatch(/</);
    expect(JSON.parse(json)).toEqual({ a: "</script><script>alert(1)</script><!--" });
  });
});
