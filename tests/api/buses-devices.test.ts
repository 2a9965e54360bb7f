import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "@api/db/schema";
import { demoDeviceSecret } from "@api/db/seed-buses-devices";
import { feeBandOf, parseStations } from "@contract/resources/buses";
import { enc, phoneOf, startTestApi, type TestApi } from "./helpers";

/** School buses and devices (issue 11): buses, riders, bus trips, download; device ingestion; IC cards; cameras. */
let t: TestApi;
let db: Kysely<Database>;
let admin: string; // 5, kindergarten 1
let admin4: string; // 5, kindergarten 4
let busTeacher: string; // 8, bound to kindergarten 1's first bus
let teacher: string; // 3
let superAdmin: string;

beforeAll(async () => {
  t = await startTestApi();
  db = t.api.handle.db;
  [admin, admin4, busTeacher, teacher, superAdmin] = await Promise.all([
    t.token(phoneOf(5)),
    t.token(phoneOf(405)),
    t.token(phoneOf(8)),
    t.token(phoneOf(3)),
    t.token(phoneOf(6)),
  ]);
}, 60_000);
afterAll(() => t?.close());

const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
/** A school day `n` days back (China time): device events must lie within the last EVENT_RETENTION_DAYS. */
const daysAgo = (n: number) => new Date(Date.now() + 8 * 3600_000 - n * 86_400_000).toISOString().slice(0, 10);

async function ingest(serial: string, secret: string, body: { events: unknown[] }, extra: Record<string, string> = {}) {
  const res = await fetch(new URL("devices/ingest/events/", t.url), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-device-serial": serial, "x-device-secret": secret, ...extra },
    body: new URLSearchParams({ events: JSON.stringify(body.events) }).toString(),
  });
  return { status: res.status, ...((await res.json()) as { code: number; msg: string; data: any }) };
}

describe("stations and fee bands", () => {
  it("parses station lines with no-stop marks and names the bad line", () => {
    const r = parseStations("A, 07:10, 16:30\nB, 7:20, -\n\nC, -, 17:00");
    expect(r).toEqual({
      ok: true,
      stations: [
        { name: "A", morning: "07:10", afternoon: "16:30" },
        { name: "B", morning: "07:20", afternoon: null },
        { name: "C", morning: null, afternoon: "17:00" },
      ],
    });
    expect(parseStations("A, 07:10\nB, 25:00")).toEqual({ ok: false, key: "buses:errors.stationLine", line: 2 });
    expect(parseStations("A\nA")).toMatchObject({ ok: false, key: "buses:errors.stationDuplicate" });
    expect(parseStations("  ")).toMatchObject({ ok: false, key: "buses:errors.stationsRequired" });
  });
  it("bands by round-trip distance: under 10, 10 to 20, over 20", () => {
    expect([9.9, 10, 20, 20.1].map(feeBandOf)).toEqual(["under10", "from10to20", "from10to20", "over20"]);
  });
});

