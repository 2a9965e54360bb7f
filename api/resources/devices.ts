import { timingSafeEqual } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  cameras,
  DEVICE_HEADERS,
  deviceEvent,
  deviceIngest,
  faceDevicesA,
  faceDevicesB,
  ingestReply,
  EVENT_MAX_AHEAD_MINUTES,
  EVENT_RETENTION_DAYS,
  MAX_EVENTS_PER_CALL,
  ONLINE_WINDOW_MS,
  rosterReply,
  studentIcCards,
  type DeviceEvent,
  type RosterReply,
} from "@contract/resources/devices";
import { localName } from "@contract/format";
import type { App, AppEnv, Deps } from "@api/context";
import type { Database } from "@api/db/schema";
import { nowIso } from "@api/db";
import { ApiError, fieldError, langOf, notFound } from "@api/http";
import { makeGuards, scopeOf, tokenOf } from "@api/auth/guards";
import { sha256 } from "@api/auth/tokens";
import { kindergartenFilter, studentFilter, type Scope } from "@api/tenancy";
import { localDateTime, recordArrival } from "@api/services/attendance";
import { envelope, tokenHeader } from "../routes/common";
import { defineMapping, type Item, type ResourceMapping } from "./engine";
import { replyOk, runCustom } from "./custom-routes";
import { bodyOf } from "./buses";

type Db = Kysely<Database>;

export const statusOf = (lastHeartbeatAt: string | null | undefined, now = Date.now()) =>
  lastHeartbeatAt && now - new Date(lastHeartbeatAt).getTime() <= ONLINE_WINDOW_MS ? ("online" as const) : ("offline" as const);

function faceMapping(def: typeof faceDevicesA, kind: "A" | "B"): ResourceMapping {
  return defineMapping({
    def,
    table: "devices",
    alias: "d",
    from: (db) => db.selectFrom("devices as d").innerJoin("kindergartens as k", "k.id", "d.kindergarten_id"),
    english: { kindergartenName: "k.name_en" },
    columns: {
      id: "d.id",
      serialNo: "d.serial_no",
      name: "d.name",
      lastHeartbeatAt: "d.last_heartbeat_at",
      lastEventAt: "d.last_event_at",
      eventCount: sql`(select count(*) from device_events de_ where de_.device_id = d.id and de_.result = 'accepted')`,
      kindergartenId: "d.kindergarten_id",
      kindergartenName: "k.name",
    },
    kindergartenColumn: "kindergarten_id",
    scopeFilter: (scope) => sql`(${kindergartenFilter(scope, "d.kindergarten_id")} and d.kind = ${kind})`,
    // The secret is kept as its sha256 only; an edit without a new secret keeps the stored one.
    writable: { serialNo: "serial_no", name: "name", secret: "secret_hash" },
    onCreate: () => ({ kind, created_at: nowIso() }),
    hooks: {
      decorate(_db, items: Item[]) {
        const now = Date.now();
        for (const item of items) {
          item.status = statusOf(item.lastHeartbeatAt as string | null, now);
          item.eventCount = Number(item.eventCount ?? 0);
        }
      },
      async beforeWrite({ w }, { values, existing, mode }) {
        const dup = await w.trx
          .selectFrom("devices")
          .select("id")
          .where("serial_no", "=", values.serialNo as string)
          .where("id", "!=", existing?.id ?? 0)
          .executeTakeFirst();
        if (dup) throw fieldError("serialNo", "devices:errors.serialTaken");
        if (typeof values.secret === "string" && values.secret) values.secret = sha256(values.secret);
        else if (mode === "change" && existing) {
          const row = await w.trx.selectFrom("devices").select("secret_hash").where("id", "=", existing.id).executeTakeFirstOrThrow();
          values.secret = row.secret_hash;
        }
      },
      async beforeDelete({ w }, item) {
        await w.trx.deleteFrom("device_events").where("device_id", "=", item.id).execute();
      },
    },
  });
}

export const faceDevicesAMapping = faceMapping(faceDevicesA, "A");
export const faceDevicesBMapping = faceMapping(faceDevicesB, "B");

