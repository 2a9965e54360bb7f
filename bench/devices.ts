/**
 * Device event ingestion throughput (issue 11, "Data and scale"): the API on a fresh SQLite database with the demo data
 * (and, with BENCH_DEVICE_LARGE=<kindergartens>, the large set with its school year of device events), then
 * BENCH_DEVICE_EVENTS events (default 20,000) posted by BENCH_DEVICE_CLIENTS concurrent devices of kindergarten 1
 * (default 8) in batches of 200 through `POST devices/ingest/events/`, with every fifth batch sent twice (a device
 * retrying). Reports events/s accepted and checks that none was counted twice: the stored events equal the distinct
 * event ids, and the attendance records equal the distinct (child, day) pairs. Returns Markdown lines for bench/results.md.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { startApi } from "../api/server";
import { demoDeviceSecret } from "../api/db/seed-buses-devices";

const EVENTS = Number(process.env.BENCH_DEVICE_EVENTS || (process.env.BENCH_QUICK ? 2000 : 20000));
const CLIENTS = Number(process.env.BENCH_DEVICE_CLIENTS || 8);
const BATCH = 200;

export async function benchDevices(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), "kg-bench-devices-"));
  const api = await startApi({
    port: 0,
    databaseUrl: `file:${join(dir, "school.db")}`,
    seed: true,
    quiet: true,
    jobs: false,
    config: { uploadDir: join(dir, "uploads") },
  });
  try {
    const db = api.handle.db;
    const large = Number(process.env.BENCH_DEVICE_LARGE || 0);
    if (large) {
      const { generateLarge } = await import("../api/db/seed-large");
      await generateLarge(api.handle, { kindergartens: large, students: large * 300 });
    }
    const devices = await db
      .selectFrom("devices")
      .select(["serial_no"])
      .where("kindergarten_id", "=", 1)
      .where("serial_no", "like", "F%")
      .orderBy("serial_no")
      .execute();
    const students = (
      await db.selectFrom("students").select("id").where("kindergarten_id", "=", 1).where("status", "=", "at_school").orderBy("id").execute()
    ).map((s) => Number(s.id));
    const before = Number((await sql<{ n: number }>`select count(*) as n from device_events`.execute(db)).rows[0]!.n);
    // Events: each device its own ids; children × school days of 2032 (no attendance exists there yet).
    const days: string[] = [];
    for (let d = new Date("2032-03-01T00:00:00Z"); days.length < Math.ceil(EVENTS / students.length) + 1; d.setUTCDate(d.getUTCDate() + 1))
      if (d.getUTCDay() % 6 !== 0) days.push(d.toISOString().slice(0, 10));
    const batches: { serial: string; events: unknown[] }[] = [];
    const pairs = new Set<string>();
    for (let i = 0; i < EVENTS; i += BATCH) {
      const serial = devices[(i / BATCH) % devices.length]!.serial_no;
      const events = [];
      for (let j = i; j < Math.min(EVENTS, i + BATCH); j++) {
        const student = students[j % students.length]!;
        const day = days[Math.floor(j / students.length)]!;
        pairs.add(`${student}|${day}`);
        events.push({ eventId: `bench-${j}`, studentId: student, at: `${day}T07:${String(10 + (j % 40)).padStart(2, "0")}:00+08:00` });
      }
      batches.push({ serial, events });
      if ((i / BATCH) % 5 === 4) batches.push({ serial, events }); // a retry: the same batch again
    }
    // Each eventId is sent by one device only (its own ids); a retry goes to the same device.
    let accepted = 0;
    let duplicates = 0;
    let sent = 0;
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < batches.length) {
          const b = batches[next++]!;
          const res = await fetch(new URL("devices/ingest/events/", api.url), {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded", "x-device-serial": b.serial, "x-device-secret": demoDeviceSecret(b.serial) },
            body: new URLSearchParams({ events: JSON.stringify(b.events) }).toString(),
          });
          const body = (await res.json()) as { code: number; data: { accepted: number; duplicates: number } };
          if (body.code !== 200) throw new Error(`ingest: ${body.code}`);
          accepted += body.data.accepted;
          duplicates += body.data.duplicates;
          sent += b.events.length;
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const stored = Number((await sql<{ n: number }>`select count(*) as n from device_events`.execute(db)).rows[0]!.n) - before;
    const attendance = Number(
      (await sql<{ n: number }>`select count(*) as n from student_attendance where kindergarten_id = 1 and date >= '2032-03-01'`.execute(db)).rows[0]!.n,
    );
    const ok = accepted === EVENTS && stored === EVENTS && attendance === pairs.size;
    const line = `| ${sent.toLocaleString("en")} (${(sent - EVENTS).toLocaleString("en")} resent) | ${CLIENTS} | ${seconds.toFixed(1)} | ${Math.round(accepted / seconds).toLocaleString("en")} | ${Math.round(sent / seconds).toLocaleString("en")} | ${accepted.toLocaleString("en")} / ${duplicates.toLocaleString("en")} | ${stored.toLocaleString("en")} | ${attendance.toLocaleString("en")} of ${pairs.size.toLocaleString("en")} | ${ok ? "yes" : "NO"} |`;
    console.log("[bench] devices:", line);
    if (!ok) process.exitCode = 2;
    return [
      `## Device event ingestion (POST devices/ingest/events/, batches of ${BATCH}, SQLite${large ? `, large set of ${large} kindergartens` : ", demo data"})`,
      "",
      "| events sent | devices at once | seconds | accepted events/s | events/s incl. resent | accepted / duplicates | stored | attendance records of distinct child-days | none double-counted |",
      "|---:|---:|---:|---:|---:|---|---:|---|---|",
      line,
      "",
    ];
  } finally {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) benchDevices().then((l) => console.log(l.join("\n")));
