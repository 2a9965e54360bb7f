import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageSchema, kindergartenItemSchema } from "@contract/api";
import { kindergartenBindingSchema } from "@contract/entities/bindings";
import { phoneOf, startTestApi, type TestApi } from "./helpers";

let t: TestApi;
let admin: string; // super admin (role 6)
beforeAll(async () => {
  t = await startTestApi();
  admin = await t.token(phoneOf(6));
});
afterAll(async () => {
  await t?.close();
});

const userIdOf = async (phone: string) =>
  Number((await t.api.handle.db.selectFrom("users").select("id").where("phone", "=", phone).executeTakeFirstOrThrow()).id);

describe.each([
  { segment: "principals", role: 1, boundPhone: phoneOf(1), otherRolePhone: phoneOf(3) },
  { segment: "pro_teachers", role: 11, boundPhone: phoneOf(111), otherRolePhone: phoneOf(5) },
])("users/$segment/kindergartens/", ({ segment, boundPhone, otherRolePhone }) => {
  const base = `users/${segment}/kindergartens/`;

  it("lists bindings with paging (role 6)", async () => {
    const all = await t.call("GET", base, { token: admin, query: { currentPage: 1, pageSize: 10000 } });
    expect(all.code).toBe(200);
    const page = pageSchema(kindergartenBindingSchema).parse(all.data);
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.list.length).toBe(page.total);
    const bound = await userIdOf(boundPhone);
    expect(
      page.list
        .filter((b) => b.userId === bound)
        .map((b) => b.kindergartenId)
        .sort(),
    ).toEqual([1, 2]);
    const item = page.list.find((b) => b.userId === bound)!;
    expect(item.phone).toBe(boundPhone);
    expect(item.realName).toBeTruthy();
    expect(item.kindergartenName).toBeTruthy();

    const p1 = await t.call("GET", base, { token: admin, query: { currentPage: 1, pageSize: 1 } });
    const p2 = await t.call("GET", base, { token: admin, query: { currentPage: 2, pageSize: 1 } });
    expect(p1.data.list).toHaveLength(1);
    expect(p2.data.list).toHaveLength(1);
    expect(p1.data.list[0].id).not.toBe(p2.data.list[0].id);
    expect(p1.data.total).toBe(page.total);
    expect(p2.data.currentPage).toBe(2);

    const filtered = await t.call("GET", base, { token: admin, query: { kindergartenId: 2 } });
    expect(filtered.data.list.every((b: { kindergartenId: number }) => b.kindergartenId === 2)).toBe(true);
    const search = await t.call("GET", base, { token: admin, query: { keyword: boundPhone } });
    expect(search.data.list.every((b: { phone: string }) => b.phone === boundPhone)).toBe(true);
    expect(search.data.total).toBe(2);
  });

  it("refuses pageSize above 10000 (422)", async () => {
    const r = await t.call("GET", base, { token: admin, query: { currentPage: 1, pageSize: 10001 } });
    expect(r.code).toBe(422);
    expect(r.data.errors.pageSize).toBeTruthy();
  });

  it("creates a binding, refuses the duplicate (409), deletes it", async () => {
    const userId = await userIdOf(boundPhone);
    const created = await t.call("POST", base, { token: admin, form: { userId, kindergartenId: 3 } });
    expect(created.code).toBe(200);
    expect(created.data).toMatchObject({ userId, kindergartenId: 3 });
    const id = created.data.id;

    const dup = await t.call("POST", base, { token: admin, form: { userId, kindergartenId: 3 }, lang: "en" });
    expect(dup.status).toBe(409);
    expect(dup.code).toBe(409);
    expect(dup.msg).toBe("This user is already bound to this kindergarten");

    const audit = await t.api.handle.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity", "=", `${segment === "principals" ? "principal" : "pro_teacher"}_kindergartens`)
      .where("entity_id", "=", id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["create"]);
    expect(audit[0].user_id).toBe(6);

    const del = await t.call("DELETE", `${base}${id}/`, { token: admin });
    expect(del.code).toBe(200);
    const again = await t.call("DELETE", `${base}${id}/`, { token: admin });
    expect(again.code).toBe(404);
    const list = await t.call("GET", base, { token: admin, query: { userId, pageSize: 100 } });
    expect(list.data.list.some((b: { id: number }) => b.id === id)).toBe(false);
  });

  it("validates the user's role, the ids, and omitted fields", async () => {
    const wrongRole = await t.call("POST", base, { token: admin, form: { userId: await userIdOf(otherRolePhone), kindergartenId: 3 } });
    expect(wrongRole.code).toBe(422);
    expect(wrongRole.data.errors.userId).toHaveLength(1);
    const noUser = await t.call("POST", base, { token: admin, form: { userId: 999999, kindergartenId: 3 } });
    expect(noUser.code).toBe(422);
    const noKg = await t.call("POST", base, { token: admin, form: { userId: await userIdOf(boundPhone), kindergartenId: 999 } });
    expect(noKg.code).toBe(422);
    expect(noKg.data.errors.kindergartenId).toHaveLength(1);
    const empty = await t.call("POST", base, { token: admin, form: { userId: "", kindergartenId: "" } });
    expect(empty.code).toBe(422);
    expect(Object.keys(empty.data.errors).sort()).toEqual(["kindergartenId", "userId"]);
  });

  it("is for role 6 only (page /user/principal or /user/proTeacher): others get 403", async () => {
    for (const role of [2, 3, 4, 5, 7, 9, 15]) {
      const token = await t.token(phoneOf(role));
      expect((await t.call("GET", base, { token })).code, `GET as role ${role}`).toBe(403);
      expect((await t.call("POST", base, { token, form: { userId: 1, kindergartenId: 3 } })).code, `POST as role ${role}`).toBe(403);
      expect((await t.call("DELETE", `${base}1/`, { token })).code, `DELETE as role ${role}`).toBe(403);
    }
    expect((await t.call("GET", base)).code).toBe(401);
    expect((await t.call("POST", base, { form: { userId: 1, kindergartenId: 3 } })).code).toBe(401);
    expect((await t.call("DELETE", `${base}1/`)).code).toBe(401);
  });
});