export const camerasMapping = defineMapping({
  def: cameras,
  table: "cameras",
  alias: "cm",
  from: (db) => db.selectFrom("cameras as cm").innerJoin("kindergartens as k", "k.id", "cm.kindergarten_id"),
  english: { kindergartenName: "k.name_en" },
  columns: { id: "cm.id", name: "cm.name", liveUrl: "cm.live_url", sort: "cm.sort", kindergartenId: "cm.kindergarten_id", kindergartenName: "k.name" },
  kindergartenColumn: "kindergarten_id",
  writable: { name: "name", liveUrl: "live_url", sort: "sort" },
  onCreate: () => ({ created_at: nowIso() }),
});

export const studentIcCardsMapping = defineMapping({
  def: studentIcCards,
  table: "student_ic_cards",
  alias: "ic",
  from: (db) => db.selectFrom("student_ic_cards as ic").innerJoin("students as s", "s.id", "ic.student_id").leftJoin("classes as c", "c.id", "s.class_id"),
  english: { className: "c.name_en" },
  columns: {
    id: "ic.id",
    studentId: "ic.student_id",
    studentName: "s.name",
    className: "c.name",
    cardNo: "ic.card_no",
    status: "ic.status",
    issuedAt: "ic.issued_at",
    lostAt: "ic.lost_at",
    lastSwipeAt: sql`(select max(de_.occurred_at) from device_events de_ where de_.kindergarten_id = ic.kindergarten_id and de_.card_no = ic.card_no and de_.result = 'accepted')`,
    kindergartenId: "ic.kindergarten_id",
  },
  kindergartenColumn: "kindergarten_id",
  scopeFilter: (scope) => studentFilter(scope, "ic.student_id"),
  writable: { studentId: "student_id", cardNo: "card_no" },
  onCreate: () => ({ status: "active", issued_at: nowIso() }),
  hooks: {
    async beforeWrite({ w, scope }, { values, kindergartenId }) {
      const db = w.trx as unknown as Db;
      const student = await db
        .selectFrom("students")
        .select(["id", "kindergarten_id"])
        .where("id", "=", values.studentId as number)
        .where(studentFilter(scope, "students.id"))
        .executeTakeFirst();
      if (!student || (kindergartenId != null && Number(student.kindergarten_id) !== kindergartenId))
        throw fieldError("studentId", "devices:errors.studentNotFound");
      const kg = Number(student.kindergarten_id);
      const taken = await db
        .selectFrom("student_ic_cards")
        .select("id")
        .where("kindergarten_id", "=", kg)
        .where("card_no", "=", values.cardNo as string)
        .executeTakeFirst();
      if (taken) throw fieldError("cardNo", "devices:errors.cardTaken");
      const active = await db
        .selectFrom("student_ic_cards")
        .select("card_no")
        .where("student_id", "=", student.id)
        .where("status", "=", "active")
        .executeTakeFirst();
      if (active) throw fieldError("studentId", "devices:errors.studentHasCard", { card: active.card_no });
    },
    async afterWrite({ w }, { id, values }) {
      // A new card replaces the student's lost ones; the student's file shows the card in use.
      const lost = await w.trx
        .selectFrom("student_ic_cards")
        .select("id")
        .where("student_id", "=", values.studentId as number)
        .where("status", "=", "lost")
        .execute();
      for (const l of lost) await w.updateWhere("student_ic_cards", Number(l.id), { status: "replaced" }, "replace", "status", ["lost"], { by: id });
      await w.update("students", values.studentId as number, { ic_card_no: values.cardNo as string, updated_at: nowIso() });
    },
  },
  actionHooks: {
    reportLost: {
      async run({ w }, item) {
        const s = await w.trx
          .selectFrom("students")
          .select(["id", "ic_card_no"])
          .where("id", "=", item.studentId as number)
          .executeTakeFirst();
        if (s && s.ic_card_no === item.cardNo) await w.update("students", Number(s.id), { ic_card_no: null, updated_at: nowIso() });
        return { patch: { lost_at: nowIso() } };
      },
    },
  },
});

// ------------------------------------------------------------------------------------------------
// Ingestion: a device authenticates with its serial and secret; events are recorded once per (device, eventId).
// ------------------------------------------------------------------------------------------------

export interface IngestDevice {
  id: number;
  kindergarten_id: number;
}

