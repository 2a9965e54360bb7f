import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// The browser's build of the router (ESM, not patched): the reference the server's patched copy must agree with.
import * as esm from "@remix-run/router/dist/router.js";
import type { matchRoutes as MatchRoutes } from "@remix-run/router";

/**
 * patches/@remix-run+router+*.patch (applied by `patch-package` on install) makes the server's route matching cheap:
 * the ranked branches are kept per route tree, each pattern's regular expression is compiled once, and a branch whose
 * whole path cannot match is skipped. Remix matches our ~230 routes several times per document request; unpatched,
 * that was the largest part of the console's own time (issue "Reach and speed"). Only the CommonJS build (what the
 * server requires) is patched: the browser keeps the original, so no byte is added to any page.
 * Here the patched matcher must answer exactly as the original on every route of the built console.
 */
const requireCjs = createRequire(import.meta.url);
const patchedFile = requireCjs.resolve("@remix-run/router");
type Router = { matchRoutes: (routes: Tree, path: string) => ReturnType<typeof MatchRoutes> };
const reference = esm as unknown as Router;
const patched = requireCjs(patchedFile) as Router;

interface BuiltRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}
type Tree = (BuiltRoute & { children: Tree })[];

function routeTree(): { tree: Tree; paths: string[] } {
  const build = requireCjs(join(process.cwd(), "build/index.js")) as { routes: Record<string, BuiltRoute> };
  const all = Object.values(build.routes);
  const treeOf = (parentId?: string): Tree => all.filter((r) => r.parentId === parentId).map((r) => ({ ...r, children: treeOf(r.id) }));
  const fullPath = (r: BuiltRoute): string => {
    const parts: string[] = [];
    for (let cur: BuiltRoute | undefined = r; cur; cur = cur.parentId ? build.routes[cur.parentId] : undefined) if (cur.path) parts.unshift(cur.path);
    return "/" + parts.join("/");
  };
  const paths = new Set(["/", "/nope", "//kindergarten//class", "/kindergarten/class/", "/KINDERGARTEN/CLASS", "/files/12/x"]);
  for (const r of all) {
    const p = fullPath(r);
    for (const v of [p.replace(/:\w+\??/g, "12").replace(/\*$/, "a/b"), `${p}/`, p.toUpperCase()]) paths.add(v);
  }
  return { tree: treeOf(undefined), paths: [...paths] };
}

const summary = (m: ReturnType<typeof MatchRoutes>) =>
  m?.map((x) => ({ id: (x.route as BuiltRoute).id, pathname: x.pathname, base: x.pathnameBase, params: x.params })) ?? null;

describe("the server's patched route matching", () => {
  it("is the patched copy (patch-package ran on install)", () => {
    expect(readFileSync(patchedFile, "utf8")).toContain("rankedBranchesCache");
  });

  it("matches every route of the built console exactly as the unpatched router does", () => {
    const { tree, paths } = routeTree();
    expect(paths.length).toBeGreaterThan(500);
    const differ = paths.filter((p) => JSON.stringify(summary(patched.matchRoutes(tree, p))) !== JSON.stringify(summary(reference.matchRoutes(tree, p))));
    expect(differ).toEqual([]);
    // Twice: the second answers come from the kept branches and patterns.
    for (const p of paths.slice(0, 50)) expect(summary(patched.matchRoutes(tree, p))).toEqual(summary(reference.matchRoutes(tree, p)));
  });

  it("sees a route tree that changed: a new tree is ranked afresh", () => {
    const first = [{ id: "a", path: "a", children: [] }];
    expect(summary(patched.matchRoutes(first, "/b"))).toBeNull();
    const second = [...first, { id: "b", path: "b", children: [] }];
    expect(summary(patched.matchRoutes(second, "/b"))?.[0]?.id).toBe("b");
  });
});

describe("the server's route tree, made once per build (patches of @remix-run/react and react-router-dom)", () => {
  it("is the patched copy of both", () => {
    expect(readFileSync(requireCjs.resolve("@remix-run/react/dist/server.js"), "utf8")).toContain("serverRoutesCache");
    expect(readFileSync(requireCjs.resolve("react-router-dom/server.js"), "utf8")).toContain("dataRoutesCache");
  });

  it("gives the same data routes for the same tree on every request, each with its own matches", async () => {
    const { createStaticHandler, createStaticRouter } = requireCjs("react-router-dom/server.js") as typeof import("react-router-dom/server");
    const routes = [
      {
        id: "root",
        path: "/",
        children: [
          { id: "class", path: "kindergarten/class" },
          { id: "place", path: "kindergarten/place" },
        ],
      },
    ];
    const handler = createStaticHandler(routes);
    const contextOf = async (path: string) =>
      (await handler.query(new Request(`http://console.test${path}`))) as Exclude<Awaited<ReturnType<typeof handler.query>>, Response>;
    const first = createStaticRouter(routes, await contextOf("/kindergarten/class"));
    const second = createStaticRouter(routes, await contextOf("/kindergarten/place"));
    expect(second.routes).toBe(first.routes);
    expect(first.state.matches.map((m) => m.route.id)).toEqual(["root", "class"]);
    expect(second.state.matches.map((m) => m.route.id)).toEqual(["root", "place"]);
  });
});
