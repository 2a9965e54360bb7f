import { sql, type Kysely } from "kysely";
import { RETENTION_DEFAULTS, RETENTION_KINDS, type RetentionKind } from "@contract/entities/admission-vocab";
import type { Database } from "@api/db/schema";
import type { DialectName } from "@api/db/migrations";
import type { JobDeps } from "@api/jobs/types";

/**
 * Personal-information protection (issue 15): what the product holds about a person (the access archive), what the
 * retention rules would remove, and the anonymisation the night job applies — one transaction per person, files
 * removed from storage inside it (a failed commit leaves the rows for the retry, whose deletes of missing objects
 * are no-ops), and a log row of what it did. Writes here are operational (not through the audited Writer, whose
 * audit rows would copy the personal data again); the audit rows of the person's records are scrubbed instead.
 */
export type SubjectType = "student" | "user" | "customer";
type Db = Kysely<Database>;

const STUDENT_KEEP = new Set([
  "id",
  "kindergarten_id",
  "class_id",
  "status",
  "enrolled_on",
  "bus_requested",
  "bus_id",
  "photo_consent",
  "gender",
  "created_at",
  "updated_at",
]);
const CUSTOMER_PERSONAL = ["nickname", "nation", "contact_name", "relationship", "phone", "remarks", "close_reason"] as const;

/** Tables (other than `except`) having a column named `column`: every section's rows about a student or a user. */
export async function tablesWithColumn(db: Db, dialect: DialectName, column: string): Promise<string[]> {
  if (dialect === "postgres") {
    const r = await sql<{
      table_name: string;
    }>`select table_name from information_schema.columns where table_schema = current_schema() and column_name = ${column} order by table_name`.execute(db);
    return r.rows.map((x) => x.table_name);
  }
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db);
  const out: string[] = [];
  for (const t of tables.rows) {
    const cols = await sql<{ name: string }>`select name from pragma_table_info(${t.name})`.execute(db);
    if (cols.rows.some((c) => c.name === column)) out.push(t.name);
  }
  return out;
}

/** The subject's label (name) and kindergarten, or null when it is not in `kindergartenIds`. */
export async function subjectOf(db: Db, type: SubjectType, id: number) {
  if (type === "student") {
    const r = await db.selectFrom("students").select(["id", "name", "kindergarten_id"]).where("id", "=", id).executeTakeFirst();
    return r ? { label: r.name, kindergartenId: Number(r.kindergarten_id) } : null;
  }
  if (type === "user") {
    const r = await db.selectFrom("users").select(["id", "real_name", "kindergarten_id"]).where("id", "=", id).executeTakeFirst();
    return r && r.kindergarten_id != null ? { label: r.real_name, kindergartenId: Number(r.kindergarten_id) } : null;
  }
  const r = await db.selectFrom("admission_customers").select(["id", "kid_name", "kindergarten_id"]).where("id", "=", id).executeTakeFirst();
  return r ? { label: r.kid_name, kindergartenId: Number(r.kindergarten_id) } : null;
}

/**
 * Columns whose rows are ABOUT the person (her attendance, health, bills, roles, bindings, answers, comments…): the
 * archive holds those rows. Columns naming whom merely created or owns a record (a notice she wrote, bills she issued,
 * customers she follows): only the reference (table, id, date) — never other people's data.
 */
const ABOUT_COLUMNS: Record<SubjectType, string[]> = {
  student: ["student_id"],
  user: ["user_id", "parent_id"],
  customer: ["customer_id"],
};
const CREATED_COLUMNS: Record<SubjectType, string[]> = { student: [], user: ["created_by", "owner_user_id"], customer: [] };
const OWN_TABLE: Record<SubjectType, string> = { student: "students", user: "users", customer: "admission_customers" };
const SECRET_COLUMNS = new Set(["password_hash", "token", "token_hash", "code_hash", "secret", "secret_hash", "access_key_id"]);
/** Tables never read into an archive: logs and operational rows (the history section covers the audit log). */
const NOT_ARCHIVED = new Set(["audit_log", "protection_job_log", "job_runs", "storage_credentials", "sms_codes", "login_locks", "rate_limits"]);
/** Her logins: the sessions of her account (no secrets). */
const LOGIN_COLUMNS = ["id", "role_id", "kindergarten_id", "platform", "created_at", "expires_at", "revoked_at"] as const;

