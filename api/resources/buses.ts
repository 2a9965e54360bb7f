import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import { z } from "@hono/zod-openapi";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Context } from "hono";
import {
  buses,
  busRides,
  busRoster,
  feeBandOf,
  readStations,
  rideForm,
  rideRow,
  riderForm,
  ridersReply,
  ridesReply,
  stationsText,
  TRIPS,
  type RideRow,
  type RidesReply,
  type Trip,
} from "@contract/resources/buses";
import { localName } from "@contract/format";
import { Role } from "@contract/roles";
import type { App, AppEnv, Deps } from "@api/context";
import type { Database } from "@api/db/schema";
import { nowIso } from "@api/db";
import { write } from "@api/db/audit";
import { ApiError, fieldError, forbidden, langOf, notFound, translate } from "@api/http";
import { makeGuards, scopeOf } from "@api/auth/guards";
import { kindergartenFilter, userFilter, type Scope } from "@api/tenancy";
import { localDateTime, onLeave, recordArrival } from "@api/services/attendance";
import { pdfOf } from "@api/services/pdf";
import { envelope, tokenHeader } from "../routes/common";
import { fieldErrors, schemaMessage } from "./engine/forms";
import { defineMapping, type Item } from "./engine";
import { replyOk, runCustom } from "./custom-routes";
import { attachment, xlsxOf } from "./spreadsheet";

type Db = Kysely<Database>;

/** A form body or query parsed with a contract schema: 422 per field with the schema's keys (as the engine's forms). */
export function parseWith<T extends z.ZodType>(schema: T, params: URLSearchParams): z.infer<T> {
  const submission = parseWithZod(params, { schema: schema as never });
  if (submission.status !== "success") {
    const errors: Record<string, string[]> = {};
    for (const [name, list] of Object.entries((submission.error ?? {}) as Record<string, string[] | null>))
      for (const m of list ?? []) (errors[name.replace(/\..*$/, "") || "_"] ??= []).push(schemaMessage(m));
    throw fieldErrors(errors);
  }
  return submission.value as z.infer<T>;
}

export async function bodyOf(c: Context): Promise<URLSearchParams> {
  const body = await c.req.parseBody({ all: true });
  const params = new URLSearchParams();
  for (const [k, raw] of Object.entries(body)) for (const v of Array.isArray(raw) ? raw : [raw]) if (typeof v === "string") params.append(k, v);
  return params;
}

/** Buses the scope may see: its kindergartens; a bus teacher (8) only the buses she is bound to (bus_teachers). */
export function busFilter(scope: Scope, column: string): Expression<SqlBool> {
  const inKg = kindergartenFilter(scope, column.replace(/\.id$/, ".kindergarten_id"));
  if (scope.roleId !== Role.busTeacher) return inKg;
  return sql<SqlBool>`(${inKg} and ${sql.ref(column)} in (select bt_.bus_id from bus_teachers bt_ where ${userFilter(scope, "bt_.user_id")}))`;
}

/** Teachers must hold role 8 in the bus's kindergarten; the two must differ. */
async function checkTeachers(db: Db, kindergartenId: number, values: Record<string, unknown>) {
  const ids = [values.teacher1Id, values.teacher2Id].filter((v): v is number => typeof v === "number");
  if (values.teacher2Id != null && values.teacher2Id === values.teacher1Id) throw fieldError("teacher2Id", "buses:errors.sameTeacher");
  if (!ids.length) return;
  const ok = await db
    .selectFrom("users")
    .innerJoin("user_roles", "user_roles.user_id", "users.id")
    .select("users.id")
    .where("users.id", "in", ids)
    .where("users.kindergarten_id", "=", kindergartenId)
    .where("user_roles.role_id", "=", Role.busTeacher)
    .execute();
  const found = new Set(ok.map((r) => Number(r.id)));
  if (typeof values.teacher1Id === "number" && !found.has(values.teacher1Id)) throw fieldError("teacher1Id", "buses:errors.teacherNotBusTeacher");
  if (typeof values.teacher2Id === "number" && !found.has(values.teacher2Id)) throw fieldError("teacher2Id", "buses:errors.teacherNotBusTeacher");
}