describe("the kindergarten switcher's list (roles 1 and 11)", () => {
  const base = "users/pro_teachers/kindergartens/";

  it("gives 13800000111 his own switchable kindergartens as {id, kindergartenName}", async () => {
    const token = await t.token(phoneOf(111));
    const r = await t.call("GET", base, { token, query: { currentPage: 1, pageSize: 10000 } });
    expect(r.code).toBe(200);
    const page = pageSchema(kindergartenItemSchema).parse(r.data);
    expect(page.list.map((k) => k.id)).toEqual([1, 2]);
    expect(page.list[0].kindergartenName).toBe("阳光幼儿园（朝阳园）");
    expect(Object.keys(r.data.list[0]).sort()).toEqual(["id", "kindergartenName"]);
  });

  it("gives the principal 13800000001 kindergartens 1 and 2, and 13800000401 only kindergarten 4", async () => {
    const p1 = await t.call("GET", base, { token: await t.token(phoneOf(1)), query: { currentPage: 1, pageSize: 10000 } });
    expect(p1.data.list.map((k: { id: number }) => k.id)).toEqual([1, 2]);
    const p4 = await t.call("GET", base, { token: await t.token(phoneOf(401)), query: { currentPage: 1, pageSize: 10000 } });
    expect(p4.data.list.map((k: { id: number }) => k.id)).toEqual([4]);
  });

  it("role 1 still cannot list principal bindings", async () => {
    const token = await t.token(phoneOf(1));
    expect((await t.call("GET", "users/principals/kindergartens/", { token })).code).toBe(403);
    expect((await t.call("POST", base, { token, form: { userId: 11, kindergartenId: 2 } })).code).toBe(403);
  });

  it("a new binding shows in the switcher and allows the switch", async () => {
    const created = await t.call("POST", base, { token: admin, form: { userId: 11, kindergartenId: 3 } });
    expect(created.code).toBe(200);
    const token = await t.token(phoneOf(11));
    const r = await t.call("GET", base, { token, query: { currentPage: 1, pageSize: 10000 } });
    expect(r.data.list.map((k: { id: number }) => k.id)).toEqual([1, 3]);
    expect((await t.call("PATCH", "token/kindergarten/3", { token, query: { platform: "pc" } })).code).toBe(200);
  });

  it("removing a binding ends the sessions that were switched into that kindergarten", async () => {
    const token = await t.token(phoneOf(11));
    const moved = await t.call("PATCH", "token/kindergarten/3", { token, query: { platform: "pc" } });
    expect(moved.code).toBe(200);
    const list = await t.call("GET", base, { token: admin, query: { userId: 11, kindergartenId: 3 } });
    expect(list.data.total).toBe(1);
    expect((await t.call("DELETE", `${base}${list.data.list[0].id}/`, { token: admin })).code).toBe(200);
    expect((await t.call("GET", "token/info", { token: moved.data.token })).code).toBe(401);
  });
});