/** The device of the request's headers, or 401; a request carrying a user token instead is refused (403). */
async function deviceOf(db: Db, c: Context): Promise<IngestDevice> {
  const serial = c.req.header(DEVICE_HEADERS.serial);
  const secret = c.req.header(DEVICE_HEADERS.secret);
  if (!serial || !secret) {
    if (tokenOf(c)) throw new ApiError(403, "devices:errors.userToken");
    throw new ApiError(401, "devices:errors.deviceAuth");
  }
  const d = await db.selectFrom("devices").select(["id", "kindergarten_id", "secret_hash"]).where("serial_no", "=", serial).executeTakeFirst();
  const given = Buffer.from(sha256(secret));
  const stored = Buffer.from(d?.secret_hash ?? sha256("\u0000no-device"));
  if (!d || !timingSafeEqual(given, stored)) throw new ApiError(401, "devices:errors.deviceAuth");
  return { id: Number(d.id), kindergarten_id: Number(d.kindergarten_id) };
}

export type EventOutcome = { eventId: string; result: "accepted" | "duplicate" | "refused"; reason: string | null; attendance: "created" | "kept" | null };

const isoOf = (at: string): string | null => {
  const d = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(at) ? at : `${at}+08:00`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};
/** Event times are kept on the kindergarten's wall clock with its offset (`2026-03-02T07:31:00+08:00`), so they sort as text. */
export const wallClock = (iso: string) => {
  const l = localDateTime(iso);
  return `${l.date}T${l.time}+08:00`;
};

/**
 * Records a batch of events of one device: each (device, eventId) once (INSERT … ON CONFLICT DO NOTHING), so a
 * resent event is a duplicate whatever happens concurrently. Unknown students (another kindergarten's are unknown
 * here too), unknown or inactive cards and bad times (unreadable, more than 5 minutes ahead, older than
 * EVENT_RETENTION_DAYS) are refused and logged (result "refused" with the reason). An accepted
 * event becomes the child's attendance of that day (api/services/attendance recordArrival).
 */
export async function ingestEvents(db: Db, device: IngestDevice, events: DeviceEvent[]): Promise<EventOutcome[]> {
  const kg = device.kindergarten_id;
  const studentIds = [...new Set(events.map((e) => e.studentId).filter((v): v is number => v != null))];
  const cards = [...new Set(events.map((e) => e.cardNo).filter((v): v is string => !!v))];
  // Only the device's own kindergarten's children: another kindergarten's child is as unknown as no child at all,
  // so a device cannot probe which ids exist elsewhere.
  const known = new Set<number>();
  if (studentIds.length)
    for (const s of await db.selectFrom("students").select("id").where("id", "in", studentIds).where("kindergarten_id", "=", kg).execute())
      known.add(Number(s.id));
  const cardOwner = new Map<string, number>();
  if (cards.length)
    for (const c of await db
      .selectFrom("student_ic_cards")
      .select(["card_no", "student_id"])
      .where("kindergarten_id", "=", kg)
      .where("status", "=", "active")
      .where("card_no", "in", cards)
      .execute())
      cardOwner.set(c.card_no, Number(c.student_id));
  const received = nowIso();
  const latest = new Date(Date.now() + EVENT_MAX_AHEAD_MINUTES * 60_000).toISOString();
  const earliest = new Date(Date.now() - EVENT_RETENTION_DAYS * 86_400_000).toISOString();
  const out: EventOutcome[] = [];
  let last: string | null = null;
  for (const e of events) {
    let reason: string | null = null;
    let studentId: number | null = null;
    const at = isoOf(e.at);
    if (!at) reason = "bad_time";
    else if (at > latest) reason = "time_in_future";
    else if (at < earliest) reason = "time_too_old";
    else if (e.method === "ic") {
      if (!e.cardNo) reason = "card_missing";
      else if (!cardOwner.has(e.cardNo)) reason = "unknown_card";
      else studentId = cardOwner.get(e.cardNo)!;
    } else if (e.studentId == null) reason = "student_missing";
    else if (!known.has(e.studentId)) reason = "unknown_student";
    else studentId = e.studentId;
    const inserted = await db
      .insertInto("device_events")
      .values({
        device_id: device.id,
        kindergarten_id: kg,
        event_id: e.eventId,
        method: e.method,
        // A refused event keeps what the device claimed only when it is ours to show (never another kindergarten's id).
        student_id: reason ? null : studentId,
        card_no: e.cardNo ?? null,
        occurred_at: at ? wallClock(at) : e.at.slice(0, 40),
        received_at: received,
        result: reason ? "refused" : "accepted",
        reason,
      })
      .onConflict((oc) => oc.columns(["device_id", "event_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) {
      out.push({ eventId: e.eventId, result: "duplicate", reason: null, attendance: null });
      continue;
    }
    if (reason || studentId == null) {
      out.push({ eventId: e.eventId, result: "refused", reason, attendance: null });
      continue;
    }
    const attendance = await recordArrival(db, { studentId, kindergartenId: kg, at: at!, source: e.method === "ic" ? "ic" : "face" });
    if (!last || wallClock(at!) > last) last = wallClock(at!);
    out.push({ eventId: e.eventId, result: "accepted", reason: null, attendance });
  }
  if (last)
    await db
      .updateTable("devices")
      .set({ last_event_at: last })
      .where("id", "=", device.id)
      .where((eb) => eb.or([eb("last_event_at", "is", null), eb("last_event_at", "<", last)]))
      .execute();
  return out;
}

/**
 * The events of a call: form-encoded (section 7: every write is a form), either `events` = a JSON array of events
 * (a batch, at most MAX_EVENTS_PER_CALL) or the fields of one event (eventId, method, studentId | cardNo, at).
 */
async function eventsOf(c: Context): Promise<DeviceEvent[]> {
  const p = await bodyOf(c);
  let raw: unknown[];
  const batch = p.get("events");
  if (batch != null) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(batch);
    } catch {
      throw fieldError("events", "devices:errors.eventsRequired");
    }
    raw = Array.isArray(parsed) ? parsed : [];
  } else raw = [Object.fromEntries([...p.entries()].filter(([, v]) => v !== ""))];
  if (!raw.length || (batch == null && !p.has("eventId"))) throw fieldError("events", "devices:errors.eventsRequired");
  if (raw.length > MAX_EVENTS_PER_CALL) throw fieldError("events", "devices:errors.tooManyEvents", { max: MAX_EVENTS_PER_CALL });
  const events: DeviceEvent[] = [];
  for (const [i, r] of raw.entries()) {
    const e = deviceEvent.safeParse(r);
    if (!e.success) {
      const field = String(e.error.issues[0]?.path[0] ?? "event");
      throw fieldError(batch != null ? `events.${i}.${field}` : field, "devices:errors.eventInvalid", { field });
    }
    events.push(e.data);
  }
  return events;
}

