import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionNames, actionOf, labelIn, stateDef, storedOf } from "@contract/actions";
import { actionRoles, type ResourceDefinition } from "@contract/resource";
import { RESOURCES } from "@contract/resources";
import { ROLE_IDS } from "@contract/roles";
import { enc, phoneOf, startTestApi, type TestApi } from "./helpers";

/**
 * Record actions (contract/actions.ts), walked from the definitions' state tables for EVERY declared action of
 * EVERY resource: each allowed from-state succeeds (state changed, audit row and history entry written), each other
 * state answers 409 naming the state and changes nothing, a role the action does not name gets 403, a caller of
 * another tenant 404, and of two concurrent submits exactly one wins. SQLite and PostgreSQL (TEST_DATABASE=postgres).
 */
let t: TestApi;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApi();
  for (const [k, p] of Object.entries({ admin5: 5, admin6: 6, teacher3: 3, admissions12: 12, foreign5: 405 })) tokens[k] = await t.token(phoneOf(p));
}, 60000);
afterAll(async () => {
  await t?.close();
});
const db = () => t.api.handle.db;

/** How to get a record of each resource into a given state, and who acts on it. */
interface Fixture {
  /** A caller allowed to take every action of the resource. */
  actor: string;
  /** A caller the actions refuse (403). */
  refused: string;
  /** A caller of another tenant (404), when the resource is kindergarten-owned. */
  foreign?: string;
  table: "users" | "push_notifications" | "admission_reconciliations" | "parent_link_requests";
  column: string;
  create(state: string): Promise<number>;
}
let seq = 0;
/** A comment for actions that take one (a required comment is checked before the record is looked up). */
const commentOf = (a: { comment?: string }) => (a.comment ? { comment: "备注" } : {});
const FIXTURES: Record<string, Fixture> = {
  admissionReconciliations: {
    actor: "admissions12",
    refused: "teacher3",
    table: "admission_reconciliations",
    column: "status",
    async create(state) {
      const customer = await db().selectFrom("admission_customers").select("id").where("kindergarten_id", "=", 1).orderBy("id").executeTakeFirstOrThrow();
      const now = new Date().toISOString();
      const row = await db()
        .insertInto("admission_reconciliations")
        .values({
          kindergarten_id: 1,
          customer_id: customer.id,
          deposit: 100000 + ++seq,
          deposit_to_full: 0,
          full_amount: 0,
          discount: 0,
          refund: 0,
          coupon: null,
          status: String(storedOf(stateDef(RESOURCES.admissionReconciliations!, state)!)),
          remarks: null,
          created_at: now,
          updated_at: now,
        } as never)
        .returning("id")
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
  },
  parentLinkRequests: {
    actor: "admin5",
    refused: "admissions12",
    foreign: "foreign5",
    table: "parent_link_requests",
    column: "status",
    async create(state) {
      // The demo parent and a child of kindergarten 1 he is not bound to (a request as registration files it).
      const parent = await db().selectFrom("users").select("id").where("phone", "=", phoneOf(4)).executeTakeFirstOrThrow();
      const child = await db()
        .selectFrom("students")
        .select(["id", "class_id"])
        .where("kindergarten_id", "=", 1)
        .where("class_id", "is not", null)
        .where("id", "not in", db().selectFrom("student_parents").select("student_id").where("parent_id", "=", parent.id))
        .orderBy("id")
        .offset(++seq)
        .limit(1)
        .executeTakeFirstOrThrow();
      const row = await db()
        .insertInto("parent_link_requests")
        .values({
          kindergarten_id: 1,
          class_id: Number(child.class_id),
          student_id: child.id,
          parent_id: parent.id,
          status: state as "pending" | "approved" | "refused",
          review_comment: null,
          reviewed_by: null,
          reviewed_at: null,
          created_at: new Date().toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
  },
  pushNotifications: {
    actor: "admin6",
    refused: "admin5",
    table: "push_notifications",
    column: "status",
    async create(state) {
      const r = await t.call("POST", "users/push/", { token: tokens.admin6, form: { title: `通知 ${++seq}`, content: "内容", phones: phoneOf(3) } });
      expect(r.code).toBe(200);
      await db()
        .updateTable("push_notifications")
        .set({ status: String(storedOf(stateDef(RESOURCES.pushNotifications!, state)!)) as "draft" | "sent" })
        .where("id", "=", r.data.id)
        .execute();
      return r.data.id;
    },
  },
  users: {
    actor: "admin5",
    refused: "teacher3",
    foreign: "foreign5",
    table: "users",
    column: "enabled",
    async create(state) {
      const phone = `1391235${String(++seq).padStart(4, "0")}`;
      const form = { realName: `状态用户${seq}`, phone, password: enc("Bright#2026"), roleIds: "3", defaultRoleId: 3, kindergartenId: 1, enabled: "on" };
      const r = await t.call("POST", "users/", { token: tokens.admin5, form });
      expect(r.code, JSON.stringify(r)).toBe(200);
      await db()
        .updateTable("users")
        .set({ enabled: Number(storedOf(stateDef(RESOURCES.users!, state)!)) })
        .where("id", "=", r.data.id)
        .execute();
      return r.data.id;
    },
  },
};

const withActions = Object.values(RESOURCES).filter((d) => actionNames(d).length);
const stateNow = async (f: Fixture, id: number) =>
  String(
    (
      (await db()
        .selectFrom(f.table)
        .select(f.column as never)
        .where("id", "=", id)
        .executeTakeFirstOrThrow()) as Record<string, unknown>
    )[f.column],
  );
const auditRows = async (f: Fixture, id: number, action: string) =>
  Number(
    (
      await db()
        .selectFrom("audit_log")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("entity", "=", f.table)
        .where("entity_id", "=", id)
        .where("action", "=", action)
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * Resources whose state tables are walked by their section's own suite instead (issue 11–15 sections, each with its
 * own fixtures: several actors per workflow, row rules such as the bound expert or the child's teacher). A generic
 * fixture for them here is still to do; until then each must at least be named with a suite that calls its endpoint.
 */
const COVERED_ELSEWHERE: Record<string, string> = {
  students: "students",
  leaveNotes: "students",
  leaveNotesTeacher: "students",
  observations: "teaching",
  courseRecords: "teaching",
  lessonPlans: "teaching",
  medications: "daily",
  notices: "daily",
  entrusts: "daily",
  classCirclePosts: "daily",
  admissionCustomers: "admission",
  admissionAppointments: "admission",
  tuitionBills: "tuition",
  tuitionReconciliations: "tuition",
  studentIcCards: "buses-devices",
};

it("every resource with actions has a fixture here or a named section suite (a new one cannot ship untested)", () => {
  const names = withActions.map((d) => d.name).sort();
  expect(names).toEqual([...Object.keys(FIXTURES), ...Object.keys(COVERED_ELSEWHERE)].sort());
  for (const [name, suite] of Object.entries(COVERED_ELSEWHERE)) {
    const endpoint = RESOURCES[name]!.endpoint;
    const text = readFileSync(join("tests/api", `${suite}.test.ts`), "utf8");
    expect(text.includes(endpoint), `${suite}.test.ts calls ${endpoint}`).toBe(true);
  }
});

describe.each(withActions.filter((d) => FIXTURES[d.name]).map((d) => [d.name, d] as [string, ResourceDefinition]))("%s", (name, def) => {
  const f = FIXTURES[name]!;
  const base = def.endpoint;
  for (const action of actionNames(def)) {
    const a = actionOf(def, action)!;
    it(`${action}: walks the state table (${a.from.join("|")} → ${a.to}); other states 409, nothing changed`, async () => {
      for (const s of def.states!.list) {
        const id = await f.create(s.name);
        const before = await stateNow(f, id);
        const r = await t.call("POST", `${base}${id}/${action}/`, { token: tokens[f.actor], form: a.comment ? { comment: `备注 ${s.name}` } : {}, lang: "en" });
        if (a.from.includes(s.name)) {
          expect(r.code, `${action} from ${s.name}: ${r.msg}`).toBe(200);
          expect(await stateNow(f, id)).toBe(String(storedOf(stateDef(def, a.to)!)));
          expect(await auditRows(f, id, action)).toBe(1);
          const item = await t.call("GET", `${base}${id}/`, { token: tokens[f.actor] });
          expect(item.data.history.at(-1)).toMatchObject({ action, from: s.name, to: a.to, comment: a.comment ? `备注 ${s.name}` : null });
          expect(item.data.history.at(-1).byName).toBeTruthy();
        } else {
          expect(r.code, `${action} from ${s.name}`).toBe(409);
          expect(r.msg).toContain(` is ${labelIn(s.label, "en")}; ${labelIn(a.label, "en")} needs `);
          expect(await stateNow(f, id)).toBe(before);
          expect(await auditRows(f, id, action)).toBe(0);
        }
      }
    });

    it(`${action}: the list offers it only in its from-states`, async () => {
      for (const s of def.states!.list) {
        const id = await f.create(s.name);
        const item = await t.call("GET", `${base}${id}/`, { token: tokens[f.actor] });
        expect(item.data.actions[action], `${action} in ${s.name}`).toBe(a.from.includes(s.name));
      }
    });

    it(`${action}: refused roles 403, other tenants 404, unknown ids 404; nothing changed`, async () => {
      const id = await f.create(a.from[0]!);
      const before = await stateNow(f, id);
      const refusedRoles = ROLE_IDS.filter((r) => !actionRoles(def, action).includes(r));
      expect(refusedRoles.length).toBeGreaterThan(0);
      expect((await t.call("POST", `${base}${id}/${action}/`, { token: tokens[f.refused], form: commentOf(a) })).code).toBe(403);
      if (f.foreign) expect((await t.call("POST", `${base}${id}/${action}/`, { token: tokens[f.foreign], form: commentOf(a) })).code).toBe(404);
      expect((await t.call("POST", `${base}999999/${action}/`, { token: tokens[f.actor], form: commentOf(a) })).code).toBe(404);
      expect(await stateNow(f, id)).toBe(before);
      expect(await auditRows(f, id, action)).toBe(0);
    });

    it(`${action}: of two concurrent submits exactly one succeeds, the other is 409`, async () => {
      const id = await f.create(a.from[0]!);
      const codes = await Promise.all(
        [1, 2].map(() => t.call("POST", `${base}${id}/${action}/`, { token: tokens[f.actor], form: commentOf(a) }).then((r) => r.code)),
      );
      expect(codes.sort()).toEqual([200, 409]);
      expect(await auditRows(f, id, action)).toBe(1);
    });

    if (a.where.includes("bulk"))
      it(`bulk_${action}: all or nothing`, async () => {
        const ok1 = await f.create(a.from[0]!);
        const ok2 = await f.create(a.from[0]!);
        const wrong = def.states!.list.find((s) => !a.from.includes(s.name))!;
        const bad = await f.create(wrong.name);
        const refused = await t.call("POST", `${base}bulk_${action}/`, { token: tokens[f.actor], form: { ids: `${ok1},${bad}` } });
        expect(refused.code).toBe(409);
        expect(await stateNow(f, ok1)).toBe(String(storedOf(stateDef(def, a.from[0]!)!)));
        const done = await t.call("POST", `${base}bulk_${action}/`, { token: tokens[f.actor], form: { ids: `${ok1},${ok2}` } });
        expect(done.code).toBe(200);
        expect(done.data.count).toBe(2);
        for (const id of [ok1, ok2]) expect(await stateNow(f, id)).toBe(String(storedOf(stateDef(def, a.to)!)));
      });
  }
});

describe("action specifics", () => {
  it("users: nobody disables herself (422 on enabled), push send: 404 'save a draft first' in the caller's language", async () => {
    const me = Number((await db().selectFrom("users").select("id").where("phone", "=", phoneOf(5)).executeTakeFirstOrThrow()).id);
    const self = await t.call("POST", `users/${me}/disable/`, { token: tokens.admin5, lang: "en" });
    expect(self.code).toBe(422);
    expect(self.data.errors.enabled).toEqual(["You cannot disable your own account"]);
    const unknown = await t.call("POST", "users/push/999999/send/", { token: tokens.admin6, lang: "en" });
    expect(unknown.msg).toBe("Please save a draft first");
  });

  it("the OpenAPI description names every action operation and its path parameter", async () => {
    const doc = await (await fetch(new URL("openapi.json", t.url))).json();
    const op = doc.paths["/users/push/{id}/send/"].post;
    expect(op.operationId).toBe("sendPushNotification");
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(["id"]);
    expect(op.responses["409"]).toBeTruthy();
    expect(doc.paths["/users/bulk_disable/"].post.operationId).toBe("bulkDisableUsers");
    const ids = Object.values(doc.paths as Record<string, Record<string, { operationId?: string }>>).flatMap((ops) =>
      Object.values(ops).map((o) => o.operationId),
    );
    const engineIds = ids.filter(Boolean);
    expect(new Set(engineIds).size).toBe(engineIds.length);
  });
});

describe("comments", () => {
  it("a required comment is 422 when empty, an optional one may be empty, none is ignored, over 500 characters is 422", async () => {
    const { commentOf } = await import("@api/resources/engine/actions");
    const base = { label: { zh: "审核", en: "Review" }, from: ["a"], to: "b", where: ["row"] as const };
    const status = (f: () => unknown) => {
      try {
        f();
        return 200;
      } catch (e) {
        return (e as { status: number }).status;
      }
    };
    expect(status(() => commentOf({ ...base, comment: "required" }, "  "))).toBe(422);
    expect(commentOf({ ...base, comment: "required" }, " 同意 ")).toBe("同意");
    expect(commentOf({ ...base, comment: "optional" }, "")).toBeNull();
    expect(commentOf(base, "ignored")).toBeNull();
    expect(status(() => commentOf({ ...base, comment: "optional" }, "x".repeat(501)))).toBe(422);
  });
});