describe("buses", () => {
  it("lists the demo buses with seats and riders; bad input is a 422 per field and changes nothing", async () => {
    const list = await t.call("GET", "buses/", { token: admin });
    expect(list.code).toBe(200);
    expect(list.data.total).toBeGreaterThan(0);
    const bus = list.data.list[0];
    expect(bus.seats).toBe(35);
    expect(bus.riderCount).toBeGreaterThan(0);
    const bad = await t.call("POST", "buses/", { token: admin, form: { name: "", plateNumber: "京A·1", seats: 0, stations: "A, 7:99" }, lang: "en" });
    expect(bad.code).toBe(422);
    expect(Object.keys(bad.data.errors).sort()).toEqual(["name", "seats", "stations", "teacher1Id"]);
    expect(bad.data.errors.stations[0]).toContain("Line 1");
    const teachers = await db
      .selectFrom("users")
      .innerJoin("user_roles", "user_roles.user_id", "users.id")
      .select("users.id")
      .where("user_roles.role_id", "=", 3)
      .where("users.kindergarten_id", "=", 1)
      .execute();
    const notBus = await t.call("POST", "buses/", {
      token: admin,
      form: { name: "X", plateNumber: "P", seats: 10, teacher1Id: Number(teachers[0]!.id), stations: "A, 07:00, -" },
    });
    expect(notBus.code).toBe(422);
    expect(Object.keys(notBus.data.errors)).toEqual(["teacher1Id"]);
  });

  it("creates a bus; its teacher is bound; riders: assign, full bus refused, station unknown refused, remove", async () => {
    const me = await db.selectFrom("users").select("id").where("phone", "=", phoneOf(8)).executeTakeFirstOrThrow();
    const made = await t.call("POST", "buses/", {
      token: admin,
      form: { name: "3号线", plateNumber: "京A·99999", seats: 1, teacher1Id: Number(me.id), stations: "东站, 07:00, 16:40\n西站, -, 17:00" },
    });
    expect(made.code).toBe(200);
    const id = made.data.id;
    expect(made.data.stations).toBe("东站, 07:00, 16:40\n西站, -, 17:00");
    expect(await db.selectFrom("bus_teachers").select("id").where("bus_id", "=", id).where("user_id", "=", Number(me.id)).executeTakeFirst()).toBeTruthy();
    const r = await t.call("GET", `buses/${id}/riders/`, { token: admin });
    const [a, b] = r.data.candidates;
    expect(
      (await t.call("POST", `buses/${id}/riders/`, { token: admin, form: { studentId: a.id, station: "北站", distanceKm: 5 } })).data.errors.station,
    ).toBeTruthy();
    const ok = await t.call("POST", `buses/${id}/riders/`, { token: admin, form: { studentId: a.id, station: "西站", distanceKm: 25 } });
    expect(ok.code).toBe(200);
    expect(ok.data.riders).toEqual([expect.objectContaining({ studentId: a.id, station: "西站", distanceKm: 25, feeBand: "over20" })]);
    expect((await db.selectFrom("students").select(["bus_id", "bus_station"]).where("id", "=", a.id).executeTakeFirstOrThrow()).bus_station).toBe("西站");
    const full = await t.call("POST", `buses/${id}/riders/`, { token: admin, form: { studentId: b.id, station: "东站", distanceKm: 5 }, lang: "en" });
    expect(full.code).toBe(422);
    expect(full.data.errors.studentId[0]).toContain("full");
    // A station with riders cannot disappear; seats below riders refused.
    const edit = await t.call("PUT", `buses/${id}/`, {
      token: admin,
      form: { name: "3号线", plateNumber: "京A·99999", seats: 1, teacher1Id: Number(me.id), stations: "东站, 07:00, 16:40" },
    });
    expect(edit.data.errors.stations).toBeTruthy();
    expect((await t.call("DELETE", `buses/${id}/`, { token: admin })).code).toBe(409);
    expect((await t.call("DELETE", `buses/${id}/riders/${a.id}/`, { token: admin })).code).toBe(200);
    expect((await t.call("DELETE", `buses/${id}/`, { token: admin })).code).toBe(200);
  });

  it("tenancy and roles: another kindergarten's bus is 404, a teacher 403, a bus teacher cannot change riders", async () => {
    const bus4 = await db.selectFrom("buses").select("id").where("kindergarten_id", "=", 4).executeTakeFirstOrThrow();
    expect((await t.call("GET", `buses/${bus4.id}/riders/`, { token: admin })).code).toBe(404);
    expect((await t.call("GET", `buses/${bus4.id}/`, { token: admin })).code).toBe(404);
    expect((await t.call("GET", "buses/", { token: teacher })).code).toBe(403);
    const bus1 = await db.selectFrom("buses").select("id").where("kindergarten_id", "=", 1).orderBy("id").executeTakeFirstOrThrow();
    expect((await t.call("POST", `buses/${bus1.id}/riders/`, { token: busTeacher, form: { studentId: 1, station: "x", distanceKm: 1 } })).code).toBe(403);
    expect((await t.call("GET", `buses/${bus4.id}/riders/`, { token: superAdmin })).code).toBe(200);
  });
});

