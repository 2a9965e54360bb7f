import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allFormFields, type ResourceDefinition } from "@contract/resource";
import { RESOURCES } from "@contract/resources";
import { optionalFunctions } from "@contract/resources/optional-functions";
import { punchSettings } from "@contract/resources/punch-settings";
import { users } from "@contract/resources/users";
import { parseTable, ruleAllows, type TableRow } from "../fixtures/routes-table";
import { expectedRowActions } from "../fixtures/row-offers";
import { phoneOf, startTestApi, type Reply, type TestApi } from "./helpers";

/**
 * The generated permission matrix of the API (issues 4 and 10).
 *
 * Rows: every resource definition of the registry contract/resources/index.ts, whatever its section
 * (new definitions are picked up as they land) × every action (list, get, create, change, delete,
 * bulk delete, export; import template and import where the definition has importColumns), on a row of
 * kindergarten 1 (group 1) and a row of kindergarten 4 (group 2) where the action takes a row.
 * Columns: the 16 role accounts 138000000RR (kindergarten 1 / group 1) and the group-2 users
 * 13800000405 (kindergarten admin) and 13800000401 (principal).
 *
 * Expectation, independent of the implementation's route tree: the page's roles and flag rule from
 * tests/fixtures/routes-table.ts (a separate parse of routes.md; flags = the user's kindergarten's
 * optionalFunction as the login reports it), intersected with the definition's `can` rule for writes;
 * then tenancy (architecture.md): the super admin reaches every kindergarten, group roles (9, 10, 15, 16)
 * their group's, everyone else their own kindergarten. Refused by role/flag → 403; allowed but the row
 * lies outside the tenant → 404 (writes naming an out-of-scope kindergarten → 422/403/404, never 200);
 * allowed → 200 (writes: 200, or 409/422 when the copied form is not acceptable as data: the request
 * got past the permission checks). Plus the section 7 binding endpoints.
 */

const GROUP_ROLES = [9, 10, 15, 16];
/** Demo tenants (shared/demo-data.md): kindergartens 1–3 in group 1, kindergarten 4 in group 2. */
const GROUP_OF_KG: Record<number, number> = { 1: 1, 2: 1, 3: 1, 4: 2 };
const NO_SUCH_ID = 999999999;

const table = parseTable();
const rowOf = (page: string): TableRow => {
  const row = table.find((r) => r.path === page);
  if (!row) throw new Error(`page ${page} is not in routes.md`);
  return row;
};
/** Every resource definition of the registry (contract/resources/index.ts), whatever its section. */
const defs: ResourceDefinition[] = Object.values(RESOURCES).sort((a, b) => a.name.localeCompare(b.name));

interface Actor {
  label: string;
  phone: string;
  userId: number;
  role: number;
  kg: number | null;
  group: number | null;
  flags: Record<string, unknown> | null;
  token: string;
}
interface Owner {
  kg: number | null;
  group: number | null;
}

let t: TestApi;
const actors: Actor[] = [];
let superToken = "";