async function columnsOf(db: Db, dialect: DialectName, table: string): Promise<string[]> {
  if (dialect === "postgres") {
    const r = await sql<{ column_name: string }>`select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table}`.execute(db);
    return r.rows.map((x) => x.column_name);
  }
  return (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)).rows.map((c) => c.name);
}

/**
 * The access archive (issue 25): the person's own row, every row ABOUT her (ABOUT_COLUMNS), her logins (users), the
 * references of records she merely created (CREATED_COLUMNS: table, id, date), her files' metadata and the audit
 * entries of her record. Nothing of another tenant: a row with a `kindergarten_id` is included only when it is the
 * requesting kindergarten's. Secrets (password hashes, tokens) are left out.
 */
export async function accessArchive(db: Db, dialect: DialectName, type: SubjectType, id: number, kindergartenId: number) {
  const strip = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).filter(([k]) => !SECRET_COLUMNS.has(k)));
  const own = await db
    .selectFrom(OWN_TABLE[type] as "students")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  const skip = (table: string) => table === OWN_TABLE[type] || table === "tokens" || table === "files" || NOT_ARCHIVED.has(table);
  const tenant = async (table: string) =>
    (await columnsOf(db, dialect, table)).includes("kindergarten_id") ? sql`and kindergarten_id = ${kindergartenId}` : sql``;
  const records: Record<string, unknown[]> = {};
  for (const column of ABOUT_COLUMNS[type]) {
    for (const table of await tablesWithColumn(db, dialect, column)) {
      if (skip(table)) continue;
      const rows = await sql<
        Record<string, unknown>
      >`select * from ${sql.table(table)} where ${sql.ref(column)} = ${id} ${await tenant(table)} order by id`.execute(db);
      if (rows.rows.length) records[`${table}.${column}`] = rows.rows.map(strip);
    }
  }
  const created: { type: string; id: number; date: string | null }[] = [];
  for (const column of CREATED_COLUMNS[type]) {
    for (const table of await tablesWithColumn(db, dialect, column)) {
      if (skip(table)) continue;
      const dated = (await columnsOf(db, dialect, table)).includes("created_at");
      const rows = await sql<{ id: number; date: string | null }>`select id, ${dated ? sql.ref("created_at") : sql`null`} as date
        from ${sql.table(table)} where ${sql.ref(column)} = ${id} ${await tenant(table)} order by id`.execute(db);
      for (const r of rows.rows) created.push({ type: table, id: Number(r.id), date: r.date });
    }
  }
  const recordType = OWN_TABLE[type];
  const files = await db
    .selectFrom("files")
    .select(["id", "name", "kind", "content_type", "size", "record_type", "record_id", "created_at"])
    .where("record_type", "=", recordType)
    .where("record_id", "=", id)
    .orderBy("id")
    .execute();
  // Files she uploaded for other records are references like the records themselves.
  if (type === "user") {
    const owned = await db
      .selectFrom("files")
      .select(["id", "created_at"])
      .where("owner_user_id", "=", id)
      .where((eb) => eb.or([eb("record_type", "is", null), eb("record_type", "!=", recordType), eb("record_id", "!=", id)]))
      .orderBy("id")
      .execute();
    for (const f of owned) created.push({ type: "files", id: Number(f.id), date: f.created_at });
  }
  const logins =
    type === "user"
      ? await db
          .selectFrom("tokens")
          .select([...LOGIN_COLUMNS])
          .where("user_id", "=", id)
          .orderBy("id")
          .execute()
      : undefined;
  const audit = await db
    .selectFrom("audit_log")
    .select(["action", "at", "user_id"])
    .where("entity", "=", OWN_TABLE[type])
    .where("entity_id", "=", id)
    .orderBy("id")
    .execute();
  return {
    subject: { type, id },
    generatedAt: new Date().toISOString(),
    profile: own ? strip(own as Record<string, unknown>) : null,
    records,
    ...(logins ? { logins } : {}),
    created,
    files,
    history: audit,
  };
}