describe("school-bus attendance and the bus teacher's download", () => {
  it("records boarding and getting off; a morning boarding is the child's attendance; leave is marked", async () => {
    const day = await t.call("GET", "buses/rides/", { token: admin });
    expect(day.code).toBe(200);
    const busId = day.data.busId;
    const rider = day.data.trips.morning[0];
    expect(rider.phones.length).toBeGreaterThan(0);
    const date = today();
    await db.deleteFrom("student_attendance").where("student_id", "=", rider.studentId).where("date", "=", date).execute();
    const board = await t.call("POST", "buses/rides/", {
      token: admin,
      form: { busId, studentId: rider.studentId, date, trip: "morning", event: "board", time: "07:20" },
    });
    expect(board.code).toBe(200);
    expect(board.data.boardedAt).toBe("07:20");
    const att = await db.selectFrom("student_attendance").selectAll().where("student_id", "=", rider.studentId).where("date", "=", date).execute();
    expect(att).toHaveLength(1);
    expect(att[0]!.source).toBe("bus");
    const off = await t.call("POST", "buses/rides/", {
      token: admin,
      form: { busId, studentId: rider.studentId, date, trip: "morning", event: "alight", time: "08:01" },
    });
    expect(off.data).toMatchObject({ boardedAt: "07:20", alightedAt: "08:01" });
    const bad = await t.call("POST", "buses/rides/", {
      token: admin,
      form: { busId, studentId: rider.studentId, date: "2026-02-30", trip: "noon", event: "fly" },
    });
    expect(bad.code).toBe(422);
    expect(Object.keys(bad.data.errors).sort()).toEqual(["date", "event", "trip"]);
    const stranger = await db.selectFrom("students").select("id").where("kindergarten_id", "=", 1).where("bus_id", "is", null).executeTakeFirstOrThrow();
    expect(
      (await t.call("POST", "buses/rides/", { token: admin, form: { busId, studentId: stranger.id, date, trip: "morning", event: "board" } })).data.errors
        .studentId,
    ).toBeTruthy();
    // A passed leave note marks the rider on the bus list.
    const s = await db.selectFrom("students").select(["kindergarten_id", "class_id"]).where("id", "=", rider.studentId).executeTakeFirstOrThrow();
    await db
      .insertInto("leave_notes")
      .values({
        kindergarten_id: s.kindergarten_id,
        student_id: rider.studentId,
        class_id: s.class_id,
        type: "absence",
        reason: "bus",
        start_date: "2031-05-05",
        end_date: "2031-05-06",
        status: "passed",
        created_at: "2031-05-01T00:00:00Z",
      } as never)
      .execute();
    const later = await t.call("GET", "buses/rides/", { token: admin, query: { busId, date: "2031-05-05" } });
    expect(later.data.trips.afternoon.find((r: { studentId: number }) => r.studentId === rider.studentId).onLeave).toBe(true);
    // Another kindergarten's admin does not reach this bus.
    expect((await t.call("GET", "buses/rides/", { token: admin4, query: { busId } })).code).toBe(404);
  });

  it("the bus teacher sees only her buses and downloads PDF and Excel; others are refused", async () => {
    const r = await t.call("GET", "buses/roster/", { token: busTeacher });
    expect(r.code).toBe(200);
    expect(r.data.buses).toHaveLength(1);
    expect(r.data.trips.morning.length).toBeGreaterThan(0);
    for (const [format, type, magic] of [
      ["pdf", "application/pdf", "%PDF-"],
      ["xlsx", "spreadsheetml", "PK"],
    ] as const) {
      const res = await fetch(new URL(`buses/roster/export/?format=${format}`, t.url), { headers: { token: busTeacher } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain(type);
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, magic.length)
          .toString("latin1"),
      ).toBe(magic);
    }
    expect((await t.call("GET", "buses/roster/", { token: admin })).code).toBe(403);
    const other = await db.selectFrom("buses").select("id").where("kindergarten_id", "=", 1).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect((await t.call("GET", "buses/roster/", { token: busTeacher, query: { busId: other.id } })).code).toBe(404);
  });
});

