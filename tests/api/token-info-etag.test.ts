import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phoneOf, startTestApi, type TestApi } from "./helpers";

/**
 * `GET token/info` carries an ETag and answers 304 to a matching If-None-Match (issue 28, item 5): the console
 * revalidates its kept copy at every request, so a changed flag or role is seen at the user's very next request.
 */
let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
}, 60000);
afterAll(async () => {
  await t?.close();
});

describe("token/info validators", () => {
  it("answers 304 while nothing changed, and 200 with a new ETag after a flag or a role changed", async () => {
    const token = await t.token(phoneOf(5));
    const first = await t.call("GET", "token/info", { token });
    const etag = first.headers.get("etag");
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/); // weak when the reply was compressed

    const same = await t.call("GET", "token/info", { token, headers: { "if-none-match": etag! } });
    expect(same.status).toBe(304);

    // A flag of her kindergarten changes (as the super admin's editor does): the next revalidation is a 200.
    const db = t.api.handle.db;
    const before = await db.selectFrom("optional_functions").select("isHideLeaveNote").where("kindergarten_id", "=", 1).executeTakeFirstOrThrow();
    await db
      .updateTable("optional_functions")
      .set({ isHideLeaveNote: before.isHideLeaveNote ? 0 : 1 } as never)
      .where("kindergarten_id", "=", 1)
      .execute();
    const changed = await t.call("GET", "token/info", { token, headers: { "if-none-match": etag! } });
    expect(changed.status).toBe(200);
    expect(changed.data.optionalFunction.isHideLeaveNote).toBe(!before.isHideLeaveNote);
    const etag2 = changed.headers.get("etag");
    expect(etag2).not.toBe(etag);

    // A role given to her: a 200 again.
    const me = changed.data.userId as number;
    await db
      .insertInto("user_roles")
      .values({ user_id: me, role_id: 1 } as never)
      .execute();
    const roled = await t.call("GET", "token/info", { token, headers: { "if-none-match": etag2! } });
    expect(roled.status).toBe(200);
    expect(roled.data.roles).toContain(1);

    // Put back what other suites of this process read.
    await db.deleteFrom("user_roles").where("user_id", "=", me).where("role_id", "=", 1).execute();
    await db
      .updateTable("optional_functions")
      .set({ isHideLeaveNote: before.isHideLeaveNote } as never)
      .where("kindergarten_id", "=", 1)
      .execute();
  });

  it("a revoked token is a 401 even with the ETag of its last info", async () => {
    const token = await t.token(phoneOf(3));
    const first = await t.call("GET", "token/info", { token });
    await t.call("DELETE", "token/logout", { token });
    const after = await t.call("GET", "token/info", { token, headers: { "if-none-match": first.headers.get("etag")! } });
    expect(after.status).not.toBe(304);
    expect(after.code).toBe(401);
  });
});
