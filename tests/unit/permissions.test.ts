import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { filterRoutes, hasPermission, passesFlagRule, type PermissionSubject } from "@contract/permissions";
import { ALL_PAGES, HOME_ROUTE, SECTIONS, type SectionRoute } from "@contract/route-tree";
import { DEFAULT_OPTIONAL_FUNCTION, FLAGS, HIDE_FLAGS, SHOW_FLAGS, type OptionalFunction } from "@contract/optional-function";
import { ROLE_IDS, type RoleId } from "@contract/roles";
import { expectedMenu, expectedVisible as visibleInTable, demoFlags, parseTable, type TableRow } from "../fixtures/routes-table";

/**
 * The permission rules of section 6, checked against an INDEPENDENT transcription of the route
 * table: tests/fixtures/routes-table.md is a copy of shared/routes.md, parsed here (paths, roles,
 * hidden, flag rule text; tests/fixtures/routes-table.ts) without using the route tree. For all 16 roles × every page × both sides
 * of every flag (each flag alone, all show-on/hide-off = kindergarten 1, the opposite = kindergarten
 * 2, all off), the contract's hasPermission must agree with the table.
 */

process.env.SESSION_SECRET = "unit-test-secret";

const rows = parseTable();
const expectedVisible = (row: TableRow, role: number, of: Record<string, boolean>) => visibleInTable(row, role, of);

const pageOf = (p: string) => ALL_PAGES.find((r) => r.path === p);

const ofWith = (values: Partial<OptionalFunction> | Record<string, boolean>): OptionalFunction => ({ ...DEFAULT_OPTIONAL_FUNCTION, ...values });
const allOff = ofWith({});
/** Kindergarten 1 of the demo data: every show-flag on, every hide-flag off. */
const kg1 = ofWith(Object.fromEntries([...SHOW_FLAGS.map((f) => [f, true]), ...HIDE_FLAGS.map((f) => [f, false])]));
/** Kindergarten 2: the opposite. */
const kg2 = ofWith(Object.fromEntries([...SHOW_FLAGS.map((f) => [f, false]), ...HIDE_FLAGS.map((f) => [f, true])]));
const SCENARIOS: Array<[string, OptionalFunction]> = [
  ["all off", allOff],
  ["kindergarten 1 (show on, hide off)", kg1],
  ["kindergarten 2 (show off, hide on)", kg2],
  ...FLAGS.map((f) => [`only ${f}`, ofWith({ [f]: true })] as [string, OptionalFunction]),
  ...FLAGS.map((f) => [`all but ${f} (kg2 with ${f} flipped)`, ofWith({ ...kg2, [f]: !kg2[f] })] as [string, OptionalFunction]),
];

const subject = (roleId: RoleId, of: OptionalFunction | null = kg1, extra: Partial<PermissionSubject> = {}): PermissionSubject => ({
  roleId,
  educationGroupId: 1,
  kindergartenId: 1,
  optionalFunction: of,
  ...extra,
});

afterEach(() => vi.restoreAllMocks());

describe("the route tree matches the table of routes.md", () => {
  it("parses every row of the table", () => {
    expect(rows.length).toBe(80); // 79 of routes.md + /student/parentRequests (decision, issue 25 item 6)
  });

  it("has exactly the table's pages (plus Home)", () => {
    const tree = ALL_PAGES.filter((p) => p !== HOME_ROUTE)
      .map((p) => p.path)
      .sort();
    expect(tree).toEqual(rows.map((r) => r.path).sort());
  });

  it.each(rows.map((r) => [r.path, r] as const))("%s: roles and hidden as in the table", (_p, row) => {
    const page = pageOf(row.path)!;
    expect([...page.meta.roles].sort((a, b) => a - b)).toEqual([...row.roles].sort((a, b) => a - b));
    expect(Boolean(page.hidden)).toBe(row.hidden);
  });

  it("Home is affixed and open to every role", () => {
    expect(HOME_ROUTE.meta.affix).toBe(true);
    expect([...HOME_ROUTE.meta.roles].sort((a, b) => a - b)).toEqual([...ROLE_IDS].sort((a, b) => a - b));
  });

  it("a section's roles are the union of its pages' roles", () => {
    for (const s of SECTIONS) {
      const union = [...new Set(s.children.flatMap((c) => c.meta.roles))].sort((a, b) => a - b);
      expect([...(s.meta.roles ?? [])].sort((a, b) => a - b)).toEqual(union);
    }
  });
});