/** Buses: table `buses` (stations as JSON, edited as lines), riders counted from `bus_riders`; teachers kept in bus_teachers too. */
export const busesMapping = defineMapping({
  def: buses,
  table: "buses",
  alias: "b",
  from: (db) =>
    db
      .selectFrom("buses as b")
      .innerJoin("kindergartens as k", "k.id", "b.kindergarten_id")
      .leftJoin("users as t1", "t1.id", "b.teacher1_id")
      .leftJoin("users as t2", "t2.id", "b.teacher2_id"),
  english: { kindergartenName: "k.name_en" },
  columns: {
    id: "b.id",
    name: "b.name",
    plateNumber: "b.plate_number",
    seats: "b.seats",
    teacher1Id: "b.teacher1_id",
    teacher1Name: "t1.real_name",
    teacher2Id: "b.teacher2_id",
    teacher2Name: "t2.real_name",
    stations: "b.stations",
    riderCount: sql`(select count(*) from bus_riders br_ where br_.bus_id = b.id)`,
    kindergartenId: "b.kindergarten_id",
    kindergartenName: "k.name",
  },
  kindergartenColumn: "kindergarten_id",
  scopeFilter: (scope) => busFilter(scope, "b.id"),
  writable: { name: "name", plateNumber: "plate_number", seats: "seats", teacher1Id: "teacher1_id", teacher2Id: "teacher2_id", stations: "stations" },
  hooks: {
    decorate(_db, items: Item[]) {
      for (const item of items) {
        const list = readStations(item.stations as string);
        item.stations = stationsText(list);
        item.stationNames = list.map((s) => s.name);
        item.riderCount = Number(item.riderCount ?? 0);
      }
    },
    async beforeWrite({ w }, { values, kindergartenId, existing }) {
      if (kindergartenId == null) return;
      const db = w.trx as unknown as Db;
      await checkTeachers(db, kindergartenId, values);
      if (existing) {
        const riders = Number(existing.riderCount ?? 0);
        if (typeof values.seats === "number" && values.seats < riders) throw fieldError("seats", "buses:errors.seatsBelowRiders", { count: riders });
        // Riders stay on stations that still exist.
        const names = new Set(readStations(values.stations as string).map((s) => s.name));
        const stranded = await db.selectFrom("bus_riders").select("station").where("bus_id", "=", existing.id).execute();
        const gone = [...new Set(stranded.map((r) => r.station).filter((s) => !names.has(s)))];
        if (gone.length) throw fieldError("stations", "buses:errors.stationInUse", { station: gone[0]! });
      }
    },
    async afterWrite({ w }, { id, values }) {
      for (const userId of [values.teacher1Id, values.teacher2Id].filter((v): v is number => typeof v === "number")) {
        const has = await w.trx.selectFrom("bus_teachers").select("id").where("bus_id", "=", id).where("user_id", "=", userId).executeTakeFirst();
        if (!has) await w.insert("bus_teachers", { bus_id: id, user_id: userId });
      }
    },
    async beforeDelete({ w }, item) {
      const riders = await w.trx.selectFrom("bus_riders").select("id").where("bus_id", "=", item.id).execute();
      if (riders.length) throw new ApiError(409, "buses:errors.busHasRiders", { count: riders.length });
      for (const bt of await w.trx.selectFrom("bus_teachers").select("id").where("bus_id", "=", item.id).execute())
        await w.delete("bus_teachers", Number(bt.id));
    },
  },
});

const todayLocal = () => localDateTime(new Date().toISOString()).date;
const nowTime = () => localDateTime(new Date().toISOString()).time.slice(0, 5);

async function busInScope(db: Db, scope: Scope, id: number) {
  const bus = await db
    .selectFrom("buses as b")
    .select(["b.id", "b.name", "b.plate_number", "b.seats", "b.kindergarten_id", "b.stations", "b.teacher1_id", "b.teacher2_id"])
    .where("b.id", "=", id)
    .where(busFilter(scope, "b.id"))
    .executeTakeFirst();
  if (!bus) throw notFound();
  return bus;
}

