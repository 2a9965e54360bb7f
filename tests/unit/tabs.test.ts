import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_OPTIONAL_FUNCTION } from "@contract/optional-function";
import type { RoleId } from "@contract/roles";

/** Visited-page tabs (tagsView behaviour) kept in the signed cookie kg_tabs. */
process.env.SESSION_SECRET = "unit-test-secret";
let tabs: typeof import("~/utils/tabs.server");

beforeAll(async () => {
  (await import("~/utils/env.server")).resetEnvCache();
  tabs = await import("~/utils/tabs.server");
});

const userOf = (roleId: RoleId, userId = 1) => ({
  token: "t",
  info: {
    userId,
    realName: "T",
    phone: "1",
    roleId,
    roles: [roleId],
    kindergartenId: 1,
    kindergartenName: "K",
    educationGroupId: 1,
    educationGroupName: "G",
    optionalFunction: { ...DEFAULT_OPTIONAL_FUNCTION },
  },
});
const url = (p: string) => new URL("http://console.test" + p);
const paths = (s: { visited: Array<{ path: string }> }) => s.visited.map((t) => t.path);

async function roundTrip(state: Awaited<ReturnType<typeof tabs.readTabs>>, user: ReturnType<typeof userOf>) {
  const cookie = (await tabs.serializeTabs(new Request("http://console.test/"), state)).split(";")[0]!;
  return tabs.readTabs(new Request("http://console.test/", { headers: { Cookie: cookie } }), user);
}

describe("tabs", () => {
  it("starts with the affixed Home tab", async () => {
    const s = await tabs.readTabs(new Request("http://console.test/"), userOf(5));
    expect(s.visited).toEqual([{ path: "/Home", fullPath: "/Home", title: "title.home", affix: true }]);
  });

  it("adds visited permitted pages once, keeps their query, skips unknown and forbidden paths", async () => {
    const user = userOf(5);
    const s = await tabs.readTabs(new Request("http://console.test/"), user);
    expect(tabs.visit(s, user, url("/kindergarten/class"))).toBe(true);
    expect(tabs.visit(s, user, url("/kindergarten/class?_data=routes%2Fx"))).toBe(false);
    expect(tabs.visit(s, user, url("/kindergarten/class?_routes=routes%2Fx%2Croot"))).toBe(false); // a single-fetch data request
    expect(tabs.visit(s, user, url("/kindergarten/class?page=2"))).toBe(true);
    expect(tabs.visit(s, user, url("/kindergarten/group"))).toBe(false); // role 6 only
    expect(tabs.visit(s, user, url("/nowhere"))).toBe(false);
    expect(paths(s)).toEqual(["/Home", "/kindergarten/class"]);
    expect(s.visited[1]!.fullPath).toBe("/kindergarten/class?page=2");
    expect(s.cached).toEqual(["/kindergarten/class"]);
  });

  it("noCache pages get a tab but no cache entry", async () => {
    const user = userOf(2);
    const s = await tabs.readTabs(new Request("http://console.test/"), user);
    tabs.visit(s, user, url("/evaluate/evaluate1/3"));
    expect(paths(s)).toEqual(["/Home", "/evaluate/evaluate1/3"]);
    expect(s.cached).toEqual([]);
  });

  it("survives the cookie round trip, for the same user only; forbidden tabs are dropped after a role change", async () => {
    const admin = userOf(5, 9);
    const s = await tabs.readTabs(new Request("http://console.test/"), admin);
    tabs.visit(s, admin, url("/kindergarten/class?x=1"));
    tabs.visit(s, admin, url("/teaching/activity"));
    const back = await roundTrip(s, admin);
    expect(paths(back)).toEqual(["/Home", "/kindergarten/class", "/teaching/activity"]);
    expect(back.visited[1]!.fullPath).toBe("/kindergarten/class?x=1");
    const sameUserAsTeacher = await roundTrip(s, userOf(3, 9));
    expect(paths(sameUserAsTeacher)).toEqual(["/Home", "/teaching/activity"]);
    const someoneElse = await roundTrip(s, userOf(5, 10));
    expect(paths(someoneElse)).toEqual(["/Home"]);
  });

  it("close / close others / close all keep Home", async () => {
    const user = userOf(5);
    const s = await tabs.readTabs(new Request("http://console.test/"), user);
    for (const p of ["/kindergarten/class", "/kindergarten/place", "/user/doctor"]) tabs.visit(s, user, url(p));
    tabs.closeTab(s, "/Home");
    tabs.closeTab(s, "/kindergarten/place");
    expect(paths(s)).toEqual(["/Home", "/kindergarten/class", "/user/doctor"]);
    tabs.closeOthers(s, "/user/doctor");
    expect(paths(s)).toEqual(["/Home", "/user/doctor"]);
    expect(s.cached).toEqual(["/user/doctor"]);
    tabs.closeAll(s);
    expect(paths(s)).toEqual(["/Home"]);
    expect(s.cached).toEqual([]);
  });

  it(`keeps at most ${20} tabs, dropping the oldest non-affixed one`, async () => {
    const user = userOf(5);
    const s = await tabs.readTabs(new Request("http://console.test/"), user);
    const many = [
      "/kindergarten/class",
      "/kindergarten/place",
      "/kindergarten/punch_setting",
      "/kindergarten/punch",
      "/user/userAdministration",
      "/user/expert",
      "/user/studentParent",
      "/user/doctor",
      "/user/busTeacher",
      "/student/studentFile",
      "/student/studentCheck",
      "/student/studentSchoolBusCheck",
      "/student/leaveNotes",
      "/student/studentManual",
      "/teaching/anecdoteFile",
      "/teaching/activity",
      "/teaching/teaching-plan",
      "/teaching/TeachingRecord",
      "/teaching/StudentWorks",
      "/teaching/predesign",
      "/teaching/trainingMaterials",
    ];
    for (const p of many) tabs.visit(s, user, url(p));
    expect(s.visited).toHaveLength(tabs.MAX_TABS);
    expect(paths(s)[0]).toBe("/Home");
    expect(paths(s)).not.toContain("/kindergarten/class");
    expect(paths(s)).not.toContain("/kindergarten/place");
    expect(paths(s).at(-1)).toBe("/teaching/trainingMaterials");
  });
});
