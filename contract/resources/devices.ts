import * as z from "zod";
import { Role } from "../roles";
import { defineResource, fields } from "../resource";

/**
 * Devices and cards (issue 11, docs/sections/buses-devices.md): face devices A and B (/device/faceDevice,
 * /device/faceDevice2: serial number, bound kindergarten, online/offline from the last heartbeat, last event),
 * surveillance cameras (/device/camera, flag isShowYsCamera) and student IC cards (/device/studentIc). Devices
 * report through `devices/ingest/` with their own secret (headers x-device-serial, x-device-secret), never a
 * user token.
 */

/** A device is online while its last heartbeat is at most this old. */
export const ONLINE_WINDOW_MS = 5 * 60_000;
export const SERIAL_RE = /^[A-Za-z0-9][A-Za-z0-9-]{3,39}$/;
export const CARD_RE = /^[A-Za-z0-9]{4,32}$/;
export const SECRET_MIN = 16;

const deviceItem = z.object({
  id: z.number().int(),
  serialNo: z.string(),
  name: z.string(),
  status: z.enum(["online", "offline"]).optional(),
  lastHeartbeatAt: z.string().nullable(),
  lastEventAt: z.string().nullable(),
  eventCount: z.number().int(),
  kindergartenId: z.number().int(),
  kindergartenName: z.string(),
});
const serialField = z
  .string({ error: "devices:errors.serialRequired" })
  .trim()
  .min(1, "devices:errors.serialRequired")
  .regex(SERIAL_RE, "devices:errors.serialFormat");
const secretField = z
  .string({ error: "devices:errors.secretRequired" })
  .min(SECRET_MIN, `devices:errors.secretShort#min=${SECRET_MIN}`)
  .max(128, "crud:validation.tooLong#max=128");

function faceDeviceDef(kind: "A" | "B") {
  const b = kind === "B";
  return defineResource({
    name: b ? "faceDevicesB" : "faceDevicesA",
    title: b ? "devices:face.titleB" : "devices:face.titleA",
    one: "devices:face.one",
    endpoint: b ? "devices/face_b/" : "devices/face_a/",
    page: b ? "/device/faceDevice2" : "/device/faceDevice",
    item: deviceItem,
    form: z.object({
      kindergartenId: fields.optionalRef(),
      serialNo: serialField,
      name: fields.text({ max: 30, message: "devices:errors.nameRequired" }),
      secret: secretField,
    }),
    changeForm: z.object({
      kindergartenId: fields.optionalRef(),
      serialNo: serialField,
      name: fields.text({ max: 30, message: "devices:errors.nameRequired" }),
      secret: secretField.nullish(),
    }),
    labelField: "serialNo",
    columns: [
      { field: "serialNo", label: "devices:face.fields.serialNo", sortable: true, link: true },
      { field: "name", label: "devices:face.fields.name", sortable: true },
      {
        field: "status",
        label: "devices:face.fields.status",
        format: "enum",
        enumPrefix: "devices:face.status",
        tones: { online: "success", offline: "muted" },
      },
      { field: "lastHeartbeatAt", label: "devices:face.fields.lastHeartbeatAt", format: "datetime", sortable: true },
      { field: "lastEventAt", label: "devices:face.fields.lastEventAt", format: "datetime", sortable: true },
      { field: "eventCount", label: "devices:face.fields.eventCount", format: "number", align: "right" },
      { field: "kindergartenName", label: "resources:common.kindergarten", sortable: true, roles: [Role.superAdmin] },
    ],
    filters: [
      { field: "kindergartenId", label: "resources:common.kindergarten", kind: "select", options: { lookup: "kindergartens" }, roles: [Role.superAdmin] },
    ],
    search: ["serialNo", "name"],
    defaultSort: "serialNo",
    formGroups: [
      {
        fields: [
          { name: "kindergartenId", label: "devices:face.fields.kindergarten", kind: "select", options: { lookup: "kindergartens" }, roles: [Role.superAdmin] },
          { name: "serialNo", label: "devices:face.fields.serialNo", kind: "text", placeholder: "devices:face.serialPlaceholder" },
          { name: "name", label: "devices:face.fields.name", kind: "text" },
          { name: "secret", label: "devices:face.fields.secret", kind: "password", help: "devices:face.secretHelp" },
        ],
      },
    ],
    exportColumns: [
      { field: "id", label: "resources:common.id" },
      { field: "serialNo", label: "devices:face.fields.serialNo" },
      { field: "name", label: "devices:face.fields.name" },
      { field: "status", label: "devices:face.fields.status", format: "enum", enumPrefix: "devices:face.status" },
      { field: "lastHeartbeatAt", label: "devices:face.fields.lastHeartbeatAt", format: "datetime" },
      { field: "lastEventAt", label: "devices:face.fields.lastEventAt", format: "datetime" },
      { field: "kindergartenName", label: "resources:common.kindergarten" },
    ],
    detail: [
      {
        fields: [
          { field: "serialNo", label: "devices:face.fields.serialNo" },
          { field: "name", label: "devices:face.fields.name" },
          { field: "status", label: "devices:face.fields.status", format: "enum", enumPrefix: "devices:face.status" },
          { field: "lastHeartbeatAt", label: "devices:face.fields.lastHeartbeatAt", format: "datetime" },
          { field: "lastEventAt", label: "devices:face.fields.lastEventAt", format: "datetime" },
          { field: "eventCount", label: "devices:face.fields.eventCount", format: "number" },
          { field: "kindergartenName", label: "resources:common.kindergarten" },
        ],
      },
    ],
  });
}

