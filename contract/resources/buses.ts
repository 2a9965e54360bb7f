import * as z from "zod";
import { Role } from "../roles";
import { defineResource, fields } from "../resource";
import { registerPageVerbs } from "../route-tree";

/**
 * School buses (issue 11, docs/sections/buses-devices.md): /bus/schoolBus (roles 5, 6) — name, plate, seats, two
 * accompanying bus teachers (role 8) and the ordered stations, each with a morning and an afternoon time or
 * "no stop". The stations are edited as lines `name, 07:30, 16:40` (`-` = no stop), so the form works without
 * JavaScript; riders are assigned on /bus/schoolBus/<id>/riders.
 */

export interface Station {
  name: string;
  morning: string | null;
  afternoon: string | null;
}
export const MAX_STATIONS = 20;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const NO_STOP = new Set(["-", "—", "无", "不停", "不停靠", "no stop", "none", ""]);

/** Parses the station lines; the error names the first bad line (1-based). */
export function parseStations(text: string): { ok: true; stations: Station[] } | { ok: false; key: string; line?: number } {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== "");
  if (!lines.length) return { ok: false, key: "buses:errors.stationsRequired" };
  if (lines.length > MAX_STATIONS) return { ok: false, key: "buses:errors.tooManyStations" };
  const stations: Station[] = [];
  const time = (v: string | undefined): string | null | false => {
    const s = (v ?? "").trim();
    if (NO_STOP.has(s.toLowerCase())) return null;
    const padded = /^\d:\d\d$/.test(s) ? `0${s}` : s;
    return TIME.test(padded) ? padded : false;
  };
  for (const [i, line] of lines.entries()) {
    const parts = line.split(/[,，|]/).map((p) => p.trim());
    const name = parts[0] ?? "";
    if (!name || name.length > 40 || parts.length > 3) return { ok: false, key: "buses:errors.stationLine", line: i + 1 };
    const morning = time(parts[1]);
    const afternoon = time(parts[2]);
    if (morning === false || afternoon === false) return { ok: false, key: "buses:errors.stationLine", line: i + 1 };
    if (stations.some((s) => s.name === name)) return { ok: false, key: "buses:errors.stationDuplicate", line: i + 1 };
    stations.push({ name, morning, afternoon });
  }
  return { ok: true, stations };
}

export const stationsText = (stations: Station[]) => stations.map((s) => `${s.name}, ${s.morning ?? "-"}, ${s.afternoon ?? "-"}`).join("\n");

export function readStations(json: string | null | undefined): Station[] {
  try {
    const v = JSON.parse(json ?? "[]") as unknown;
    return Array.isArray(v)
      ? v
          .filter((s): s is Station => typeof s === "object" && s !== null && typeof (s as Station).name === "string")
          .map((s) => ({ name: s.name, morning: s.morning ?? null, afternoon: s.afternoon ?? null }))
      : [];
  } catch {
    return [];
  }
}

/** Section 9: bus fee bands by round-trip distance (under 10 km, 10–20 km, over 20 km). */
export type FeeBand = "under10" | "from10to20" | "over20";
export const feeBandOf = (km: number): FeeBand => (km < 10 ? "under10" : km <= 20 ? "from10to20" : "over20");

/** The form's stations field: the lines, stored as JSON text. */
const stationsField = z.string({ error: "buses:errors.stationsRequired" }).transform((text, ctx) => {
  const r = parseStations(text);
  if (!r.ok) {
    ctx.addIssue({ code: "custom", message: r.line ? `${r.key}#line=${r.line}` : r.key });
    return z.NEVER;
  }
  return JSON.stringify(r.stations);
});