/** The riders of a bus with their day's trips and leave marks (both trips). */
async function tripsOf(db: Db, bus: { id: number; kindergarten_id: number; stations: string }, date: string, lang: "zh" | "en") {
  const stations = readStations(bus.stations);
  const order = new Map(stations.map((s, i) => [s.name, i]));
  const riders = await db
    .selectFrom("bus_riders as br")
    .innerJoin("students as s", "s.id", "br.student_id")
    .leftJoin("classes as c", "c.id", "s.class_id")
    .select(["br.student_id", "br.station", "s.name", "s.father_phone", "s.mother_phone", "s.allergies", "c.name as class_name", "c.name_en as class_name_en"])
    .where("br.bus_id", "=", bus.id)
    .execute();
  const ids = riders.map((r) => Number(r.student_id));
  const rides = ids.length ? await db.selectFrom("bus_rides").selectAll().where("bus_id", "=", bus.id).where("date", "=", date).execute() : [];
  const leave = ids.length ? await onLeave(db, ids, date) : new Set<number>();
  const parentPhones = ids.length
    ? await db
        .selectFrom("student_parents as sp")
        .innerJoin("users as u", "u.id", "sp.parent_id")
        .select(["sp.student_id", "u.phone"])
        .where("sp.student_id", "in", ids)
        .execute()
    : [];
  const trips = { morning: [] as RideRow[], afternoon: [] as RideRow[] };
  for (const trip of TRIPS) {
    const rows = riders.map((r): RideRow => {
      const sid = Number(r.student_id);
      const ride = rides.find((x) => Number(x.student_id) === sid && x.trip === trip);
      const st = stations.find((s) => s.name === r.station);
      const phones = [r.father_phone, r.mother_phone, ...parentPhones.filter((p) => Number(p.student_id) === sid).map((p) => p.phone)].filter(
        (p): p is string => !!p,
      );
      return {
        studentId: sid,
        studentName: r.name,
        className: r.class_name ? localName(lang, r.class_name, r.class_name_en) : null,
        station: r.station,
        stationTime: st ? st[trip] : null,
        boardedAt: ride?.boarded_at ?? null,
        alightedAt: ride?.alighted_at ?? null,
        onLeave: leave.has(sid),
        phones: [...new Set(phones)],
        allergies: r.allergies ?? null,
      };
    });
    rows.sort((a, b) => (order.get(a.station) ?? 99) - (order.get(b.station) ?? 99) || a.studentName.localeCompare(b.studentName, "zh"));
    trips[trip] = rows;
  }
  return trips;
}

async function ridesReplyFor(db: Db, scope: Scope, query: URLSearchParams, lang: "zh" | "en"): Promise<RidesReply> {
  const list = await db
    .selectFrom("buses as b")
    .select(["b.id", "b.name", "b.plate_number", "b.kindergarten_id", "b.stations", "b.teacher1_id", "b.teacher2_id"])
    .where(busFilter(scope, "b.id"))
    .orderBy("b.kindergarten_id")
    .orderBy("b.name")
    .limit(500)
    .execute();
  const q = parseWith(
    z.object({
      busId: z.number().int().positive().optional(),
      date: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, "crud:validation.date")
        .optional(),
    }),
    query,
  );
  const date = q.date ?? todayLocal();
  const bus = q.busId != null ? list.find((b) => Number(b.id) === q.busId) : list[0];
  if (q.busId != null && !bus) throw notFound();
  const teachers = bus
    ? (
        await db
          .selectFrom("users")
          .select(["real_name", "phone"])
          .where("id", "in", [bus.teacher1_id ?? 0, bus.teacher2_id ?? 0])
          .execute()
      ).map((u) => `${u.real_name} ${u.phone}`)
    : [];
  return {
    buses: list.map((b) => ({ id: Number(b.id), name: b.name, plateNumber: b.plate_number })),
    busId: bus ? Number(bus.id) : null,
    date,
    trips: bus
      ? await tripsOf(db, { id: Number(bus.id), kindergarten_id: Number(bus.kindergarten_id), stations: bus.stations }, date, lang)
      : { morning: [], afternoon: [] },
    teachers,
  };
}

