import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Readable } from "node:stream";
import type { Kysely } from "kysely";
import { startApi, type RunningApi } from "@api/server";
import { runJob } from "@api/jobs/runner";
import { protectionErasureJob } from "@api/jobs/protection-erasure";
import { latestSmsCode, phoneOf, startTestApi, download, sheetRows, type TestApi } from "./helpers";

/**
 * Admissions CRM and personal-information protection (issue 15), SQLite by default, TEST_DATABASE=postgres too:
 * customers' rules (required fields, intention 1–10, duplicate phones, merge), the stage and opportunity table,
 * tenancy (group roles see their group only), the reports against a hand-counted kindergarten, the applicant's
 * request, the access archive (one child's records only), the night deletion job (no personal field or file left,
 * report counts kept) run once by two API instances.
 */
let t: TestApi;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let db: Kysely<any>;
const tok: Record<number, string> = {};
const NOW = new Date().toISOString();
const fx = { group: 0, kg: 0, cls: 0, principal: 0, teacher: 0 };

const customerForm = (o: Record<string, string | number> = {}) => ({
  kidName: "测试幼儿",
  nickname: "测测",
  nation: "han",
  contactName: "测试家长",
  relationship: "mother",
  phone: "13700000001",
  reservedClassId: 1,
  bus: "no",
  source: "walkIn",
  intention: 6,
  ownerUserId: 12,
  ...o,
});

beforeAll(async () => {
  t = await startTestApi();
  db = t.api.handle.db as unknown as Kysely<any>;
  for (const r of [1, 3, 5, 9, 12, 16]) tok[r] = await t.token(phoneOf(r));
  // A hand-counted kindergarten in a group of its own, with a principal.
  const ins = async (table: string, values: Record<string, unknown>) =>
    Number((await db.insertInto(table).values(values).returning("id").executeTakeFirstOrThrow()).id);
  fx.group = await ins("education_groups", { name: "手工招生集团", name_en: "Hand-count admissions", created_at: NOW });
  fx.kg = await ins("kindergartens", {
    name: "手工招生园",
    education_group_id: fx.group,
    max_classes: 5,
    version: "standard",
    registration_code: "ADM-T",
    created_at: NOW,
    updated_at: NOW,
  });
  fx.cls = await ins("classes", { kindergarten_id: fx.kg, name: "小一班", level: "junior", created_at: NOW });
  await ins("admission_class_places", { kindergarten_id: fx.kg, class_id: fx.cls, capacity: 10 });
  const hash = (await db.selectFrom("users").select("password_hash").where("id", "=", 1).executeTakeFirstOrThrow()).password_hash;
  fx.principal = await ins("users", {
    real_name: "手工园长",
    phone: "13700009901",
    password_hash: hash,
    enabled: 1,
    education_group_id: fx.group,
    kindergarten_id: fx.kg,
    default_role_id: 1,
    bonus_points: 0,
    must_reset_password: 0,
    created_at: NOW,
    updated_at: NOW,
  });
  await ins("user_roles", { user_id: fx.principal, role_id: 1 });
  await ins("principal_kindergartens", { user_id: fx.principal, kindergarten_id: fx.kg, created_at: NOW });
  // Customers of this month: 2 new, 1 toured, 2 reserved, 3 paid (one paid last month... counted by paid month), 2 lost (at contacted and toured).
  const month = NOW.slice(0, 7);
  const base = {
    kindergarten_id: fx.kg,
    nickname: "x",
    nation: "han",
    contact_name: "c",
    relationship: "mother",
    reserved_class_id: fx.cls,
    bus: "no",
    intention: 5,
    created_at: NOW,
    updated_at: NOW,
  };
  const rows: Record<string, unknown>[] = [
    { stage: "new", opportunity: "unconcluded", source: "walkIn" },
    { stage: "new", opportunity: "unconcluded", source: "wechat" },
    { stage: "toured", opportunity: "unconcluded", source: "wechat" },
    { stage: "reserved", opportunity: "unconcluded", source: "referral" },
    { stage: "reserved", opportunity: "unconcluded", source: "referral" },
    { stage: "paid", opportunity: "success", source: "referral", paid_at: NOW },
    { stage: "paid", opportunity: "success", source: "walkIn", paid_at: NOW },
    { stage: "paid", opportunity: "success", source: "walkIn", paid_at: NOW },
    { stage: "lost", opportunity: "failed", source: "event", lost_stage: "contacted", lost_at: NOW, close_reason: "太远" },
    { stage: "lost", opportunity: "failed", source: "event", lost_stage: "toured", lost_at: NOW, close_reason: "太远" },
  ];
  let i = 0;
  for (const r of rows) await ins("admission_customers", { ...base, kid_name: `手工${++i}`, phone: `1370000${String(1000 + i)}`, ...r });
  await ins("admission_year_plans", { kindergarten_id: fx.kg, year: Number(month.slice(0, 4)), month: Number(month.slice(5, 7)), target: 4 });
  tok[100] = await t.token("13700009901");
  void month;
}, 120_000);
afterAll(async () => t?.close());