describe("device ingestion", () => {
  const serial = "FA-0101";
  const secret = demoDeviceSecret(serial);

  it("needs the device's own secret: none 401, wrong 401, a user token 403", async () => {
    const ev = { events: [{ eventId: "x1", studentId: 1, at: new Date().toISOString() }] };
    expect((await ingest(serial, "wrong-secret-wrong-secret", ev)).status).toBe(401);
    const res = await fetch(new URL("devices/ingest/events/", t.url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ events: JSON.stringify(ev.events) }).toString(),
    });
    expect(res.status).toBe(401);
    const withToken = await fetch(new URL("devices/ingest/heartbeat/", t.url), { method: "POST", headers: { token: admin } });
    expect(withToken.status).toBe(403);
    const hb = await fetch(new URL("devices/ingest/heartbeat/", t.url), { method: "POST", headers: { "x-device-serial": serial, "x-device-secret": secret } });
    expect(hb.status).toBe(200);
  });

  it("records each event once however often it is resent (also concurrently), refuses and logs foreign ones, fills attendance", async () => {
    const students = await db
      .selectFrom("students")
      .select(["id", "ic_card_no"])
      .where("kindergarten_id", "=", 1)
      .where("status", "=", "at_school")
      .orderBy("id")
      .limit(3)
      .execute();
    const foreign = await db.selectFrom("students").select("id").where("kindergarten_id", "=", 4).executeTakeFirstOrThrow();
    const day = daysAgo(20);
    const at = `${day}T07:40:00+08:00`;
    await db.deleteFrom("student_attendance").where("date", "=", day).execute();
    const events = [
      { eventId: "e-1", studentId: students[0]!.id, at },
      { eventId: "e-2", method: "ic", cardNo: students[1]!.ic_card_no, at },
      { eventId: "e-3", studentId: foreign.id, at },
      { eventId: "e-4", studentId: 999999, at },
      { eventId: "e-5", method: "ic", cardNo: "NOSUCHCARD", at },
    ];
    const replies = await Promise.all([1, 2, 3].map(() => ingest(serial, secret, { events })));
    const accepted = replies.reduce((n, r) => n + r.data.accepted, 0);
    expect(accepted).toBe(2);
    expect(replies.reduce((n, r) => n + r.data.refused, 0)).toBe(3);
    const again = await ingest(serial, secret, { events });
    expect(again.data).toMatchObject({ accepted: 0, duplicates: 5, refused: 0 });
    const rows = await db.selectFrom("device_events").selectAll().where("event_id", "like", "e-%").orderBy("event_id").execute();
    expect(rows.map((r) => [r.event_id, r.result, r.reason])).toEqual([
      ["e-1", "accepted", null],
      ["e-2", "accepted", null],
      // Another kindergarten's child is refused exactly like a child that does not exist (no probing of other tenants).
      ["e-3", "refused", "unknown_student"],
      ["e-4", "refused", "unknown_student"],
      ["e-5", "refused", "unknown_card"],
    ]);
    // The device is told the same for both.
    const refusedOf = (id: string) => ({
      ...replies.flatMap((r) => r.data.results).find((x: { eventId: string; result: string }) => x.eventId === id && x.result === "refused"),
      eventId: "",
    });
    expect(refusedOf("e-3")).toEqual(refusedOf("e-4"));
    expect(refusedOf("e-3")).toEqual({ eventId: "", result: "refused", reason: "unknown_student", attendance: null });
    const att = await db.selectFrom("student_attendance").selectAll().where("date", "=", day).orderBy("student_id").execute();
    expect(att.map((a) => [a.student_id, a.source])).toEqual([
      [students[0]!.id, "face"],
      [students[1]!.id, "ic"],
    ]);
    const bad = await ingest(serial, secret, { events: [{ eventId: "", at: "x" }] });
    expect(bad.code).toBe(422);
  });

  it("refuses events more than 5 minutes ahead or older than the retention (issue 25, item 10); nothing is recorded as attendance", async () => {
    const s = await db
      .selectFrom("students")
      .select("id")
      .where("kindergarten_id", "=", 1)
      .where("status", "=", "at_school")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
    const events = [
      { eventId: "t-2099", studentId: s.id, at: "2099-01-01T07:40:00+08:00" },
      { eventId: "t-ahead", studentId: s.id, at: iso(10 * 60_000) },
      { eventId: "t-old", studentId: s.id, at: iso(-31 * 86_400_000) },
      { eventId: "t-1970", studentId: s.id, at: "1970-01-01T08:00:00+08:00" },
      { eventId: "t-drift", studentId: s.id, at: iso(3 * 60_000) },
    ];
    const r = await ingest(serial, secret, { events });
    expect(r.data.results.map((x: { eventId: string; reason: string | null }) => [x.eventId, x.reason])).toEqual([
      ["t-2099", "time_in_future"],
      ["t-ahead", "time_in_future"],
      ["t-old", "time_too_old"],
      ["t-1970", "time_too_old"],
      ["t-drift", null],
    ]);
    const future = await db.selectFrom("student_attendance").select("date").where("student_id", "=", s.id).where("date", ">", today()).execute();
    expect(future).toEqual([]);
  });
});