describe("hasPermission: 16 roles × every page × both sides of every flag", () => {
  it.each(ROLE_IDS.map((r) => [r]))("role %i", (role) => {
    const mismatches: string[] = [];
    let checked = 0;
    for (const [name, of] of SCENARIOS) {
      for (const row of rows) {
        const page = pageOf(row.path)!;
        const got = hasPermission(subject(role, of), page.meta);
        const want = expectedVisible(row, role, of as unknown as Record<string, boolean>);
        checked++;
        if (got !== want) mismatches.push(`${row.path} [${name}]: got ${got}, table says ${want}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBe(SCENARIOS.length * rows.length);
  });

  it("every flag rule of the table is exercised on both sides by some role", () => {
    // /daily/medication: its only role (7) is never hidden, so it has one side only.
    for (const row of rows.filter((r) => r.rule && r.path !== "/daily/medication")) {
      const outcomes = new Set<boolean>();
      for (const role of row.roles) for (const [, of] of SCENARIOS) outcomes.add(hasPermission(subject(role as RoleId, of), pageOf(row.path)!.meta));
      expect([row.path, [...outcomes].sort()]).toEqual([row.path, [false, true]]);
    }
  });

  it("a null optionalFunction: show-flags hide, hide-flags do not", () => {
    // A platform or group session has no kindergarten (issue 25): no kindergarten's flag narrows it.
    expect(hasPermission({ roleId: 6, educationGroupId: null, kindergartenId: null, optionalFunction: null }, pageOf("/device/camera")!.meta)).toBe(true);
    expect(hasPermission({ roleId: 5, educationGroupId: 1, kindergartenId: null, optionalFunction: null }, pageOf("/student/studentAge06")!.meta)).toBe(false);
    expect(hasPermission(subject(5, null), pageOf("/student/studentAge06")!.meta)).toBe(false);
    expect(hasPermission(subject(5, null), pageOf("/student/studentCheck")!.meta)).toBe(true);
  });

  it("the special cases of section 6", () => {
    const med = pageOf("/daily/medication")!.meta;
    expect(hasPermission(subject(7, ofWith({ isHideMed: true })), med)).toBe(true); // always for 7
    const rec = pageOf("/admission/reconciliation")!.meta;
    expect(hasPermission(subject(12, ofWith({ isHideAdmission: true })), rec)).toBe(true); // except 12
    expect(hasPermission(subject(1, ofWith({ isHideAdmission: true })), rec)).toBe(false);
    const bills = pageOf("/tuition/bills")!.meta;
    expect(hasPermission(subject(4, ofWith({ isHideTuitionBill: true })), bills)).toBe(false); // only 4
    expect(hasPermission(subject(14, ofWith({ isHideTuitionBill: true })), bills)).toBe(true);
    const plan = pageOf("/teaching/teaching-plan")!.meta;
    expect(hasPermission(subject(1, ofWith({ isHideTeachingPlan: true })), plan)).toBe(false); // all roles
    const predesign = pageOf("/teaching/predesign")!.meta;
    expect(hasPermission(subject(6, ofWith({ isHidePredesignTeachingPlan: true })), predesign)).toBe(true); // except 6
    expect(hasPermission(subject(5, ofWith({ isHidePredesignTeachingPlan: true })), predesign)).toBe(false);
  });

  it("passesFlagRule: no rule passes; show needs the flag; hide variants", () => {
    expect(passesFlagRule(undefined, 1, null)).toBe(true);
    expect(passesFlagRule({ show: "isShowForm" }, 1, ofWith({ isShowForm: true }))).toBe(true);
    expect(passesFlagRule({ show: "isShowForm" }, 1, allOff)).toBe(false);
    expect(passesFlagRule({ hide: "isHideBus" }, 6, ofWith({ isHideBus: true }))).toBe(false);
    expect(passesFlagRule({ hide: "isHideBus", except: [6] }, 6, ofWith({ isHideBus: true }))).toBe(true);
    expect(passesFlagRule({ hide: "isHideTuitionBill", only: 4 }, 14, ofWith({ isHideTuitionBill: true }))).toBe(true);
  });
});

describe("roles, groups and kindergartens lists", () => {
  it("an empty roles list logs an error and denies", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(hasPermission(subject(6), { title: "title.x", roles: [] })).toBe(false);
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toMatch(/roles/);
  });

  it("a missing roles list (a section without pages) logs an error and denies", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(hasPermission(subject(6), { title: "section.x" })).toBe(false);
    expect(error).toHaveBeenCalled();
  });

  it("groups, when present, must contain the user's education group", () => {
    const meta = { title: "t", roles: [1] as RoleId[], groups: [1] };
    expect(hasPermission(subject(1, kg1, { educationGroupId: 1 }), meta)).toBe(true);
    expect(hasPermission(subject(1, kg1, { educationGroupId: 2 }), meta)).toBe(false);
    expect(hasPermission(subject(1, kg1, { educationGroupId: null }), meta)).toBe(false);
    expect(hasPermission(subject(3, kg1, { educationGroupId: 1 }), meta)).toBe(false);
  });

  it("kindergartens, when present, must contain the user's kindergarten", () => {
    const meta = { title: "t", roles: [1, 11] as RoleId[], kindergartens: [1, 3] };
    expect(hasPermission(subject(11, kg1, { kindergartenId: 3 }), meta)).toBe(true);
    expect(hasPermission(subject(11, kg1, { kindergartenId: 2 }), meta)).toBe(false);
    expect(hasPermission(subject(11, kg1, { kindergartenId: null }), meta)).toBe(false);
  });

  it("both lists together", () => {
    const meta = { title: "t", roles: [5] as RoleId[], groups: [1], kindergartens: [2] };
    expect(hasPermission(subject(5, kg1, { educationGroupId: 1, kindergartenId: 2 }), meta)).toBe(true);
    expect(hasPermission(subject(5, kg1, { educationGroupId: 1, kindergartenId: 1 }), meta)).toBe(false);
    expect(hasPermission(subject(5, kg1, { educationGroupId: 2, kindergartenId: 2 }), meta)).toBe(false);
  });
});

describe("filterRoutes (recursive)", () => {
  const tree: SectionRoute[] = [
    {
      path: "/a",
      meta: { title: "section.a", roles: [1, 3] },
      children: [
        { path: "/a/one", meta: { title: "a.one", roles: [1] } },
        { path: "/a/two", meta: { title: "a.two", roles: [3], groups: [2] } },
        { path: "/a/three", meta: { title: "a.three", roles: [1, 3], flag: { show: "isShowNursery" } } },
      ],
    },
    { path: "/b", meta: { title: "section.b", roles: [3] }, children: [{ path: "/b/one", meta: { title: "b.one", roles: [3] } }] },
    { path: "/c", meta: { title: "section.c", roles: [1] }, children: [{ path: "/c/one", meta: { title: "c.one", roles: [3] } }] },
  ];

  it("filters children and drops sections the role may not see or that end up empty", () => {
    const out = filterRoutes(tree, subject(1, allOff));
    expect(out.map((s) => [s.path, s.children.map((c) => c.path)])).toEqual([["/a", ["/a/one"]]]);
  });

  it("applies groups and flags to children", () => {
    expect(filterRoutes(tree, subject(3, kg1, { educationGroupId: 2 })).map((s) => [s.path, s.children.map((c) => c.path)])).toEqual([
      ["/a", ["/a/two", "/a/three"]],
      ["/b", ["/b/one"]],
    ]);
    expect(filterRoutes(tree, subject(3, allOff, { educationGroupId: 1 })).map((s) => s.path)).toEqual(["/b"]);
  });

  it("does not change the tree it filters", () => {
    filterRoutes(tree, subject(1, allOff));
    expect(tree[0]!.children).toHaveLength(3);
  });

  it.each(ROLE_IDS.map((r) => [r]))("role %i: the real tree filtered = the table's pages for kindergartens 1 and 2", (role) => {
    for (const of of [kg1, kg2]) {
      const got = filterRoutes(SECTIONS, subject(role, of))
        .flatMap((s) => s.children.map((c) => c.path))
        .sort();
      const want = rows
        .filter((r) => expectedVisible(r, role, of as unknown as Record<string, boolean>))
        .map((r) => r.path)
        .sort();
      expect(got).toEqual(want);
    }
  });
});

describe("the browser tests' expectations (fixtures) agree with the flags of the demo kindergartens", () => {
  it("demoFlags(1) / demoFlags(2) are kindergartens 1 and 2", () => {
    for (const [f, v] of Object.entries(demoFlags(1))) expect([f, v]).toEqual([f, (kg1 as unknown as Record<string, boolean>)[f]]);
    for (const [f, v] of Object.entries(demoFlags(2))) expect([f, v]).toEqual([f, (kg2 as unknown as Record<string, boolean>)[f]]);
  });
  it.each(ROLE_IDS.map((r) => [r]))("role %i: expectedMenu = Home + visible non-hidden pages of the filtered tree", (role) => {
    for (const [k, of] of [
      [1, kg1],
      [2, kg2],
    ] as const) {
      const tree = filterRoutes(SECTIONS, subject(role, of))
        .filter((s) => !s.hidden)
        .flatMap((s) => s.children.filter((c) => !c.hidden).map((c) => c.path));
      expect(["/Home", ...tree].sort()).toEqual(expectedMenu(role, demoFlags(k)));
    }
  });
});

describe("the console guard (permissions.server)", () => {
  let mod: typeof import("~/utils/permissions.server");
  let sessionMod: typeof import("~/utils/session.server");
  // A local upstream that answers `token/info` for the tokens the test hands out (the guard re-reads
  // the user info on every request); a token it does not know answers 401, like a revoked one.
  const served = new Map<string, unknown>();
  let upstreamServer: Server;
  let seq = 0;
  beforeAll(async () => {
    upstreamServer = createServer((req, res) => {
      const info = served.get(String(req.headers.token));
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(info ? { code: 200, msg: "ok", data: info } : { code: 401, msg: "请重新登录", data: null }));
    });
    await new Promise<void>((r) => upstreamServer.listen(0, "127.0.0.1", r));
    process.env.API_BASE_URL = `http://127.0.0.1:${(upstreamServer.address() as AddressInfo).port}/`;
    (await import("~/utils/env.server")).resetEnvCache();
    mod = await import("~/utils/permissions.server");
    sessionMod = await import("~/utils/session.server");
  });

  const info = (roleId: RoleId, of: OptionalFunction = kg1) => ({
    userId: 100 + roleId,
    realName: "Test",
    phone: "13800000000",
    roleId,
    roles: [roleId],
    kindergartenId: 1,
    kindergartenName: "K1",
    educationGroupId: 1,
    educationGroupName: "G1",
    optionalFunction: of,
  });

  afterAll(() => new Promise<void>((r) => upstreamServer.close(() => r())));

  /** A session cookie with `cookieOf` flags; the upstream answers `of` (null = token revoked). */
  async function requestAs(url: string, roleId: RoleId | null, of: OptionalFunction | null = kg1, cookieOf = of) {
    const headers = new Headers();
    if (roleId != null) {
      const storage = sessionMod.getSessionStorage();
      const session = await storage.getSession();
      const token = `t-${roleId}-${seq++}`;
      if (of) served.set(token, info(roleId, of));
      session.set("token", token);
      session.set("info", info(roleId, cookieOf ?? kg1));
      headers.set("Cookie", (await storage.commitSession(session)).split(";")[0]!);
    }
    return new Request("http://console.test" + url, { headers });
  }

  async function outcome(url: string, roleId: RoleId | null, of: OptionalFunction = kg1) {
    try {
      await mod.requirePage(await requestAs(url, roleId, of));
      return 200;
    } catch (e) {
      if (e instanceof Response) return e.status === 302 ? `302 ${e.headers.get("Location")}` : e.status;
      throw e;
    }
  }

  it("sends logged-out visitors to login with the page as redirect", async () => {
    expect(await outcome("/kindergarten/group?x=1", null)).toBe("302 /login?redirect=%2Fkindergarten%2Fgroup%3Fx%3D1");
  });

  it.each(ROLE_IDS.map((r) => [r]))("role %i: every page answers 200 or 403 as the table says (kindergartens 1 and 2)", async (role) => {
    for (const of of [kg1, kg2]) {
      for (const row of rows) {
        const url = row.path.replace(":id", "7");
        const want = expectedVisible(row, role, of as unknown as Record<string, boolean>) ? 200 : 403;
        expect([url, await outcome(url, role, of)]).toEqual([url, want]);
      }
      expect(await outcome("/Home", role, of)).toBe(200);
    }
  });

  it("reads the flags afresh from the upstream: a change takes effect at the next request", async () => {
    // The cookie still says kindergarten 1 (leave notes shown); the upstream now says they are hidden.
    const hidden = { ...kg1, isHideLeaveNote: true };
    const outcomeOf = async (r: Request) =>
      mod.requirePage(r).then(
        () => 200,
        (e: Response) => e.status,
      );
    expect(await outcomeOf(await requestAs("/student/leaveNotes", 5, kg1))).toBe(200);
    expect(await outcomeOf(await requestAs("/student/leaveNotes", 5, hidden, kg1))).toBe(403);
  });

  it("a token the upstream no longer knows sends the user to login", async () => {
    const r = await requestAs("/kindergarten/class", 5, null, kg1);
    const e = await mod.requirePage(r).then(
      () => null,
      (x: Response) => x,
    );
    expect(e?.status).toBe(302);
    expect(e?.headers.get("Location")).toBe("/login?redirect=%2Fkindergarten%2Fclass");
  });

  it("refuses with 403 and the no-permission reason, never the page data", async () => {
    try {
      await mod.requirePage(await requestAs("/kindergarten/group", 3));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(Response);
      expect((e as Response).status).toBe(403);
      expect(await (e as Response).json()).toEqual({ reason: "forbidden" });
    }
  });

  it("unknown paths are 404; another spelling of a page keeps its rules", async () => {
    expect(await outcome("/kindergarten/nothing", 6)).toBe(404);
    expect(await outcome("/evaluate/evaluate1", 2)).toBe(404);
    expect(await outcome("/teaching/teachingrecord", 6)).toBe(403);
    expect(await outcome("/teaching/teachingrecord", 3)).toBe(200);
    expect(await outcome("/KINDERGARTEN/GROUP", 5)).toBe(403);
  });

  it("requireSection checks the section and sends the bare section path to its first visible page", async () => {
    const sectionOutcome = async (url: string, roleId: RoleId) => {
      try {
        await mod.requireSection(await requestAs(url, roleId));
        return 200;
      } catch (e) {
        const r = e as Response;
        return r.status === 302 ? `302 ${r.headers.get("Location")}` : r.status;
      }
    };
    expect(await sectionOutcome("/tuition/templates", 3)).toBe(403);
    expect(await sectionOutcome("/tuition/bills", 4)).toBe(200);
    expect(await sectionOutcome("/kindergarten", 5)).toBe("302 /kindergarten/class");
    expect(await sectionOutcome("/kindergarten", 3)).toBe(403);
  });

  it("menuFor: hidden pages and hidden sections never appear; the age 0–6 page links out", async () => {
    const user = { token: "t", info: info(5) } as Parameters<typeof mod.menuFor>[0];
    const menu = mod.menuFor(user);
    const paths = menu.flatMap((s) => s.children.map((c) => c.path));
    expect(menu.some((s) => s.path === "/evaluate")).toBe(false);
    expect(paths).not.toContain("/evaluate/faceStudentClass");
    const age06 = menu.flatMap((s) => s.children).find((c) => c.path === "/student/studentAge06")!;
    expect(age06.external).toBe(true);
    expect(age06.href).toMatch(/^https?:/);
    const admissionsTeacher = mod.menuFor({ token: "t", info: info(12) } as typeof user);
    const admission = admissionsTeacher.find((s) => s.path === "/admission")!;
    expect(admission.children.map((c) => c.path)).not.toContain("/admission/communicationRecordList");
    expect(mod.menuFor({ token: "t", info: info(13) } as typeof user)).toEqual([]);
  });
});