describe("customers", () => {
  it("keeps every field but remarks required, intention 1–10, and refuses roles and kindergartens out of reach", async () => {
    const bad = await t.call("POST", "admission/customers/", { token: tok[12], form: customerForm({ nickname: "", intention: 11 }) });
    expect(bad.code).toBe(422);
    expect(Object.keys(bad.data.errors).sort()).toEqual(["intention", "nickname"]);
    const en = await t.call("POST", "admission/customers/", { token: tok[12], lang: "en", form: customerForm({ phone: "" }) });
    expect(en.data.errors.phone[0]).toMatch(/empty|required/i);
    expect((await t.call("POST", "admission/customers/", { token: tok[9], form: customerForm() })).code).toBe(403);
    expect((await t.call("GET", "admission/customers/", { token: tok[3] })).code).toBe(403);
    const ok = await t.call("POST", "admission/customers/", { token: tok[12], form: customerForm() });
    expect(ok.code).toBe(200);
    expect(ok.data).toMatchObject({ stage: "new", opportunity: "unconcluded", kindergartenId: 1 });
    // A class of another kindergarten is refused.
    const other = await db.selectFrom("classes").select("id").where("kindergarten_id", "=", 4).executeTakeFirstOrThrow();
    expect(
      (await t.call("POST", "admission/customers/", { token: tok[12], form: customerForm({ phone: "13700000002", reservedClassId: other.id }) })).code,
    ).toBe(422);
  });

  it("catches a duplicate phone in the kindergarten and merges duplicates", async () => {
    const dup = await t.call("POST", "admission/customers/", { token: tok[12], form: customerForm({ kidName: "又一个" }) });
    expect(dup.code).toBe(422);
    expect(dup.data.errors.phone[0]).toContain("测试幼儿");
    const before = (await t.call("GET", "admission/customers/", { token: tok[12], query: { pageSize: 10000 } })).data.total;
    const pairs = await t.call("GET", "admission/customers/duplicates/", { token: tok[12] });
    const pair = pairs.data.list.find((g: { phone: string }) => g.phone === "13911110001");
    expect(pair.customers).toHaveLength(2);
    const [keep, drop] = pair.customers;
    await db
      .insertInto("admission_communications")
      .values({ kindergarten_id: 1, customer_id: drop.id, date: "2026-01-02", method: "phone", content: "合并测试", created_at: NOW })
      .execute();
    expect((await t.call("POST", `admission/customers/${drop.id}/merge/`, { token: tok[9], form: { into: keep.id } })).code).toBe(403);
    const merged = await t.call("POST", `admission/customers/${drop.id}/merge/`, { token: tok[12], form: { into: keep.id } });
    expect(merged.code).toBe(200);
    expect((await t.call("GET", "admission/customers/", { token: tok[12], query: { pageSize: 10000 } })).data.total).toBe(before - 1);
    const moved = await db.selectFrom("admission_communications").select("customer_id").where("content", "=", "合并测试").executeTakeFirstOrThrow();
    expect(Number(moved.customer_id)).toBe(keep.id);
  });

  it("walks the stage table: new → contacted → toured → reserved → paid, lost with a reason, reopen", async () => {
    const c = (await t.call("POST", "admission/customers/", { token: tok[12], form: customerForm({ phone: "13700000077" }) })).data;
    const act = (name: string, form?: Record<string, string>) => t.call("POST", `admission/customers/${c.id}/${name}/`, { token: tok[12], form });
    expect((await act("pay")).code).toBe(409);
    expect((await act("contact")).code).toBe(200);
    expect((await act("tour")).code).toBe(200);
    expect((await act("reserve")).code).toBe(200);
    expect((await act("lose")).code).toBe(422); // the close reason is required
    expect((await act("lose", { comment: "选择了其他幼儿园" })).code).toBe(200);
    let item = (await t.call("GET", `admission/customers/${c.id}/`, { token: tok[12] })).data;
    expect(item).toMatchObject({ stage: "lost", opportunity: "failed", closeReason: "选择了其他幼儿园" });
    expect((await act("reopen")).code).toBe(200);
    expect((await act("reserve")).code).toBe(200);
    expect((await act("pay")).code).toBe(200);
    item = (await t.call("GET", `admission/customers/${c.id}/`, { token: tok[12] })).data;
    expect(item).toMatchObject({ stage: "paid", opportunity: "success", closeReason: null });
    expect((await t.call("POST", `admission/customers/${c.id}/contact/`, { token: tok[9] })).code).toBe(403);
  });

  it("pickers tell apart customers of one name by phone tail, class and date", async () => {
    const a = (await t.call("POST", "admission/customers/", { token: tok[12], form: customerForm({ kidName: "同名幼儿", phone: "13700001234" }) })).data;
    const b = (await t.call("POST", "admission/customers/", { token: tok[12], form: customerForm({ kidName: "同名幼儿", phone: "13700005678" }) })).data;
    const options = async (lang: string) =>
      ((await t.call("GET", "lookups/admissionCustomers/", { token: tok[12], lang })).data.list as { value: number; label: string }[]).filter(
        (o) => o.value === a.id || o.value === b.id,
      );
    const zh = await options("zh");
    expect(zh.map((o) => o.label).sort()).toEqual([
      expect.stringMatching(new RegExp(`^同名幼儿 · 尾号 1234 · ${a.reservedClassName} · \\d{4}-\\d{2}-\\d{2}$`)),
      expect.stringMatching(/^同名幼儿 · 尾号 5678 · /),
    ]);
    expect((await options("en")).map((o) => o.label).sort()[0]).toMatch(/^同名幼儿 · phone …1234 · /);
  });

  it("a customer's timeline: the first communication is an audited stage change; communications and appointments newest first, for every role of the page", async () => {
    const c = (await t.call("POST", "admission/customers/", { token: tok[12], form: customerForm({ phone: "13700000088" }) })).data;
    const talk = await t.call("POST", "admission/communications/", {
      token: tok[12],
      form: { customerId: c.id, date: "2026-01-05", method: "phone", content: "介绍课程", nextStep: "约参观" },
    });
    expect(talk.code, JSON.stringify(talk)).toBe(200);
    const visit = await t.call("POST", "admission/appointments/", {
      token: tok[12],
      form: { customerId: c.id, date: "2026-01-08", time: "09:30", kind: "tour", teacherUserId: 12 },
    });
    expect(visit.code, JSON.stringify(visit)).toBe(200);
    // The stage moved to "contacted" through the audit log, so the detail's history names it.
    const item = (await t.call("GET", `admission/customers/${c.id}/`, { token: tok[12] })).data;
    expect(item.stage).toBe("contacted");
    expect(item.history.map((h: { action: string; from: string; to: string }) => [h.action, h.from, h.to])).toEqual([["contact", "new", "contacted"]]);
    const timeline = await t.call("GET", `admission/customers/${c.id}/timeline/`, { token: tok[1] });
    expect(timeline.code, JSON.stringify(timeline)).toBe(200);
    expect(timeline.data.list.map((e: { kind: string; date: string; type: string }) => [e.kind, e.date, e.type])).toEqual([
      ["appointment", "2026-01-08", "tour"],
      ["communication", "2026-01-05", "phone"],
    ]);
    expect(timeline.data.list[1]).toMatchObject({ text: "介绍课程", nextStep: "约参观" });
    // A second communication does not move the stage again.
    await t.call("POST", "admission/communications/", { token: tok[12], form: { customerId: c.id, date: "2026-01-09", method: "visit", content: "再次沟通" } });
    expect((await t.call("GET", `admission/customers/${c.id}/`, { token: tok[12] })).data.history).toHaveLength(1);
    // Out of reach: another group's principal gets 404, a teacher (no customer page) 403.
    expect((await t.call("GET", `admission/customers/${c.id}/timeline/`, { token: tok[100] })).code).toBe(404);
    expect((await t.call("GET", `admission/customers/${c.id}/timeline/`, { token: tok[3] })).code).toBe(403);
  });

  it("lets group roles see every kindergarten of their group and nothing of another group", async () => {
    const kgsOf = async (token: string) =>
      new Set(
        (await t.call("GET", "admission/customers/", { token, query: { pageSize: 10000 } })).data.list.map((x: { kindergartenId: number }) => x.kindergartenId),
      );
    expect([...(await kgsOf(tok[16]))].sort()).toEqual([1, 2, 3]);
    expect([...(await kgsOf(tok[9]))].sort()).toEqual([1, 2, 3]);
    expect([...(await kgsOf(tok[12]))]).toEqual([1]);
    const foreign = await db.selectFrom("admission_customers").select("id").where("kindergarten_id", "=", 4).executeTakeFirstOrThrow();
    expect((await t.call("GET", `admission/customers/${foreign.id}/`, { token: tok[16] })).code).toBe(404);
    const r = await t.call("GET", "admission/reports/sources/", { token: tok[16], query: { kindergartenId: 4 } });
    expect(r.data.sources.reduce((s: number, x: { customers: number }) => s + x.customers, 0)).toBe(0);
  });
});