describe("IC cards, devices and cameras", () => {
  it("issues a unique card, refuses empty and taken numbers, reports lost and replaces", async () => {
    const s = await db
      .selectFrom("students")
      .select(["id", "ic_card_no"])
      .where("kindergarten_id", "=", 1)
      .where("status", "=", "at_school")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const empty = await t.call("POST", "devices/ic_cards/", { token: admin, form: { studentId: s.id, cardNo: "" }, lang: "en" });
    expect(empty.data.errors.cardNo).toEqual(["The IC card number cannot be empty"]);
    const twice = await t.call("POST", "devices/ic_cards/", { token: admin, form: { studentId: s.id, cardNo: "NEWCARD01" } });
    expect(twice.data.errors.studentId).toBeTruthy(); // the child already has a card in use
    const card = await t.call("GET", "devices/ic_cards/", { token: admin, query: { keyword: s.ic_card_no } });
    const id = card.data.list[0].id;
    const lost = await t.call("POST", `devices/ic_cards/${id}/reportLost/`, { token: admin, form: { comment: "丢了" } });
    expect(lost.code).toBe(200);
    expect((await t.call("POST", `devices/ic_cards/${id}/reportLost/`, { token: admin })).code).toBe(409);
    const taken = await t.call("POST", "devices/ic_cards/", { token: admin, form: { studentId: s.id, cardNo: s.ic_card_no } });
    expect(taken.data.errors.cardNo).toBeTruthy();
    const fresh = await t.call("POST", "devices/ic_cards/", { token: admin, form: { studentId: s.id, cardNo: "NEWCARD01" } });
    expect(fresh.code).toBe(200);
    expect((await db.selectFrom("student_ic_cards").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe("replaced");
    expect((await db.selectFrom("students").select("ic_card_no").where("id", "=", s.id).executeTakeFirstOrThrow()).ic_card_no).toBe("NEWCARD01");
    // A swipe of the lost card is refused; of the new card accepted.
    const at = `${daysAgo(21)}T07:40:00+08:00`;
    const r = await ingest("FA-0101", demoDeviceSecret("FA-0101"), {
      events: [
        { eventId: "c-1", method: "ic", cardNo: s.ic_card_no, at },
        { eventId: "c-2", method: "ic", cardNo: "NEWCARD01", at },
      ],
    });
    expect(r.data.results.map((x: { result: string }) => x.result)).toEqual(["refused", "accepted"]);
    // Another kindergarten's student cannot get a card here.
    const foreign = await db.selectFrom("students").select("id").where("kindergarten_id", "=", 4).executeTakeFirstOrThrow();
    expect(
      (await t.call("POST", "devices/ic_cards/", { token: admin, form: { studentId: foreign.id, cardNo: "ABCD1234" } })).data.errors.studentId,
    ).toBeTruthy();
  });

  it("face devices: online/offline, unique serial, secret kept when not given; cameras validate the live address", async () => {
    const list = await t.call("GET", "devices/face_a/", { token: admin });
    const bySerial = Object.fromEntries(list.data.list.map((d: { serialNo: string; status: string }) => [d.serialNo, d.status]));
    expect(bySerial).toMatchObject({ "FA-0101": "online", "FA-0102": "offline" });
    const dup = await t.call("POST", "devices/face_a/", { token: admin, form: { serialNo: "FA-0101", name: "x", secret: enc("0123456789abcdef") } });
    expect(dup.data.errors.serialNo).toBeTruthy();
    const short = await t.call("POST", "devices/face_a/", { token: admin, form: { serialNo: "FA-0199", name: "x", secret: enc("short") } });
    expect(short.data.errors.secret).toBeTruthy();
    const made = await t.call("POST", "devices/face_a/", { token: admin, form: { serialNo: "FA-0199", name: "新设备", secret: enc("0123456789abcdef") } });
    expect(made.code).toBe(200);
    expect((await t.call("PUT", `devices/face_a/${made.data.id}/`, { token: admin, form: { serialNo: "FA-0199", name: "改名" } })).code).toBe(200);
    expect((await ingest("FA-0199", "0123456789abcdef", { events: [{ eventId: "n1", studentId: 999999, at: new Date().toISOString() }] })).data.refused).toBe(
      1,
    );
    // Device B's list does not show device A.
    expect((await t.call("GET", `devices/face_b/${made.data.id}/`, { token: admin })).code).toBe(404);
    const roster = await t.call("GET", `devices/face_a/${made.data.id}/roster/`, { token: admin });
    expect(roster.data.classes.length).toBeGreaterThan(0);
    const cam = await t.call("POST", "devices/cameras/", { token: admin, form: { name: "门口", liveUrl: "javascript:alert(1)", sort: 1 } });
    expect(Object.keys(cam.data.errors)).toEqual(["liveUrl"]);
    expect((await t.call("POST", "devices/cameras/", { token: admin, form: { name: "门口", liveUrl: "rtsp://10.0.0.2/s1", sort: 1 } })).code).toBe(200);
    expect((await t.call("GET", "devices/cameras/", { token: admin })).data.list.every((c: { kindergartenId: number }) => c.kindergartenId === 1)).toBe(true);
    expect(
      new Set((await t.call("GET", "devices/cameras/", { token: superAdmin })).data.list.map((c: { kindergartenId: number }) => c.kindergartenId)).size,
    ).toBeGreaterThan(1);
  });
});