export function registerDeviceRoutes(app: App, deps: Deps) {
  const { db } = deps;
  const { requireAuth, assertPage } = makeGuards(deps);
  const base = "/" + deviceIngest.endpoint;
  const headers = z.object({
    [DEVICE_HEADERS.serial]: z.string().openapi({ param: { name: DEVICE_HEADERS.serial, in: "header" }, example: "FA-0001" }),
    [DEVICE_HEADERS.secret]: z.string().openapi({ param: { name: DEVICE_HEADERS.secret, in: "header" }, example: "device-secret-0001" }),
  });

  app.openAPIRegistry.registerPath({
    method: "post",
    path: `${base}heartbeat/`,
    tags: ["devices"],
    summary: "A device's heartbeat (device serial and secret headers, no user token): the device shows online for 5 minutes",
    request: { headers },
    responses: {
      200: {
        description: "code 200; 401 bad device credentials; 403 a user token",
        content: { "application/json": { schema: envelope(z.object({ at: z.string() })) } },
      },
    },
  });
  app.post(
    `${base}heartbeat/`,
    runCustom(async (c) => {
      const d = await deviceOf(db, c);
      const at = nowIso();
      await db.updateTable("devices").set({ last_heartbeat_at: at }).where("id", "=", d.id).execute();
      return replyOk(c, { at }, "ok");
    }),
  );
  app.openAPIRegistry.registerPath({
    method: "post",
    path: `${base}events/`,
    tags: ["devices"],
    summary: `Check-in events (face or IC card swipe), form-encoded: events = a JSON array [{eventId, method, studentId | cardNo, at}] (at most ${MAX_EVENTS_PER_CALL}) or the fields of one event; each eventId is recorded once per device`,
    request: {
      headers,
      body: {
        required: true,
        content: {
          "application/x-www-form-urlencoded": {
            schema: z.object({
              events: z.string().optional().openapi({ description: "a JSON array of events (a batch)" }),
              eventId: z.string().optional(),
              method: z.string().optional(),
              studentId: z.string().optional(),
              cardNo: z.string().optional(),
              at: z.string().optional(),
            }),
          },
        },
      },
    },
    responses: {
      200: {
        description: "code 200 with a result per event; 422 malformed; 401 bad device credentials",
        content: { "application/json": { schema: envelope(ingestReply) } },
      },
    },
  });
  app.post(
    `${base}events/`,
    runCustom(async (c) => {
      const d = await deviceOf(db, c);
      const events = await eventsOf(c);
      // One transaction per call: one commit for the batch (SQLite: one fsync), the same once-per-eventId rule inside.
      const results = await db.transaction().execute((trx) => ingestEvents(trx, d, events));
      await db.updateTable("devices").set({ last_heartbeat_at: nowIso() }).where("id", "=", d.id).execute();
      const n = (r: string) => results.filter((x) => x.result === r).length;
      return replyOk(c, { accepted: n("accepted"), duplicates: n("duplicate"), refused: n("refused"), results }, "ok");
    }),
  );

  // Which students and classes a device knows (/evaluate/faceStudentClass, …2): the at-school and preparatory
  // students of its kindergarten, by class, with their card and the device's last sighting.
  for (const [def, kind, page] of [
    [faceDevicesA, "A", "/evaluate/faceStudentClass"],
    [faceDevicesB, "B", "/evaluate/faceStudentClass2"],
  ] as const) {
    const path = `/${def.endpoint}{id}/roster/`;
    app.openAPIRegistry.registerPath({
      method: "get",
      path,
      tags: ["devices"],
      summary: `Classes and students face device ${kind} knows, with its last sighting of each (page ${page})`,
      security: tokenHeader,
      request: { params: z.object({ id: z.string().openapi({ param: { name: "id", in: "path" }, example: "1" }) }) },
      responses: { 200: { description: "code 200", content: { "application/json": { schema: envelope(rosterReply) } } } },
    });
    app.get(
      `/${def.endpoint}:id{[0-9]+}/roster/`,
      requireAuth,
      runCustom(async (c: Context<AppEnv>) => {
        const scope = scopeOf(c);
        await assertPage(scope, page);
        await assertPage(scope, def.page);
        return replyOk(c, await rosterOf(db, scope, kind, Number(c.req.param("id")), langOf(c)), "ok");
      }),
    );
  }
}