/** What anonymising one person did (the job's log row). */
export interface ErasureOutcome {
  fields: string[];
  files: number;
  rows: number;
}

const placeholder = (type: SubjectType, id: number) => (type === "user" ? `deleted-${id}` : `已删除 #${id}`);

/** Removes the objects of file rows (inside the person's transaction) and the rows themselves. */
async function removeFiles(trx: Db, deps: JobDeps, recordType: string, id: number, ownerToo: boolean): Promise<number> {
  const rows = await trx
    .selectFrom("files")
    .selectAll()
    .where((eb) => eb.or([eb.and([eb("record_type", "=", recordType), eb("record_id", "=", id)]), ...(ownerToo ? [eb("owner_user_id", "=", id)] : [])]))
    .execute();
  for (const f of rows) {
    for (const key of [f.object_key, f.thumb_key]) if (key && deps.files) await deps.files.store.delete(f.bucket, key);
    await trx.deleteFrom("files").where("id", "=", f.id).execute();
  }
  return rows.length;
}

/** Scrubs the copies of personal data in the audit log of one record (keeps who did what and when). */
async function scrubAudit(trx: Db, entity: string, ids: number[]) {
  if (!ids.length) return 0;
  const r = await trx.updateTable("audit_log").set({ before: null, after: null }).where("entity", "=", entity).where("entity_id", "in", ids).executeTakeFirst();
  return Number(r.numUpdatedRows ?? 0);
}

/** Replaces every string equal to one of `values` inside a JSON value (objects and arrays walked). */
function replaceValues(v: unknown, values: Set<string>, by: string): unknown {
  if (typeof v === "string") return values.has(v) ? by : v;
  if (Array.isArray(v)) return v.map((x) => replaceValues(x, values, by));
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, replaceValues(x, values, by)]));
  return v;
}

/**
 * Issue 26 item 14: the audit log's copies of OTHER records that hold the person's name or phone (the deletion
 * request's `subject_label`, a record that copied her name…) lose those values too; the facts stay (who, what, when,
 * which record). The requests about her lose their free-text details (which name her) in the row and in its copies.
 */
async function scrubPersonalValues(trx: Db, type: SubjectType, id: number, personal: (string | null | undefined)[]) {
  const values = new Set(personal.filter((v): v is string => typeof v === "string" && v.trim().length > 1));
  const by = placeholder(type, id);
  const requests = await trx.selectFrom("protection_requests").select("id").where("subject_type", "=", type).where("subject_id", "=", id).execute();
  const requestIds = requests.map((r) => Number(r.id));
  if (requestIds.length) await trx.updateTable("protection_requests").set({ subject_label: by, details: null }).where("id", "in", requestIds).execute();
  if (!values.size && !requestIds.length) return 0;
  const escape = (v: string) => `%${v.replace(/[\\%_]/g, (m) => "\\" + m)}%`;
  const rows = await trx
    .selectFrom("audit_log")
    .select(["id", "entity", "entity_id", "before", "after"])
    .where((eb) =>
      eb.or([
        ...[...values].flatMap((v) => [sql<boolean>`before like ${escape(v)} escape '\\'`, sql<boolean>`after like ${escape(v)} escape '\\'`]),
        ...(requestIds.length ? [eb.and([eb("entity", "=", "protection_requests"), eb("entity_id", "in", requestIds)])] : []),
      ]),
    )
    .execute();
  let n = 0;
  for (const r of rows) {
    const isRequest = r.entity === "protection_requests" && requestIds.includes(Number(r.entity_id));
    const scrub = (text: string | null) => {
      if (text == null) return null;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return text;
      }
      const out = replaceValues(json, values, by) as Record<string, unknown> | null;
      if (isRequest && out && typeof out === "object") {
        if ("subject_label" in out) out.subject_label = by;
        if ("details" in out) out.details = null;
      }
      return JSON.stringify(out);
    };
    const before = scrub(r.before);
    const after = scrub(r.after);
    if (before === r.before && after === r.after) continue;
    await trx.updateTable("audit_log").set({ before, after }).where("id", "=", r.id).execute();
    n++;
  }
  return n;
}

