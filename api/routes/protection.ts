import { z, type RouteConfig } from "@hono/zod-openapi";
import type { Context } from "hono";
import { parseWithZod } from "@conform-to/zod/v4";
import { RETENTION_KINDS } from "@contract/entities/admission-vocab";
import { labelWithNote, localName } from "@contract/format";
import {
  PROTECTION_VERBS,
  protectionDecisionSchema,
  protectionRequestSchema,
  retentionSchema,
  type ProtectionLogRow,
  type ProtectionRequestRow,
  type ProtectionRun,
  type ProtectionVerb,
  type RetentionRow,
} from "@contract/entities/protection";
import type { App, AppEnv, Deps } from "@api/context";
import { makeGuards, scopeOf } from "@api/auth/guards";
import { nowIso } from "@api/db";
import { write } from "@api/db/audit";
import { ApiError, conflict, fieldError, langOf, notFound, ok, pathId, run, translate, wholeList } from "@api/http";
import { fieldErrors } from "@api/resources/engine";
import { actorOfScope } from "@api/resources/engine/write";
import { jobDb } from "@api/jobs/types";
import { accessArchive, retentionRules, ruleTargets, subjectOf, type SubjectType } from "@api/services/protection";
import type { Scope } from "@api/tenancy";
import { personReaches, reachActorOf } from "@api/tenancy/reach";
import { personRefusal, type PersonVerb } from "@contract/person-reach";
import { envelope, idParam, tokenHeader } from "./common";

/** A success reply whose message is a namespaced key (`admission:…`), translated by the caller's language. */
const okT = <T>(c: Context, data: T, key: string) => c.json({ code: 200 as const, msg: translate(langOf(c), key), data }, 200);

const PAGE = "/protection/dataProcessing";

async function formParams(c: Context) {
  const body = await c.req.parseBody();
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) if (typeof v === "string") p.append(k, v);
  return p;
}
function parse<S extends z.ZodTypeAny>(params: URLSearchParams, schema: S): z.infer<S> {
  const s = parseWithZod(params, { schema: schema as never });
  if (s.status !== "success") throw fieldErrors(Object.fromEntries(Object.entries(s.error ?? {}).map(([k, v]) => [k, (v as string[] | null) ?? []])));
  return s.value as z.infer<S>;
}
/** The one kindergarten of the page's role (5: kindergarten reach). */
const kgOf = (scope: Scope) => scope.kindergartenId ?? -1;

/**
 * The person rule (contract/person-reach.ts, as for password resets): a request about a user is filed, decided or
 * read only when the reader's reach covers all of that person's roles and bindings; nobody files a correction or a
 * deletion about herself. Children and applicants belong to one kindergarten: hers. 422 on `subject`.
 */
async function assertSubjectInReach(db: Deps["db"], scope: Scope, type: SubjectType, id: number, kind: PersonVerb, filing = false) {
  const refuse = (key: string) => (filing ? fieldError("subject", key) : new ApiError(403, key));
  const subject = await subjectOf(db, type, id);
  if (!subject || subject.kindergartenId !== kgOf(scope)) throw refuse(filing ? "crud:validation.choose" : "protection:requests.errors.outOfReach");
  if (type !== "user") return subject;
  const refusal = personRefusal(reachActorOf(scope), (await personReaches(db, [id])).get(id), kind);
  if (refusal) throw refuse(refusal.field ? refusal.key : "protection:requests.errors.outOfReach");
  return subject;
}

/** What one run did in one kindergarten, from its log rows there: persons anonymised, files removed, audit rows deleted. */
function runSummary(rows: { rule: string | null; result: string; files: number; fields: string }[]) {
  const ok = rows.filter((r) => r.result === "ok");
  const audit = ok.filter((r) => r.rule === "audit");
  const auditRows = audit.reduce((n, r) => n + Number((JSON.parse(r.fields) as { rows?: number }).rows ?? 0), 0);
  return { persons: ok.length - audit.length, files: ok.reduce((n, r) => n + Number(r.files), 0), auditRows };
}

/**
 * Personal-information protection (/protection/dataProcessing, role 5): requests (access, correction, deletion),
 * the access archive, retention rules with what each would remove, and the night job's runs and log.
 * Deletion is never done here: approving schedules it for the night job (api/jobs/protection-erasure.ts).
 */
