/**
 * The month attendance grid of the largest class (issue 11, "Data and scale"): the API on a fresh SQLite database with
 * the demo data and the large set (BENCH_STUDENTS_LARGE kindergartens, default 20; its first kindergarten has a whole
 * school year of attendance), then `GET students/attendance/month/` of the class with the most children, as that
 * kindergarten's admin, BENCH_STUDENTS_RUNS times (default 20). Reports the median and p95 in ms and the grid's size.
 * Returns Markdown lines for bench/results.md.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { aesEncrypt, DEFAULT_AES_IV, DEFAULT_AES_KEY } from "../contract/crypto";
import { startApi } from "../api/server";

const RUNS = Number(process.env.BENCH_STUDENTS_RUNS || (process.env.BENCH_QUICK ? 5 : 20));
const LARGE = Number(process.env.BENCH_STUDENTS_LARGE || (process.env.BENCH_QUICK ? 4 : 20));

export async function benchStudents(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), "kg-bench-students-"));
  const api = await startApi({
    port: 0,
    databaseUrl: `file:${join(dir, "school.db")}`,
    seed: true,
    quiet: true,
    jobs: false,
    config: { uploadDir: join(dir, "uploads") },
  });
  try {
    const { generateLarge } = await import("../api/db/seed-large");
    await generateLarge(api.handle, { kindergartens: LARGE, students: LARGE * 300 });
    const db = api.handle.db;
    // The largest class of the kindergarten with the school year (the first large one: the lowest large kindergarten id with records before October 2025).
    const top = (
      await sql<{ class_id: number; kg: number; n: number }>`
        select s.class_id, s.kindergarten_id as kg, count(*) as n from students s
        where s.kindergarten_id = (select min(kindergarten_id) from student_attendance where date < ${"2025-10-01"} and kindergarten_id > 4)
        group by s.class_id, s.kindergarten_id order by n desc limit 1`.execute(db)
    ).rows[0];
    if (!top) return ["## Month attendance grid", "", "no large kindergarten with a school year of attendance", ""];
    const admin = await db
      .selectFrom("users as u")
      .innerJoin("user_roles as ur", "ur.user_id", "u.id")
      .select("u.phone")
      .where("u.kindergarten_id", "=", Number(top.kg))
      .where("ur.role_id", "=", 5)
      .executeTakeFirstOrThrow();
    const call = async (path: string, init: RequestInit = {}) =>
      (await fetch(new URL(path, api.url), { ...init, headers: { appid: "kg-admin-pc", ...(init.headers ?? {}) } })).json();
    const login = await call("token/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ phone: admin.phone, password: aesEncrypt("Sunny#2026", { key: DEFAULT_AES_KEY, iv: DEFAULT_AES_IV }), platform: "pc" }),
    });
    const token = login.data.token as string;
    const month = "2025-11";
    const times: number[] = [];
    let rows = 0;
    let cells = 0;
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const r = await call(`students/attendance/month/?classId=${top.class_id}&month=${month}`, { headers: { token } });
      times.push(performance.now() - t0);
      if (r.code !== 200) throw new Error(`month grid: ${r.code} ${r.msg}`);
      rows = r.data.rows.length;
      cells = r.data.total;
    }
    times.sort((a, b) => a - b);
    const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
    return [
      "## Month attendance grid of the largest class (issue 11)",
      "",
      `Large set of ${LARGE} kindergartens; class ${top.class_id} (${top.n} children), month ${month}: ${rows} rows, ${cells} records; ${RUNS} requests.`,
      "",
      "| median ms | p95 ms |",
      "|---|---|",
      `| ${q(0.5)} | ${q(0.95)} |`,
      "",
    ];
  } finally {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
