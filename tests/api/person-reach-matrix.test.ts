import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { ROLE_IDS } from "@contract/roles";
import { migrationProvider } from "@api/db/migrations";
import { runJob } from "@api/jobs/runner";
import { protectionErasureJob } from "@api/jobs/protection-erasure";
import { download, phoneOf, startTestApi, usePostgres, type Reply, type TestApi } from "./helpers";
import { GRANTS } from "../fixtures/row-offers";

/**
 * Issue 25 items 2 and 7 (and issue 26 item 14): who may act on a person. Generated from the roles: every demo role
 * account (plus the kindergarten admin of group 2) × a person of each scope — her own kindergarten, one bound to two
 * kindergartens, another kindergarten of her group, a kindergarten of another group, a group account, a group admin,
 * a platform account, and herself — × every account action (password reset, role change, disabling, deletion) and
 * every personal-data request (access, correction, deletion). The expected answer comes from the written rule below,
 * not from contract/: the page's roles, then what her list shows (404), then the grant and reach rule (403 / 422).
 * SQLite by default, TEST_DATABASE=postgres too.
 */
let t: TestApi;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let db: Kysely<any>;
const NOW = new Date().toISOString();

type ScopeName = "ownKg" | "twoKgs" | "otherKg" | "foreignKg" | "group" | "groupAdmin" | "platform" | "self";
interface Person {
  roles: number[];
  kg: number | null;
  group: number | null;
  bindTo?: number[];
}
const PERSONS: Record<Exclude<ScopeName, "self">, Person> = {
  ownKg: { roles: [3], kg: 1, group: 1 },
  twoKgs: { roles: [1], kg: 1, group: 1, bindTo: [1, 2] },
  otherKg: { roles: [3], kg: 2, group: 1 },
  foreignKg: { roles: [3], kg: 4, group: 2 },
  group: { roles: [9], kg: null, group: 1 },
  groupAdmin: { roles: [15], kg: null, group: 1 },
  platform: { roles: [6], kg: null, group: null },
};
const ACCOUNT_VERBS = ["resetPassword", "changeRoles", "disable", "delete"] as const;
const REQUEST_KINDS = ["access", "correction", "deletion"] as const;

interface Actor {
  label: string;
  role: number;
  userId: number;
  kg: number | null;
  group: number | null;
  token: string;
}
const actors: Actor[] = [];
let phoneSeq = 0;

/** The rule as README "Decisions: Users" and issue 25 say it (independent of contract/person-reach.ts). */
function visibleInUsers(a: Actor, p: Person): boolean {
  if (a.role === 6) return true;
  if (a.role === 15) return (p.kg != null && [1, 2, 3].includes(p.kg) && a.group === 1) || (p.kg == null && p.group === a.group);
  return p.kg != null && p.kg === a.kg;
}
function covers(a: Actor, p: Person): boolean {
  const kgs = [...new Set([...(p.kg != null ? [p.kg] : []), ...(p.bindTo ?? [])])];
  const groupOf = (kg: number) => (kg === 4 ? 2 : 1);
  const level = p.roles.includes(6) ? "platform" : p.roles.some((r) => [9, 10, 15, 16].includes(r)) ? "group" : "kindergarten";
  if (a.role === 6) return true;
  if (level === "platform") return false;
  if (a.role === 15) {
    const groups = level === "group" ? [p.group] : kgs.map(groupOf);
    return groups.every((g) => g === a.group) && (level === "kindergarten" || !p.roles.includes(15));
  }
  return level === "kindergarten" && kgs.length > 0 && kgs.every((k) => k === a.kg);
}
const grants = (a: Actor, p: Person) => p.roles.every((r) => (GRANTS[a.role] ?? []).includes(r));

function expectedAccount(a: Actor, p: Person | "self", verb: (typeof ACCOUNT_VERBS)[number]): number {
  if (![5, 6, 15].includes(a.role)) return 403;
  if (p === "self") return verb === "delete" ? 409 : verb === "disable" ? 422 : 200;
  if (!visibleInUsers(a, p)) return 404;
  return grants(a, p) && covers(a, p) ? 200 : 403;
}
function expectedRequest(a: Actor, p: Person | "self", kind: (typeof REQUEST_KINDS)[number]): number {
  if (a.role !== 5) return 403;
  if (p === "self") return kind === "access" ? 200 : 422;
  if (p.kg !== a.kg) return 422;
  return grants(a, p) && covers(a, p) ? 200 : 422;
}

