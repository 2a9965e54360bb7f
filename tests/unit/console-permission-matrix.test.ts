import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionOf } from "@contract/actions";
import { allFormFields, type ResourceDefinition, type SubPageField } from "@contract/resource";
import { RESOURCES } from "@contract/resources";
import { users } from "@contract/resources/users";
import { demoFlags, expectedVisible, parseTable, ruleAllows, type TableRow } from "../fixtures/routes-table";
import { expectedRowActions, GRANTS } from "../fixtures/row-offers";
import { phoneOf, startTestApi, type TestApi } from "../api/helpers";

/**
 * The console half of the generated permission matrix (issue 4): the route modules' loaders AND
 * actions of every page of the kindergarten-management and user-management sections, imported from
 * app/routes and called with real session cookies against a real API started in-process (fresh
 * demo database), so that allowed cases load real data and refusals come from the console itself.
 *
 *  - every page of routes.md: the page module's loader (and its action, if it has one);
 *  - every resource definition of the registry contract/resources (picked up as they land):
 *    `/new`, `/:id` (detail), `/:id/edit`, `/:id/delete`, `/delete?ids=` (bulk), `/import`, loaders and
 *    actions, and the export route, on a row of kindergarten 1 and a row of kindergarten 4.
 * Users: the 16 role accounts 138000000RR and the group-2 users 13800000405 / 13800000401.
 * Expectation: as tests/api/permission-matrix.test.ts (routes.md roles and flag rule from the
 * independent parse of tests/fixtures/routes-table.ts, intersected with the definition's `can`):
 * refused → 403; a row outside the tenant → 404; allowed → 200 (actions: anything but 403/404 — a
 * validation answer, a redirect after saving — with forms that write nothing unless valid).
 */

process.env.SESSION_SECRET = "console-matrix-secret";

const GROUP_ROLES = [9, 10, 15, 16];
const GROUP_OF_KG: Record<number, number> = { 1: 1, 2: 1, 3: 1, 4: 2 };
const NO_SUCH_ID = 999999999;
const ORIGIN = "http://console.test";
const ROUTES_DIR = path.resolve(__dirname, "../../app/routes/_console+");

const table = parseTable();
/** Every page of routes.md (placeholders included). */
const pages = table;
const rowOf = (page: string): TableRow => table.find((r) => r.path === page)!;
/** Every resource definition of the registry (contract/resources/index.ts), whatever its section. */
const defs: ResourceDefinition[] = Object.values(RESOURCES).sort((a, b) => a.name.localeCompare(b.name));

/** `/kindergarten/class` + suffix → app/routes/_console+/kindergarten+/class<suffix>.tsx (`/evaluate/entrust/:id` → `entrust.$id.tsx`). */
function routeFile(page: string, suffix = ""): string {
  const [, section, ...rest] = page.split("/");
  return path.join(ROUTES_DIR, `${section}+`, `${rest.join(".").replace(/:id/g, "$id")}${suffix}.tsx`);
}

interface Actor {
  label: string;
  userId: number;
  role: number;
  kg: number | null;
  group: number | null;
  flags: Record<string, unknown> | null;
  cookie: string;
}
interface Owner {
  kg: number | null;
  group: number | null;
}
type RouteModule = { loader?: (args: unknown) => unknown; action?: (args: unknown) => unknown };

let t: TestApi;
const actors: Actor[] = [];
const tokens = new Map<Actor, string>();
let csrf = { token: "", cookie: "" };