export const buses = defineResource({
  name: "buses",
  title: "buses:buses.title",
  one: "buses:buses.one",
  endpoint: "buses/",
  page: "/bus/schoolBus",
  item: z.object({
    id: z.number().int(),
    name: z.string(),
    plateNumber: z.string().nullable(),
    seats: z.number().int().nullable(),
    teacher1Id: z.number().int().nullable(),
    teacher1Name: z.string().nullable(),
    teacher2Id: z.number().int().nullable(),
    teacher2Name: z.string().nullable(),
    stations: z.string(),
    stationNames: z.array(z.string()).optional(),
    riderCount: z.number().int(),
    kindergartenId: z.number().int(),
    kindergartenName: z.string(),
  }),
  form: z.object({
    kindergartenId: fields.optionalRef(),
    name: fields.text({ max: 30, message: "buses:errors.nameRequired" }),
    plateNumber: fields.text({ max: 20, message: "buses:errors.plateRequired" }),
    seats: fields.integer({ min: 1, max: 99, message: "buses:errors.seatsRequired" }),
    teacher1Id: fields.ref("buses:errors.teacherRequired"),
    teacher2Id: fields.optionalRef(),
    stations: stationsField,
  }),
  labelField: "name",
  columns: [
    { field: "name", label: "buses:buses.fields.name", sortable: true, link: true },
    { field: "plateNumber", label: "buses:buses.fields.plateNumber", sortable: true },
    { field: "seats", label: "buses:buses.fields.seats", format: "number", align: "right" },
    { field: "riderCount", label: "buses:buses.fields.riderCount", format: "number", align: "right", sortable: true },
    { field: "teacher1Name", label: "buses:buses.fields.teacher1" },
    { field: "teacher2Name", label: "buses:buses.fields.teacher2" },
    { field: "stationNames", label: "buses:buses.fields.stations", format: "tags" },
    { field: "kindergartenName", label: "resources:common.kindergarten", sortable: true, roles: [Role.superAdmin] },
  ],
  filters: [
    { field: "kindergartenId", label: "resources:common.kindergarten", kind: "select", options: { lookup: "kindergartens" }, roles: [Role.superAdmin] },
  ],
  search: ["name", "plateNumber"],
  defaultSort: "name",
  formGroups: [
    {
      fields: [
        { name: "kindergartenId", label: "resources:common.kindergarten", kind: "select", options: { lookup: "kindergartens" }, roles: [Role.superAdmin] },
        { name: "name", label: "buses:buses.fields.name", kind: "text" },
        { name: "plateNumber", label: "buses:buses.fields.plateNumber", kind: "text" },
        { name: "seats", label: "buses:buses.fields.seats", kind: "integer" },
        {
          name: "teacher1Id",
          label: "buses:buses.fields.teacher1",
          kind: "select",
          options: { lookup: "usersByRole", query: { roleId: "8" }, dependsOn: { field: "kindergartenId", param: "kindergartenId" } },
        },
        {
          name: "teacher2Id",
          label: "buses:buses.fields.teacher2",
          kind: "select",
          options: { lookup: "usersByRole", query: { roleId: "8" }, dependsOn: { field: "kindergartenId", param: "kindergartenId" } },
        },
        {
          name: "stations",
          label: "buses:buses.fields.stations",
          kind: "textarea",
          wide: true,
          help: "buses:buses.stationsHelp",
          placeholder: "buses:buses.stationsPlaceholder",
        },
      ],
    },
  ],
  exportColumns: [
    { field: "id", label: "resources:common.id" },
    { field: "name", label: "buses:buses.fields.name" },
    { field: "plateNumber", label: "buses:buses.fields.plateNumber" },
    { field: "seats", label: "buses:buses.fields.seats", format: "number" },
    { field: "riderCount", label: "buses:buses.fields.riderCount", format: "number" },
    { field: "teacher1Name", label: "buses:buses.fields.teacher1" },
    { field: "teacher2Name", label: "buses:buses.fields.teacher2" },
    { field: "stations", label: "buses:buses.fields.stations" },
    { field: "kindergartenName", label: "resources:common.kindergarten" },
  ],
  detail: [
    {
      fields: [
        { field: "name", label: "buses:buses.fields.name" },
        { field: "plateNumber", label: "buses:buses.fields.plateNumber" },
        { field: "seats", label: "buses:buses.fields.seats", format: "number" },
        { field: "riderCount", label: "buses:buses.fields.riderCount", format: "number" },
        { field: "teacher1Name", label: "buses:buses.fields.teacher1" },
        { field: "teacher2Name", label: "buses:buses.fields.teacher2" },
        { field: "stations", label: "buses:buses.fields.stations" },
        { field: "kindergartenName", label: "resources:common.kindergarten" },
      ],
    },
  ],
});

