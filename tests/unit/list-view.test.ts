import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listViewOf, viewOf, type SubPageField } from "@contract/resource";
import { RESOURCES } from "@contract/resources";
import { phoneOf, startTestApi, type TestApi } from "../api/helpers";

/**
 * A list page is sent `listViewOf(def)`: the definition without what only sub-pages read (issue 28: for the users
 * list those fields were 5.7 KB of its 8.2 KB definition, in every list document). Sub-pages keep the whole `viewOf`.
 */

process.env.SESSION_SECRET = "list-view-secret";

const SUB_PAGE_FIELDS: SubPageField[] = ["formGroups", "createDefaults", "exportColumns", "importColumns", "detail"];
const ORIGIN = "http://console.test";
const ROUTES = path.resolve(__dirname, "../../app/routes/_console+");

describe("listViewOf", () => {
  it.each(Object.values(RESOURCES).map((d) => [d.name, d] as const))("%s: the view without the sub-page fields", (_, def) => {
    const list = listViewOf(def) as unknown as Record<string, unknown>;
    for (const f of SUB_PAGE_FIELDS) expect(list, f).not.toHaveProperty(f);
    expect(list.importable).toBe(Boolean(def.importColumns?.length));
    // Nothing else dropped or changed.
    const { importable: _importable, ...rest } = list;
    const full = { ...viewOf(def) } as Record<string, unknown>;
    for (const f of SUB_PAGE_FIELDS) delete full[f];
    expect(rest).toEqual(full);
  });
});

describe("list loaders send the list view", () => {
  let t: TestApi;
  const cookies = new Map<number, string>();

  beforeAll(async () => {
    t = await startTestApi();
    process.env.API_BASE_URL = t.url;
    (await import("~/utils/env.server")).resetEnvCache();
    const session = await import("~/utils/session.server");
    for (const n of [5, 12]) {
      const r = await t.login(phoneOf(n));
      expect(r.code).toBe(200);
      const headers = await session.commitUser(new Request(`${ORIGIN}/login`), r.data);
      cookies.set(n, headers.get("Set-Cookie")!.split(";")[0]!);
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A route module's loader data (`loaderData` or `json()`), as the page receives it. */
  async function load(file: string, url: string, who: number, params: Record<string, string> = {}) {
    const mod = (await import(/* @vite-ignore */ path.join(ROUTES, file))) as { loader: (a: unknown) => Promise<unknown> };
    const v = await mod.loader({ request: new Request(ORIGIN + url, { headers: { Cookie: cookies.get(who)! } }), params, context: {} });
    if (v instanceof Response) return (await v.json()) as Record<string, unknown>;
    return (v as { data: Record<string, unknown> }).data;
  }
  const defOf = (data: Record<string, unknown>) => data.def as Record<string, unknown>;

  it.each([
    ["the users list", "user+/userAdministration.tsx", "/user/userAdministration", 5, true],
    // A custom loader spreading listLoader's data.
    ["the punch records (list plus setting)", "kindergarten+/punch.tsx", "/kindergarten/punch", 5, false],
    ["the appointments' day view", "admission+/appointmentList.tsx", "/admission/appointmentList?view=day", 12, false],
  ] as const)("%s", async (_, file, url, who, importable) => {
    const data = await load(file, url, who);
    const def = defOf(data);
    expect(def.page).toBe(url.replace(/\?.*/, ""));
    for (const f of SUB_PAGE_FIELDS) expect(def, f).not.toHaveProperty(f);
    expect(def.importable).toBe(importable);
  });

  it("a sub-page still gets the whole definition", async () => {
    const def = defOf(await load("user+/userAdministration_.$.tsx", "/user/userAdministration/new", 5, { "*": "new" }));
    expect(def).toHaveProperty("formGroups");
    expect(def).toHaveProperty("importColumns");
  });
});
