import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE_REACH, type RoleId } from "@contract/roles";
import { assertInScope, scoped, type Scope } from "@api/tenancy";
import { makeGuards } from "@api/auth/guards";
import { enc, phoneOf, startTestApi, type Reply, type TestApi } from "./helpers";

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  await t?.close();
});

/** Group-1 markers that must never appear in a group-2 user's replies. */
const GROUP1_MARKERS = ["阳光", "Sunshine", "SUN00", phoneOf(1), phoneOf(111), phoneOf(5)];
function assertNoGroup1(r: Reply, what: string) {
  const text = JSON.stringify({ msg: r.msg, data: r.data });
  for (const m of GROUP1_MARKERS) expect(text.includes(m), `${what} leaked "${m}"`).toBe(false);
  const ids = JSON.stringify(r.data ?? null).match(/"(kindergartenId|educationGroupId)":(\d+)/g) ?? [];
  for (const id of ids) expect(['"kindergartenId":4', '"educationGroupId":2'], `${what}: ${id}`).toContain(id);
}

describe("a group-2 kindergarten admin (13800000405) against every endpoint", () => {
  it("sees only group 2 and cannot touch group 1", async () => {
    const login = await t.login(phoneOf(405));
    expect(login.code).toBe(200);
    assertNoGroup1(login, "token/login");
    expect(login.data.kindergartenId).toBe(4);
    expect(login.data.educationGroupId).toBe(2);
    let token: string = login.data.token;

    const replies: [string, Reply][] = [];
    const hit = async (what: string, method: string, path: string, opts: Parameters<TestApi["call"]>[2] = {}) => {
      const r = await t.call(method, path, { token, ...opts });
      replies.push([what, r]);
      return r;
    };

    expect((await hit("token/info", "GET", "token/info")).data.kindergartenName).toBe("星河幼儿园（南山园）");
    expect((await hit("token/sts", "GET", "token/sts")).code).toBe(200);
    const home = await hit("home/summary", "GET", "home/summary");
    expect(home.code).toBe(200);
    const kgCard = (home.data.cards as { key: string; value: number }[]).find((c) => c.key === "kindergartens");
    if (kgCard) expect(kgCard.value).toBe(1);
    expect((await hit("token/sts temp", "GET", "token/sts", { query: { bucket: "temp" } })).code).toBe(200);

    // Role switch: only his own role; kindergarten switch: never (role 5), and never into group 1.
    expect((await hit("role 1", "PATCH", "token/role/1", { form: { platform: "pc" } })).code).toBe(403);
    expect((await hit("role 6", "PATCH", "token/role/6", { form: { platform: "pc" } })).code).toBe(403);
    expect((await hit("kg 1", "PATCH", "token/kindergarten/1", { query: { platform: "pc" } })).code).toBe(403);
    expect((await hit("kg 2", "PATCH", "token/kindergarten/2", { query: { platform: "pc" } })).code).toBe(403);

    // The binding endpoints (role 6 only): listing, creating on group-1 ids, deleting group-1 bindings.
    for (const seg of ["principals", "pro_teachers"]) {
      const base = `users/${seg}/kindergartens/`;
      expect((await hit(`GET ${base}`, "GET", base, { query: { currentPage: 1, pageSize: 10000 } })).code).toBe(403);
      expect((await hit(`POST ${base}`, "POST", base, { form: { userId: 1, kindergartenId: 1 } })).code).toBe(403);
      expect((await hit(`POST ${base} into kg4`, "POST", base, { form: { userId: 111, kindergartenId: 4 } })).code).toBe(403);
      for (const id of [1, 2, 3, 4]) expect((await hit(`DELETE ${base}${id}/`, "DELETE", `${base}${id}/`)).code).toBe(403);
    }

    // Public registration lookups answer by registration code only: his own kindergarten's code works.
    const own = await hit("register/kindergarten", "GET", "register/kindergarten", { query: { registrationCode: "GAL004" } });
    expect(own.data.id).toBe(4);
    const classes = await hit("register/classes", "GET", "register/classes", { query: { registrationCode: "GAL004" } });
    expect(classes.data.total).toBe(8);
    // Password endpoints act on the caller's own phone.
    expect((await hit("sms/code", "POST", "sms/code", { form: { phone: phoneOf(405), purpose: "forgot" } })).code).toBe(200);
    expect(
      (
        await hit("password/reset wrong", "POST", "password/reset", {
          form: { phone: phoneOf(405), oldPassword: enc("Wrong#Pw84"), password: enc("Brave!Kite42") },
        })
      ).code,
    ).toBe(400);
    // WeChat login into his own kindergarten (applicant flow) is public; into kg 4 only (not configured by default: 503).
    expect(
      (await hit("login_wechat", "POST", "token/login_wechat", { form: { appId: "a", code: "none", encryptedData: "x", iv: "y", kindergartenId: 4 } })).code,
    ).toBe(503);

    for (const [what, r] of replies) assertNoGroup1(r, what);

    // Own role "switch" keeps him in kindergarten 4.
    const same = await t.call("PATCH", "token/role/5", { token, form: { platform: "pc" } });
    expect(same.code).toBe(200);
    expect(same.data.kindergartenId).toBe(4);
    assertNoGroup1(same, "role 5");
    token = same.data.token;
    expect((await t.call("DELETE", "token/logout", { token })).code).toBe(200);
    expect((await t.call("GET", "token/info", { token })).code).toBe(401);
  });

  it("the group-2 principal 13800000401 switches only within his own kindergartens", async () => {
    const token = await t.token(phoneOf(401));
    const list = await t.call("GET", "users/pro_teachers/kindergartens/", { token, query: { currentPage: 1, pageSize: 10000 } });
    expect(list.data.list).toEqual([{ id: 4, kindergartenName: "星河幼儿园（南山园）" }]);
    for (const kg of [1, 2, 3]) expect((await t.call("PATCH", `token/kindergarten/${kg}`, { token, query: { platform: "pc" } })).code).toBe(403);
    expect((await t.call("PATCH", "token/kindergarten/4", { token, query: { platform: "pc" } })).code).toBe(200);
  });
});