describe("reports against a hand-counted kindergarten", () => {
  const q = { kindergartenId: undefined as number | undefined };
  it("counts the pipeline, sources, enrolment, drop-outs, class places and the plan", async () => {
    const get = async (path: string, query: Record<string, string | number> = {}) => {
      const r = await t.call("GET", `admission/reports/${path}/`, { token: tok[100], query: { ...q, ...query } });
      expect(r.code).toBe(200);
      return r.data;
    };
    const p = await get("pipeline");
    expect(p.stages.map((s: { reached: number }) => s.reached)).toEqual([10, 8, 7, 5, 3]);
    expect(p.stages.map((s: { current: number }) => s.current)).toEqual([2, 0, 1, 2, 3]);
    expect(p.opportunities.map((o: { count: number }) => o.count)).toEqual([5, 3, 2]);
    const s = await get("sources");
    const bySource = Object.fromEntries(
      s.sources.map((x: { source: string; customers: number; paid: number; conversion: number | null }) => [x.source, [x.customers, x.paid, x.conversion]]),
    );
    expect(bySource).toMatchObject({ walkIn: [3, 2, 66.7], wechat: [2, 0, 0], referral: [3, 1, 33.3], event: [2, 0, 0], online: [0, 0, null] });
    const e = await get("enrolment");
    expect(e.months.at(-1)).toMatchObject({ newCustomers: 10, paid: 3, conversion: 30 });
    const d = await get("drop_out");
    expect(d.stages.map((x: { lost: number }) => x.lost)).toEqual([0, 1, 1, 0]);
    expect(d.reasons).toEqual([{ reason: "太远", count: 2 }]);
    const c = await get("classes");
    expect(c.classes).toEqual([expect.objectContaining({ capacity: 10, enrolled: 0, reserved: 2, free: 8 })]);
    const y = await get("year_plan");
    expect(y.kindergartens[0]).toMatchObject({ target: 4, actual: 3, rate: 75 });
    expect((await t.call("GET", "admission/reports/pipeline/", { token: tok[100], query: { from: "2026-13" } })).code).toBe(422);
    expect((await t.call("GET", "admission/reports/pipeline/", { token: tok[5] })).code).toBe(403);
  });

  it("exports a report as xlsx with the same figures", async () => {
    const { res, buf } = await download(t.url, "admission/reports/sources/export/", tok[100]);
    expect(res.status).toBe(200);
    const rows = await sheetRows(buf);
    expect(rows.some((r) => r.includes("到访") && r.includes("3"))).toBe(true);
  });
});