beforeAll(async () => {
  t = await startTestApi();
  const phones = [
    ...Array.from({ length: 16 }, (_, i) => ({ label: `role ${i + 1}`, phone: phoneOf(i + 1) })),
    { label: "group 2 admin (405)", phone: phoneOf(405) },
    { label: "group 2 principal (401)", phone: phoneOf(401) },
  ];
  const replies = await Promise.all(phones.map((p) => t.login(p.phone)));
  replies.forEach((r, i) => {
    if (r.code !== 200) throw new Error(`login ${phones[i]!.phone}: ${r.code} ${r.msg}`);
    actors.push({
      ...phones[i]!,
      userId: r.data.userId,
      role: r.data.roleId,
      kg: r.data.kindergartenId,
      group: r.data.educationGroupId,
      flags: r.data.optionalFunction ?? null,
      token: r.data.token,
    });
  });
  superToken = actors.find((a) => a.role === 6)!.token;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

// ------------------------------------------------------------------------------------------------
// Expectations
// ------------------------------------------------------------------------------------------------
type WriteAction = "create" | "change" | "delete";
const pageAllows = (def: ResourceDefinition, a: Actor) => {
  const row = rowOf(def.page);
  return row.roles.includes(a.role) && ruleAllows(row.rule, a.role, a.flags);
};
/** Page roles and flag rule (routes.md), then `can` for writes. */
const allows = (def: ResourceDefinition, action: "read" | WriteAction, a: Actor) =>
  pageAllows(def, a) && (action === "read" || (def.can?.[action] ?? rowOf(def.page).roles).includes(a.role as never));

const inScope = (a: Actor, o: Owner) => {
  if (a.role === 6) return true;
  if (o.kg == null && o.group == null) return false;
  if (GROUP_ROLES.includes(a.role)) return o.group != null && o.group === a.group;
  return o.kg != null && o.kg === a.kg;
};

function ownerOf(def: ResourceDefinition, item: Record<string, unknown>): Owner {
  const num = (v: unknown) => (typeof v === "number" ? v : null);
  if (def.page === "/kindergarten/group") return { kg: null, group: num(item.id) };
  const kg = def.page === "/kindergarten/kindergarten" ? num(item.id) : num(item.kindergartenId);
  const group = num(item.educationGroupId) ?? (kg != null ? (GROUP_OF_KG[kg] ?? null) : null);
  return { kg, group };
}

// ------------------------------------------------------------------------------------------------
// Cells
// ------------------------------------------------------------------------------------------------
interface Cell {
  resource: string;
  action: string;
  actor: Actor;
  /** What is acceptable. */
  want: number[];
  run(): Promise<Reply>;
}
interface Outcome {
  cell: Cell;
  got: number;
  msg: string;
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

async function runCells(cells: Cell[]): Promise<Outcome[]> {
  return runPool(cells, 8, async (cell) => {
    const r = await cell.run();
    return { cell, got: r.code ?? r.status, msg: r.msg };
  });
}

const describeMismatch = (o: Outcome) =>
  `${o.cell.resource} ${o.cell.action} as ${o.cell.actor.label}: got ${o.got} (${String(o.msg).slice(0, 80)}), want ${o.cell.want.join("|")}`;

/** An item → the definition's form (arrays comma-joined, booleans on/omitted, null omitted). */
function formFrom(def: ResourceDefinition, item: Record<string, unknown>, labelSuffix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of allFormFields(def)) {
    const v = item[f.name];
    if (v == null || v === "") continue;
    if (Array.isArray(v)) out[f.name] = v.join(",");
    else if (typeof v === "boolean") {
      if (v) out[f.name] = "on";
    } else out[f.name] = String(v);
  }
  if (labelSuffix && typeof out[def.labelField] === "string") out[def.labelField] = `${out[def.labelField]!.slice(0, 20)}${labelSuffix}`;
  return out;
}

const codeOf = (r: Reply) => r.code ?? r.status;
const OK_WRITE = [200, 409, 422];

interface Targets {
  /** A row of kindergarten 1 / group 1 and one of kindergarten 4 / group 2 (from the lists of users allowed to read). */
  own: Record<string, unknown> | null;
  foreign: Record<string, unknown> | null;
  /** Row ids each allowed reader's list shows (for rows that carry no kindergarten or group). */
  visible: Map<Actor, Set<number>>;
  /** Who reads the targets back afterwards. */
  reader: Actor;
}

/** Definition options that may not exist in every version of contract/resource.ts. */
const opt = (def: ResourceDefinition, key: "exportable" | "itemEndpoint" | "bulkDelete") => (def as unknown as Record<string, unknown>)[key] !== false;
/** Nobody may do it: the API may not even have the route (403 or 404 both refuse). */
const nobody = (def: ResourceDefinition, action: WriteAction) => def.can?.[action]?.length === 0;

async function targetsOf(def: ResourceDefinition): Promise<Targets> {
  const readers = actors.filter((a) => allows(def, "read", a));
  const visible = new Map<Actor, Set<number>>();
  const lists = await Promise.all(readers.map((a) => t.call("GET", def.endpoint, { token: a.token, query: { pageSize: 10000 } })));
  const rows: Record<string, unknown>[] = [];
  lists.forEach((r, i) => {
    expect(codeOf(r), `${def.name}: ${readers[i]!.label} lists ${def.endpoint}`).toBe(200);
    const list = (r.data?.list ?? []) as Record<string, unknown>[];
    visible.set(readers[i]!, new Set(list.map((x) => Number(x.id))));
    rows.push(...list);
  });
  const known = (i: Record<string, unknown>) => ownerOf(def, i).kg != null || ownerOf(def, i).group != null;
  // A person row (users) is of kindergarten 1 only when all her roles and bindings are (issue 25: `reach`).
  const wholly = (i: Record<string, unknown>) => {
    const r = i.reach as { level: string; kindergartenIds: number[] } | undefined;
    return !r || (r.level === "kindergarten" && r.kindergartenIds.every((k) => k === 1));
  };
  const own = rows.find((i) => ownerOf(def, i).group === 1 && (ownerOf(def, i).kg ?? 1) === 1 && wholly(i)) ?? rows.find((i) => !known(i)) ?? null;
  const foreign = rows.find((i) => ownerOf(def, i).group === 2) ?? null;
  const reader = readers.find((a) => a.role === 6) ?? readers.find((a) => a.group === 1) ?? readers[0]!;
  return { own, foreign, visible, reader };
}

describe("API permission matrix: every resource definition, on rows of two tenants", () => {
  it("covers every resource of the registry (picked up from contract/resources)", () => {
    expect(defs.map((d) => d.name)).toEqual(expect.arrayContaining(["classes", "places"]));
    for (const d of defs)
      expect(
        table.some((r) => r.path === d.page),
        d.page,
      ).toBe(true);
  });

  it("logs in the 16 role accounts and the two group-2 users", () => {
    expect(actors.map((a) => a.role).slice(0, 16)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    expect(actors.slice(16).map((a) => [a.role, a.kg, a.group])).toEqual([
      [5, 4, 2],
      [1, 4, 2],
    ]);
  });

  for (const def of defs) {
    it(`${def.name} (${def.page}): every action × every user`, async () => {
      const { own, foreign, visible, reader } = await targetsOf(def);
      // No row to test on (no demo rows yet): the row actions run on an unknown id (refused 403, allowed 404).
      if (!own) console.log(`[matrix] ${def.name}: no row of kindergarten 1 in the demo data; row actions use an unknown id`);
      /** Tenancy: by the row's kindergarten/group; a row without either is in reach when the user's own list shows it. */
      const reaches = (a: Actor, item: Record<string, unknown>) => {
        const o = ownerOf(def, item);
        return o.kg == null && o.group == null ? a.role === 6 || (visible.get(a)?.has(Number(item.id)) ?? false) : inScope(a, o);
      };
      const exportable = opt(def, "exportable");
      const itemEndpoint = opt(def, "itemEndpoint");
      const base = def.endpoint;
      const idPath = (item: Record<string, unknown> | null) => `${base}${item ? Number(item.id) : NO_SUCH_ID}/`;
      const rows: [string, Record<string, unknown> | null][] = [
        [own ? "kg1 row" : "unknown id", own],
        ...(foreign ? [["kg4 row", foreign] as [string, Record<string, unknown>]] : []),
      ];
      const hasImport = Boolean(def.importColumns?.length);
      const bulk = opt(def, "bulkDelete");

      // ---- phase 1: reads for everyone, and every write that must be refused ----
      const cells: Cell[] = [];
      const allowedWrites: { actor: Actor; action: WriteAction | "bulkDelete" }[] = [];
      for (const a of actors) {
        const read = allows(def, "read", a);
        // Section 6/7: the kindergarten switcher of roles 1 and 11 reads GET users/pro_teachers/kindergartens/ and gets
        // its OWN switchable kindergartens ({id, kindergartenName}), never bindings (checked in the section 7 block below).
        const switcher = base === "users/pro_teachers/kindergartens/" && (a.role === 1 || a.role === 11);
        cells.push({
          resource: def.name,
          action: "list",
          actor: a,
          want: [read || switcher ? 200 : 403],
          run: async () => {
            const r = await t.call("GET", base, { token: a.token, query: { pageSize: 10000 } });
            const items = (r.data?.list ?? []) as Record<string, unknown>[];
            if (switcher && !read && items.some((i) => Object.keys(i).sort().join() !== "id,kindergartenName"))
              return { ...r, code: -1, msg: "the switcher list carries bindings" };
            return r;
          },
        });
        if (exportable)
          cells.push({
            resource: def.name,
            action: "export csv",
            actor: a,
            want: [read ? 200 : 403],
            run: async () => {
              const r = await t.call("GET", `${base}export/`, { token: a.token, query: { format: "csv" } });
              // A file download has no envelope: the helper reports its HTTP status.
              return r.headers.get("content-type")?.includes("text/csv") ? { ...r, code: 200 } : r;
            },
          });
        for (const [label, item] of rows) {
          const reach = item ? reaches(a, item) : false;
          const want = (action: "read" | WriteAction) => (allows(def, action, a) ? (reach ? null : 404) : 403);
          if (itemEndpoint)
            cells.push({
              resource: def.name,
              action: `get ${label}`,
              actor: a,
              want: [want("read") ?? 200],
              run: () => t.call("GET", idPath(item), { token: a.token }),
            });
          for (const action of ["change", "delete"] as const) {
            const w = want(action);
            if (w === null) continue; // allowed on this row: phase 2
            const wants = nobody(def, action) || (action === "change" && !itemEndpoint) ? [403, 404, 405] : [w];
            if (action === "change")
              cells.push({
                resource: def.name,
                action: `change ${label}`,
                actor: a,
                want: wants,
                run: () => t.call("PUT", idPath(item), { token: a.token, form: formFrom(def, item ?? {}) }),
              });
            else {
              cells.push({
                resource: def.name,
                action: `delete ${label}`,
                actor: a,
                want: wants,
                run: () => t.call("DELETE", idPath(item), { token: a.token }),
              });
              if (bulk)
                cells.push({
                  resource: def.name,
                  action: `bulk delete ${label}`,
                  actor: a,
                  want: wants,
                  run: () => t.call("POST", `${base}bulk_delete/`, { token: a.token, form: { ids: String(item?.id ?? NO_SUCH_ID) } }),
                });
            }
          }
        }
        if (allows(def, "create", a)) allowedWrites.push({ actor: a, action: "create" });
        else {
          cells.push({
            resource: def.name,
            action: "create",
            actor: a,
            want: nobody(def, "create") ? [403, 404, 405] : [403],
            run: () => t.call("POST", base, { token: a.token, form: formFrom(def, own ?? {}, "-x") }),
          });
          if (hasImport) {
            cells.push({
              resource: def.name,
              action: "import template",
              actor: a,
              want: [403],
              run: () => t.call("GET", `${base}import_template/`, { token: a.token }),
            });
            cells.push({
              resource: def.name,
              action: "import",
              actor: a,
              want: [403],
              run: () => t.call("POST", `${base}import/`, { token: a.token, form: { x: "1" } }),
            });
          }
        }
        if (allows(def, "change", a)) allowedWrites.push({ actor: a, action: "change" });
        if (allows(def, "delete", a)) allowedWrites.push({ actor: a, action: "delete" }, ...(bulk ? [{ actor: a, action: "bulkDelete" as const }] : []));
      }
      const phase1 = await runCells(cells);

      // Lists of allowed users never carry rows outside their tenant.
      const leaks: string[] = [];
      await runPool(
        actors.filter((a) => allows(def, "read", a)),
        6,
        async (a) => {
          const r = await t.call("GET", base, { token: a.token, query: { pageSize: 10000 } });
          for (const item of (r.data?.list ?? []) as Record<string, unknown>[]) {
            const o = ownerOf(def, item);
            if ((o.kg != null || o.group != null) && !inScope(a, o))
              leaks.push(`${def.name} list as ${a.label}: row ${String(item.id)} of kg ${o.kg} / group ${o.group}`);
          }
        },
      );

      // The refused writes changed nothing: the targets are still there, unchanged.
      const readBack = async (item: Record<string, unknown>) => {
        if (itemEndpoint) {
          const r = await t.call("GET", idPath(item), { token: reader.token });
          return codeOf(r) === 200 ? (r.data as Record<string, unknown>) : null;
        }
        const r = await t.call("GET", base, { token: reader.token, query: { pageSize: 10000 } });
        return ((r.data?.list ?? []) as Record<string, unknown>[]).find((x) => x.id === item.id) ?? null;
      };
      for (const [label, item] of rows) {
        if (!item || !reaches(reader, item)) continue;
        const back = await readBack(item);
        expect(back, `${def.name} ${label} survives the refused writes`).toBeTruthy();
        expect(back![def.labelField], `${def.name} ${label} unchanged`).toEqual(item[def.labelField]);
      }

      // ---- phase 2: the allowed writes (each user on rows of her own tenant; deletes on rows she created) ----
      const cells2: Cell[] = [];
      for (const { actor: a, action } of allowedWrites) {
        if (action === "create") {
          cells2.push({
            resource: def.name,
            action: "create (copy of a kg1 row)",
            actor: a,
            // A copy naming kindergarten 1: fine for users reaching it; otherwise refused by tenancy, never 200.
            want: own && !reaches(a, own) && ownerOf(def, own).kg != null ? [403, 404, 422] : OK_WRITE,
            run: () => t.call("POST", base, { token: a.token, form: formFrom(def, own ?? {}, `-${a.role}${a.kg}`) }),
          });
          if (hasImport) {
            cells2.push({
              resource: def.name,
              action: "import template",
              actor: a,
              want: [200],
              run: async () => {
                const r = await t.call("GET", `${base}import_template/`, { token: a.token });
                return r.headers.get("content-disposition")?.includes("attachment") ? { ...r, code: 200 } : r;
              },
            });
            // No file part at all: a malformed request (400) or an invalid file (422); either way past the permission checks.
            cells2.push({
              resource: def.name,
              action: "import (no file)",
              actor: a,
              want: [400, 422],
              run: () => t.call("POST", `${base}import/`, { token: a.token, form: { x: "1" } }),
            });
          }
        }
        for (const [label, item] of rows) {
          if (!item || !reaches(a, item)) continue;
          if (action === "change" && itemEndpoint)
            cells2.push({
              resource: def.name,
              action: `change ${label} (same values)`,
              actor: a,
              want: OK_WRITE,
              run: () => t.call("PUT", idPath(item), { token: a.token, form: formFrom(def, item) }),
            });
        }
        if (action === "delete" || action === "bulkDelete") {
          // A row of her own: create one as this user (a copy of a row she reaches), then delete it.
          const source = rows.map(([, i]) => i).find((i) => i && reaches(a, i));
          cells2.push({
            resource: def.name,
            action: action === "delete" ? "delete (own new row, else unknown id: 404)" : "bulk delete (own new row, else unknown id: 404)",
            actor: a,
            want: [200, 404],
            run: async () => {
              const created = source ? await t.call("POST", base, { token: a.token, form: formFrom(def, source, `-d${a.role}${action.length}`) }) : null;
              const id = created && codeOf(created) === 200 ? Number(created.data.id) : NO_SUCH_ID;
              const r =
                action === "delete"
                  ? await t.call("DELETE", `${base}${id}/`, { token: a.token })
                  : await t.call("POST", `${base}bulk_delete/`, { token: a.token, form: { ids: String(id) } });
              return id === NO_SUCH_ID ? r : { ...r, code: codeOf(r) === 200 ? 200 : -codeOf(r) };
            },
          });
        }
      }
      const phase2 = await runCells(cells2);

      const all = [...phase1, ...phase2];
      const bad = all.filter((o) => !o.cell.want.includes(o.got)).map(describeMismatch);
      const refused = all.filter((o) => o.got === 403).length;
      const hidden = all.filter((o) => o.got === 404).length;
      console.log(
        `[matrix] ${def.name}: ${all.length} cells (${refused} refused 403, ${hidden} outside the tenant 404, ${all.length - refused - hidden} allowed), ${bad.length} mismatches`,
      );
      expect([...bad, ...leaks]).toEqual([]);
    });
  }
});

// ------------------------------------------------------------------------------------------------
// Section 7: the binding endpoints (principal and subject teacher ↔ kindergarten)
// ------------------------------------------------------------------------------------------------
describe("API permission matrix: the binding endpoints of section 7", () => {
  const KINDS = [
    { segment: "principals", page: "/user/principal", bindRole: 1 },
    { segment: "pro_teachers", page: "/user/proTeacher", bindRole: 11 },
  ];
  for (const kind of KINDS) {
    it(`users/${kind.segment}/kindergartens/: GET, POST, DELETE × every user`, async () => {
      const base = `users/${kind.segment}/kindergartens/`;
      const row = rowOf(kind.page);
      const all = await t.call("GET", base, { token: superToken, query: { currentPage: 1, pageSize: 10000 } });
      expect(codeOf(all)).toBe(200);
      const existing = (all.data.list as { id: number; userId: number; kindergartenId: number }[])[0]!;
      const userId = existing.userId;
      const cells: Cell[] = [];
      for (const a of actors) {
        const allowed = row.roles.includes(a.role) && ruleAllows(row.rule, a.role, a.flags);
        // The kindergarten switcher's list (section 6: roles 1 and 11 switch): their own kindergartens.
        const switcher = kind.segment === "pro_teachers" && (a.role === 1 || a.role === 11);
        cells.push({
          resource: base,
          action: "GET",
          actor: a,
          want: [allowed || switcher ? 200 : 403],
          run: async () => {
            const r = await t.call("GET", base, { token: a.token, query: { currentPage: 1, pageSize: 10000 } });
            if (switcher && codeOf(r) === 200) {
              const items = r.data.list as Record<string, unknown>[];
              // Only {id, kindergartenName} of kindergartens of the user's own group.
              const wrong = items.filter((i) => Object.keys(i).sort().join() !== "id,kindergartenName" || GROUP_OF_KG[Number(i.id)] !== a.group);
              if (wrong.length) return { ...r, code: -1, msg: `switcher list leaks ${JSON.stringify(wrong)}` };
            }
            return r;
          },
        });
        if (!allowed) {
          cells.push({
            resource: base,
            action: "POST",
            actor: a,
            want: [403],
            run: () => t.call("POST", base, { token: a.token, form: { userId, kindergartenId: 3 } }),
          });
          cells.push({ resource: base, action: "DELETE", actor: a, want: [403], run: () => t.call("DELETE", `${base}${existing.id}/`, { token: a.token }) });
        }
      }
      const phase1 = await runCells(cells);
      const still = await t.call("GET", base, { token: superToken, query: { currentPage: 1, pageSize: 10000 } });
      expect(still.data.total, "the refused writes changed nothing").toBe(all.data.total);

      const phase2: Outcome[] = [];
      for (const a of actors.filter((x) => row.roles.includes(x.role) && ruleAllows(row.rule, x.role, x.flags))) {
        const created = await t.call("POST", base, { token: a.token, form: { userId, kindergartenId: 3 } });
        phase2.push({ cell: { resource: base, action: "POST", actor: a, want: [200], run: async () => created }, got: codeOf(created), msg: created.msg });
        const del = await t.call("DELETE", `${base}${created.data?.id ?? NO_SUCH_ID}/`, { token: a.token });
        phase2.push({
          cell: { resource: base, action: "DELETE (the new binding)", actor: a, want: [200], run: async () => del },
          got: codeOf(del),
          msg: del.msg,
        });
      }
      const bad = [...phase1, ...phase2].filter((o) => !o.cell.want.includes(o.got)).map(describeMismatch);
      console.log(`[matrix] ${base}: ${phase1.length + phase2.length} cells, ${bad.length} mismatches`);
      expect(bad).toEqual([]);
    });
  }
});

// ------------------------------------------------------------------------------------------------
// The single-row editors of the kindergarten section (definitions outside RESOURCES: no list/CRUD
// routes, an in-place GET/PUT): optional functions per kindergarten, the punch-in setting of the
// caller's kindergarten. Same expectation: routes.md page roles and flag rule ∩ `can`.
// ------------------------------------------------------------------------------------------------
describe("API permission matrix: the single-row editors of the kindergarten section", () => {
  const editors = [
    { def: optionalFunctions, paths: (kg: number) => `kindergartens/${kg}/optional_function/`, list: "kindergartens/optional_functions/" },
    { def: punchSettings, paths: () => punchSettings.endpoint, list: null },
  ];
  for (const { def, paths, list } of editors) {
    it(`${def.name} (${def.page}): read and save × every user`, async () => {
      const cells: Cell[] = [];
      // What each allowed user sees of kindergartens 1 and 4 (the punch setting: her own kindergarten only).
      const targets = def === optionalFunctions ? [1, 4] : [0];
      for (const a of actors) {
        const read = allows(def, "read", a);
        const change = allows(def, "change", a);
        if (list)
          cells.push({ resource: def.name, action: `GET ${list}`, actor: a, want: [read ? 200 : 403], run: () => t.call("GET", list, { token: a.token }) });
        for (const kg of targets) {
          const path = paths(kg);
          cells.push({
            resource: def.name,
            action: `GET ${path}`,
            actor: a,
            want: [read ? 200 : 403],
            run: async () => {
              const r = await t.call("GET", path, { token: a.token });
              // The punch setting answered is that of the caller's own kindergarten.
              if (codeOf(r) === 200 && def === punchSettings && r.data.kindergartenId !== a.kg)
                return { ...r, code: -1, msg: `setting of kindergarten ${r.data.kindergartenId}` };
              return r;
            },
          });
          cells.push({
            resource: def.name,
            action: `PUT ${path} (same values)`,
            actor: a,
            want: change ? OK_WRITE : [403],
            run: async () => {
              // The form: the row as an allowed reader sees it (refused users send the same, to be refused).
              const reader =
                actors.find((x) => allows(def, "change", x) && (def === optionalFunctions || x.kg === (a.kg ?? 1))) ??
                actors.find((x) => allows(def, "read", x))!;
              const current = await t.call("GET", path, { token: (change ? a : reader).token });
              return t.call("PUT", path, { token: a.token, form: formFrom(def, (current.data ?? {}) as Record<string, unknown>) });
            },
          });
        }
      }
      const out = await runCells(cells);
      const bad = out.filter((o) => !o.cell.want.includes(o.got)).map(describeMismatch);
      console.log(`[matrix] ${def.name}: ${out.length} cells (${out.filter((o) => o.got === 403).length} refused 403), ${bad.length} mismatches`);
      expect(bad).toEqual([]);
    });
  }
});

// ------------------------------------------------------------------------------------------------
// What the API offers per row (`item.actions` in list and item replies): exactly the writes it then
// accepts. Expected values are written out here from README "Decisions: Users" and routes.md, not
// taken from contract/: users — a kindergarten admin manages holders of roles 1–5, 7, 8, 11, 12, 14
// only, a group admin all but 6 and 13, the super admin all; nobody disables or deletes herself;
// push notifications — only drafts change or are sent; every other resource — the role lists.
// Every refused offer is then tried: the write answers 403 (409/422 for oneself), nothing changes.
// ------------------------------------------------------------------------------------------------
function expectedActions(def: ResourceDefinition, a: Actor, row: Record<string, unknown>): Record<string, boolean> {
  return expectedRowActions(def.name, a, row, { change: allows(def, "change", a), delete: allows(def, "delete", a) });
}

/** The section 7 binding endpoints answer the specification's own list shape (api/routes/bindings.ts, no `actions`);
 *  the console computes their offers from the same contract rule (tests/unit/console-permission-matrix.test.ts). */
const SECTION7 = ["principalKindergartens", "proTeacherKindergartens"];

describe("API permission matrix: the actions offered per row are exactly those allowed", () => {
  for (const def of defs.filter((d) => !SECTION7.includes(d.name))) {
    it(`${def.name}: item.actions of every listed row × every reader`, async () => {
      const bad: string[] = [];
      let rows = 0;
      let refused = 0;
      for (const a of actors.filter((x) => allows(def, "read", x))) {
        const r = await t.call("GET", def.endpoint, { token: a.token, query: { pageSize: 10000 } });
        for (const item of (r.data?.list ?? []) as Record<string, unknown>[]) {
          rows++;
          const want = expectedActions(def, a, item);
          refused += Object.values(want).filter((v) => !v).length;
          if (JSON.stringify(item.actions) !== JSON.stringify(want))
            bad.push(`${a.label} row ${String(item.id)}: ${JSON.stringify(item.actions)}, want ${JSON.stringify(want)}`);
        }
      }
      console.log(`[matrix] ${def.name}: actions of ${rows} listed rows, ${refused} refused offers, ${bad.length} mismatches`);
      expect(bad.slice(0, 20)).toEqual([]);
    });
  }

  it("users: the one-item reply carries the same actions as the list", async () => {
    const admin = actors.find((a) => a.role === 5 && a.kg === 1)!;
    const list = (await t.call("GET", "users/", { token: admin.token, query: { pageSize: 10000 } })).data.list as Record<string, unknown>[];
    for (const item of list.slice(0, 30))
      expect((await t.call("GET", `users/${String(item.id)}/`, { token: admin.token })).data.actions, `user ${String(item.id)}`).toEqual(item.actions);
  });

  it("users: every action refused in the offer is refused by the API, and the user is unchanged", async () => {
    const admins = actors.filter((a) => [5, 15].includes(a.role));
    let tried = 0;
    for (const a of admins) {
      const list = (await t.call("GET", "users/", { token: a.token, query: { pageSize: 10000 } })).data.list as Record<string, unknown>[];
      const refusedRows = list.filter((u) => Object.values(u.actions as Record<string, boolean>).some((v) => !v));
      // The demo data gives each administrator herself, and those of group 1 users they may not manage (the super admin, group staff).
      expect(
        refusedRows.some((u) => u.id === a.userId),
        `${a.label} sees herself`,
      ).toBe(true);
      if (a.group === 1)
        expect(
          refusedRows.some((u) => !(u.actions as Record<string, boolean>).change),
          `${a.label} sees users she may not manage`,
        ).toBe(true);
      for (const u of refusedRows) {
        const acts = u.actions as Record<string, boolean>;
        const id = Number(u.id);
        const self = id === a.userId;
        const tries: [string, boolean, () => Promise<Reply>, number[]][] = [
          ["change", acts.change!, () => t.call("PUT", `users/${id}/`, { token: a.token, form: formFrom(users, u) }), [403]],
          ["delete", acts.delete!, () => t.call("DELETE", `users/${id}/`, { token: a.token }), self ? [409] : [403]],
          ["bulk delete", acts.delete!, () => t.call("POST", "users/bulk_delete/", { token: a.token, form: { ids: String(id) } }), self ? [409] : [403]],
          ["disable", acts.setEnabled!, () => t.call("POST", `users/${id}/enabled/`, { token: a.token, form: { enabled: "false" } }), self ? [422] : [403]],
          [
            "bulk disable",
            acts.setEnabled!,
            () => t.call("POST", "users/bulk_enabled/", { token: a.token, form: { ids: String(id), enabled: "false" } }),
            self ? [422] : [403],
          ],
          ["reset password", acts.resetPassword!, () => t.call("POST", `users/${id}/password/`, { token: a.token }), [403]],
        ];
        for (const [what, offered, run, want] of tries) {
          if (offered) continue;
          tried++;
          const code = codeOf(await run());
          expect(want, `${a.label}: ${what} of user ${id} (not offered) answered ${code}`).toContain(code);
        }
      }
      const after = (await t.call("GET", "users/", { token: a.token, query: { pageSize: 10000 } })).data.list as Record<string, unknown>[];
      for (const u of refusedRows)
        expect(
          after.find((x) => x.id === u.id),
          `user ${String(u.id)} unchanged`,
        ).toEqual(u);
    }
    console.log(`[matrix] users: ${tried} refused offers tried, all refused`);
    expect(tried).toBeGreaterThan(10);
  });
});

// ------------------------------------------------------------------------------------------------
// EVERY REGISTERED ENDPOINT (issue 10): the API's own route list (Hono's `app.routes` of an app built on the
// running API's dependencies) is enumerated, and each endpoint must belong to a matrix group:
//  - public: a short, explicit allow-list (login, SMS code, registration, password reset, WeChat and its sandbox,
//    OpenAPI, health);
//  - session: any logged-in user (token, home, lookups, files): refused without a token;
//  - a definition: every exported object of contract/ with `page` and `endpoint` (resource definitions, single-row
//    editors, reports; found by a glob, so a new definition or record action is covered with no edit here) owns
//    the endpoints under its endpoint. Each is called by every user: refused by the page rule or by the
//    definition's `can` list / the action's roles → 403, and the refused calls write nothing (the audit log, which
//    every write appends to in its transaction, does not grow); allowed → anything but 403 (on an unknown id or an
//    empty form, so the allowed calls write nothing either);
//  - page-gated endpoints no definition describes: PAGE_GATED below (page rule only).
// ------------------------------------------------------------------------------------------------
const PUBLIC_ENDPOINTS = [
  "GET /health",
  "GET /openapi.json",
  "GET /docs",
  "POST /token/login",
  "POST /token/login_wechat",
  /** The applicant's sign-in without WeChat (issue 26, item 10): which sign-in is live, the SMS code, the login. */
  "GET /token/applicant_sign_in",
  "POST /token/applicant_sms_code",
  "POST /token/login_applicant_sms",
  "POST /sms/code",
  "POST /register",
  "GET /register/classes",
  "GET /register/kindergarten",
  "POST /password/forgot",
  "POST /password/reset",
  /** Direct upload to the local-disk "temporary bucket": the signed URL is the permission (checked below: unsigned → refused). */
  "PUT /uploads/*",
];
/** Payment providers' signed notifications and the local payment stand-in's checkout (the signature / order number is the permission; tests/api/tuition.test.ts). */
const PUBLIC_PREFIXES = ["/wechat-sandbox/", "/payments/"];
/** Any logged-in user; the handler scopes what it answers (or the file's record decides). */
// /backups/status/: the super admin's Home line about backups; every role but 6 is refused (tests/api/backup.test.ts).
const SESSION_PREFIXES = ["/token/", "/home/", "/lookups/", "/files", "/backups/"];
/** Page-gated endpoints that no definition describes: endpoint prefix → routes.md page. */
const PAGE_GATED: Record<string, string> = {
  "/daily/forms/": "/daily/form",
  // Students: the pages beside the student files, under the students/ endpoint (docs/sections/students.md).
  "/students/attendance/": "/student/studentCheck",
  "/students/manual/": "/student/studentManual",
  "/students/age06/": "/student/studentAge06",
  // The applicant's introduction and tour request; personal-information protection (docs/sections/admission.md).
  "/admission/wx/": "/admission/wx/introduction",
  "/protection/": "/protection/dataProcessing",
};
/** Readers beyond the page rule: the kindergarten switcher of roles 1 and 11 (section 6) lists its OWN kindergartens
 *  there (checked to be only those in the section 7 block above). */
const EXTRA_READERS: Record<string, number[]> = { "GET /users/pro_teachers/kindergartens/": [1, 11] };
const isPublic = (method: string, p: string) => PUBLIC_ENDPOINTS.includes(`${method} ${p}`) || PUBLIC_PREFIXES.some((x) => p.startsWith(x));

interface Gated {
  name: string;
  page: string;
  endpoint: string;
  can?: Partial<Record<WriteAction, readonly number[]>>;
  actions?: Record<string, { roles?: readonly number[] }>;
}
const isGated = (v: unknown): v is Gated =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as Gated).page === "string" &&
  typeof (v as Gated).endpoint === "string" &&
  (v as Gated).page.startsWith("/");

declare global {
  interface ImportMeta {
    /** Vite's (vitest's) build-time glob; listed here rather than pulling vite/client's types into the whole project. */
    glob(patterns: string | string[], options: { eager: true }): Record<string, unknown>;
  }
}

/** Every definition with a page and an endpoint exported anywhere in contract/ (resources, editors, reports). */
function gatedDefinitions(): Gated[] {
  const mods = import.meta.glob(["../../contract/**/*.ts", "!../../contract/**/*.test.ts"], { eager: true }) as Record<string, Record<string, unknown>>;
  const byEndpoint = new Map<string, Gated>();
  for (const mod of Object.values(mods))
    for (const [key, v] of Object.entries(mod)) if (isGated(v) && !byEndpoint.has(v.endpoint)) byEndpoint.set(v.endpoint, { ...v, name: v.name ?? key });
  return [...byEndpoint.values()];
}

type EndpointKind = "read" | WriteAction | { action: string } | "custom";

function kindOf(def: Gated, method: string, rest: string): EndpointKind {
  const id = /^:id(\{[^}]*\})?\//;
  const verb = /^:id(?:\{[^}]*\})?\/([A-Za-z_]+)\/$/.exec(rest)?.[1] ?? /^bulk_([A-Za-z_]+)\/$/.exec(rest)?.[1];
  if (verb && verb !== "delete" && method === "POST") return def.actions && Object.hasOwn(def.actions, verb) ? { action: verb } : "custom";
  if (method === "GET") return rest === "import_template/" ? "create" : "read";
  if (rest === "" || rest === "import/") return method === "POST" ? "create" : method === "PUT" ? "change" : method === "DELETE" ? "delete" : "custom";
  if (rest === "bulk_delete/") return "delete";
  if (id.test(rest) && rest.replace(id, "") === "") return method === "PUT" ? "change" : method === "DELETE" ? "delete" : "custom";
  if (id.test(rest) && rest.replace(id, "") !== "" && method === "PUT") return "change"; // e.g. kindergartens/{id}/optional_function/
  return "custom";
}