describe("api/tenancy scope filters", () => {
  const db = () => t.api.handle.db;
  const scopeFor = (userId: number, roleId: RoleId, kindergartenId: number | null, educationGroupId: number | null): Scope => ({
    tokenId: 0,
    userId,
    roleId,
    kindergartenId,
    educationGroupId,
    reach: ROLE_REACH[roleId],
  });

  it("kindergarten-reach roles see their kindergarten only", async () => {
    const s = scopeFor(0, 5, 4, 2);
    const kgs = await scoped.kindergartens(db(), s).select("id").execute();
    expect(kgs.map((k) => k.id)).toEqual([4]);
    const students = await scoped.students(db(), s).select("kindergarten_id").execute();
    expect(students.length).toBeGreaterThan(100);
    expect(new Set(students.map((x) => x.kindergarten_id))).toEqual(new Set([4]));
    const users = await scoped.users(db(), s).select("kindergarten_id").execute();
    expect(new Set(users.map((x) => x.kindergarten_id))).toEqual(new Set([4]));
    const classes = await scoped.classes(db(), s).select("kindergarten_id").execute();
    expect(new Set(classes.map((x) => x.kindergarten_id))).toEqual(new Set([4]));
  });

  it("group roles see every kindergarten of their group; the super admin the platform", async () => {
    const g = await scoped
      .kindergartens(db(), scopeFor(9, 9, 1, 1))
      .select("id")
      .orderBy("id")
      .execute();
    expect(g.map((k) => k.id)).toEqual([1, 2, 3]);
    const g2 = await scoped
      .kindergartens(db(), scopeFor(0, 15, 4, 2))
      .select("id")
      .orderBy("id")
      .execute();
    expect(g2.map((k) => k.id)).toEqual([4]);
    const all = await scoped
      .kindergartens(db(), scopeFor(6, 6, 1, 1))
      .select("id")
      .orderBy("id")
      .execute();
    expect(all.map((k) => k.id)).toEqual([1, 2, 3, 4]);
  });

  it("a teacher sees her classes' students, a parent his children", async () => {
    const teacher = await scoped
      .students(db(), scopeFor(3, 3, 1, 1))
      .select(["class_id"])
      .execute();
    const myClasses = await db().selectFrom("class_teachers").select("class_id").where("user_id", "=", 3).execute();
    expect(teacher.length).toBeGreaterThanOrEqual(15);
    expect(new Set(teacher.map((s) => s.class_id))).toEqual(new Set(myClasses.map((c) => c.class_id)));
    const classes = await scoped
      .classes(db(), scopeFor(3, 3, 1, 1))
      .select("id")
      .execute();
    expect(classes.map((c) => c.id)).toEqual(myClasses.map((c) => c.class_id));

    const parent = await scoped
      .students(db(), scopeFor(4, 4, 1, 1))
      .select("id")
      .orderBy("id")
      .execute();
    const mine = await db().selectFrom("student_parents").select("student_id").where("parent_id", "=", 4).orderBy("student_id").execute();
    expect(parent.map((p) => p.id)).toEqual(mine.map((m) => m.student_id));
    expect(parent).toHaveLength(2);
    // A parent of kindergarten 1 sees nothing when his token points elsewhere.
    expect(
      await scoped
        .students(db(), scopeFor(4, 4, 4, 2))
        .select("id")
        .execute(),
    ).toHaveLength(0);
    // Users: a teacher or parent sees only himself.
    const users = await scoped
      .users(db(), scopeFor(4, 4, 1, 1))
      .select("id")
      .execute();
    expect(users.map((u) => u.id)).toEqual([4]);
  });

  it("the doctor sees bound students, the bus teacher his bus's students, the applicant none", async () => {
    const doc = await scoped
      .students(db(), scopeFor(7, 7, 1, 1))
      .select("id")
      .execute();
    const bound = await db().selectFrom("doctor_students").select("student_id").where("doctor_id", "=", 7).execute();
    expect(doc.length).toBe(bound.length);
    const bus = await scoped
      .students(db(), scopeFor(8, 8, 1, 1))
      .select("bus_id")
      .execute();
    const buses = await db().selectFrom("bus_teachers").select("bus_id").where("user_id", "=", 8).execute();
    expect(bus.every((s) => buses.some((b) => b.bus_id === s.bus_id))).toBe(true);
    expect(
      await scoped
        .students(db(), scopeFor(13, 13, 1, 1))
        .select("id")
        .execute(),
    ).toHaveLength(0);
  });
});