/**
 * Anonymises one person in one transaction: personal fields cleared (ids, kindergarten, class, status and dates the
 * reports count stay), files removed, audit copies scrubbed. Idempotent: running it again changes nothing more.
 */
export async function anonymise(deps: JobDeps, type: SubjectType, id: number): Promise<ErasureOutcome> {
  return deps.db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const cleared: string[] = [];
    let files = 0;
    let rows = 0;
    if (type === "student") {
      const row = (await trx.selectFrom("students").selectAll().where("id", "=", id).executeTakeFirst()) as Record<string, unknown> | undefined;
      if (!row) return { fields: [], files: 0, rows: 0 };
      const patch: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(row)) {
        if (STUDENT_KEEP.has(k) || v == null) continue;
        if (k === "name") {
          if (v !== placeholder(type, id)) patch.name = placeholder(type, id);
        } else patch[k] = null;
      }
      cleared.push(...Object.keys(patch));
      if (Object.keys(patch).length) await trx.updateTable("students").set(patch).where("id", "=", id).execute();
      files += await removeFiles(trx, deps, "students", id, false);
      rows += await scrubAudit(trx, "students", [id]);
      rows += await scrubPersonalValues(trx, type, id, [row.name, row.english_name] as string[]);
    } else if (type === "user") {
      const row = await trx.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) return { fields: [], files: 0, rows: 0 };
      const patch: Record<string, unknown> = {};
      if (row.real_name !== placeholder(type, id)) patch.real_name = placeholder(type, id);
      if (row.phone !== placeholder(type, id)) patch.phone = placeholder(type, id);
      if (row.email != null) patch.email = null;
      if (row.gender != null) patch.gender = null;
      if (row.photo_file_id != null) patch.photo_file_id = null;
      if (Number(row.enabled)) patch.enabled = 0;
      patch.password_hash = "!";
      cleared.push(...Object.keys(patch).filter((k) => k !== "password_hash" && k !== "enabled"));
      await trx.updateTable("users").set(patch).where("id", "=", id).execute();
      await trx.deleteFrom("tokens").where("user_id", "=", id).execute();
      await trx.deleteFrom("wechat_accounts").where("user_id", "=", id).execute();
      files += await removeFiles(trx, deps, "users", id, true);
      rows += await scrubAudit(trx, "users", [id]);
      rows += await scrubPersonalValues(trx, type, id, [row.real_name, row.phone, row.email]);
    } else {
      const row = await trx.selectFrom("admission_customers").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) return { fields: [], files: 0, rows: 0 };
      const patch: Record<string, unknown> = {};
      if (row.kid_name !== placeholder(type, id)) patch.kid_name = placeholder(type, id);
      for (const k of CUSTOMER_PERSONAL) if (row[k] != null) patch[k] = null;
      cleared.push(...Object.keys(patch));
      patch.anonymised_at = row.anonymised_at ?? now;
      await trx.updateTable("admission_customers").set(patch).where("id", "=", id).execute();
      const comms = await trx.selectFrom("admission_communications").select("id").where("customer_id", "=", id).execute();
      if (comms.length) await trx.updateTable("admission_communications").set({ content: "-", next_step: null }).where("customer_id", "=", id).execute();
      const appts = await trx.selectFrom("admission_appointments").select("id").where("customer_id", "=", id).execute();
      if (appts.length) await trx.updateTable("admission_appointments").set({ remarks: null }).where("customer_id", "=", id).execute();
      const recs = await trx.selectFrom("admission_reconciliations").select("id").where("customer_id", "=", id).execute();
      if (recs.length) await trx.updateTable("admission_reconciliations").set({ remarks: null, coupon: null }).where("customer_id", "=", id).execute();
      rows += await scrubAudit(trx, "admission_customers", [id]);
      rows += await scrubPersonalValues(trx, type, id, [row.kid_name, row.nickname, row.contact_name, row.phone]);
      rows += await scrubAudit(
        trx,
        "admission_communications",
        comms.map((c) => Number(c.id)),
      );
      rows += await scrubAudit(
        trx,
        "admission_appointments",
        appts.map((c) => Number(c.id)),
      );
      rows += await scrubAudit(
        trx,
        "admission_reconciliations",
        recs.map((c) => Number(c.id)),
      );
      rows += comms.length + appts.length;
    }
    return { fields: cleared, files, rows };
  });
}