describe("the applicant (role 13)", () => {
  it("sees the introduction and leaves a request that becomes a customer and an appointment", async () => {
    // An applicant signed in with an SMS code: the session is bound to that phone (issue 25, item 1).
    await t.call("POST", "token/applicant_sms_code", { form: { kindergartenId: 1, phone: "13700005555" } });
    const signIn = await t.call("POST", "token/login_applicant_sms", {
      form: { kindergartenId: 1, phone: "13700005555", smsCode: await latestSmsCode("13700005555") },
    });
    const applicant = signIn.data.token as string;
    const intro = await t.call("GET", "admission/wx/introduction/", { token: applicant });
    expect(intro.code).toBe(200);
    expect(intro.data.classes.length).toBeGreaterThan(0);
    expect(intro.data.charges.length).toBeGreaterThan(0);
    const classId = intro.data.classes[0].id;
    const tomorrow = new Date(Date.now() + 2 * 86400000).toISOString().slice(0, 10);
    const bad = await t.call("POST", "admission/wx/requests/", { token: applicant, form: { kidName: "小申请", classId } });
    expect(bad.code).toBe(422);
    expect(Object.keys(bad.data.errors)).toEqual(expect.arrayContaining(["nickname", "date", "time"]));
    const form = {
      kidName: "小申请",
      nickname: "申申",
      nation: "han",
      contactName: "申家长",
      relationship: "father",
      phone: "13700005555",
      classId,
      bus: "yes",
      date: tomorrow,
      time: "10:30",
    };
    const ok = await t.call("POST", "admission/wx/requests/", { token: applicant, form });
    expect(ok.code).toBe(200);
    expect(ok.msg).toBe("已提交，招生老师会尽快与您联系");
    const cust = await t.call("GET", `admission/customers/${ok.data.customerId}/`, { token: tok[12] });
    expect(cust.data).toMatchObject({ kidName: "小申请", stage: "new", kindergartenId: 1 });
    const appt = await t.call("GET", `admission/appointments/${ok.data.appointmentId}/`, { token: tok[12] });
    expect(appt.data).toMatchObject({ status: "todo", kind: "tour", date: tomorrow });
    // The same phone again joins the same customer.
    const again = await t.call("POST", "admission/wx/requests/", { token: applicant, form });
    expect(again.data).toMatchObject({ customerId: ok.data.customerId, joined: true });
    expect((await t.call("GET", "admission/wx/introduction/", { token: tok[12] })).code).toBe(403);
  });
});

