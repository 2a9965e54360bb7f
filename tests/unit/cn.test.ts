import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { twMerge } from "tailwind-merge";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { cn } from "~/utils/cn";

/**
 * `cn` is clsx alone (app/utils/cn.ts): it joins, it does not merge, so no caller may rely on a later class replacing
 * an earlier one of the same kind (which one wins would be the stylesheet's order, not the call's). This test reads
 * every `cn(...)` call of app/ and every className given to a component that joins it onto its own classes, works out
 * the class lists each part can hold (literals, conditionals, constants of the file or of a `~/` import, cva variants,
 * `X[key]` over an object of literals) and asks tailwind-merge (a dev dependency, for this test only) whether joining
 * them drops anything that each part alone keeps.
 */

const ROOT = process.cwd();
const files = readdirSync(join(ROOT, "app"), { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
  .map((e) => join(e.parentPath, e.name));
const parsed = new Map<string, ts.SourceFile>();
const sourceOf = (file: string) =>
  parsed.get(file) ?? parsed.set(file, ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)).get(file)!;

/** `~/a/b` → app/a/b.ts(x). */
function moduleFile(spec: string): string | undefined {
  if (!spec.startsWith("~/")) return undefined;
  const base = join(ROOT, "app", spec.slice(2));
  return [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find((f) => files.includes(f));
}

/** The initializer of a top-level `const name = …` of the file, or of the module it imports `name` from. */
function constant(file: string, name: string): { file: string; init: ts.Expression } | undefined {
  for (const st of sourceOf(file).statements) {
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer) return { file, init: d.initializer };
    }
    if (
      ts.isImportDeclaration(st) &&
      ts.isStringLiteral(st.moduleSpecifier) &&
      st.importClause?.namedBindings &&
      ts.isNamedImports(st.importClause.namedBindings)
    ) {
      const from = moduleFile(st.moduleSpecifier.text);
      if (from && st.importClause.namedBindings.elements.some((e) => e.name.text === name)) return constant(from, name);
    }
  }
  return undefined;
}

const unwrap = (e: ts.Expression): ts.Expression =>
  ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e) ? unwrap(e.expression) : e;
const product = (lists: string[][]): string[] => lists.reduce<string[]>((acc, l) => acc.flatMap((a) => l.map((b) => `${a} ${b}`.trim())), [""]);

/** Every class list `e` can be ("" for nothing); a part we cannot read (a prop, a computed string) is left out. */
function alternatives(file: string, expr: ts.Expression, picked: Record<string, string> = {}): string[] {
  const e = unwrap(expr);
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e.text];
  if (ts.isConditionalExpression(e)) return [...alternatives(file, e.whenTrue), ...alternatives(file, e.whenFalse)];
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) return ["", ...alternatives(file, e.right)];
  if (ts.isBinaryExpression(e) && [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(e.operatorToken.kind))
    return [...alternatives(file, e.left), ...alternatives(file, e.right)];
  if (ts.isObjectLiteralExpression(e)) return e.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? alternatives(file, p.initializer) : []));
  if (ts.isElementAccessExpression(e)) return alternatives(file, e.expression);
  if (ts.isIdentifier(e)) {
    const c = constant(file, e.text);
    return c ? alternatives(c.file, c.init, picked) : [];
  }
  if (ts.isCallExpression(e) && ts.isIdentifier(e.expression)) {
    if (e.expression.text === "cn") return product(e.arguments.map((a) => alternatives(file, a)).map((l) => (l.length ? l : [""])));
    // A cva: its base with one value of each variant (the one the caller picked where it names it).
    const c = constant(file, e.expression.text);
    if (c && ts.isCallExpression(c.init) && ts.isIdentifier(c.init.expression) && c.init.expression.text === "cva") {
      const [base, config] = c.init.arguments;
      const variants = config && ts.isObjectLiteralExpression(config) ? config.properties.find((p) => p.name?.getText() === "variants") : undefined;
      const groups: string[][] = [];
      if (variants && ts.isPropertyAssignment(variants) && ts.isObjectLiteralExpression(variants.initializer)) {
        for (const g of variants.initializer.properties) {
          if (!ts.isPropertyAssignment(g) || !ts.isObjectLiteralExpression(g.initializer)) continue;
          const values = g.initializer.properties.filter(ts.isPropertyAssignment);
          const chosen = values.filter((v) => picked[g.name.getText()] === undefined || v.name.getText() === picked[g.name.getText()]);
          groups.push(chosen.flatMap((v) => alternatives(c.file, v.initializer)));
        }
      }
      return product([base ? alternatives(c.file, base) : [""], ...groups]);
    }
  }
  return [];
}

/** What merging would drop: the classes twMerge removes from the joined parts that it keeps in each part alone. */
function dropped(parts: string[]): string[] {
  const own = new Set(parts.flatMap((p) => twMerge(p).split(" ")).filter(Boolean));
  const merged = new Set(twMerge(parts.join(" ")).split(" "));
  return [...own].filter((c) => !merged.has(c));
}