export const TRIPS = ["morning", "afternoon"] as const;
export type Trip = (typeof TRIPS)[number];

/** Riders of one bus: GET/POST `buses/{id}/riders/`, DELETE `buses/{id}/riders/{studentId}/` (page /bus/schoolBus). */
export const riderForm = z.object({
  studentId: fields.ref("buses:errors.studentRequired"),
  station: z.string({ error: "buses:errors.stationRequired" }).trim().min(1, "buses:errors.stationRequired").max(40, "buses:errors.stationRequired"),
  distanceKm: fields.number({ min: 0.1, max: 300, message: "buses:errors.distanceRequired" }),
});

export const riderItem = z.object({
  studentId: z.number().int(),
  studentName: z.string(),
  className: z.string().nullable(),
  station: z.string(),
  distanceKm: z.number(),
  feeBand: z.enum(["under10", "from10to20", "over20"]),
});
export const stationItem = z.object({ name: z.string(), morning: z.string().nullable(), afternoon: z.string().nullable() });
export const ridersReply = z.object({
  bus: z.object({
    id: z.number().int(),
    name: z.string(),
    plateNumber: z.string().nullable(),
    seats: z.number().int().nullable(),
    kindergartenId: z.number().int(),
    stations: z.array(stationItem),
  }),
  riders: z.array(riderItem),
  candidates: z.array(z.object({ id: z.number().int(), name: z.string(), className: z.string().nullable(), busName: z.string().nullable() })),
});
export type RidersReply = z.infer<typeof ridersReply>;

/** School-bus attendance (/student/studentSchoolBusCheck, role 5): `GET buses/rides/?busId&date&trip`, `POST buses/rides/`. */
export const busRides = { name: "busRides", page: "/student/studentSchoolBusCheck", endpoint: "buses/rides/" } as const;
/** The bus teacher's download (/bus/schoolBusDownload, role 8): `GET buses/roster/?busId&date`, `GET buses/roster/export/?format=xlsx|pdf`. */
export const busRoster = { name: "busRoster", page: "/bus/schoolBusDownload", endpoint: "buses/roster/" } as const;

export const rideRow = z.object({
  studentId: z.number().int(),
  studentName: z.string(),
  className: z.string().nullable(),
  station: z.string(),
  stationTime: z.string().nullable(),
  boardedAt: z.string().nullable(),
  alightedAt: z.string().nullable(),
  onLeave: z.boolean(),
  phones: z.array(z.string()),
  allergies: z.string().nullable(),
});
export type RideRow = z.infer<typeof rideRow>;
export const ridesReply = z.object({
  buses: z.array(z.object({ id: z.number().int(), name: z.string(), plateNumber: z.string().nullable() })),
  busId: z.number().int().nullable(),
  date: z.string(),
  trips: z.object({ morning: z.array(rideRow), afternoon: z.array(rideRow) }),
  teachers: z.array(z.string()),
});
export type RidesReply = z.infer<typeof ridesReply>;

export const rideForm = z.object({
  busId: fields.ref("buses:errors.busRequired"),
  studentId: fields.ref("buses:errors.studentRequired"),
  date: fields.date(),
  trip: fields.choice(TRIPS),
  event: fields.choice(["board", "alight", "clear"] as const),
  time: fields.time().optional(),
});

// /bus/schoolBus/<id>/riders: the riders page of one bus (same page rule as the list).
registerPageVerbs("/bus/schoolBus", ["riders"]);