/** The retention rules of a kindergarten, defaults filled in for kinds without a row. */
export async function retentionRules(db: Db, kindergartenId: number) {
  const rows = await db.selectFrom("protection_retention_rules").selectAll().where("kindergarten_id", "=", kindergartenId).execute();
  return RETENTION_KINDS.map((kind) => {
    const r = rows.find((x) => x.kind === kind);
    return { kind, months: r ? Number(r.months) : RETENTION_DEFAULTS[kind], enabled: r ? Boolean(Number(r.enabled)) : true };
  });
}

const monthsAgo = (months: number, now = Date.now()) => {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString();
};

/** Who (or what) a rule reaches now: ids of customers / students, or the number of audit rows. */
export async function ruleTargets(
  db: Db,
  kindergartenId: number,
  kind: RetentionKind,
  months: number,
  now = Date.now(),
): Promise<{ ids: number[]; count: number }> {
  const before = monthsAgo(months, now);
  if (kind === "applicants") {
    const rows = await db
      .selectFrom("admission_customers")
      .select("id")
      .where("kindergarten_id", "=", kindergartenId)
      .where("stage", "!=", "paid")
      .where("anonymised_at", "is", null)
      .where("updated_at", "<", before)
      .orderBy("id")
      .execute();
    return { ids: rows.map((r) => Number(r.id)), count: rows.length };
  }
  if (kind === "leavers") {
    const rows = await db
      .selectFrom("students")
      .select(["id", "name"])
      .where("kindergarten_id", "=", kindergartenId)
      .where("status", "in", ["graduated", "quit_refunded", "quit_unrefunded"])
      .where("updated_at", "<", before)
      .orderBy("id")
      .execute();
    const ids = rows.filter((r) => !String(r.name).startsWith("已删除 #")).map((r) => Number(r.id));
    return { ids, count: ids.length };
  }
  const r = await db
    .selectFrom("audit_log")
    .select(sql<number>`count(*)`.as("n"))
    .where("at", "<", before)
    .where((eb) => eb.or([eb("user_id", "in", eb.selectFrom("users").select("id").where("kindergarten_id", "=", kindergartenId)), eb("user_id", "is", null)]))
    .executeTakeFirst();
  return { ids: [], count: Number(r?.n ?? 0) };
}

/**
 * The night job (`protection-erasure`): the scheduled deletion requests, then every enabled retention rule, per
 * kindergarten. Each person is one transaction (`anonymise`); a failure is logged (result "failed") and makes the
 * run fail after the others were done, so the runner's retry takes the rest (done persons are skipped: idempotent).
 */
