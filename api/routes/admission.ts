import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { parseWithZod } from "@conform-to/zod/v4";
import { applicantRequestSchema, type ApplicantIntroduction } from "@contract/entities/admission-applicant";
import type { App, AppEnv, Deps } from "@api/context";
import { makeGuards, scopeOf } from "@api/auth/guards";
import { nowIso } from "@api/db";
import { write, type Writer } from "@api/db/audit";
import { verifiedPhoneOf } from "@api/auth/tokens";
import { conflict, fieldError, forbidden, langOf, notFound, ok, pathId, run, translate, wholeList } from "@api/http";
import { actorOfScope } from "@api/resources/engine/write";
import { fieldErrors } from "@api/resources/engine";
import { kindergartenFilter } from "@api/tenancy";
import { envelope, idParam, tokenHeader } from "./common";
import { registerAdmissionReports } from "./admission-reports";
import { registerApplicantSignInRoutes } from "./applicant-sign-in";
import { todayCn } from "@contract/school-time";

/** A success reply whose message is a namespaced key (`admission:…`), translated by the caller's language. */
const okT = <T>(c: Context, data: T, key: string) => c.json({ code: 200 as const, msg: translate(langOf(c), key), data }, 200);

const CUSTOMERS_PAGE = "/admission/customerList";
const APPLICANT_PAGE = "/admission/wx/introduction";
const WRITERS = [1, 12, 16];

/** Form body of a request as URLSearchParams (url-encoded or multipart). */
async function formParams(c: Context) {
  const body = await c.req.parseBody();
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) if (typeof v === "string") p.append(k, v);
  return p;
}

/**
 * Admissions endpoints beyond the resources: the reports, the applicant's introduction and request (role 13),
 * the duplicate-phone list and merge of customers.
 */