async function insertPerson(p: Person, label: string): Promise<number> {
  const hash = (await db.selectFrom("users").select("password_hash").where("id", "=", 3).executeTakeFirstOrThrow()).password_hash;
  const id = Number(
    (
      await db
        .insertInto("users")
        .values({
          real_name: `${label}${++phoneSeq}`,
          phone: `1390${String(phoneSeq).padStart(7, "0")}`,
          password_hash: hash,
          gender: null,
          enabled: 1,
          email: null,
          education_group_id: p.group,
          kindergarten_id: p.kg,
          class_id: null,
          default_role_id: p.roles[0],
          bonus_points: 0,
          must_reset_password: 0,
          created_at: NOW,
          updated_at: NOW,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id,
  );
  for (const r of p.roles) await db.insertInto("user_roles").values({ user_id: id, role_id: r }).execute();
  for (const kg of p.bindTo ?? []) await db.insertInto("principal_kindergartens").values({ user_id: id, kindergarten_id: kg, created_at: NOW }).execute();
  return id;
}

async function accountCall(a: Actor, id: number, p: Person | "self", verb: (typeof ACCOUNT_VERBS)[number]): Promise<Reply> {
  if (verb === "resetPassword") return t.call("POST", `users/${id}/password/`, { token: a.token });
  if (verb === "disable") return t.call("POST", `users/${id}/enabled/`, { token: a.token, form: { enabled: "false" } });
  if (verb === "delete") return t.call("DELETE", `users/${id}/`, { token: a.token });
  const row = await db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const roles = p === "self" ? [a.role] : p.roles;
  return t.call("PUT", `users/${id}/`, {
    token: a.token,
    form: {
      realName: row.real_name,
      phone: row.phone,
      enabled: "on",
      roleIds: roles.join(","),
      defaultRoleId: roles[0],
      kindergartenId: row.kindergarten_id,
      educationGroupId: row.education_group_id,
    },
  });
}

beforeAll(async () => {
  t = await startTestApi();
  db = t.api.handle.db as unknown as Kysely<any>;
  const phones = [...ROLE_IDS.map((r) => phoneOf(r)), phoneOf(405)];
  for (const phone of phones) {
    const r = await t.login(phone);
    expect(r.code, phone).toBe(200);
    actors.push({
      label: `${phone} (role ${r.data.roleId})`,
      role: r.data.roleId,
      userId: r.data.userId,
      kg: r.data.kindergartenId,
      group: r.data.educationGroupId,
      token: r.data.token,
    });
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("issue 25: platform and group accounts are of no kindergarten", () => {
  it("the demo's platform and group accounts have their own scope, and their sessions no kindergarten", async () => {
    const rows = await db
      .selectFrom("users")
      .select(["id", "kindergarten_id", "education_group_id"])
      .where("id", "in", [6, 9, 10, 15, 16])
      .orderBy("id")
      .execute();
    expect(rows.map((r) => [Number(r.id), r.kindergarten_id, r.education_group_id == null ? null : Number(r.education_group_id)])).toEqual([
      [6, null, null],
      [9, null, 1],
      [10, null, 1],
      [15, null, 1],
      [16, null, 1],
    ]);
    for (const a of actors.filter((x) => [6, 9, 10, 15, 16].includes(x.role))) expect(a.kg, a.label).toBeNull();
    expect(actors.find((a) => a.role === 15)!.group).toBe(1);
  });

  it("migration 017_account_scope moves accounts of the old shape (kindergarten 1) to theirs", async () => {
    // The old shape: every demo account "of kindergarten 1"; a mixed account (group role + kindergarten role) stays.
    const mixed = await insertPerson({ roles: [15, 5], kg: 1, group: 1 }, "混合");
    await db.updateTable("users").set({ kindergarten_id: 1, education_group_id: 1 }).where("id", "in", [6, 9, 15]).execute();
    await db.updateTable("users").set({ kindergarten_id: 1, education_group_id: null }).where("id", "=", 16).execute();
    const up = (await migrationProvider(usePostgres ? "postgres" : "sqlite").getMigrations())["017_account_scope"]!;
    await up.up(db);
    const rows = await db
      .selectFrom("users")
      .select(["id", "kindergarten_id", "education_group_id"])
      .where("id", "in", [6, 9, 15, 16, mixed])
      .orderBy("id")
      .execute();
    expect(
      rows.map((r) => [
        Number(r.id),
        r.kindergarten_id == null ? null : Number(r.kindergarten_id),
        r.education_group_id == null ? null : Number(r.education_group_id),
      ]),
    ).toEqual([
      [6, null, null],
      [9, null, 1],
      [15, null, 1],
      [16, null, 1],
      [mixed, 1, 1],
    ]);
    const open = await db.selectFrom("tokens").select("kindergarten_id").where("user_id", "in", [6, 9, 15, 16]).where("revoked_at", "is", null).execute();
    expect(open.every((r) => r.kindergarten_id == null)).toBe(true);
  });
});

describe("issue 25 items 2 and 7: every role × person of every scope × every account action and request", () => {
  it("account actions: password reset, role change, disabling, deletion", async () => {
    const bad: string[] = [];
    let allowed = 0;
    for (const a of actors) {
      for (const scope of [...(Object.keys(PERSONS) as (keyof typeof PERSONS)[]), "self" as const]) {
        for (const verb of ACCOUNT_VERBS) {
          // Resetting her own password would end her session: the self cell of a reset is the reach rule's (200) —
          // checked last, below.
          if (scope === "self" && verb === "resetPassword") continue;
          const p = scope === "self" ? "self" : PERSONS[scope];
          const id = scope === "self" ? a.userId : await insertPerson(PERSONS[scope], `${scope}-`);
          const before = await db.selectFrom("users").select(["password_hash", "enabled"]).where("id", "=", id).executeTakeFirst();
          const r = await accountCall(a, id, p, verb);
          const want = expectedAccount(a, p, verb);
          if (r.code !== want) bad.push(`${a.label} ${verb} ${scope}: ${r.code}, want ${want}`);
          if (want === 200) allowed++;
          else {
            const after = await db.selectFrom("users").select(["password_hash", "enabled"]).where("id", "=", id).executeTakeFirst();
            if (JSON.stringify(after) !== JSON.stringify(before)) bad.push(`${a.label} ${verb} ${scope}: refused but changed`);
          }
        }
      }
    }
    console.log(`[reach matrix] accounts: ${actors.length} actors × 8 scopes × 4 actions, ${allowed} allowed, ${bad.length} mismatches`);
    expect(bad).toEqual([]);
    expect(allowed).toBeGreaterThan(20);
  }, 300_000);

  it("the users list offers exactly the actions the API allows on persons of every scope", async () => {
    const ids: Record<string, number> = {};
    for (const scope of Object.keys(PERSONS) as (keyof typeof PERSONS)[]) ids[scope] = await insertPerson(PERSONS[scope], `offer-${scope}-`);
    const bad: string[] = [];
    for (const a of actors.filter((x) => [5, 6, 15].includes(x.role))) {
      const list = (await t.call("GET", "users/", { token: a.token, query: { pageSize: 10000 } })).data.list as {
        id: number;
        actions: Record<string, boolean>;
      }[];
      for (const [scope, id] of Object.entries(ids)) {
        const p = PERSONS[scope as keyof typeof PERSONS];
        const row = list.find((u) => u.id === id);
        if (!visibleInUsers(a, p)) {
          if (row) bad.push(`${a.label} lists ${scope}`);
          continue;
        }
        const may = grants(a, p) && covers(a, p);
        for (const v of ["change", "delete", "setEnabled", "resetPassword", "disable"])
          if (row?.actions[v] !== may) bad.push(`${a.label} ${scope} ${v}: offered ${String(row?.actions[v])}, want ${may}`);
      }
    }
    expect(bad).toEqual([]);
  }, 120_000);

  it("personal-data requests: access, correction, deletion (only the kindergarten admin's page files them)", async () => {
    const bad: string[] = [];
    let allowed = 0;
    // Filing changes nobody: one person per scope serves every reader.
    const ids: Record<string, number> = {};
    for (const scope of Object.keys(PERSONS) as (keyof typeof PERSONS)[]) ids[scope] = await insertPerson(PERSONS[scope], `req-${scope}-`);
    for (const a of actors) {
      for (const scope of [...(Object.keys(PERSONS) as (keyof typeof PERSONS)[]), "self" as const]) {
        const p = scope === "self" ? "self" : PERSONS[scope];
        const id = scope === "self" ? a.userId : ids[scope]!;
        for (const kind of REQUEST_KINDS) {
          const r = await t.call("POST", "protection/requests/", { token: a.token, form: { kind, subject: `user:${id}`, requester: "本人" } });
          const want = expectedRequest(a, p, kind);
          if (r.code !== want) bad.push(`${a.label} ${kind} ${scope}: ${r.code}, want ${want}`);
          if (want === 200) allowed++;
        }
      }
    }
    console.log(`[reach matrix] requests: ${actors.length} actors × 8 scopes × 3 kinds, ${allowed} allowed, ${bad.length} mismatches`);
    expect(bad).toEqual([]);
    const filed = await db.selectFrom("protection_requests").select(["subject_id"]).where("subject_type", "=", "user").execute();
    expect(filed.some((r) => [6, 9, 10, 15, 16].includes(Number(r.subject_id)))).toBe(false);
    expect(allowed).toBe(3 + 3 + 1 + 1); // kindergarten 1's and 4's admin: own kindergarten × 3, herself × access
  }, 300_000);

  it("the super admin's account cannot be reached by a kindergarten admin in any way (the attack of item 2)", async () => {
    const admin = actors.find((a) => a.role === 5 && a.kg === 1)!;
    for (const kind of REQUEST_KINDS)
      expect((await t.call("POST", "protection/requests/", { token: admin.token, form: { kind, subject: "user:6", requester: "x" } })).code).toBe(422);
    const subjects = (await t.call("GET", "protection/subjects/", { token: admin.token })).data.user as { value: string }[];
    for (const id of [1, 6, 9, 10, 15, 16, 18])
      expect(
        subjects.map((s) => s.value),
        `user ${id} offered`,
      ).not.toContain(`user:${id}`);
    expect(subjects.map((s) => s.value)).toContain(`user:3`);
    for (const id of [1, 18]) expect((await t.call("POST", `users/${id}/password/`, { token: admin.token })).code, `reset of user ${id}`).toBe(403);
  });
});

describe("issue 25 item 2: a request's reach holds at every step; archives hold only the person's data", () => {
  it("a request filed in reach is refused at approval once the person gains a binding beyond the kindergarten", async () => {
    const admin = actors.find((a) => a.role === 5 && a.kg === 1)!;
    const id = await insertPerson({ roles: [1], kg: 1, group: 1 }, "后来绑定");
    const r = await t.call("POST", "protection/requests/", { token: admin.token, form: { kind: "deletion", subject: `user:${id}`, requester: "本人" } });
    expect(r.code).toBe(200);
    await db.insertInto("principal_kindergartens").values({ user_id: id, kindergarten_id: 2, created_at: NOW }).execute();
    expect((await t.call("POST", `protection/requests/${r.data.id}/approve/`, { token: admin.token })).code).toBe(403);
    expect((await db.selectFrom("protection_requests").select("status").where("id", "=", r.data.id).executeTakeFirstOrThrow()).status).toBe("pending");
  });

  it("a staff member's archive: her account, roles and logins; of records she created only references; nothing of another tenant", async () => {
    const admin = actors.find((a) => a.role === 5 && a.kg === 1)!;
    // The finance teacher (14) issued bills; the admissions teacher (12) follows customers.
    for (const staff of [14, 12]) {
      const filed = await t.call("POST", "protection/requests/", { token: admin.token, form: { kind: "access", subject: `user:${staff}`, requester: "本人" } });
      expect(filed.code).toBe(200);
      const { res, buf } = await download(t.url, `protection/requests/${filed.data.id}/archive/`, admin.token);
      expect(res.status).toBe(200);
      const archive = JSON.parse(buf.toString("utf8"));
      expect(archive.profile).toMatchObject({ id: staff });
      expect(archive.profile.password_hash).toBeUndefined();
      expect(archive.records["user_roles.user_id"].map((r: { role_id: number }) => Number(r.role_id))).toEqual([staff]);
      expect(Array.isArray(archive.logins)).toBe(true);
      expect(JSON.stringify(archive.logins)).not.toMatch(/token_hash/);
      for (const ref of archive.created) expect(Object.keys(ref).sort()).toEqual(["date", "id", "type"]);
      // No other person's record: nothing keyed by "created_by" or "owner_user_id" is copied whole.
      expect(Object.keys(archive.records).filter((k) => /\.(created_by|owner_user_id)$/.test(k))).toEqual([]);
      for (const rows of Object.values(archive.records) as Record<string, unknown>[][])
        for (const row of rows) if ("kindergarten_id" in row) expect(Number(row.kindergarten_id)).toBe(1);
    }
    // The admissions teacher's customers: referenced, their phones absent.
    const filed12 = (
      await db.selectFrom("protection_requests").select("id").where("subject_id", "=", 12).where("kind", "=", "access").executeTakeFirstOrThrow()
    ).id;
    const { buf } = await download(t.url, `protection/requests/${filed12}/archive/`, admin.token);
    const text = buf.toString("utf8");
    const customers = await db
      .selectFrom("admission_customers")
      .select(["id", "phone"])
      .where("owner_user_id", "=", 12)
      .where("kindergarten_id", "=", 1)
      .execute();
    expect(customers.filter((c) => c.phone).length).toBeGreaterThan(0);
    for (const c of customers) if (c.phone) expect(text).not.toContain(String(c.phone));
    expect(JSON.parse(text).created.filter((r: { type: string }) => r.type === "admission_customers").length).toBe(customers.length);
    const bills = await db.selectFrom("tuition_bills").select("id").where("created_by", "=", 14).where("kindergarten_id", "=", 1).execute();
    expect(bills.length).toBeGreaterThan(0);
    const archive14 = JSON.parse(
      (
        await download(
          t.url,
          `protection/requests/${(await db.selectFrom("protection_requests").select("id").where("subject_id", "=", 14).where("kind", "=", "access").executeTakeFirstOrThrow()).id}/archive/`,
          admin.token,
        )
      ).buf.toString("utf8"),
    );
    expect(archive14.records["tuition_bills.created_by"]).toBeUndefined();
    expect(archive14.created.filter((r: { type: string }) => r.type === "tuition_bills").length).toBe(bills.length);
  });

  it("GET protection/runs/ shows a reader only what runs did in her kindergarten (issue 25), and erasure scrubs the name from the audit copies of the request (issue 26 item 14)", async () => {
    const admin1 = actors.find((a) => a.role === 5 && a.kg === 1)!;
    const admin4 = actors.find((a) => a.role === 5 && a.kg === 4)!;
    const child = await db.selectFrom("students").select(["id", "name"]).where("kindergarten_id", "=", 1).orderBy("id", "desc").executeTakeFirstOrThrow();
    const r = await t.call("POST", "protection/requests/", {
      token: admin1.token,
      form: { kind: "deletion", subject: `student:${child.id}`, requester: "家长", details: `请删除${child.name}的资料` },
    });
    expect(r.code).toBe(200);
    expect((await t.call("POST", `protection/requests/${r.data.id}/approve/`, { token: admin1.token })).code).toBe(200);
    const copies = () =>
      db
        .selectFrom("audit_log")
        .select(["user_id", "action", "at", "before", "after"])
        .where("entity", "=", "protection_requests")
        .where("entity_id", "=", r.data.id)
        .execute();
    const had = await copies();
    expect(had.some((c) => `${c.before}${c.after}`.includes(child.name))).toBe(true);
    const slot = "2026-03-01T18:30:00.000Z";
    expect((await runJob(t.api.deps, protectionErasureJob, slot)).ran).toBe(true);
    const left = await copies();
    expect(left.length).toBe(had.length);
    for (const c of left) expect(`${c.before}${c.after}`).not.toContain(child.name);
    // The facts stay: who did what, when.
    expect(left.map((c) => [c.user_id, c.action, c.at])).toEqual(had.map((c) => [c.user_id, c.action, c.at]));
    const anyCopy = await db.selectFrom("audit_log").select("id").where("after", "like", `%"${child.name}"%`).execute();
    expect(anyCopy).toEqual([]);

    const mine = (await t.call("GET", "protection/runs/", { token: admin1.token })).data;
    const theirs = (await t.call("GET", "protection/runs/", { token: admin4.token })).data;
    const run1 = mine.runs.find((x: { slot: string }) => x.slot === slot);
    const run4 = theirs.runs.find((x: { slot: string }) => x.slot === slot);
    // Each reader's summary is her kindergarten's log of that run, never the run's overall result.
    const summaryOf = async (kg: number) => {
      const rows = await db
        .selectFrom("protection_job_log")
        .selectAll()
        .where("slot", "=", slot)
        .where("kindergarten_id", "=", kg)
        .where("result", "=", "ok")
        .execute();
      const audit = rows.filter((x) => x.rule === "audit");
      return {
        persons: rows.length - audit.length,
        files: rows.reduce((n, x) => n + Number(x.files), 0),
        auditRows: audit.reduce((n, x) => n + Number(JSON.parse(x.fields).rows ?? 0), 0),
      };
    };
    expect(JSON.parse(run1.result)).toEqual(await summaryOf(1));
    expect(JSON.parse(run1.result).persons).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(run4.result)).toEqual(await summaryOf(4));
    const overall = await db.selectFrom("job_runs").select("result").where("job", "=", "protection-erasure").where("slot", "=", slot).executeTakeFirstOrThrow();
    expect(JSON.parse(String(overall.result))).toHaveProperty("requests");
    expect(JSON.parse(run4.result)).not.toHaveProperty("requests");
    expect(theirs.log.some((l: { requestId: number | null }) => l.requestId === r.data.id)).toBe(false);
    for (const x of [...mine.runs, ...theirs.runs]) expect(String(x.result)).not.toMatch(/request \d+|failed:/);
  }, 60_000);
});