async function rosterOf(db: Db, scope: Scope, kind: "A" | "B", id: number, lang: "zh" | "en"): Promise<RosterReply> {
  const d = await db
    .selectFrom("devices as d")
    .innerJoin("kindergartens as k", "k.id", "d.kindergarten_id")
    .select(["d.id", "d.serial_no", "d.name", "d.kindergarten_id", "d.last_heartbeat_at", "k.name as kg_name", "k.name_en as kg_name_en"])
    .where("d.id", "=", id)
    .where("d.kind", "=", kind)
    .where(kindergartenFilter(scope, "d.kindergarten_id"))
    .executeTakeFirst();
  if (!d) throw notFound();
  const students = await db
    .selectFrom("students as s")
    .leftJoin("classes as c", "c.id", "s.class_id")
    .select(["s.id", "s.name", "s.class_id", "s.ic_card_no", "c.name as class_name", "c.name_en as class_name_en"])
    .where("s.kindergarten_id", "=", Number(d.kindergarten_id))
    .where("s.status", "in", ["preparatory", "at_school"])
    .orderBy("c.name")
    .orderBy("s.name")
    .execute();
  const seen = await db
    .selectFrom("device_events")
    .select(["student_id", sql<string>`max(occurred_at)`.as("last")])
    .where("device_id", "=", id)
    .where("result", "=", "accepted")
    .groupBy("student_id")
    .execute();
  const lastSeen = new Map(seen.map((r) => [Number(r.student_id), r.last]));
  const classes = new Map<string, RosterReply["classes"][number]>();
  for (const s of students) {
    const key = String(s.class_id ?? "none");
    if (!classes.has(key))
      classes.set(key, {
        id: s.class_id == null ? null : Number(s.class_id),
        name: s.class_name ? localName(lang, s.class_name, s.class_name_en) : "—",
        students: [],
      });
    classes.get(key)!.students.push({ id: Number(s.id), name: s.name, cardNo: s.ic_card_no, lastSeenAt: lastSeen.get(Number(s.id)) ?? null });
  }
  return {
    device: {
      id: Number(d.id),
      serialNo: d.serial_no,
      name: d.name,
      status: statusOf(d.last_heartbeat_at),
      kindergartenName: localName(lang, d.kg_name, d.kg_name_en),
    },
    classes: [...classes.values()],
  };
}
