import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phoneOf, startTestApi, type TestApi } from "./helpers";

/** Notices' detail (issue 26 item 12): a published notice tells its publication even without an audit row of it. */
let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  await t?.close();
});

describe("notice history", () => {
  it("a notice published before the audit log (the demo's) shows its publication: author and date", async () => {
    const db = t.api.handle.db;
    const principal = await t.token(phoneOf(1));
    const list = await t.call("GET", "daily/notices/", { token: principal, query: { status: "published", pageSize: 50 } });
    const ids: number[] = list.data.list.map((n: { id: number }) => n.id);
    const logged = await db.selectFrom("audit_log").select("entity_id").where("entity", "=", "notices").where("action", "=", "publish").execute();
    const id = ids.find((i) => !logged.some((l) => Number(l.entity_id) === i));
    expect(id, "a seeded published notice without an audit row").toBeDefined();
    const item = await t.call("GET", `daily/notices/${id}/`, { token: principal });
    expect(item.data.history).toEqual([
      { action: "publish", from: "draft", to: "published", by: item.data.createdBy, byName: item.data.authorName, at: item.data.publishedAt, comment: null },
    ]);
    expect(item.data.authorName).toBeTruthy();
  });

  it("a notice published through the API shows the logged entry, not an implied one; a draft has none", async () => {
    const principal = await t.token(phoneOf(1));
    const draft = await t.call("POST", "daily/notices/", { token: principal, form: { title: "历史", audience: "roles", roleIds: 4, content: "内容" } });
    expect((await t.call("GET", `daily/notices/${draft.data.id}/`, { token: principal })).data.history).toEqual([]);
    expect((await t.call("POST", `daily/notices/${draft.data.id}/publish/`, { token: principal, form: { comment: "x" } })).code).toBe(200);
    const item = await t.call("GET", `daily/notices/${draft.data.id}/`, { token: principal });
    expect(item.data.history).toHaveLength(1);
    expect(item.data.history[0]).toMatchObject({ action: "publish", from: "draft", to: "published" });
    expect(item.data.history[0].at).not.toBe(null);
  });

  it("publishing a draft deleted meanwhile answers 404 'Save a draft first' in the caller's language", async () => {
    const principal = await t.token(phoneOf(1));
    const draft = await t.call("POST", "daily/notices/", { token: principal, form: { title: "将被删除", audience: "kindergarten", content: "内容" } });
    expect((await t.call("DELETE", `daily/notices/${draft.data.id}/`, { token: principal })).code).toBe(200);
    const r = await t.call("POST", `daily/notices/${draft.data.id}/publish/`, { token: principal, lang: "en" });
    expect([r.code, r.msg]).toEqual([404, "Save a draft first"]);
  });
});