beforeAll(async () => {
  t = await startTestApi();
  process.env.API_BASE_URL = t.url;
  const env = await import("~/utils/env.server");
  env.resetEnvCache();
  const session = await import("~/utils/session.server");
  const csrfMod = await import("~/utils/csrf.server");
  const issued = await csrfMod.getCsrfToken(new Request(ORIGIN + "/"));
  csrf = { token: issued.token, cookie: issued.headers!.get("Set-Cookie")!.split(";")[0]! };
  const phones = [
    ...Array.from({ length: 16 }, (_, i) => ({ label: `role ${i + 1}`, phone: phoneOf(i + 1) })),
    { label: "group 2 admin (405)", phone: phoneOf(405) },
    { label: "group 2 principal (401)", phone: phoneOf(401) },
  ];
  const replies = await Promise.all(phones.map((p) => t.login(p.phone)));
  for (const [i, r] of replies.entries()) {
    if (r.code !== 200) throw new Error(`login ${phones[i]!.phone}: ${r.code} ${r.msg}`);
    const headers = await session.commitUser(new Request(ORIGIN + "/login"), r.data);
    const actor: Actor = {
      label: phones[i]!.label,
      userId: r.data.userId,
      role: r.data.roleId,
      kg: r.data.kindergartenId,
      group: r.data.educationGroupId,
      flags: r.data.optionalFunction ?? null,
      cookie: `${headers.get("Set-Cookie")!.split(";")[0]!}; ${csrf.cookie}`,
    };
    actors.push(actor);
    tokens.set(actor, r.data.token);
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

// ------------------------------------------------------------------------------------------------
// Expectations (as in tests/api/permission-matrix.test.ts)
// ------------------------------------------------------------------------------------------------
type Act = "read" | "create" | "change" | "delete";
const pageAllows = (page: string, a: Actor) => {
  const row = rowOf(page);
  return row.roles.includes(a.role) && ruleAllows(row.rule, a.role, a.flags);
};
const allows = (def: ResourceDefinition, action: Act, a: Actor) =>
  pageAllows(def.page, a) && (action === "read" || (def.can?.[action] ?? rowOf(def.page).roles).includes(a.role as never));
const inScope = (a: Actor, o: Owner) => {
  if (a.role === 6) return true;
  if (GROUP_ROLES.includes(a.role)) return o.group != null && o.group === a.group;
  return o.kg != null && o.kg === a.kg;
};
function ownerOf(def: ResourceDefinition, item: Record<string, unknown>): Owner {
  const num = (v: unknown) => (typeof v === "number" ? v : null);
  if (def.page === "/kindergarten/group") return { kg: null, group: num(item.id) };
  const kg = def.page === "/kindergarten/kindergarten" ? num(item.id) : num(item.kindergartenId);
  return { kg, group: num(item.educationGroupId) ?? (kg != null ? (GROUP_OF_KG[kg] ?? null) : null) };
}

// ------------------------------------------------------------------------------------------------
// Calling route modules
// ------------------------------------------------------------------------------------------------
const modules = new Map<string, Promise<RouteModule>>();
const load = (file: string) => {
  if (!modules.has(file)) modules.set(file, import(/* @vite-ignore */ file) as Promise<RouteModule>);
  return modules.get(file)!;
};

interface Result {
  status: number;
  body?: unknown;
  headers?: Headers;
}

async function settleResponse(v: unknown): Promise<Result> {
  if (v instanceof Response) {
    const type = v.headers.get("content-type") ?? "";
    const body = type.includes("json")
      ? await v
          .clone()
          .json()
          .catch(() => null)
      : null;
    return { status: v.status, body, headers: v.headers };
  }
  // A loader's plain data with its init (`data()`, ~/utils/loader-data.server), as Remix's single fetch takes it.
  const d = v as { type?: string; data?: unknown; init?: ResponseInit | null } | null;
  if (d?.type === "DataWithResponseInit") return { status: d.init?.status ?? 200, body: d.data, headers: new Headers(d.init?.headers) };
  return { status: 200, body: v };
}

/** Calls a route module's loader (GET) or action (POST form with the CSRF token). */
async function callRoute(
  file: string,
  kind: "loader" | "action",
  url: string,
  a: Actor,
  params: Record<string, string> = {},
  form?: Record<string, string | string[]>,
): Promise<Result> {
  const mod = await load(file);
  const fn = mod[kind];
  if (!fn) return { status: -1, body: `${path.relative(ROUTES_DIR, file)} has no ${kind}` };
  const headers = new Headers({ Cookie: a.cookie });
  let body: URLSearchParams | undefined;
  if (kind === "action") {
    body = new URLSearchParams();
    body.set("csrf", csrf.token);
    for (const [k, v] of Object.entries(form ?? {})) for (const x of Array.isArray(v) ? v : [v]) body.append(k, x);
    headers.set("Origin", ORIGIN);
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  }
  const request = new Request(ORIGIN + url, { method: kind === "action" ? "POST" : "GET", headers, body });
  try {
    return await settleResponse(await fn({ request, params, context: {} }));
  } catch (e) {
    if (e instanceof Response) return settleResponse(e);
    return { status: -2, body: String((e as Error)?.stack ?? e).slice(0, 400) };
  }
}

interface Cell {
  what: string;
  actor: Actor;
  want: number[];
  run(): Promise<Result>;
  /** Extra check on an allowed answer (e.g. real data loaded). */
  check?(r: Result): string | null;
}

async function runPool<T, R>(items: T[], size: number, fn: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

async function runCells(cells: Cell[]) {
  const results = await runPool(cells, 6, async (c) => ({ c, r: await c.run() }));
  const bad: string[] = [];
  for (const { c, r } of results) {
    const problem = !c.want.includes(r.status) ? `got ${r.status}` : c.check && r.status === 200 ? c.check(r) : null;
    if (problem) bad.push(`${c.what} as ${c.actor.label}: ${problem}, want ${c.want.join("|")}${r.status < 0 ? ` (${String(r.body)})` : ""}`);
  }
  const refused = results.filter((x) => x.r.status === 403).length;
  const hidden = results.filter((x) => x.r.status === 404).length;
  return { bad, count: results.length, refused, hidden };
}

/** Item → form fields as the edit form posts them (arrays repeated, booleans "on"). */
function formFrom(def: ResourceDefinition, item: Record<string, unknown>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const f of allFormFields(def)) {
    if (f.createOnly) continue;
    const v = item[f.name];
    if (v == null || v === "") continue;
    if (Array.isArray(v)) out[f.name] = v.map(String);
    else if (typeof v === "boolean") {
      if (v) out[f.name] = "on";
    } else out[f.name] = String(v);
  }
  return out;
}

const SUB_PAGE_FIELDS: SubPageField[] = ["formGroups", "createDefaults", "exportColumns", "importColumns", "detail"];

const NOT_REFUSED = [200, 204, 302, 303, 400, 405, 409, 422];

describe("console permission matrix: every page's route module and every resource definition", () => {
  it("covers every page of routes.md and the resources on them", () => {
    expect(pages.length).toBeGreaterThan(70);
    for (const p of pages) expect(fs.existsSync(routeFile(p.path)), routeFile(p.path)).toBe(true);
    expect(defs.map((d) => d.name)).toEqual(expect.arrayContaining(["classes", "places"]));
  });

  it("every page's action (and the editors' sub-pages): 18 users", async () => {
    const cells: Cell[] = [];
    for (const p of pages) {
      const file = routeFile(p.path);
      const mod = await load(file);
      const url = p.path.replace(/:id/g, "1");
      const params: Record<string, string> = p.path.includes(":id") ? { id: "1" } : {};
      for (const a of actors) {
        const ok = pageAllows(p.path, a);
        // GET of every page × every user × both tenants: the built-server block below. Here: the module's action.
        // An empty form (only the CSRF token): refused → 403; allowed → a validation answer or "not built" (405).
        if (mod.action)
          cells.push({ what: `POST ${url} (empty form)`, actor: a, want: ok ? NOT_REFUSED : [403], run: () => callRoute(file, "action", url, a, params) });
      }
      // Pages with sub-pages but no resource definition (e.g. the optional-functions editor at <page>/<id>/edit):
      // kindergarten 1's editor and an empty save; allowed → the page (or 404 for an id outside her reach).
      const subFile = routeFile(p.path, "_.$");
      if (defs.some((d) => d.page === p.path) || !fs.existsSync(subFile)) continue;
      for (const a of actors) {
        const ok = pageAllows(p.path, a);
        cells.push({
          what: `GET ${p.path}/1/edit`,
          actor: a,
          want: ok ? [200, 404] : [403],
          run: () => callRoute(subFile, "loader", `${p.path}/1/edit`, a, { "*": "1/edit" }),
        });
        cells.push({
          what: `POST ${p.path}/1/edit (empty form)`,
          actor: a,
          want: ok ? NOT_REFUSED.concat(404) : [403],
          run: () => callRoute(subFile, "action", `${p.path}/1/edit`, a, { "*": "1/edit" }),
        });
      }
    }
    const { bad, count, refused } = await runCells(cells);
    console.log(`[console matrix] pages: ${count} cells (${refused} refused), ${bad.length} mismatches`);
    expect(bad).toEqual([]);
  }, 120_000);

  for (const def of defs) {
    it(`${def.name} (${def.page}): list, sub-pages, export, loaders and actions × 18 users`, async () => {
      // Targets: a row of kindergarten 1 and one of kindergarten 4, from the lists of the users allowed to read.
      const readers = actors.filter((a) => allows(def, "read", a));
      const visible = new Map<Actor, Set<number>>();
      const all: Record<string, unknown>[] = [];
      for (const a of readers) {
        const r = await t.call("GET", def.endpoint, { token: tokens.get(a)!, query: { pageSize: 10000 } });
        expect(r.code, `${def.name}: ${a.label} lists ${def.endpoint}`).toBe(200);
        const list = r.data.list as Record<string, unknown>[];
        visible.set(a, new Set(list.map((x) => Number(x.id))));
        all.push(...list);
      }
      const known = (i: Record<string, unknown>) => ownerOf(def, i).kg != null || ownerOf(def, i).group != null;
      const own = all.find((i) => ownerOf(def, i).group === 1 && (ownerOf(def, i).kg ?? 1) === 1) ?? all.find((i) => !known(i));
      const foreign = all.find((i) => ownerOf(def, i).group === 2);
      const rows: [string, Record<string, unknown> | null][] = [
        [own ? "kg1 row" : "unknown id", own ?? null],
        ...(foreign ? [["kg4 row", foreign] as [string, Record<string, unknown>]] : []),
      ];
      /** Tenancy by the row's kindergarten/group; a row without either is in reach when the user's own list shows it. */
      const reaches = (a: Actor, item: Record<string, unknown> | null) => {
        if (!item) return false;
        return known(item) ? inScope(a, ownerOf(def, item)) : a.role === 6 || (visible.get(a)?.has(Number(item.id)) ?? false);
      };

      const listFile = routeFile(def.page);
      const subFile = routeFile(def.page, "_.$");
      const exportFile = routeFile(def.page, "_.export");
      // Sub-pages exist wherever someone may create, change or delete (or there is a detail view); export unless `exportable: false`.
      const hasSub = fs.existsSync(subFile);
      const needsSub = Boolean(def.detail) || (["create", "change", "delete"] as const).some((x) => def.can?.[x]?.length !== 0);
      expect(hasSub || !needsSub, `${subFile} (sub-pages of ${def.name})`).toBe(true);
      const flag = (k: string) => (def as unknown as Record<string, unknown>)[k] !== false;
      const exportable = flag("exportable");
      const itemEndpoint = flag("itemEndpoint");
      const bulk = flag("bulkDelete");
      expect(fs.existsSync(exportFile) || !exportable, `${exportFile} (export of ${def.name})`).toBe(true);
      const sub = (x: string) => ({ "*": x });
      const P = def.page;

      const cells: Cell[] = [];
      for (const a of actors) {
        const read = allows(def, "read", a);
        const create = allows(def, "create", a);
        const change = allows(def, "change", a);
        const del = allows(def, "delete", a);
        cells.push({
          what: `list ${P}`,
          actor: a,
          want: [read ? 200 : 403],
          run: () => callRoute(listFile, "loader", P, a),
          check: (r) => {
            const body = r.body as { error?: unknown; def?: Record<string, unknown> } | null;
            if (body?.error) return `the list loaded no data: ${String(body.error)}`;
            // A list is sent listViewOf: none of the sub-page fields (tests/unit/list-view.test.ts).
            const sent = SUB_PAGE_FIELDS.filter((f) => body?.def && f in body.def);
            return sent.length ? `the list's def carries ${sent.join(", ")}` : null;
          },
        });
        if (exportable)
          cells.push({
            what: `export ${P}/export?format=csv`,
            actor: a,
            want: [read ? 200 : 403],
            run: () => callRoute(exportFile, "loader", `${P}/export?format=csv`, a),
            check: (r) => (r.headers?.get("content-type")?.includes("csv") ? null : `not a CSV: ${r.headers?.get("content-type")}`),
          });
        if (!hasSub) continue;
        cells.push({ what: `GET ${P}/new`, actor: a, want: [create ? 200 : 403], run: () => callRoute(subFile, "loader", `${P}/new`, a, sub("new")) });
        cells.push({
          what: `POST ${P}/new (empty form)`,
          actor: a,
          want: create ? [400, 302] : [403],
          run: () => callRoute(subFile, "action", `${P}/new`, a, sub("new")),
        });
        if (bulk) {
          cells.push({
            what: `GET ${P}/delete?ids=`,
            actor: a,
            want: [del ? 200 : 403],
            run: () => callRoute(subFile, "loader", `${P}/delete?ids=${Number(own?.id ?? NO_SUCH_ID)}`, a, sub("delete")),
          });
          // Bulk delete of an unknown id: allowed → back to the list with an error toast (302); refused → 403.
          cells.push({
            what: `POST ${P}/delete (unknown id)`,
            actor: a,
            want: del ? [302] : [403],
            run: () => callRoute(subFile, "action", `${P}/delete`, a, sub("delete"), { ids: String(NO_SUCH_ID) }),
          });
        }
        // Bulk record actions (`where` has "bulk"): `<page>/<action>?ids=` for the roles the action names (else the change roles).
        for (const [name, act] of Object.entries(def.actions ?? {}).filter(([, x]) => x.where.includes("bulk"))) {
          const may = pageAllows(def.page, a) && (act.roles ?? def.can?.change ?? rowOf(def.page).roles).includes(a.role as never);
          cells.push({
            what: `GET ${P}/${name}?ids=`,
            actor: a,
            want: [may ? 200 : 403],
            run: () => callRoute(subFile, "loader", `${P}/${name}?ids=${Number(own?.id ?? NO_SUCH_ID)}`, a, sub(name)),
          });
          // An unknown id: allowed → the API's 404 as an error toast on the list (302); refused → 403.
          cells.push({
            what: `POST ${P}/${name} (unknown id)`,
            actor: a,
            want: may ? [302] : [403],
            run: () => callRoute(subFile, "action", `${P}/${name}`, a, sub(name), { ids: String(NO_SUCH_ID) }),
          });
        }
        if (def.importColumns?.length) {
          cells.push({
            what: `GET ${P}/import`,
            actor: a,
            want: [create ? 200 : 403],
            run: () => callRoute(subFile, "loader", `${P}/import`, a, sub("import")),
          });
          cells.push({
            what: `POST ${P}/import (no file)`,
            actor: a,
            want: create ? [400] : [403],
            run: () => callRoute(subFile, "action", `${P}/import`, a, sub("import")),
          });
          cells.push({
            what: `GET ${P}/export?template=csv`,
            actor: a,
            want: [create ? 200 : 403],
            run: () => callRoute(exportFile, "loader", `${P}/export?template=csv`, a),
          });
        }
        for (const [label, item] of rows) {
          const id = item ? Number(item.id) : NO_SUCH_ID;
          const reach = reaches(a, item);
          // A row the role may change in general but not in its state or rule (a paid bill, a teacher's own notice):
          // the sub-page refuses it (403, or 409 for the state) — the row oracle decides, as for the rendered rows.
          const rowMay = item ? expectedRowActions(def.name, a, item, { change, delete: del }) : { change, delete: del };
          const want = (allowed: boolean, rowAllowed = allowed) => (allowed ? (reach ? (rowAllowed ? [200] : [403, 409]) : [404]) : [403]);
          if (def.detail)
            cells.push({
              what: `GET ${P}/${id} (${label})`,
              actor: a,
              want: want(read),
              run: () => callRoute(subFile, "loader", `${P}/${id}`, a, sub(String(id))),
            });
          cells.push({
            what: `GET ${P}/${id}/edit (${label})`,
            actor: a,
            want: want(change, rowMay.change),
            run: () => callRoute(subFile, "loader", `${P}/${id}/edit`, a, sub(`${id}/edit`)),
            // The generic edit page carries `item`; a page of its own (e.g. the form builder) names the row's `id`.
            check: (r) => {
              const b = r.body as { item?: { id?: unknown }; id?: unknown } | null;
              return b?.item?.id === id || b?.id === id ? null : "the edit page did not load the row";
            },
          });
          // Without an item endpoint the confirmation page names the row by its id only (nothing to leak).
          cells.push({
            what: `GET ${P}/${id}/delete (${label})`,
            actor: a,
            want: itemEndpoint ? want(del, rowMay.delete) : del ? [200, 404] : [403],
            run: () => callRoute(subFile, "loader", `${P}/${id}/delete`, a, sub(`${id}/delete`)),
          });
          // Saving the row's own values: allowed → saved (302) or a validation answer; outside the tenant → 404 (or 400 before the API).
          cells.push({
            what: `POST ${P}/${id}/edit (same values, ${label})`,
            actor: a,
            want: change ? (reach ? (rowMay.change ? [302, 400] : [302, 400, 403, 409]) : [400, 404]) : [403],
            run: () => callRoute(subFile, "action", `${P}/${id}/edit`, a, sub(`${id}/edit`), formFrom(def, item ?? {})),
          });
          // Deleting a row of another tenant → 404; own tenant: an unknown id (nothing is deleted) → 404 from the API.
          const delId = reach ? NO_SUCH_ID : id;
          cells.push({
            what: `POST ${P}/${delId}/delete (${reach ? "unknown id" : label})`,
            actor: a,
            want: [del ? 404 : 403],
            run: () => callRoute(subFile, "action", `${P}/${delId}/delete`, a, sub(`${delId}/delete`)),
          });
        }
      }
      const { bad, count, refused, hidden } = await runCells(cells);
      console.log(`[console matrix] ${def.name}: ${count} cells (${refused} refused 403, ${hidden} 404), ${bad.length} mismatches`);
      expect(bad).toEqual([]);
      // The rows are all still there (nothing above deleted them).
      const reader = readers.find((a) => a.role === 6) ?? readers.find((a) => a.group === 1) ?? readers[0]!;
      const after = await t.call("GET", def.endpoint, { token: tokens.get(reader)!, query: { pageSize: 10000 } });
      const ids = new Set((after.data.list as { id: number }[]).map((x) => x.id));
      for (const [label, item] of rows) if (item && reaches(reader, item)) expect(ids.has(Number(item.id)), `${def.name} ${label} survives`).toBe(true);
    });
  }
});

// ------------------------------------------------------------------------------------------------
// What the console RENDERS (the built server, build/index.js, called in-process with the same session
// cookies; `npm test` builds before vitest): every list page of both sections as every reader, and the
// user form. A row shows edit / delete / enable-disable / reset password / send / a selection box only
// when the rule allows it; the role choices are the roles she may grant. Expectations are written out
// here (README "Decisions: Users", routes.md), not taken from contract/.
// ------------------------------------------------------------------------------------------------
function expectedOffers(def: ResourceDefinition, a: Actor, row: Record<string, unknown>): Record<string, boolean> {
  return expectedRowActions(def.name, a, row, { change: allows(def, "change", a), delete: allows(def, "delete", a) });
}

/** The test ids a row shows for each offer. */
const OFFER_IDS: Record<string, string[]> = {
  change: ["row-edit"],
  delete: ["row-delete"],
  setEnabled: ["row-enable", "row-disable"],
  resetPassword: ["row-password"],
  send: ["row-send"],
};
const BULK_VERB: Record<string, string> = { users: "setEnabled" };
/** Pages that show some readers another view of the same rows, with no row to act on (docs/sections/daily.md: the bureau reads the roll-up). */
const OTHER_VIEW: Record<string, { roles: number[]; testId: string }> = { healthReports: { roles: [10], testId: "epidemic-rollup" } };
/** Record actions placed on the detail page only (`where` without "row", a layout choice): checked there, not in the row. */
const detailOnly = (def: ResourceDefinition, verb: string) => {
  const a = actionOf(def, verb);
  return Boolean(a && !a.where.includes("row"));
};

function renderedRows(body: string): Map<number, string> {
  const out = new Map<number, string>();
  for (const m of body.matchAll(/<tr[^>]*data-testid="resource-row"[^>]*data-id="(\d+)"[^>]*>([\s\S]*?)<\/tr>/g)) out.set(Number(m[1]), m[2]!);
  return out;
}
const shows = (html: string, testId: string) => html.includes(`data-testid="${testId}"`);
/** Values of the options / checkboxes named `name` in a rendered form. */
function choices(body: string, name: string): number[] {
  const select = new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(body);
  const html = select ? select[1]! : [...body.matchAll(new RegExp(`<input[^>]*name="${name}"[^>]*>`, "g"))].map((m) => m[0]).join("");
  return [...html.matchAll(/value="(\d+)"/g)].map((m) => Number(m[1])).sort((x, y) => x - y);
}

describe("console permission matrix: the rendered pages offer only what the rule allows", () => {
  let handle: (request: Request) => Promise<Response>;
  beforeAll(async () => {
    const buildFile = path.resolve(__dirname, "../../build/index.js");
    if (!fs.existsSync(buildFile)) throw new Error("build/index.js is missing: run npx remix build first");
    const build = await import(/* @vite-ignore */ buildFile);
    const { createRequestHandler } = await import("@remix-run/node");
    handle = createRequestHandler(build, "production");
    // One sent notification and one draft, so that both sides of the push rule are rendered.
    const admin = tokens.get(actors.find((a) => a.role === 6)!)!;
    const sent = await t.call("POST", "users/push/", { token: admin, form: { title: "已发送的通知", content: "内容", phones: "13800000003" } });
    expect((await t.call("POST", `users/push/${sent.data.id}/send/`, { token: admin })).code).toBe(200);
    expect((await t.call("POST", "users/push/", { token: admin, form: { title: "草稿通知", content: "内容" } })).code).toBe(200);
  });
  const page = async (url: string, a: Actor) => {
    const res = await handle(new Request(ORIGIN + url, { headers: { Cookie: a.cookie } }));
    return { status: res.status, body: await res.text() };
  };

  for (const def of defs) {
    it(`${def.name}: each rendered row offers exactly its allowed actions, as every reader`, async () => {
      const bad: string[] = [];
      let rows = 0;
      let hidden = 0;
      for (const a of actors.filter((x) => allows(def, "read", x))) {
        const [html, api] = await Promise.all([
          page(`${def.page}?pageSize=100`, a),
          t.call("GET", def.endpoint, { token: tokens.get(a)!, query: { pageSize: 100 } }),
        ]);
        expect(html.status, `${def.page} as ${a.label}`).toBe(200);
        const rendered = renderedRows(html.body);
        const other = OTHER_VIEW[def.name];
        if (other?.roles.includes(a.role)) {
          if (!shows(html.body, other.testId) || rendered.size) bad.push(`${def.page} as ${a.label}: not the ${other.testId} view`);
          continue;
        }
        const items = api.data.list as Record<string, unknown>[];
        expect(rendered.size, `${def.page} as ${a.label}: rows rendered`).toBe(items.length);
        const wants = items.map((item) => ({ item, want: expectedOffers(def, a, item) }));
        // Detail-only actions: per verb, the first row that allows it and the first that refuses it, on its detail page.
        const onDetail = new Map<string, number>();
        for (const { item, want } of wants) {
          const row = rendered.get(Number(item.id)) ?? "";
          rows++;
          for (const [verb, allowed] of Object.entries(want)) {
            if (detailOnly(def, verb)) {
              if (!onDetail.has(`${verb}:${allowed}`)) onDetail.set(`${verb}:${allowed}`, Number(item.id));
              continue;
            }
            // Record actions render as `row-<action>` (app/components/resource/record-actions.tsx).
            const offered = (OFFER_IDS[verb] ?? [`row-${verb}`]).some((id) => shows(row, id));
            if (!allowed) hidden++;
            if (offered !== allowed) bad.push(`${def.page} as ${a.label}, row ${String(item.id)}: ${verb} ${offered ? "offered" : "missing"}`);
          }
          const bulkVerbs = Object.entries(def.actions ?? {})
            .filter(([, x]) => x.where.includes("bulk"))
            .map(([n]) => n);
          const selectable =
            (def.bulkDelete !== false && want.delete) || Boolean(BULK_VERB[def.name] && want[BULK_VERB[def.name]!]) || bulkVerbs.some((v) => want[v]);
          if (shows(row, "row-select") !== selectable)
            bad.push(`${def.page} as ${a.label}, row ${String(item.id)}: selection box ${selectable ? "missing" : "offered"}`);
        }
        for (const [key, id] of onDetail) {
          const [verb, allowed] = [key.split(":")[0]!, key.endsWith(":true")];
          const detail = await page(`${def.page}/${id}`, a);
          const offered = shows(detail.body, `action-${verb}`);
          if (!allowed) hidden++;
          if (detail.status !== 200 || offered !== allowed)
            bad.push(`${def.page}/${id} as ${a.label}: ${verb} ${detail.status !== 200 ? `HTTP ${detail.status}` : offered ? "offered" : "missing"}`);
        }
        // The page's bulk buttons: only when some row on it allows them.
        const bulkDelete = def.bulkDelete !== false && wants.some((w) => w.want.delete);
        if (shows(html.body, "bulk-delete") !== bulkDelete) bad.push(`${def.page} as ${a.label}: bulk delete ${bulkDelete ? "missing" : "offered"}`);
        const verb = BULK_VERB[def.name];
        if (verb) {
          const bulk = wants.some((w) => w.want[verb]);
          if (shows(html.body, "bulk-disable") !== bulk) bad.push(`${def.page} as ${a.label}: bulk enable/disable ${bulk ? "missing" : "offered"}`);
        }
      }
      console.log(`[console matrix] ${def.name}: ${rows} rendered rows, ${hidden} refused actions absent, ${bad.length} mismatches`);
      expect(bad.slice(0, 20)).toEqual([]);
    });
  }

  it("users: the new-user form, her own edit form and the list filter offer only the roles she may grant", async () => {
    for (const a of actors.filter((x) => GRANTS[x.role])) {
      const grants = GRANTS[a.role]!;
      const form = await page("/user/userAdministration/new", a);
      expect(form.status).toBe(200);
      expect(choices(form.body, "roleIds"), `roles of the new-user form as ${a.label}`).toEqual(grants);
      expect(choices(form.body, "defaultRoleId"), `default role choices as ${a.label}`).toEqual(grants);
      const list = await page("/user/userAdministration", a);
      expect(choices(list.body, "roleId"), `role filter as ${a.label}`).toEqual(grants);
      // The import page names the role ids she may grant (the file gives ids; the API refuses the others per row).
      const imp = await page("/user/userAdministration/import", a);
      const note = /data-testid="grantable-roles"[^>]*>([^<]*)</.exec(imp.body)?.[1] ?? "";
      expect(
        [...note.matchAll(/(\d+) /g)].map((m) => Number(m[1])),
        `grantable role ids on the import page as ${a.label}`,
      ).toEqual(grants);
      // Her own edit form (she manages herself): the same choices.
      const own = await page(`/user/userAdministration/${a.userId}/edit`, a);
      expect(own.status, `own edit form as ${a.label}`).toBe(200);
      expect(choices(own.body, "roleIds"), `roles of her own edit form as ${a.label}`).toEqual(grants);
    }
  });

  it("users: sub-pages of users she may not manage are refused, and confirmations list only what she may do", async () => {
    const file = routeFile("/user/userAdministration", "_.$");
    for (const a of actors.filter((x) => x.role === 5 || x.role === 15)) {
      const list = (await t.call("GET", "users/", { token: tokens.get(a)!, query: { pageSize: 10000 } })).data.list as Record<string, unknown>[];
      const foreign = list.filter((u) => !expectedOffers(users, a, u).change).map((u) => Number(u.id));
      if (a.group === 1) expect(foreign.length, `${a.label} sees users she may not manage`).toBeGreaterThan(0);
      for (const id of foreign.slice(0, 3)) {
        for (const sub of [`${id}/edit`, `${id}/delete`, `${id}/password`])
          expect((await callRoute(file, "loader", `/user/userAdministration/${sub}`, a, { "*": sub })).status, `${sub} as ${a.label}`).toBe(403);
        const edit = await page(`/user/userAdministration/${id}`, a);
        expect(shows(edit.body, "detail-edit"), `detail of ${id} offers edit to ${a.label}`).toBe(false);
      }
      expect(
        (await callRoute(file, "loader", `/user/userAdministration/${a.userId}/delete`, a, { "*": `${a.userId}/delete` })).status,
        `own delete page as ${a.label}`,
      ).toBe(403);
      const ids = [...foreign.slice(0, 3), a.userId].map((id) => `ids=${id}`).join("&");
      const bulkDisable = await callRoute(file, "loader", `/user/userAdministration/disable?${ids}`, a, { "*": "disable" });
      expect((bulkDisable.body as { items: unknown[] }).items, `bulk disable confirmation as ${a.label}`).toEqual([]);
      const bulkDelete = await callRoute(file, "loader", `/user/userAdministration/delete?${ids}`, a, { "*": "delete" });
      expect((bulkDelete.body as { items: unknown[] }).items, `bulk delete confirmation as ${a.label}`).toEqual([]);
    }
  });
});

// ------------------------------------------------------------------------------------------------
// EVERY page of routes.md (generated from tests/fixtures/routes-table.md, a copy of shared/routes.md; placeholder
// pages included) × every role × two tenants — kindergarten 1 (every show-flag on, every hide-flag off) and
// kindergarten 2 (the opposite), so both sides of every flag rule are exercised — through the BUILT server
// (build/index.js, the whole route tree: URL → flat route → layout and page loaders). Expectation from the table
// alone: the role is in the row's roles and the flag rule passes with the tenant's flags → 200 with the page;
// otherwise → 403 with the no-permission page. A new row in routes.md is a new row here, with no edit.
// Tenant 2's accounts (one per role) are made by the super admin through the API (users/, kindergarten 2).
// ------------------------------------------------------------------------------------------------
describe("console permission matrix: every page of routes.md × every role × both tenants (built server)", () => {
  let handle: (request: Request) => Promise<Response>;
  let routeIds: string[] = [];
  const tenant2: Actor[] = [];
  const ROLES = Array.from({ length: 16 }, (_, i) => i + 1);
  /** Roles whose reach is a group or the platform: the flags are those of their current kindergarten, if any. */
  const kgRoles = ROLES.filter((r) => r !== 6 && !GROUP_ROLES.includes(r));

  beforeAll(async () => {
    const buildFile = path.resolve(__dirname, "../../build/index.js");
    if (!fs.existsSync(buildFile)) throw new Error("build/index.js is missing: run npx remix build first");
    const build = await import(/* @vite-ignore */ buildFile);
    const { createRequestHandler } = await import("@remix-run/node");
    handle = createRequestHandler(build, "production");
    routeIds = Object.keys(build.routes as Record<string, unknown>);
    const session = await import("~/utils/session.server");
    const admin = tokens.get(actors.find((a) => a.role === 6)!)!;
    const password = (await import("../api/helpers")).enc("Sunny#2026");
    for (const role of ROLES) {
      const phone = `1390000${String(200 + role).padStart(4, "0")}`;
      const made = await t.call("POST", "users/", {
        token: admin,
        form: {
          realName: `租户二角色${role}`,
          phone,
          password,
          gender: "female",
          enabled: "on",
          roleIds: String(role),
          defaultRoleId: role,
          kindergartenId: 2,
        },
      });
      if (made.code !== 200) throw new Error(`tenant 2 account for role ${role}: ${made.code} ${made.msg} ${JSON.stringify(made.data)}`);
      const r = await t.login(phone);
      if (r.code !== 200) throw new Error(`login ${phone}: ${r.code} ${r.msg}`);
      const headers = await session.commitUser(new Request(ORIGIN + "/login"), r.data);
      tenant2.push({
        label: `kg2 role ${role}`,
        userId: r.data.userId,
        role: r.data.roleId,
        kg: r.data.kindergartenId,
        group: r.data.educationGroupId,
        flags: r.data.optionalFunction ?? null,
        cookie: `${headers.get("Set-Cookie")!.split(";")[0]!}; ${csrf.cookie}`,
      });
    }
  }, 120_000);

  it("routes.md and the route tree name the same pages; the two tenants sit on opposite sides of every flag", async () => {
    const { ALL_PAGES } = await import("@contract/route-tree");
    expect(
      ALL_PAGES.map((p) => p.path)
        .filter((p) => p !== "/Home")
        .sort(),
    ).toEqual(table.map((r) => r.path).sort());
    const kg1 = actors.slice(0, 16);
    for (const a of kg1.filter((x) => kgRoles.includes(x.role))) expect(a.flags, `${a.label} flags`).toMatchObject(demoFlags(1));
    for (const a of tenant2.filter((x) => kgRoles.includes(x.role))) {
      expect([a.kg, a.group], a.label).toEqual([2, 1]);
      expect(a.flags, `${a.label} flags`).toMatchObject(demoFlags(2));
    }
  });

  it("GET every page: 200 (the page) or 403 (the no-permission page) exactly as routes.md says", async () => {
    const users = [...actors.slice(0, 16), ...tenant2];
    const cells = table.flatMap((row) => users.map((a) => ({ row, a, want: expectedVisible(row, a.role, a.flags) ? 200 : 403 })));
    // Whole documents (root, console layout, section layout and page) for the first allowed and the first refused
    // user of each page and tenant; every other cell asks the page route for its data only (a single-fetch data
    // request, `<path>.data?_routes=<route id>`: the same loader and guard without rendering), which keeps the
    // matrix well under a minute.
    const documented = new Set<(typeof cells)[number]>();
    for (const row of table)
      for (const who of [actors.slice(0, 16), tenant2])
        for (const want of [200, 403]) {
          const first = cells.find((c) => c.row === row && who.includes(c.a) && c.want === want);
          if (first) documented.add(first);
        }
    const routeIdOf = (page: string) => {
      const [, section, ...rest] = page.split("/");
      return `routes/_console+/${section}+/${rest.join(".").replace(/:id/g, "$id")}`;
    };
    // Every page has its own route module in the build (the route tree's page = a flat route file).
    expect(table.map((r) => routeIdOf(r.path)).filter((id) => !routeIds.includes(id))).toEqual([]);
    const bad: string[] = [];
    const shown = new Set<string>();
    const t0 = Date.now();
    await runPool(cells, 4, async (c) => {
      const { row, a, want } = c;
      const url = row.path.replace(/:id/g, "1");
      if (documented.has(c)) {
        const res = await handle(new Request(ORIGIN + url, { headers: { Cookie: a.cookie } }));
        const body = await res.text();
        const refusal = body.includes('data-testid="no-permission"');
        const byId = row.path.includes(":id") && want === 200 && res.status === 404;
        if (res.status === 200) shown.add(row.path);
        if ((res.status !== want && !byId) || refusal !== (want === 403))
          bad.push(`${url} as ${a.label}: ${res.status}${refusal ? " (no-permission page)" : ""}, want ${want}`);
      } else {
        const res = await handle(new Request(`${ORIGIN}${url}.data?_routes=${encodeURIComponent(routeIdOf(row.path))}`, { headers: { Cookie: a.cookie } }));
        const body = await res.text();
        // Refused: the guard's 403 {"reason":"forbidden"} (turbo-stream encoded); allowed: the page's data (200).
        // A page by id (/evaluate/entrust/:id) shows record 1 only to users it belongs to: allowed → 200, or 404 not found.
        const byId = row.path.includes(":id");
        const okData = want === 403 ? res.status === 403 && body.includes('"forbidden"') : res.status === 200 || (byId && res.status === 404);
        if (!okData) bad.push(`${url} (data) as ${a.label}: ${res.status} ${body.slice(0, 60)}, want ${want}`);
        if (res.status === 200) shown.add(row.path);
      }
    });
    // Every page by id shows record 1 to someone allowed (the demo's record 1 is kindergarten 1's), not 404 to all.
    for (const row of table.filter((r) => r.path.includes(":id") && !shown.has(r.path))) bad.push(`${row.path}: record 1 shown to nobody`);
    const allowed = cells.filter((c) => c.want === 200).length;
    console.log(
      `[console matrix] all pages: ${table.length} pages × ${users.length} users = ${cells.length} cells (${allowed} allowed, ${cells.length - allowed} refused; ${documented.size} whole documents) in ${Date.now() - t0} ms, ${bad.length} mismatches`,
    );
    expect(bad.slice(0, 30)).toEqual([]);
    // Both answers occur for both tenants (the matrix is not trivially one-sided).
    for (const who of [actors.slice(0, 16), tenant2]) {
      const mine = cells.filter((c) => who.includes(c.a));
      expect(new Set(mine.map((c) => c.want))).toEqual(new Set([200, 403]));
    }
  }, 180_000);
});