describe("personal-information protection", () => {
  it("gives an access archive with the child's records and no other child's", async () => {
    const [a, b] = await db.selectFrom("students").select(["id", "name"]).where("kindergarten_id", "=", 1).orderBy("id").limit(2).execute();
    // Children of one name are told apart by their class, users by their phone's last digits.
    const subjects = (await t.call("GET", "protection/subjects/", { token: tok[5] })).data;
    expect(subjects.student.find((o: { value: string }) => o.value === `student:${a.id}`).label).toMatch(/^.+（.+）$/);
    expect(subjects.user[0].label).toMatch(/（\d{4}）$/);
    const made = await t.call("POST", "protection/requests/", { token: tok[5], form: { kind: "access", subject: `student:${a.id}`, requester: "家长" } });
    expect(made.code).toBe(200);
    expect((await t.call("POST", "protection/requests/", { token: tok[5], form: { kind: "access", subject: "student:999999", requester: "x" } })).code).toBe(
      422,
    );
    const { res, buf } = await download(t.url, `protection/requests/${made.data.id}/archive/`, tok[5]);
    expect(res.status).toBe(200);
    const archive = JSON.parse(buf.toString("utf8"));
    expect(archive.profile).toMatchObject({ id: a.id, name: a.name });
    const text = JSON.stringify(archive.records);
    for (const [, rows] of Object.entries(archive.records) as [string, { student_id?: number }[]][])
      for (const r of rows) if ("student_id" in r) expect(r.student_id).toBe(a.id);
    expect(text).not.toContain(`"name":"${b.name}"`);
    expect((await t.call("GET", `protection/requests/${made.data.id}/archive/`, { token: tok[12] })).code).toBe(403);
  });

  it("deletes at night: no personal field or file left, report counts kept, one run across two API instances", async () => {
    const c = await db
      .selectFrom("admission_customers")
      .selectAll()
      .where("kindergarten_id", "=", 1)
      .where("stage", "=", "paid")
      .where("anonymised_at", "is", null)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const student = await db.selectFrom("students").selectAll().where("kindergarten_id", "=", 1).orderBy("id", "desc").executeTakeFirstOrThrow();
    // A file of the student's record.
    const fileId = Number(
      (
        await db
          .insertInto("files")
          .values({
            bucket: "main",
            object_key: "x/erase-me.png",
            thumb_key: null,
            kind: "image",
            name: "erase-me.png",
            content_type: "image/png",
            size: 3,
            owner_user_id: 5,
            record_type: "students",
            record_id: student.id,
            created_at: NOW,
            claimed_at: NOW,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
    await t.api.deps.files.store.put("main", "x/erase-me.png", Readable.from([Buffer.from("abc")]), { size: 3, contentType: "image/png" });
    const pipelineBefore = (await t.call("GET", "admission/reports/pipeline/", { token: tok[12] })).data;
    const ids: number[] = [];
    for (const subject of [`customer:${c.id}`, `student:${student.id}`]) {
      const r = await t.call("POST", "protection/requests/", { token: tok[5], form: { kind: "deletion", subject, requester: "本人" } });
      ids.push(r.data.id);
      expect((await t.call("POST", `protection/requests/${r.data.id}/complete/`, { token: tok[5] })).code).toBe(409);
      expect((await t.call("POST", `protection/requests/${r.data.id}/approve/`, { token: tok[5] })).code).toBe(200);
    }
    // Nothing changes inside the web request.
    expect((await db.selectFrom("admission_customers").select("phone").where("id", "=", c.id).executeTakeFirstOrThrow()).phone).toBe(c.phone);
    // Two API instances on the same database run the same slot: one runs it.
    const second: RunningApi = await startApi({
      port: 0,
      databaseUrl: t.api.deps.config.databaseUrl,
      seed: false,
      quiet: true,
      jobs: false,
      config: { uploadDir: t.api.deps.config.uploadDir },
    });
    try {
      const slot = "2026-02-01T18:30:00.000Z";
      const outcomes = await Promise.all([runJob(t.api.deps, protectionErasureJob, slot), runJob(second.deps, protectionErasureJob, slot)]);
      expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
    } finally {
      await second.close();
    }
    const after = await db.selectFrom("admission_customers").selectAll().where("id", "=", c.id).executeTakeFirstOrThrow();
    for (const k of ["nickname", "contact_name", "phone", "remarks", "relationship", "nation"]) expect(after[k]).toBeNull();
    expect(after.kid_name).not.toBe(c.kid_name);
    expect(after.stage).toBe("paid");
    const s = await db.selectFrom("students").selectAll().where("id", "=", student.id).executeTakeFirstOrThrow();
    for (const k of ["birthday", "father_name", "mother_phone", "home_address", "allergies"]) expect(s[k] ?? null).toBeNull();
    expect(s.name).not.toBe(student.name);
    expect(await db.selectFrom("files").select("id").where("id", "=", fileId).executeTakeFirst()).toBeUndefined();
    expect(await t.api.deps.files.store.get("main", "x/erase-me.png")).toBeNull();
    const audit = await db
      .selectFrom("audit_log")
      .select(["before", "after"])
      .where("entity", "=", "admission_customers")
      .where("entity_id", "=", c.id)
      .execute();
    for (const a of audit) expect(`${a.before}${a.after}`).not.toContain(String(c.phone));
    const pipelineAfter = (await t.call("GET", "admission/reports/pipeline/", { token: tok[12] })).data;
    expect(pipelineAfter.stages).toEqual(pipelineBefore.stages);
    const reqs = (await t.call("GET", "protection/requests/", { token: tok[5] })).data.list.filter((r: { id: number }) => ids.includes(r.id));
    expect(reqs.map((r: { status: string }) => r.status)).toEqual(["done", "done"]);
    // The request remains as the record that the person asked, without their name.
    for (const r of reqs as { subjectAnonymised: boolean; subjectLabel: string }[]) {
      expect(r.subjectAnonymised).toBe(true);
      expect([c.kid_name, student.name]).not.toContain(r.subjectLabel);
    }
    const runs = await t.call("GET", "protection/runs/", { token: tok[5] });
    expect(runs.data.log.filter((l: { requestId: number | null }) => l.requestId != null && ids.includes(l.requestId))).toHaveLength(2);
  }, 60_000);

  it("shows retention rules with what they would remove and validates them", async () => {
    const r = await t.call("GET", "protection/retention/", { token: tok[5] });
    expect(r.data.list.map((x: { kind: string }) => x.kind)).toEqual(["applicants", "leavers", "audit"]);
    const bad = await t.call("POST", "protection/retention/", { token: tok[5], form: { applicants: 0, leavers: 36, audit: 60 } });
    expect(bad.code).toBe(422);
    expect(Object.keys(bad.data.errors)).toEqual(["applicants"]);
    expect(
      (await t.call("POST", "protection/retention/", { token: tok[5], form: { applicants: 1, leavers: 36, audit: 60, applicantsEnabled: "on" } })).code,
    ).toBe(200);
    const after = await t.call("GET", "protection/retention/", { token: tok[5] });
    expect(after.data.list[0]).toMatchObject({ months: 1, enabled: true });
    expect(after.data.list[1]).toMatchObject({ enabled: false });
    expect((await t.call("GET", "protection/retention/", { token: tok[1] })).code).toBe(403);
  });
});