describe("assertions before writes and the page guard", () => {
  const db = () => t.api.handle.db;
  const scopeFor = (userId: number, roleId: RoleId, kindergartenId: number | null, educationGroupId: number | null): Scope => ({
    tokenId: 0,
    userId,
    roleId,
    kindergartenId,
    educationGroupId,
    reach: ROLE_REACH[roleId],
  });

  it("refuses (404) group-1 rows to a group-2 scope and accepts its own", async () => {
    const s = scopeFor(0, 5, 4, 2);
    await expect(assertInScope.kindergarten(db(), s, 1)).rejects.toMatchObject({ status: 404 });
    await expect(assertInScope.user(db(), s, 1)).rejects.toMatchObject({ status: 404 });
    const g1Student = await db().selectFrom("students").select("id").where("kindergarten_id", "=", 1).executeTakeFirstOrThrow();
    await expect(assertInScope.student(db(), s, g1Student.id)).rejects.toMatchObject({ status: 404 });
    const g1Class = await db().selectFrom("classes").select("id").where("kindergarten_id", "=", 1).executeTakeFirstOrThrow();
    await expect(assertInScope.class(db(), s, g1Class.id)).rejects.toMatchObject({ status: 404 });
    expect((await assertInScope.kindergarten(db(), s, 4)).id).toBe(4);
  });

  it("requirePage applies the route tree's roles and flag rules with the kindergarten's optionalFunction", async () => {
    const { canSeePage } = makeGuards(t.api.deps);
    // /bus/schoolBus: roles 5,6, hide:isHideBus except 6 — kindergarten 2 hides it, kindergarten 1 does not.
    expect(await canSeePage(scopeFor(5, 5, 1, 1), "/bus/schoolBus")).toBe(true);
    expect(await canSeePage(scopeFor(5, 5, 2, 1), "/bus/schoolBus")).toBe(false);
    expect(await canSeePage(scopeFor(6, 6, 2, 1), "/bus/schoolBus")).toBe(true);
    // show:isShowForm — only kindergarten 1 has it.
    expect(await canSeePage(scopeFor(5, 5, 1, 1), "/daily/formTemplate")).toBe(true);
    expect(await canSeePage(scopeFor(5, 5, 3, 1), "/daily/formTemplate")).toBe(false);
    // Roles.
    expect(await canSeePage(scopeFor(6, 6, 1, 1), "/user/principal")).toBe(true);
    expect(await canSeePage(scopeFor(5, 5, 1, 1), "/user/principal")).toBe(false);
    expect(await canSeePage(scopeFor(6, 6, 1, 1), "/no/such/page")).toBe(false);
  });
});