/** Components that join their `className` onto their own classes with cn: their cva and the variants the element picks. */
const JOINING: Partial<Record<string, (attrs: Record<string, string>) => string[]>> = {
  Button: (a) => own("button.tsx", "buttonVariants", { variant: a.variant ?? "default", size: a.size ?? "default" }),
  Input: (a) => own("input.tsx", "inputVariants", { inputSize: a.inputSize ?? "default", fit: a.fit ?? "false" }),
  NativeSelect: (a) => own("input.tsx", "inputVariants", { inputSize: a.inputSize ?? "default", fit: a.fit ?? "false" }).map((c) => `${c} pr-8`),
  Alert: (a) => own("alert.tsx", "alertVariants", { variant: a.variant ?? "info" }),
  ScrollRegion: () => ["overflow-auto"],
  Field: () => ["space-y-1"],
  "Dialog.Content": () => ["rounded-md bg-white p-6 text-left shadow-xl"],
  MenuLink: () => ["flex items-center gap-2 truncate hover:bg-menu-hover text-menu-active"],
  LanguageSwitch: () => ["flex items-center gap-1 text-sm"],
};
function own(file: string, cvaName: string, picked: Record<string, string>): string[] {
  return alternatives(join(ROOT, "app/components/ui", file), ts.factory.createCallExpression(ts.factory.createIdentifier(cvaName), undefined, []), picked);
}

interface Site {
  where: string;
  parts: string[][];
}

function sites(): Site[] {
  const out: Site[] = [];
  for (const file of files) {
    const sf = sourceOf(file);
    const where = (n: ts.Node) => `${file.slice(ROOT.length + 1)}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
    const attrsOf = (el: ts.JsxOpeningLikeElement) => {
      const attrs: Record<string, string> = {};
      const exprs: Record<string, ts.Expression> = {};
      for (const a of el.attributes.properties) {
        if (!ts.isJsxAttribute(a)) continue;
        const name = a.name.getText();
        if (!a.initializer) {
          attrs[name] = "true"; // `<Input fit>`
          continue;
        }
        const init = ts.isJsxExpression(a.initializer) ? a.initializer.expression : a.initializer;
        if (!init) continue;
        exprs[name] = init;
        if (ts.isStringLiteral(init)) attrs[name] = init.text;
      }
      return { attrs, exprs, asChild: el.attributes.properties.some((a) => ts.isJsxAttribute(a) && a.name.getText() === "asChild") };
    };
    const visit = (n: ts.Node) => {
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === "cn") {
        out.push({ where: where(n), parts: n.arguments.map((a) => alternatives(file, a)) });
      }
      // cva joins its base and the chosen variants the same way.
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === "cva") {
        const [base, config] = n.arguments;
        const variants = config && ts.isObjectLiteralExpression(config) ? config.properties.find((p) => p.name?.getText() === "variants") : undefined;
        const groups =
          variants && ts.isPropertyAssignment(variants) && ts.isObjectLiteralExpression(variants.initializer)
            ? variants.initializer.properties.filter(ts.isPropertyAssignment).map((g) => alternatives(file, g.initializer))
            : [];
        out.push({ where: where(n), parts: [base ? alternatives(file, base) : [], ...groups] });
      }
      if (ts.isJsxOpeningElement(n) || ts.isJsxSelfClosingElement(n)) {
        const tag = n.tagName.getText();
        const joining = JOINING[tag];
        const { attrs, exprs, asChild } = attrsOf(n);
        const mine = joining ? joining(attrs) : [];
        if (joining && exprs.className) out.push({ where: where(n), parts: [mine, alternatives(file, exprs.className)] });
        // `<Button asChild><Link className=…>`: the child's classes are joined onto the button's.
        if (asChild && joining && ts.isJsxOpeningElement(n)) {
          const child = n.parent.children.find((c) => ts.isJsxElement(c) || ts.isJsxSelfClosingElement(c));
          const opening = child && (ts.isJsxElement(child) ? child.openingElement : (child as ts.JsxSelfClosingElement));
          const childClass = opening ? attrsOf(opening).exprs.className : undefined;
          if (childClass)
            out.push({
              where: where(opening!),
              parts: [mine, alternatives(file, exprs.className ?? ts.factory.createStringLiteral("")), alternatives(file, childClass)],
            });
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return out;
}

describe("cn (clsx: joins, never merges)", () => {
  it("joins class lists as clsx does", () => {
    expect(cn("a", false, null, undefined, ["b", { c: true, d: false }])).toBe("a b c");
    expect(cn("px-3", "px-4")).toBe("px-3 px-4");
  });

  it("finds the calls and the components' classNames (the check below can fail)", () => {
    const all = sites();
    expect(all.length).toBeGreaterThan(60);
    expect(all.some((s) => s.where.startsWith("app/components/ui/button.tsx") && s.parts[0]!.some((p) => p.includes("bg-primary")))).toBe(true);
    expect(dropped(["h-9 w-full", "w-40"])).toEqual(["w-full"]);
  });

  it("no call relies on merging: no part of a cn call or of a component's className overrides another's class", () => {
    const conflicts: string[] = [];
    for (const site of sites()) {
      const lists = site.parts.filter((p) => p.length);
      for (const combo of lists.reduce<string[][]>((acc, l) => acc.flatMap((a) => l.map((b) => [...a, b])), [[]])) {
        const lost = dropped(combo);
        if (lost.length) conflicts.push(`${site.where}: ${lost.join(" ")} lost in ${JSON.stringify(combo)}`);
      }
    }
    expect([...new Set(conflicts)]).toEqual([]);
  });
});