export const faceDevicesA = faceDeviceDef("A");
export const faceDevicesB = faceDeviceDef("B");

/** A camera's live stream address: http(s), RTSP or RTMP with a host (the document's `pattern` too). */
export const STREAM_URL_RE = /^(?:https?|rtsp|rtmp):\/\/[^\s/?#]+(?:[/?#]\S*)?$/;

const liveUrl = z
  .string({ error: "devices:errors.urlRequired" })
  .trim()
  .min(1, "devices:errors.urlRequired")
  .max(500, "crud:validation.tooLong#max=500")
  .regex(STREAM_URL_RE, "devices:errors.urlFormat")
  .refine((v) => {
    try {
      return !!new URL(v).hostname;
    } catch {
      return false;
    }
  }, "devices:errors.urlFormat")
  .meta({ format: "uri", description: "The camera's live stream address: an http://, https://, rtsp:// or rtmp:// URL with a host." });

export const cameras = defineResource({
  name: "cameras",
  title: "devices:cameras.title",
  one: "devices:cameras.one",
  endpoint: "devices/cameras/",
  page: "/device/camera",
  item: z.object({
    id: z.number().int(),
    name: z.string(),
    liveUrl: z.string(),
    sort: z.number().int(),
    kindergartenId: z.number().int(),
    kindergartenName: z.string(),
  }),
  form: z.object({
    kindergartenId: fields.optionalRef(),
    name: fields.text({ max: 30, message: "devices:errors.nameRequired" }),
    liveUrl,
    sort: fields.integer({ min: 0, max: 9999, message: "devices:errors.sortRequired" }),
  }),
  labelField: "name",
  columns: [
    { field: "sort", label: "devices:cameras.fields.sort", sortable: true, format: "number", align: "right" },
    { field: "name", label: "devices:cameras.fields.name", sortable: true, link: true },
    { field: "liveUrl", label: "devices:cameras.fields.liveUrl" },
    { field: "kindergartenName", label: "resources:common.kindergarten", sortable: true, roles: [Role.superAdmin] },
  ],
  filters: [
    { field: "kindergartenId", label: "resources:common.kindergarten", kind: "select", options: { lookup: "kindergartens" }, roles: [Role.superAdmin] },
  ],
  search: ["name"],
  defaultSort: "sort",
  formGroups: [
    {
      fields: [
        { name: "kindergartenId", label: "resources:common.kindergarten", kind: "select", options: { lookup: "kindergartens" }, roles: [Role.superAdmin] },
        { name: "name", label: "devices:cameras.fields.name", kind: "text" },
        { name: "liveUrl", label: "devices:cameras.fields.liveUrl", kind: "text", wide: true, placeholder: "devices:cameras.urlPlaceholder" },
        { name: "sort", label: "devices:cameras.fields.sort", kind: "integer" },
      ],
    },
  ],
  createDefaults: { sort: "0" },
  exportColumns: [
    { field: "id", label: "resources:common.id" },
    { field: "name", label: "devices:cameras.fields.name" },
    { field: "liveUrl", label: "devices:cameras.fields.liveUrl" },
    { field: "sort", label: "devices:cameras.fields.sort", format: "number" },
    { field: "kindergartenName", label: "resources:common.kindergarten" },
  ],
});

export const studentIcCards = defineResource({
  name: "studentIcCards",
  title: "devices:cards.title",
  one: "devices:cards.one",
  endpoint: "devices/ic_cards/",
  page: "/device/studentIc",
  can: { change: [], delete: [] },
  states: {
    field: "status",
    list: [
      { name: "active", label: { zh: "使用中", en: "In use" }, tone: "success" },
      { name: "lost", label: { zh: "已挂失", en: "Reported lost" }, tone: "danger" },
      { name: "replaced", label: { zh: "已补办", en: "Replaced" }, tone: "muted" },
    ],
  },
  actions: {
    reportLost: {
      label: { zh: "挂失", en: "Report lost" },
      from: ["active"],
      to: "lost",
      roles: [Role.kindergartenAdmin],
      confirm: true,
      comment: "optional",
      where: ["row", "detail"],
      tone: "danger",
    },
  },
  item: z.object({
    id: z.number().int(),
    studentId: z.number().int(),
    studentName: z.string(),
    className: z.string().nullable(),
    cardNo: z.string(),
    status: z.string(),
    issuedAt: z.string(),
    lostAt: z.string().nullable(),
    lastSwipeAt: z.string().nullable().optional(),
    kindergartenId: z.number().int(),
  }),
  form: z.object({
    studentId: fields.ref("devices:errors.studentRequired"),
    cardNo: z.string({ error: "devices:errors.cardRequired" }).trim().min(1, "devices:errors.cardRequired").regex(CARD_RE, "devices:errors.cardFormat"),
  }),
  labelField: "cardNo",
  columns: [
    { field: "cardNo", label: "devices:cards.fields.cardNo", sortable: true, link: true },
    { field: "studentName", label: "devices:cards.fields.student", sortable: true },
    { field: "className", label: "devices:cards.fields.class" },
    {
      field: "status",
      label: "devices:cards.fields.status",
      format: "enum",
      enumPrefix: "devices:cards.states",
      tones: { active: "success", lost: "danger", replaced: "muted" },
    },
    { field: "issuedAt", label: "devices:cards.fields.issuedAt", format: "datetime", sortable: true },
    { field: "lostAt", label: "devices:cards.fields.lostAt", format: "datetime" },
    { field: "lastSwipeAt", label: "devices:cards.fields.lastSwipeAt", format: "datetime" },
  ],
  filters: [
    {
      field: "status",
      label: "devices:cards.fields.status",
      kind: "select",
      options: {
        static: [
          { value: "active", label: "devices:cards.states.active" },
          { value: "lost", label: "devices:cards.states.lost" },
          { value: "replaced", label: "devices:cards.states.replaced" },
        ],
      },
    },
  ],
  search: ["cardNo", "studentName"],
  defaultSort: "-issuedAt",
  formGroups: [
    {
      fields: [
        { name: "studentId", label: "devices:cards.fields.student", kind: "select", options: { lookup: "studentOptions" } },
        { name: "cardNo", label: "devices:cards.fields.cardNo", kind: "text", help: "devices:cards.cardHelp" },
      ],
    },
  ],
  exportColumns: [
    { field: "cardNo", label: "devices:cards.fields.cardNo" },
    { field: "studentName", label: "devices:cards.fields.student" },
    { field: "className", label: "devices:cards.fields.class" },
    { field: "status", label: "devices:cards.fields.status", format: "enum", enumPrefix: "devices:cards.states" },
    { field: "issuedAt", label: "devices:cards.fields.issuedAt", format: "datetime" },
    { field: "lostAt", label: "devices:cards.fields.lostAt", format: "datetime" },
  ],
});

/** The device ingestion endpoints (`POST devices/ingest/heartbeat/`, `POST devices/ingest/events/`): device secret, never a user token. */
export const deviceIngest = { name: "deviceIngest", page: "/device/faceDevice", endpoint: "devices/ingest/" } as const;
export const DEVICE_HEADERS = { serial: "x-device-serial", secret: "x-device-secret" } as const;
export const MAX_EVENTS_PER_CALL = 500;
/**
 * Event times a device may report: at most this far ahead of the server's clock (clock drift), and at most this old
 * (a device's offline buffer; older check-ins are corrected by hand). Outside them the event is refused.
 */
export const EVENT_MAX_AHEAD_MINUTES = 5;
export const EVENT_RETENTION_DAYS = 30;

/** One check-in event: a face match (studentId) or an IC card swipe (cardNo); `eventId` is unique per device. */
export const deviceEvent = z.object({
  eventId: z.string().trim().min(1).max(64),
  method: z.enum(["face", "ic"]).default("face"),
  studentId: z.coerce.number().int().positive().optional(),
  cardNo: z.string().trim().max(32).optional(),
  at: z.string().min(10).max(40),
});
export type DeviceEvent = z.infer<typeof deviceEvent>;
export const eventResult = z.object({
  eventId: z.string(),
  result: z.enum(["accepted", "duplicate", "refused"]),
  reason: z.string().nullable(),
  attendance: z.enum(["created", "kept"]).nullable(),
});
export const ingestReply = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
  refused: z.number().int(),
  results: z.array(eventResult),
});

/** Which classes and students a face device knows (/evaluate/faceStudentClass and …2): GET devices/face_a/{id}/roster/. */
export const rosterReply = z.object({
  device: z.object({ id: z.number().int(), serialNo: z.string(), name: z.string(), status: z.enum(["online", "offline"]), kindergartenName: z.string() }),
  classes: z.array(
    z.object({
      id: z.number().int().nullable(),
      name: z.string(),
      students: z.array(z.object({ id: z.number().int(), name: z.string(), cardNo: z.string().nullable(), lastSeenAt: z.string().nullable() })),
    }),
  ),
});
export type RosterReply = z.infer<typeof rosterReply>;