export function registerAdmissionRoutes(app: App, deps: Deps) {
  const { db } = deps;
  const { requireAuth, requirePage } = makeGuards(deps);
  registerAdmissionReports(app, deps);
  registerApplicantSignInRoutes(app, deps);

  const doc = (method: "get" | "post", path: string, operationId: string, summary: string, withId = false) =>
    app.openAPIRegistry.registerPath({
      method,
      path,
      operationId,
      tags: ["admission"],
      summary,
      security: tokenHeader,
      request: withId ? { params: idParam } : {},
      responses: { 200: { description: "code 200", content: { "application/json": { schema: envelope(z.any()) } } } },
    });

  /** Free places per class of a kindergarten: capacity − children at school − reserved places. */
  async function freePlaces(kgId: number) {
    const classes = await db
      .selectFrom("classes as c")
      .leftJoin("admission_class_places as p", "p.class_id", "c.id")
      .select(["c.id", "c.name", "c.name_en", "c.level", "p.capacity"])
      .where("c.kindergarten_id", "=", kgId)
      .orderBy("c.id")
      .execute();
    const enrolled = await db.selectFrom("students").select(["class_id"]).where("kindergarten_id", "=", kgId).where("status", "=", "at_school").execute();
    const reserved = await db
      .selectFrom("admission_customers")
      .select(["reserved_class_id"])
      .where("kindergarten_id", "=", kgId)
      .where("stage", "=", "reserved")
      .execute();
    return classes.map((c) => {
      const used =
        enrolled.filter((s) => Number(s.class_id) === Number(c.id)).length + reserved.filter((r) => Number(r.reserved_class_id) === Number(c.id)).length;
      return { id: Number(c.id), name: c.name, nameEn: c.name_en, level: c.level, free: Math.max(0, Number(c.capacity ?? 30) - used) };
    });
  }

  /**
   * The request's phone: the one verified when the session began (issue 25, item 1). A session without one (a
   * password sign-in) or a form naming another phone is refused before any customer is looked at, so the answer
   * never tells whether a phone is a customer.
   */
  async function boundPhone(tokenId: number, typed: string | undefined) {
    const phone = await verifiedPhoneOf(db, tokenId);
    if (!phone) throw fieldError("phone", "admission:applicant.errors.signInAgain");
    if (typed && typed !== phone) throw fieldError("phone", "admission:applicant.errors.notYourPhone");
    return phone;
  }

  /**
   * The applicant's own customer for this child, which a new request joins. A customer of the same phone that is
   * not the applicant's (entered by the team, or another family's) is never re-assigned or changed: the applicant
   * is asked to contact the kindergarten (409, nothing written).
   */
  async function ownCustomer(w: Writer, kgId: number, phone: string, applicantId: number, kidName: string) {
    const rows = await w.trx
      .selectFrom("admission_customers")
      .select(["id", "owner_user_id", "applicant_user_id", "kid_name"])
      .where("kindergarten_id", "=", kgId)
      .where("phone", "=", phone)
      .where("anonymised_at", "is", null)
      .orderBy("id")
      .execute();
    if (rows.some((r) => Number(r.applicant_user_id) !== applicantId)) throw conflict("admission:applicant.errors.contactKindergarten");
    const mine = rows.find((r) => r.kid_name === kidName);
    return mine ? { id: Number(mine.id), ownerUserId: mine.owner_user_id == null ? null : Number(mine.owner_user_id) } : null;
  }

  doc(
    "get",
    "/admission/wx/introduction/",
    "admissionIntroduction",
    "The applicant's kindergarten: introduction, charging standard, classes with free places, own requests (role 13)",
  );
  app.get(
    "/admission/wx/introduction/",
    requireAuth,
    requirePage(APPLICANT_PAGE),
    run(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      const kg = await db
        .selectFrom("kindergartens")
        .selectAll()
        .where("id", "=", scope.kindergartenId ?? -1)
        .executeTakeFirst();
      if (!kg) throw notFound();
      const me = await db.selectFrom("users").select("introducer_id").where("id", "=", scope.userId).executeTakeFirst();
      const charges = await db
        .selectFrom("admission_charging_standards")
        .select(["level", "item", "item_en", "period", "amount"])
        .where("kindergarten_id", "=", kg.id)
        .orderBy("id")
        .execute();
      const requests = await db
        .selectFrom("admission_customers as ac")
        .leftJoin("admission_appointments as ap", "ap.customer_id", "ac.id")
        .select(["ac.id", "ac.kid_name", "ac.stage", "ap.id as appointment_id", "ap.date", "ap.time", "ap.status"])
        .where("ac.applicant_user_id", "=", scope.userId)
        .where("ac.kindergarten_id", "=", kg.id)
        .orderBy("ac.id", "desc")
        .orderBy("ap.id", "desc")
        .execute();
      const data: ApplicantIntroduction = {
        kindergarten: { id: Number(kg.id), name: kg.name, nameEn: kg.name_en, city: kg.city, area: kg.area, address: kg.address },
        introduced: me?.introducer_id != null,
        phone: await verifiedPhoneOf(db, scope.tokenId),
        charges: charges.map((x) => ({ level: x.level, item: x.item, itemEn: x.item_en, period: x.period, amount: Number(x.amount) })),
        classes: await freePlaces(Number(kg.id)),
        requests: requests.map((r) => ({
          id: Number(r.id),
          appointmentId: r.appointment_id == null ? null : Number(r.appointment_id),
          kidName: r.kid_name,
          stage: r.stage,
          date: r.date,
          time: r.time,
          status: r.status,
        })),
      };
      return ok(c, data);
    }),
  );

  doc(
    "post",
    "/admission/wx/requests/",
    "admissionApplicantRequest",
    "The applicant leaves the child's details and asks for a campus tour: a customer and an appointment (role 13)",
  );
  app.post(
    "/admission/wx/requests/",
    requireAuth,
    requirePage(APPLICANT_PAGE),
    run(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      const kgId = scope.kindergartenId ?? -1;
      const submission = parseWithZod(await formParams(c), { schema: applicantRequestSchema });
      if (submission.status !== "success") throw fieldErrors(Object.fromEntries(Object.entries(submission.error ?? {}).map(([k, v]) => [k, v ?? []])));
      const v = submission.value;
      const today = todayCn();
      if (v.date < today) throw fieldError("date", "admission:applicant.errors.pastDate");
      const cls = (await freePlaces(kgId)).find((x) => x.id === v.classId);
      if (!cls) throw fieldError("classId", "crud:validation.choose");
      const phone = await boundPhone(scope.tokenId, v.phone);
      const me = await db.selectFrom("users").select(["introducer_id"]).where("id", "=", scope.userId).executeTakeFirstOrThrow();
      const owner = await db
        .selectFrom("users")
        .select("users.id")
        .where("users.kindergarten_id", "=", kgId)
        .where("users.enabled", "=", 1)
        .where("users.id", "in", db.selectFrom("user_roles").select("user_id").where("role_id", "=", 12))
        .orderBy("users.id")
        .executeTakeFirst();
      const out = await write(db, actorOfScope(scope), async (w) => {
        const now = nowIso();
        const mine = await ownCustomer(w, kgId, phone, scope.userId, v.kidName);
        const customerId =
          mine?.id ??
          (await w.insert("admission_customers", {
            kindergarten_id: kgId,
            kid_name: v.kidName,
            nickname: v.nickname,
            nation: v.nation,
            contact_name: v.contactName,
            relationship: v.relationship,
            phone,
            reserved_class_id: v.classId,
            bus: v.bus,
            source: me.introducer_id != null ? "referral" : "wechat",
            stage: "new",
            opportunity: "unconcluded",
            close_reason: null,
            lost_stage: null,
            intention: 5,
            owner_user_id: owner ? Number(owner.id) : null,
            introducer_id: me.introducer_id,
            applicant_user_id: scope.userId,
            remarks: v.remarks ?? null,
            paid_at: null,
            lost_at: null,
            anonymised_at: null,
            created_at: now,
            updated_at: now,
          }));
        const appointmentId = await w.insert("admission_appointments", {
          kindergarten_id: kgId,
          customer_id: customerId,
          date: v.date,
          time: v.time,
          kind: "tour",
          status: "todo",
          teacher_user_id: mine ? mine.ownerUserId : owner ? Number(owner.id) : null,
          remarks: v.remarks ?? null,
          reminded_at: null,
          created_at: now,
        });
        return { customerId, appointmentId, joined: Boolean(mine) };
      });
      return okT(c, out, "admission:applicant.sent");
    }),
  );

  doc("get", "/admission/customers/duplicates/", "admissionCustomerDuplicates", "Customers sharing a phone within a kindergarten (merge candidates)");
  app.get(
    "/admission/customers/duplicates/",
    requireAuth,
    requirePage(CUSTOMERS_PAGE),
    run(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      const rows = await db
        .selectFrom("admission_customers as ac")
        .select(["ac.id", "ac.kid_name", "ac.phone", "ac.kindergarten_id", "ac.stage", "ac.created_at"])
        .where(kindergartenFilter(scope, "ac.kindergarten_id"))
        .where("ac.anonymised_at", "is", null)
        .where("ac.phone", "is not", null)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom("admission_customers as o")
              .select("o.id")
              .whereRef("o.kindergarten_id", "=", "ac.kindergarten_id")
              .whereRef("o.phone", "=", "ac.phone")
              .whereRef("o.id", "!=", "ac.id")
              .where("o.anonymised_at", "is", null),
          ),
        )
        .orderBy("ac.kindergarten_id")
        .orderBy("ac.phone")
        .orderBy("ac.id")
        .limit(200)
        .execute();
      const groups = new Map<
        string,
        { phone: string; kindergartenId: number; customers: { id: number; kidName: string; stage: string; createdAt: string }[] }
      >();
      for (const r of rows) {
        const key = `${r.kindergarten_id}:${r.phone}`;
        if (!groups.has(key)) groups.set(key, { phone: r.phone!, kindergartenId: Number(r.kindergarten_id), customers: [] });
        groups.get(key)!.customers.push({ id: Number(r.id), kidName: r.kid_name, stage: r.stage, createdAt: r.created_at });
      }
      return ok(c, wholeList([...groups.values()]));
    }),
  );

  doc(
    "post",
    "/admission/customers/{id}/merge/",
    "admissionCustomerMerge",
    "Merges customer {id} into `into` (same kindergarten and phone): records move, empty fields are filled, {id} is removed",
    true,
  );
  app.post(
    "/admission/customers/:id{[0-9]+}/merge/",
    requireAuth,
    requirePage(CUSTOMERS_PAGE),
    run(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      if (!WRITERS.includes(scope.roleId)) throw forbidden();
      const id = pathId(c);
      const into = Number((await c.req.parseBody()).into);
      if (!Number.isInteger(into) || into <= 0 || into === id) throw fieldError("into", "crud:validation.choose");
      const merged = await write(db, actorOfScope(scope), async (w) => {
        const pick = (x: number) =>
          w.trx
            .selectFrom("admission_customers")
            .selectAll()
            .where("id", "=", x)
            .where(kindergartenFilter(scope, "admission_customers.kindergarten_id"))
            .executeTakeFirst();
        const [from, to] = [await pick(id), await pick(into)];
        if (!from) throw notFound();
        if (!to || Number(to.kindergarten_id) !== Number(from.kindergarten_id) || to.phone !== from.phone)
          throw fieldError("into", "admission:customers.errors.mergeMismatch");
        const patch: Record<string, unknown> = {};
        for (const k of [
          "nickname",
          "nation",
          "contact_name",
          "relationship",
          "reserved_class_id",
          "bus",
          "owner_user_id",
          "introducer_id",
          "applicant_user_id",
          "remarks",
        ] as const)
          if (to[k] == null && from[k] != null) patch[k] = from[k];
        patch.intention = Math.max(Number(to.intention), Number(from.intention));
        patch.updated_at = nowIso();
        await w.update("admission_customers", into, patch as never, "merge");
        for (const t of ["admission_communications", "admission_appointments", "admission_reconciliations"] as const) {
          const rows = await w.trx.selectFrom(t).select("id").where("customer_id", "=", id).execute();
          for (const r of rows) await w.update(t, Number(r.id), { customer_id: into } as never, "merge");
        }
        await w.delete("admission_customers", id);
        return { id: into, removed: id };
      });
      return okT(c, merged, "admission:customers.merged");
    }),
  );
}