export async function runErasure(deps: JobDeps, slot: string) {
  const db = deps.db;
  const at = () => new Date().toISOString();
  let persons = 0;
  let files = 0;
  let auditRows = 0;
  const failures: string[] = [];
  const log = (row: {
    kindergarten_id: number;
    request_id: number | null;
    rule: string | null;
    subject_type: string;
    subject_id: number;
    action: string;
    fields: string;
    files: number;
    result: string;
  }) =>
    db
      .insertInto("protection_job_log")
      .values({ ...row, slot, at: at() })
      .execute();

  const requests = await db
    .selectFrom("protection_requests")
    .selectAll()
    .where("kind", "=", "deletion")
    .where("status", "=", "scheduled")
    .orderBy("id")
    .execute();
  for (const r of requests) {
    try {
      const out = await anonymise(deps, r.subject_type as SubjectType, Number(r.subject_id));
      await db
        .updateTable("protection_requests")
        // The request stays as the record that the person asked; their name leaves it with the rest.
        .set({ status: "done", done_at: at(), outcome: JSON.stringify(out), subject_label: placeholder(r.subject_type as SubjectType, Number(r.subject_id)) })
        .where("id", "=", r.id)
        .where("status", "=", "scheduled")
        .execute();
      await log({
        kindergarten_id: Number(r.kindergarten_id),
        request_id: Number(r.id),
        rule: null,
        subject_type: r.subject_type,
        subject_id: Number(r.subject_id),
        action: "anonymised",
        fields: JSON.stringify(out.fields),
        files: out.files,
        result: "ok",
      });
      persons++;
      files += out.files;
    } catch (e) {
      failures.push(`request ${r.id}: ${(e as Error).message}`);
      await log({
        kindergarten_id: Number(r.kindergarten_id),
        request_id: Number(r.id),
        rule: null,
        subject_type: r.subject_type,
        subject_id: Number(r.subject_id),
        action: "anonymised",
        fields: "[]",
        files: 0,
        result: "failed",
      });
    }
  }

  const kgs = await db.selectFrom("kindergartens").select("id").orderBy("id").execute();
  for (const k of kgs) {
    const kg = Number(k.id);
    for (const rule of await retentionRules(db, kg)) {
      if (!rule.enabled) continue;
      if (rule.kind === "audit") {
        const before = monthsAgo(rule.months);
        const res = await db
          .deleteFrom("audit_log")
          .where("at", "<", before)
          .where("user_id", "in", db.selectFrom("users").select("id").where("kindergarten_id", "=", kg))
          .executeTakeFirst();
        const n = Number(res.numDeletedRows ?? 0);
        if (n) {
          auditRows += n;
          await log({
            kindergarten_id: kg,
            request_id: null,
            rule: "audit",
            subject_type: "audit",
            subject_id: 0,
            action: "deleted",
            fields: JSON.stringify({ rows: n }),
            files: 0,
            result: "ok",
          });
        }
        continue;
      }
      const type: SubjectType = rule.kind === "applicants" ? "customer" : "student";
      for (const id of (await ruleTargets(db, kg, rule.kind, rule.months)).ids) {
        try {
          const out = await anonymise(deps, type, id);
          await log({
            kindergarten_id: kg,
            request_id: null,
            rule: rule.kind,
            subject_type: type,
            subject_id: id,
            action: "anonymised",
            fields: JSON.stringify(out.fields),
            files: out.files,
            result: "ok",
          });
          persons++;
          files += out.files;
        } catch (e) {
          failures.push(`${type} ${id}: ${(e as Error).message}`);
          await log({
            kindergarten_id: kg,
            request_id: null,
            rule: rule.kind,
            subject_type: type,
            subject_id: id,
            action: "anonymised",
            fields: "[]",
            files: 0,
            result: "failed",
          });
        }
      }
    }
  }
  if (failures.length) throw new Error(`${failures.length} failed: ${failures.slice(0, 5).join("; ")}`);
  return { persons, files, auditRows, requests: requests.length };
}