describe("API permission matrix: every registered endpoint belongs to a group and is checked per user", () => {
  let routes: { method: string; path: string }[] = [];
  const defsAll = gatedDefinitions();
  const pagePrefix = (p: string) => Object.keys(PAGE_GATED).find((k) => p.startsWith(k));
  /** The definition owning a path (the longest endpoint prefix), unless a longer PAGE_GATED prefix names its own page. */
  const ownerDef = (p: string): Gated | undefined => {
    const def = defsAll.filter((d) => p.startsWith("/" + d.endpoint)).sort((a, b) => b.endpoint.length - a.endpoint.length)[0];
    const gated = pagePrefix(p);
    return def && gated && gated.length > def.endpoint.length + 1 ? undefined : def;
  };

  beforeAll(async () => {
    const { buildApp } = await import("@api/app");
    const app = buildApp(t.api.deps);
    const seen = new Set<string>();
    for (const r of app.routes) {
      if (r.method === "ALL") continue; // middleware
      const key = `${r.method} ${r.path}`;
      if (!seen.has(key)) {
        seen.add(key);
        routes.push({ method: r.method, path: r.path });
      }
    }
    routes = routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  });

  it("no endpoint is outside the groups (public allow-list, session, a definition, PAGE_GATED)", () => {
    const orphans = routes
      .map((r) => `${r.method} ${r.path}`)
      .filter((k) => {
        const p = k.slice(k.indexOf(" ") + 1);
        return !isPublic(k.slice(0, k.indexOf(" ")), p) && !SESSION_PREFIXES.some((x) => p.startsWith(x)) && !ownerDef(p) && !pagePrefix(p);
      });
    console.log(
      `[matrix] ${routes.length} registered endpoints, ${defsAll.length} definitions with a page and an endpoint, ${orphans.length} outside every group`,
    );
    expect(routes.length).toBeGreaterThan(50);
    expect(orphans).toEqual([]);
    // Every definition's page is a row of routes.md, so the page rule of the table applies.
    for (const d of defsAll)
      expect(
        table.some((r) => r.path === d.page),
        `${d.name}: page ${d.page}`,
      ).toBe(true);
  });

  it("session endpoints refuse a caller without a token; unsigned uploads are refused", async () => {
    const bad: string[] = [];
    for (const r of routes.filter((x) => !isPublic(x.method, x.path) && SESSION_PREFIXES.some((p) => x.path.startsWith(p)))) {
      const url = r.path.replace(/:\w+(\{[^}]*\})?/g, "1").replace(/\*$/, "x");
      const res = await t.call(r.method, url, { form: r.method === "GET" ? undefined : {} });
      // Files may be fetched with a signed link instead of a token: without either, never served.
      const want = r.path.startsWith("/files") ? [401, 403, 404] : [401];
      if (!want.includes(codeOf(res))) bad.push(`${r.method} ${r.path} without a token: ${codeOf(res)}, want ${want.join("|")}`);
    }
    for (const r of routes.filter((x) => x.path.startsWith("/uploads/"))) {
      const res = await t.call(r.method, r.path.replace(/\*$/, "tmp/x.png"), { headers: { "content-type": "image/png" } });
      if (![400, 401, 403, 404].includes(codeOf(res))) bad.push(`${r.method} ${r.path} unsigned: ${codeOf(res)}`);
    }
    expect(bad).toEqual([]);
  });

  it("each definition's endpoints × every user: refused → 403 and nothing written, allowed → not 403", async () => {
    const auditCount = async () =>
      Number(
        (
          await t.api.deps.db
            .selectFrom("audit_log")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const pageOk = (page: string, a: Actor) => {
      const row = rowOf(page);
      return row.roles.includes(a.role) && ruleAllows(row.rule, a.role, a.flags);
    };
    const rolesFor = (def: Gated, kind: EndpointKind): readonly number[] | null => {
      const pageRoles = rowOf(def.page).roles;
      if (kind === "custom") return null;
      if (kind === "read") return pageRoles;
      if (typeof kind === "object") return def.actions![kind.action]!.roles ?? def.can?.change ?? pageRoles;
      return def.can?.[kind] ?? pageRoles;
    };
    interface EndpointCell extends Cell {
      allowed: boolean | null;
    }
    const cells: EndpointCell[] = [];
    const covered = new Map<string, number>();
    for (const r of routes) {
      const def = ownerDef(r.path);
      const gatedPage = def ? def.page : PAGE_GATED[pagePrefix(r.path) ?? ""];
      if (!gatedPage) continue;
      const rest = def ? r.path.slice(def.endpoint.length + 1) : "";
      const kind: EndpointKind = def ? kindOf(def, r.method, rest) : r.method === "GET" ? "read" : "custom";
      const roles = def ? rolesFor(def, kind) : r.method === "GET" ? rowOf(gatedPage).roles : null;
      const url = r.path
        .replace(/:id(\{[^}]*\})?/g, String(NO_SUCH_ID))
        .replace(/:\w+\{([A-Za-z_]+)(\|[^}]*)?\}/g, "$1") // a verb parameter (`:verb{approve|reject}`): its first value
        .replace(/:\w+(\{[^}]*\})?/g, "1");
      const label = `${r.method} ${r.path} (${typeof kind === "object" ? `action ${kind.action}` : kind})`;
      covered.set(def?.name ?? gatedPage, (covered.get(def?.name ?? gatedPage) ?? 0) + 1);
      for (const a of actors) {
        const page = pageOk(gatedPage, a);
        // Refused by the page rule, or by the definition's role list for this kind of call.
        const extra = EXTRA_READERS[`${r.method} ${r.path}`]?.includes(a.role) ?? false;
        const allowed = extra ? true : !page ? false : roles === null ? null : roles.includes(a.role);
        // Calls without an id on a single-row editor or of unknown kind would write when allowed: only their refusals are run.
        if (allowed !== false && r.method !== "GET" && (allowed === null || (!/:id/.test(r.path) && kind === "change"))) continue;
        cells.push({
          resource: def?.name ?? gatedPage,
          action: label,
          actor: a,
          allowed,
          want: allowed ? [] : [403],
          run: () =>
            t.call(r.method, url, {
              token: a.token,
              form: r.method === "GET" || r.method === "DELETE" ? undefined : r.path.endsWith("bulk_delete/") ? { ids: String(NO_SUCH_ID) } : {},
            }),
        });
      }
    }
    const refusedCells = cells.filter((c) => !c.allowed);
    const before = await auditCount();
    const refused = await runCells(refusedCells);
    const afterRefused = await auditCount();
    const allowedOut = await runCells(cells.filter((c) => c.allowed));
    const bad = [
      ...refused.filter((o) => o.got !== 403).map(describeMismatch),
      ...allowedOut.filter((o) => o.got === 403 || o.got >= 500 || o.got < 0).map((o) => `${describeMismatch(o)}not 403`),
    ];
    console.log(
      `[matrix] endpoints of ${covered.size} definitions/pages: ${cells.length} cells (${refused.length} refused, ${allowedOut.length} allowed), ${bad.length} mismatches; audit log ${before} → ${afterRefused} after the refusals`,
    );
    expect(bad.slice(0, 40)).toEqual([]);
    expect(afterRefused, "the refused calls wrote nothing").toBe(before);
    // Every definition in RESOURCES owns at least one registered endpoint.
    for (const d of Object.values(RESOURCES)) expect(covered.get(d.name) ?? 0, `${d.name}: endpoints registered under ${d.endpoint}`).toBeGreaterThan(0);
  }, 120_000);
});