export function registerProtectionRoutes(app: App, deps: Deps) {
  const { db } = deps;
  const { requireAuth, requirePage } = makeGuards(deps);
  const guard = [requireAuth, requirePage(PAGE)] as const;
  const doc = (
    method: "get" | "post",
    path: string,
    operationId: string,
    summary: string,
    params: boolean | typeof idParam = false,
    reply?: RouteConfig["responses"],
  ) =>
    app.openAPIRegistry.registerPath({
      method,
      path,
      operationId,
      tags: ["protection"],
      summary,
      security: tokenHeader,
      request: params === true ? { params: idParam } : params ? { params } : {},
      responses: reply ?? { 200: { description: "code 200", content: { "application/json": { schema: envelope(z.any()) } } } },
    });

  doc("get", "/protection/requests/", "protectionRequests", "Requests of the kindergarten (access, correction, deletion)");
  app.get(
    "/protection/requests/",
    ...guard,
    run(async (c: Context<AppEnv>) => {
      const rows = await db
        .selectFrom("protection_requests")
        .selectAll()
        .where("kindergarten_id", "=", kgOf(scopeOf(c)))
        .orderBy("id", "desc")
        .limit(500)
        .execute();
      // What the reader may do with each request (the console offers only these): the person rule on user subjects.
      const scope = scopeOf(c);
      const reaches = await personReaches(
        db,
        rows.filter((r) => r.subject_type === "user").map((r) => Number(r.subject_id)),
      );
      const inReach = (r: (typeof rows)[number]) =>
        r.subject_type !== "user" || !personRefusal(reachActorOf(scope), reaches.get(Number(r.subject_id)), r.kind as PersonVerb);
      const list: ProtectionRequestRow[] = rows.map((r) => ({
        id: Number(r.id),
        kind: r.kind,
        subjectType: r.subject_type,
        subjectId: Number(r.subject_id),
        subjectLabel: r.subject_label,
        requester: r.requester,
        details: r.details,
        status: r.status,
        outcome: r.outcome,
        subjectAnonymised: r.kind === "deletion" && r.status === "done",
        createdAt: r.created_at,
        doneAt: r.done_at,
        actions: {
          approve: r.status === "pending" && r.kind === "deletion" && inReach(r),
          complete: r.status === "pending" && r.kind !== "deletion" && inReach(r),
          reject: r.status === "pending",
          archive: r.kind === "access" && inReach(r),
        },
      }));
      return ok(c, wholeList(list));
    }),
  );

  doc("get", "/protection/subjects/", "protectionSubjects", "Persons of the kindergarten a request may name: children, users, applicants");
  app.get(
    "/protection/subjects/",
    ...guard,
    run(async (c: Context<AppEnv>) => {
      const kg = kgOf(scopeOf(c));
      const lang = langOf(c);
      // Two children or applicants of one name are told apart by class or by the phone's last digits, as in other lists.
      const students = await db
        .selectFrom("students")
        .leftJoin("classes", "classes.id", "students.class_id")
        .select(["students.id", "students.name", "classes.name as class_name", "classes.name_en as class_name_en"])
        .where("students.kindergarten_id", "=", kg)
        .orderBy("students.name")
        .orderBy("students.id")
        .limit(3000)
        .execute();
      const scope = scopeOf(c);
      const inKg = await db
        .selectFrom("users")
        .select(["id", "real_name", "phone"])
        .where("kindergarten_id", "=", kg)
        .orderBy("real_name")
        .orderBy("id")
        .limit(3000)
        .execute();
      // Only people the reader may file a request about (the person rule): not accounts reaching beyond her kindergarten.
      const reaches = await personReaches(
        db,
        inKg.map((u) => Number(u.id)),
      );
      const users = inKg.filter((u) => !personRefusal(reachActorOf(scope), reaches.get(Number(u.id)), "access"));
      const customers = await db
        .selectFrom("admission_customers")
        .select(["id", "kid_name", "phone"])
        .where("kindergarten_id", "=", kg)
        .where("anonymised_at", "is", null)
        .orderBy("kid_name")
        .orderBy("id")
        .limit(3000)
        .execute();
      return ok(c, {
        student: students.map((s) => ({
          value: `student:${s.id}`,
          label: labelWithNote(lang, s.name, s.class_name && localName(lang, s.class_name, s.class_name_en)),
        })),
        user: users.map((u) => ({ value: `user:${u.id}`, label: labelWithNote(lang, u.real_name, u.phone.slice(-4)) })),
        customer: customers.map((x) => ({ value: `customer:${x.id}`, label: labelWithNote(lang, x.kid_name, x.phone?.slice(-4)) })),
      });
    }),
  );

  doc("post", "/protection/requests/", "protectionRequestCreate", "Records a request (kind, subject `<type>:<id>`, requester, details)");
  app.post(
    "/protection/requests/",
    ...guard,
    run(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      const v = parse(await formParams(c), protectionRequestSchema);
      const [type, rawId] = v.subject.split(":") as [SubjectType, string];
      const subject = await assertSubjectInReach(db, scope, type, Number(rawId), v.kind, true);
      const id = await write(db, actorOfScope(scope), (w) =>
        w.insert("protection_requests", {
          kindergarten_id: kgOf(scope),
          kind: v.kind,
          subject_type: type,
          subject_id: Number(rawId),
          subject_label: subject.label,
          requester: v.requester,
          details: v.details ?? null,
          status: "pending",
          outcome: null,
          created_by: scope.userId,
          created_at: nowIso(),
          done_at: null,
        }),
      );
      return okT(c, { id }, "protection:requests.created");
    }),
  );

  doc(
    "post",
    "/protection/requests/{id}/{verb}/",
    "protectionRequestDecide",
    "approve (a deletion: scheduled for the night job), complete (access, correction), reject",
    idParam.extend({ verb: z.enum(PROTECTION_VERBS).openapi({ param: { name: "verb", in: "path" } }) }),
  );
  app.post(
    "/protection/requests/:id{[0-9]+}/:verb{approve|complete|reject}/",
    ...guard,
    run(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      const id = pathId(c);
      const verb = c.req.param("verb") as ProtectionVerb;
      if (!PROTECTION_VERBS.includes(verb)) throw notFound();
      const v = parse(await formParams(c), protectionDecisionSchema);
      const done = await write(db, actorOfScope(scope), async (w) => {
        const r = await w.trx.selectFrom("protection_requests").selectAll().where("id", "=", id).where("kindergarten_id", "=", kgOf(scope)).executeTakeFirst();
        if (!r) throw notFound();
        if (r.status !== "pending") throw conflict("protection:requests.errors.notPending");
        // The person may have gained a role or a binding since the request was filed: the rule holds at every step
        // that touches her (rejecting does not).
        if (verb !== "reject")
          await assertSubjectInReach(w.trx as unknown as Deps["db"], scope, r.subject_type as SubjectType, Number(r.subject_id), r.kind as PersonVerb);
        if (verb === "approve" && r.kind !== "deletion") throw conflict("protection:requests.errors.onlyDeletion");
        if (verb === "complete" && r.kind === "deletion") throw conflict("protection:requests.errors.deletionByJob");
        if (verb === "reject" && !v.outcome) throw fieldError("outcome", "crud:validation.required");
        const status = verb === "approve" ? "scheduled" : verb === "complete" ? "done" : "rejected";
        const changed = await w.updateWhere(
          "protection_requests",
          id,
          { status, outcome: v.outcome ?? null, done_at: verb === "approve" ? null : nowIso() } as never,
          verb,
          "status",
          ["pending"],
          {
            comment: v.outcome ?? null,
          },
        );
        if (!changed) throw conflict("protection:requests.errors.notPending");
        return status;
      });
      return okT(
        c,
        { id, status: done },
        { approve: "protection:requests.approved", complete: "protection:requests.completed", reject: "protection:requests.rejected" }[verb],
      );
    }),
  );

  doc("get", "/protection/requests/{id}/archive/", "protectionArchive", "The access archive of an access request's person (JSON file)", true, {
    200: {
      description: "A JSON file (attachment personal-data-<type>-<id>.json): the person's records by table, not the {code,msg,data} envelope",
      content: { "application/json": { schema: z.record(z.string(), z.unknown()) } },
    },
  });
  app.get(
    "/protection/requests/:id{[0-9]+}/archive/",
    ...guard,
    run(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      const r = await db
        .selectFrom("protection_requests")
        .selectAll()
        .where("id", "=", pathId(c))
        .where("kindergarten_id", "=", kgOf(scope))
        .executeTakeFirst();
      if (!r) throw notFound();
      if (r.kind !== "access") throw conflict("protection:requests.errors.onlyAccess");
      await assertSubjectInReach(db, scope, r.subject_type as SubjectType, Number(r.subject_id), "access");
      const archive = await accessArchive(db, deps.dialect, r.subject_type as SubjectType, Number(r.subject_id), Number(r.kindergarten_id));
      c.header("content-type", "application/json; charset=utf-8");
      c.header("content-disposition", `attachment; filename="personal-data-${r.subject_type}-${r.subject_id}.json"`);
      return c.body(JSON.stringify(archive, null, 2));
    }),
  );

  doc("get", "/protection/retention/", "protectionRetention", "Retention rules of the kindergarten with what each would remove now");
  app.get(
    "/protection/retention/",
    ...guard,
    run(async (c: Context<AppEnv>) => {
      const kg = kgOf(scopeOf(c));
      const list: RetentionRow[] = [];
      for (const r of await retentionRules(db, kg)) list.push({ ...r, wouldRemove: (await ruleTargets(db, kg, r.kind, r.months)).count });
      return ok(c, wholeList(list));
    }),
  );

  doc("post", "/protection/retention/", "protectionRetentionSave", "Saves the retention rules (months per kind, enabled)");
  app.post(
    "/protection/retention/",
    ...guard,
    run(async (c: Context<AppEnv>) => {
      const scope = scopeOf(c);
      const kg = kgOf(scope);
      const v = parse(await formParams(c), retentionSchema) as Record<string, number | boolean>;
      await write(db, actorOfScope(scope), async (w) => {
        for (const kind of RETENTION_KINDS) {
          const values = { months: Number(v[kind]), enabled: v[`${kind}Enabled`] ? 1 : 0, updated_at: nowIso() };
          const r = await w.trx
            .selectFrom("protection_retention_rules")
            .select("id")
            .where("kindergarten_id", "=", kg)
            .where("kind", "=", kind)
            .executeTakeFirst();
          if (r) await w.update("protection_retention_rules", Number(r.id), values);
          else await w.insert("protection_retention_rules", { kindergarten_id: kg, kind, ...values });
        }
      });
      return okT(c, { saved: true }, "protection:retention.saved");
    }),
  );

  doc("get", "/protection/runs/", "protectionRuns", "Runs of the night job and what it touched in this kindergarten");
  app.get(
    "/protection/runs/",
    ...guard,
    run(async (c: Context<AppEnv>) => {
      const kg = kgOf(scopeOf(c));
      const runs = await jobDb(deps).selectFrom("job_runs").selectAll().where("job", "=", "protection-erasure").orderBy("id", "desc").limit(30).execute();
      const log = await db.selectFrom("protection_job_log").selectAll().where("kindergarten_id", "=", kg).orderBy("id", "desc").limit(200).execute();
      // A run spans every kindergarten: the reader sees its time and state, and what it did in her kindergarten only
      // (never the run's overall counts or its error text, which name other tenants' requests).
      const mine = await db
        .selectFrom("protection_job_log")
        .select(["slot", "rule", "result", "files", "fields"])
        .where("kindergarten_id", "=", kg)
        .where("slot", "in", runs.length ? runs.map((r) => r.slot) : [""])
        .execute();
      const runList: ProtectionRun[] = runs.map((r) => ({
        id: Number(r.id),
        slot: r.slot,
        attempt: Number(r.attempt),
        status: r.status,
        startedAt: r.started_at,
        finishedAt: r.finished_at,
        result: r.status === "running" ? null : JSON.stringify(runSummary(mine.filter((m) => m.slot === r.slot))),
      }));
      const logList: ProtectionLogRow[] = log.map((r) => ({
        id: Number(r.id),
        slot: r.slot,
        requestId: r.request_id == null ? null : Number(r.request_id),
        rule: r.rule,
        subjectType: r.subject_type,
        subjectId: Number(r.subject_id),
        action: r.action,
        fields: r.fields,
        files: Number(r.files),
        result: r.result,
        at: r.at,
      }));
      return ok(c, { runs: runList, log: logList });
    }),
  );
}