/** Custom endpoints of the bus pages: riders, the day's trips, the bus teacher's download. */
export function registerBusRoutes(app: App, deps: Deps) {
  const { db } = deps;
  const { requireAuth, assertPage } = makeGuards(deps);
  const idParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" }, example: "1" }) });
  const json = (schema: z.ZodTypeAny, description = "code 200") => ({ 200: { description, content: { "application/json": { schema: envelope(schema) } } } });
  const gate = async (c: Context<AppEnv>, page: string, roles?: readonly number[]) => {
    const scope = scopeOf(c);
    await assertPage(scope, page);
    if (roles && !roles.includes(scope.roleId)) throw forbidden();
    return scope;
  };
  const query = (c: Context) => new URL(c.req.url).searchParams;
  const writeRoles = [Role.kindergartenAdmin, Role.superAdmin] as const;

  // ---- riders of one bus (page /bus/schoolBus) ----
  const ridersPath = "/buses/{id}/riders/";
  app.openAPIRegistry.registerPath({
    method: "get",
    path: ridersPath,
    tags: ["buses"],
    summary: "The riders of a bus (station, round-trip distance, fee band) and the students who may be added",
    security: tokenHeader,
    request: { params: idParam },
    responses: json(ridersReply),
  });
  async function ridersOf(scope: Scope, busId: number, lang: "zh" | "en") {
    const bus = await busInScope(db, scope, busId);
    const riders = await db
      .selectFrom("bus_riders as br")
      .innerJoin("students as s", "s.id", "br.student_id")
      .leftJoin("classes as c", "c.id", "s.class_id")
      .select(["br.student_id", "br.station", "br.distance_km", "s.name", "c.name as class_name", "c.name_en as class_name_en"])
      .where("br.bus_id", "=", busId)
      .orderBy("br.station")
      .orderBy("s.name")
      .execute();
    const candidates = await db
      .selectFrom("students as s")
      .leftJoin("classes as c", "c.id", "s.class_id")
      .leftJoin("bus_riders as br", "br.student_id", "s.id")
      .leftJoin("buses as b2", "b2.id", "br.bus_id")
      .select(["s.id", "s.name", "c.name as class_name", "c.name_en as class_name_en", "b2.name as bus_name", "br.bus_id"])
      .where("s.kindergarten_id", "=", bus.kindergarten_id)
      .where("s.status", "in", ["preparatory", "at_school"])
      .orderBy("c.name")
      .orderBy("s.name")
      .limit(3000)
      .execute();
    return {
      bus: {
        id: Number(bus.id),
        name: bus.name,
        plateNumber: bus.plate_number,
        seats: bus.seats == null ? null : Number(bus.seats),
        kindergartenId: Number(bus.kindergarten_id),
        stations: readStations(bus.stations),
      },
      riders: riders.map((r) => ({
        studentId: Number(r.student_id),
        studentName: r.name,
        className: r.class_name ? localName(lang, r.class_name, r.class_name_en) : null,
        station: r.station,
        distanceKm: Number(r.distance_km),
        feeBand: feeBandOf(Number(r.distance_km)),
      })),
      candidates: candidates
        .filter((s) => Number(s.bus_id ?? 0) !== busId)
        .map((s) => ({
          id: Number(s.id),
          name: s.name,
          className: s.class_name ? localName(lang, s.class_name, s.class_name_en) : null,
          busName: s.bus_name ?? null,
        })),
    };
  }
  app.get(
    "/buses/:id{[0-9]+}/riders/",
    requireAuth,
    runCustom(async (c: Context<AppEnv>) => {
      const scope = await gate(c, buses.page);
      return replyOk(c, await ridersOf(scope, Number(c.req.param("id")), langOf(c)), "ok");
    }),
  );
  app.openAPIRegistry.registerPath({
    method: "post",
    path: ridersPath,
    tags: ["buses"],
    summary: "Assign a student to a station of the bus (or change the station and distance); moves the student from another bus",
    security: tokenHeader,
    request: {
      params: idParam,
      body: {
        required: true,
        content: { "application/x-www-form-urlencoded": { schema: z.object({ studentId: z.string(), station: z.string(), distanceKm: z.string() }) } },
      },
    },
    responses: json(ridersReply, "code 200; 422 data.errors per field"),
  });
  app.post(
    "/buses/:id{[0-9]+}/riders/",
    requireAuth,
    runCustom(async (c: Context<AppEnv>) => {
      const scope = await gate(c, buses.page, writeRoles);
      const busId = Number(c.req.param("id"));
      const bus = await busInScope(db, scope, busId);
      const v = parseWith(riderForm, await bodyOf(c));
      const stations = readStations(bus.stations);
      if (!stations.some((s) => s.name === v.station)) throw fieldError("station", "buses:errors.stationUnknown");
      const student = await db
        .selectFrom("students")
        .select(["id", "kindergarten_id"])
        .where("id", "=", v.studentId)
        .where("kindergarten_id", "=", Number(bus.kindergarten_id))
        .executeTakeFirst();
      if (!student) throw fieldError("studentId", "buses:errors.studentNotFound");
      await write(db, { userId: scope.userId, roleId: scope.roleId }, async (w) => {
        const existing = await w.trx.selectFrom("bus_riders").selectAll().where("student_id", "=", v.studentId).executeTakeFirst();
        if (!existing || Number(existing.bus_id) !== busId) {
          const n = await w.trx
            .selectFrom("bus_riders")
            .select(sql<number>`count(*)`.as("n"))
            .where("bus_id", "=", busId)
            .executeTakeFirstOrThrow();
          if (bus.seats != null && Number(n.n) >= Number(bus.seats)) throw fieldError("studentId", "buses:errors.busFull", { count: Number(bus.seats) });
        }
        const row = { bus_id: busId, station: v.station, distance_km: v.distanceKm, kindergarten_id: Number(bus.kindergarten_id) };
        if (existing) await w.update("bus_riders", Number(existing.id), row);
        else await w.insert("bus_riders", { ...row, student_id: v.studentId, created_at: nowIso() });
        await w.update("students", v.studentId, { bus_id: busId, bus_station: v.station, bus_requested: 1, updated_at: nowIso() });
      });
      return replyOk(c, await ridersOf(scope, busId, langOf(c)), "buses:riders.saved");
    }),
  );
  app.openAPIRegistry.registerPath({
    method: "delete",
    path: "/buses/{id}/riders/{studentId}/",
    tags: ["buses"],
    summary: "Take a student off the bus",
    security: tokenHeader,
    request: { params: idParam.extend({ studentId: z.string().openapi({ param: { name: "studentId", in: "path" }, example: "1" }) }) },
    responses: json(ridersReply),
  });
  app.delete(
    "/buses/:id{[0-9]+}/riders/:studentId{[0-9]+}/",
    requireAuth,
    runCustom(async (c: Context<AppEnv>) => {
      const scope = await gate(c, buses.page, writeRoles);
      const busId = Number(c.req.param("id"));
      await busInScope(db, scope, busId);
      const studentId = Number(c.req.param("studentId"));
      const row = await db.selectFrom("bus_riders").select("id").where("bus_id", "=", busId).where("student_id", "=", studentId).executeTakeFirst();
      if (!row) throw notFound();
      await write(db, { userId: scope.userId, roleId: scope.roleId }, async (w) => {
        await w.delete("bus_riders", Number(row.id));
        await w.update("students", studentId, { bus_id: null, bus_station: null, updated_at: nowIso() });
      });
      return replyOk(c, await ridersOf(scope, busId, langOf(c)), "buses:riders.removed");
    }),
  );

  // ---- school-bus attendance (page /student/studentSchoolBusCheck) ----
  const ridesPath = "/" + busRides.endpoint;
  const dayQuery = z.object({ busId: z.number().int().min(1).optional(), date: z.string().optional().openapi({ format: "date" }) });
  app.openAPIRegistry.registerPath({
    method: "get",
    path: ridesPath,
    tags: ["buses"],
    summary: "A bus's day: per trip (morning, afternoon) who boarded at which station and who got off; riders on leave marked",
    security: tokenHeader,
    request: { query: dayQuery },
    responses: json(ridesReply),
  });
  app.get(
    ridesPath,
    requireAuth,
    runCustom(async (c: Context<AppEnv>) => {
      const scope = await gate(c, busRides.page);
      return replyOk(c, await ridesReplyFor(db, scope, query(c), langOf(c)), "ok");
    }),
  );
  app.openAPIRegistry.registerPath({
    method: "post",
    path: ridesPath,
    tags: ["buses"],
    summary: "Record a boarding or getting off (event board | alight | clear) of a rider on a trip; a morning boarding is the child's arrival",
    security: tokenHeader,
    request: {
      body: {
        required: true,
        content: {
          "application/x-www-form-urlencoded": {
            schema: z.object({
              busId: z.string(),
              studentId: z.string(),
              date: z.string(),
              trip: z.enum(TRIPS),
              event: z.string(),
              time: z.string().optional(),
            }),
          },
        },
      },
    },
    responses: json(rideRow, "code 200; 422 data.errors per field"),
  });
  app.post(
    ridesPath,
    requireAuth,
    runCustom(async (c: Context<AppEnv>) => {
      const scope = await gate(c, busRides.page);
      const v = parseWith(rideForm, await bodyOf(c));
      const bus = await busInScope(db, scope, v.busId).catch(() => {
        throw fieldError("busId", "buses:errors.busNotFound");
      });
      const rider = await db
        .selectFrom("bus_riders")
        .select(["station"])
        .where("bus_id", "=", v.busId)
        .where("student_id", "=", v.studentId)
        .executeTakeFirst();
      if (!rider) throw fieldError("studentId", "buses:errors.notARider");
      if (v.date > todayLocal()) throw fieldError("date", "buses:errors.futureDate");
      const time = v.time ?? nowTime();
      const trip = v.trip as Trip;
      await write(db, { userId: scope.userId, roleId: scope.roleId }, async (w) => {
        await w.trx
          .insertInto("bus_rides")
          .values({
            kindergarten_id: Number(bus.kindergarten_id),
            bus_id: v.busId,
            student_id: v.studentId,
            date: v.date,
            trip,
            station: rider.station,
            updated_at: nowIso(),
          })
          .onConflict((oc) => oc.columns(["student_id", "date", "trip"]).doNothing())
          .execute();
        const row = await w.trx
          .selectFrom("bus_rides")
          .select("id")
          .where("student_id", "=", v.studentId)
          .where("date", "=", v.date)
          .where("trip", "=", trip)
          .executeTakeFirstOrThrow();
        const patch = v.event === "board" ? { boarded_at: time } : v.event === "alight" ? { alighted_at: time } : { boarded_at: null, alighted_at: null };
        await w.update(
          "bus_rides",
          Number(row.id),
          { ...patch, bus_id: v.busId, station: rider.station, updated_by: scope.userId, updated_at: nowIso() },
          `bus_${v.event}`,
        );
      });
      if (v.event === "board" && trip === "morning")
        await recordArrival(db, {
          studentId: v.studentId,
          kindergartenId: Number(bus.kindergarten_id),
          at: `${v.date}T${time}:00`,
          source: "bus",
          by: scope.userId,
        });
      const trips = await tripsOf(db, { id: v.busId, kindergarten_id: Number(bus.kindergarten_id), stations: bus.stations }, v.date, langOf(c));
      return replyOk(
        c,
        trips[trip].find((r) => r.studentId === v.studentId),
        "buses:rides.saved",
      );
    }),
  );

  // ---- the bus teacher's download (page /bus/schoolBusDownload) ----
  const rosterPath = "/" + busRoster.endpoint;
  app.openAPIRegistry.registerPath({
    method: "get",
    path: rosterPath,
    tags: ["buses"],
    summary: "The day's rider list of a bus per trip (stations, times, leave marks, parents' phones) for its bus teacher",
    security: tokenHeader,
    request: { query: dayQuery },
    responses: json(ridesReply),
  });
  app.get(
    rosterPath,
    requireAuth,
    runCustom(async (c: Context<AppEnv>) => {
      const scope = await gate(c, busRoster.page);
      return replyOk(c, await ridesReplyFor(db, scope, query(c), langOf(c)), "ok");
    }),
  );
  app.openAPIRegistry.registerPath({
    method: "get",
    path: `${rosterPath}export/`,
    tags: ["buses"],
    summary: "The same list as a file: format=pdf (default) or xlsx",
    security: tokenHeader,
    request: { query: dayQuery.extend({ format: z.enum(["pdf", "xlsx"]).optional() }) },
    responses: {
      200: {
        description: "the file",
        content: {
          "application/pdf": { schema: z.string().openapi({ format: "binary" }) },
          "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { schema: z.string().openapi({ format: "binary" }) },
        },
      },
    },
  });
  app.get(
    `${rosterPath}export/`,
    requireAuth,
    runCustom(async (c: Context<AppEnv>) => {
      const scope = await gate(c, busRoster.page);
      const lang = langOf(c);
      const format = query(c).get("format") ?? "pdf";
      if (format !== "pdf" && format !== "xlsx") throw fieldError("format", "crud:validation.choose");
      const data = await ridesReplyFor(db, scope, query(c), lang);
      const bus = data.buses.find((b) => b.id === data.busId);
      if (!bus) throw notFound();
      const t = (k: string, p: Record<string, string | number> = {}) => translate(lang, `buses:${k}`, p);
      const title = t("roster.fileTitle", { bus: bus.name, date: data.date });
      const header = [
        t("roster.station"),
        t("roster.time"),
        t("roster.student"),
        t("roster.class"),
        t("roster.boarded"),
        t("roster.alighted"),
        t("roster.leave"),
        t("roster.phones"),
        t("roster.allergies"),
      ];
      const rowsOf = (trip: Trip) =>
        data.trips[trip].map((r) => [
          r.station,
          r.stationTime ?? t("noStop"),
          r.studentName,
          r.className ?? "",
          r.boardedAt ?? "",
          r.alightedAt ?? "",
          r.onLeave ? t("onLeave") : "",
          r.phones.join(" / "),
          r.allergies ?? "",
        ]);
      const tripTitle = (trip: Trip) => `${t(`trips.${trip}`)} · ${bus.name} ${bus.plateNumber ?? ""} · ${data.date}`;
      if (format === "xlsx") {
        const rows: string[][] = [[title], [`${t("roster.teachers")}: ${data.teachers.join(", ")}`]];
        for (const trip of TRIPS) rows.push([], [tripTitle(trip)], header, ...rowsOf(trip));
        const buf = await xlsxOf(bus.name, rows, [16, 8, 12, 12, 8, 8, 8, 28, 20]);
        return c.body(new Uint8Array(buf), 200, {
          "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          "content-disposition": attachment(title, "xlsx", "bus-roster"),
        });
      }
      const widths = [120, 50, 80, 80, 50, 50, 50, 190, 100];
      const pdf = await pdfOf(
        title,
        TRIPS.map((trip) => ({ title: tripTitle(trip), columns: header.map((label, i) => ({ label, width: widths[i]! })), rows: rowsOf(trip) })),
        `${t("roster.teachers")}: ${data.teachers.join(", ")}`,
      );
      return c.body(new Uint8Array(pdf), 200, { "content-type": "application/pdf", "content-disposition": attachment(title, "pdf", "bus-roster") });
    }),
  );
}
