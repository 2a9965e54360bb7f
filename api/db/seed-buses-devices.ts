/**
 * Demo and large data of the school-bus and device pages (issue 11, docs/sections/buses-devices.md): bus seats and
 * riders (from the students' bus and station, with a round-trip distance in every fee band), a school-bus day of
 * trips per school day, face devices A and B with their check-in events (one refused: an unknown student), cameras
 * and IC cards (kindergarten 1: one card reported lost and replaced). Trips and events are written with
 * INSERT … SELECT over a list of days, so a school year for hundreds of kindergartens stays quick.
 *
 * Demo device secrets (for `npm run device-sim`): serial `FA-<kg>01` / `FA-<kg>02` / `FB-<kg>01`, secret
 * `demo-device-secret-<serial>`.
 */
import { sql, type Kysely } from "kysely";
import { localDateTime } from "@api/services/attendance";
import { sha256 } from "@api/auth/tokens";
import type { Database } from "./schema";
import { SEED_TIME } from "./seed";
import { calendarDate } from "@contract/school-time";

export const demoDeviceSecret = (serial: string) => `demo-device-secret-${serial}`;

/** The last `n` weekdays up to `end` (YYYY-MM-DD), oldest first. */
export function lastSchoolDays(end: string, n: number): string[] {
  const out: string[] = [];
  const d = new Date(`${end}T00:00:00Z`);
  while (out.length < n) {
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) out.unshift(calendarDate(d));
    d.setUTCDate(d.getUTCDate() - 1);
  }
  return out;
}

/** A school year up to `end`: the last 190 weekdays outside the summer break (July and August), oldest first. */
export function schoolYearDays(end: string, n = 190): string[] {
  const out: string[] = [];
  const d = new Date(`${end}T00:00:00Z`);
  while (out.length < n) {
    const wd = d.getUTCDay();
    const m = d.getUTCMonth() + 1;
    if (wd !== 0 && wd !== 6 && m !== 7 && m !== 8) out.unshift(calendarDate(d));
    d.setUTCDate(d.getUTCDate() - 1);
  }
  return out;
}

const DAYS_CHUNK = 20;

export async function seedBusesDevices(db: Kysely<Database>, opts: { kindergartens?: number[]; days?: string[]; large?: boolean } = {}) {
  const kgs = opts.kindergartens ?? [1, 2, 3, 4];
  const days = opts.days ?? lastSchoolDays(localDateTime(new Date().toISOString()).date, 10);
  const large = opts.large ?? false;
  // Demo: every child checks in on 12 days of 13; large: one child in five per day (a school year stays a few million rows).
  const eventEvery = large ? 5 : 13;
  if (!kgs.length) return { riders: 0, rides: 0, devices: 0, events: 0, cards: 0, cameras: 0 };

  // Seats, riders (distance spread over the three fee bands), then the students' bus fields agree with them.
  await db.updateTable("buses").set({ seats: 35 }).where("kindergarten_id", "in", kgs).where("seats", "is", null).execute();
  await sql`insert into bus_riders (kindergarten_id, bus_id, student_id, station, distance_km, created_at)
    select s.kindergarten_id, s.bus_id, s.id, s.bus_station, ((s.id * 37) % 280) / 10.0 + 2, ${SEED_TIME}
    from students s join buses b on b.id = s.bus_id
    where s.kindergarten_id in (${sql.join(kgs)}) and s.bus_station is not null
      and s.status in ('preparatory', 'at_school')
      and not exists (select 1 from bus_riders r where r.student_id = s.id)`.execute(db);

  // Devices: A and B in every kindergarten, a second A in kindergarten 1 (offline); cameras; IC cards.
  const now = new Date();
  const devices: { kg: number; kind: "A" | "B"; serial: string; name: string; online: boolean }[] = [];
  for (const kg of kgs) {
    const k = String(kg).padStart(2, "0");
    devices.push({ kg, kind: "A", serial: `FA-${k}01`, name: large ? `大门人脸机 ${kg}` : "大门人脸机 Gate", online: true });
    if (!large && kg === 1) devices.push({ kg, kind: "A", serial: `FA-${k}02`, name: "侧门人脸机 Side gate", online: false });
    devices.push({ kg, kind: "B", serial: `FB-${k}01`, name: large ? `教学楼人脸机 ${kg}` : "教学楼人脸机 Building", online: kg !== 2 });
  }
  const secretHashes = new Map(devices.map((d) => [d.serial, sha256(demoDeviceSecret(d.serial))]));
  const beat = (online: boolean) => new Date(now.getTime() - (online ? 60_000 : 3 * 86_400_000)).toISOString();
  for (let i = 0; i < devices.length; i += 200)
    await db
      .insertInto("devices")
      .values(
        devices.slice(i, i + 200).map((d) => ({
          kindergarten_id: d.kg,
          kind: d.kind,
          serial_no: d.serial,
          name: d.name,
          secret_hash: secretHashes.get(d.serial)!,
          last_heartbeat_at: beat(d.online),
          last_event_at: null,
          created_at: SEED_TIME,
        })),
      )
      .onConflict((oc) => oc.column("serial_no").doNothing())
      .execute();
  if (!large) {
    const cams: [number, string, string, number][] = [
      [1, "大门 Front gate", "https://live.example.com/kg1/gate.m3u8", 1],
      [1, "操场 Playground", "https://live.example.com/kg1/playground.m3u8", 2],
      [1, "小一班 Pre class 1", "rtsp://192.168.1.20:554/stream1", 3],
      [2, "大门 Front gate", "https://live.example.com/kg2/gate.m3u8", 1],
      [2, "操场 Playground", "https://live.example.com/kg2/playground.m3u8", 2],
      [3, "大门 Front gate", "https://live.example.com/kg3/gate.m3u8", 1],
      [4, "大门 Front gate", "https://live.example.com/kg4/gate.m3u8", 1],
    ];
    await db
      .insertInto("cameras")
      .values(
        cams.filter((c) => kgs.includes(c[0])).map(([kg, name, url, sort]) => ({ kindergarten_id: kg, name, live_url: url, sort, created_at: SEED_TIME })),
      )
      .execute();
  }
  await sql`insert into student_ic_cards (kindergarten_id, student_id, card_no, status, issued_at)
    select s.kindergarten_id, s.id, s.ic_card_no, 'active', ${SEED_TIME} from students s
    where s.kindergarten_id in (${sql.join(kgs)}) and s.ic_card_no is not null
      and not exists (select 1 from student_ic_cards c where c.kindergarten_id = s.kindergarten_id and c.card_no = s.ic_card_no)`.execute(db);
  if (!large && kgs.includes(1)) {
    // Kindergarten 1: the second at-school child lost a card, which was replaced.
    const s = await db
      .selectFrom("students")
      .select(["id", "ic_card_no"])
      .where("kindergarten_id", "=", 1)
      .where("status", "=", "at_school")
      .where("ic_card_no", "is not", null)
      .orderBy("id")
      .offset(1)
      .limit(1)
      .executeTakeFirst();
    if (s?.ic_card_no) {
      const lostNo = `L${s.ic_card_no}`.slice(0, 32);
      await db
        .insertInto("student_ic_cards")
        .values({
          kindergarten_id: 1,
          student_id: s.id,
          card_no: lostNo,
          status: "replaced",
          issued_at: "2025-09-01T08:00:00.000Z",
          lost_at: "2025-12-01T08:00:00.000Z",
        })
        .execute();
    }
  }

  // Trips and events over the days (chunks of days: one statement each).
  const times = "07:0507:1207:1807:2507:3107:3807:44";
  const offTimes = "16:3516:4216:5017:0217:1017:1817:25";
  for (let i = 0; i < days.length; i += DAYS_CHUNK) {
    const chunk = days.slice(i, i + DAYS_CHUNK);
    const dayRows = sql.join(chunk.map((d, j) => sql`(${d}, cast(${i + j} as integer))`));
    // Roughly one rider in eleven stays home on a given day (no trip rows); the rest ride both ways.
    await sql`with days(d, n) as (values ${dayRows})
      insert into bus_rides (kindergarten_id, bus_id, student_id, date, trip, station, boarded_at, alighted_at, updated_by, updated_at)
      select r.kindergarten_id, r.bus_id, r.student_id, days.d, t.trip, r.station,
        case when t.trip = 'morning' then substr(${times}, ((r.student_id + days.n) % 7) * 5 + 1, 5) else '16:20' end,
        case when t.trip = 'morning' then '08:05' else substr(${offTimes}, ((r.student_id + days.n) % 7) * 5 + 1, 5) end,
        null, ${SEED_TIME}
      from bus_riders r cross join days cross join (select 'morning' as trip union all select 'afternoon') t
      where r.kindergarten_id in (${sql.join(kgs)}) and (r.student_id + days.n) % 11 <> 0
      on conflict do nothing`.execute(db);
    // One event per present child per day on the kindergarten's device A: a face match, or a card swipe for one in three.
    await sql`with days(d, n) as (values ${dayRows})
      insert into device_events (device_id, kindergarten_id, event_id, method, student_id, card_no, occurred_at, received_at, result, reason)
      select dv.id, s.kindergarten_id, 'seed-' || s.id || '-' || days.d,
        case when s.id % 3 = 0 and s.ic_card_no is not null then 'ic' else 'face' end,
        s.id, case when s.id % 3 = 0 then s.ic_card_no else null end,
        days.d || 'T' || substr(${times}, ((s.id + days.n) % 7) * 5 + 1, 5) || ':00+08:00',
        days.d || 'T00:00:00.000Z', 'accepted', null
      from students s cross join days
      join devices dv on dv.kindergarten_id = s.kindergarten_id and dv.kind = 'A' and dv.serial_no like 'FA-%01'
      where s.kindergarten_id in (${sql.join(kgs)}) and s.status = 'at_school' and (s.id + days.n) % ${sql.lit(eventEvery)} ${sql.raw(large ? "=" : "<>")} 0
      on conflict do nothing`.execute(db);
  }
  // A refused event per device A (a student the kindergarten does not have), so the log shows both results.
  if (!large)
    await sql`insert into device_events (device_id, kindergarten_id, event_id, method, student_id, card_no, occurred_at, received_at, result, reason)
      select dv.id, dv.kindergarten_id, 'seed-refused-1', 'face', null, null, ${SEED_TIME}, ${SEED_TIME}, 'refused', 'unknown_student'
      from devices dv where dv.kind = 'A' and dv.kindergarten_id in (${sql.join(kgs)}) on conflict do nothing`.execute(db);
  await sql`update devices set last_event_at = (select max(e.occurred_at) from device_events e where e.device_id = devices.id and e.result = 'accepted')
    where kindergarten_id in (${sql.join(kgs)})`.execute(db);

  const count = async (table: "bus_riders" | "bus_rides" | "devices" | "device_events" | "student_ic_cards" | "cameras") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as("n"))
          .where("kindergarten_id", "in", kgs)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    riders: await count("bus_riders"),
    rides: await count("bus_rides"),
    devices: await count("devices"),
    events: await count("device_events"),
    cards: await count("student_ic_cards"),
    cameras: await count("cameras"),
  };
}
