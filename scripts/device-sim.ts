/**
 * npm run device-sim — plays a face device (with a card reader) against a running API, so a person can watch the
 * day's attendance fill in (/student/studentCheck) and the device go online (/device/faceDevice).
 *
 *   npm run device-sim                                   # demo device FA-0101 of kindergarten 1, 40 check-ins
 *   npm run device-sim -- --count 200 --interval 300     # more, faster
 *   npm run device-sim -- --serial FB-0101 --kind B      # device B of kindergarten 1
 *   npm run device-sim -- --api http://127.0.0.1:8787/ --serial FA-0201 --secret demo-device-secret-FA-0201 --admin 13800000005
 *
 * The device authenticates with its serial and secret (headers x-device-serial / x-device-secret), never a user token.
 * Its roster (the children it recognises) is read once through the kindergarten admin's account (demo password), as
 * a real device would have it synced; `--students 12,13,14` gives it instead. Every few calls the sim resends its last
 * batch, as a device retrying after a lost reply: those events come back as duplicates and count once.
 */
import { aesEncrypt, DEFAULT_AES_IV, DEFAULT_AES_KEY } from "../contract/crypto";

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i]!;
  if (a.startsWith("--")) args.set(a.slice(2), process.argv[i + 1] && !process.argv[i + 1]!.startsWith("--") ? process.argv[++i]! : "1");
}
const API = (args.get("api") ?? process.env.API_BASE_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 8787}/`).replace(/\/?$/, "/");
const SERIAL = args.get("serial") ?? "FA-0101";
const SECRET = args.get("secret") ?? `demo-device-secret-${SERIAL}`;
const KIND = (args.get("kind") ?? (SERIAL.startsWith("FB") ? "B" : "A")) as "A" | "B";
const COUNT = Number(args.get("count") ?? 40);
const INTERVAL = Number(args.get("interval") ?? 1000);
const ADMIN = args.get("admin") ?? "13800000005";
const PASSWORD = args.get("password") ?? "Sunny#2026";

const deviceHeaders = { "x-device-serial": SERIAL, "x-device-secret": SECRET, "content-type": "application/x-www-form-urlencoded" };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function call(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const res = await fetch(new URL(path, API), { ...init, headers: { appid: "kg-admin-pc", lang: "en-US", ...(init.headers ?? {}) } });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies of several shapes, read field by field below
  return (await res.json()) as { code: number; msg: string; data: any };
}

interface Kid {
  id: number;
  name: string;
  cardNo: string | null;
}

async function roster(): Promise<Kid[]> {
  const given = args.get("students");
  if (given) return given.split(",").map((s) => ({ id: Number(s), name: `#${s}`, cardNo: null }));
  const login = await call("token/login", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ phone: ADMIN, password: aesEncrypt(PASSWORD, { key: DEFAULT_AES_KEY, iv: DEFAULT_AES_IV }), platform: "pc" }).toString(),
  });
  if (login.code !== 200) throw new Error(`admin login ${ADMIN}: ${login.msg} (give --students instead)`);
  const token = login.data.token as string;
  const base = KIND === "A" ? "devices/face_a/" : "devices/face_b/";
  const list = await call(`${base}?pageSize=200&keyword=${encodeURIComponent(SERIAL)}`, { headers: { token } });
  const device = (list.data?.list ?? []).find((d: { serialNo: string }) => d.serialNo === SERIAL);
  if (!device) throw new Error(`device ${SERIAL} is not among ${ADMIN}'s face devices ${KIND}`);
  const r = await call(`${base}${device.id}/roster/`, { headers: { token } });
  return (r.data.classes as { students: Kid[] }[]).flatMap((c) => c.students);
}

async function main() {
  console.log(`device-sim: ${SERIAL} (face device ${KIND}) → ${API}`);
  const hb = await call("devices/ingest/heartbeat/", { method: "POST", headers: deviceHeaders });
  if (hb.code !== 200) throw new Error(`heartbeat: ${hb.code} ${hb.msg}`);
  console.log(`heartbeat ok (${hb.data.at}): the device shows online`);
  const kids = await roster();
  if (!kids.length) throw new Error("the device knows no children");
  console.log(`roster: ${kids.length} children`);
  const run = Date.now().toString(36);
  let sent = 0;
  let last: Record<string, unknown>[] = [];
  const totals = { accepted: 0, duplicates: 0, refused: 0 };
  for (let call_ = 0; sent < COUNT; call_++) {
    const retry = call_ > 0 && call_ % 4 === 0;
    const events: Record<string, unknown>[] = retry
      ? last
      : Array.from({ length: Math.min(COUNT - sent, 1 + Math.floor(Math.random() * 5)) }, (_, i) => {
          const kid = kids[Math.floor(Math.random() * kids.length)]!;
          const card = kid.cardNo && Math.random() < 0.3;
          return card
            ? { eventId: `${run}-${sent + i}`, method: "ic", cardNo: kid.cardNo, at: new Date().toISOString(), who: kid.name }
            : { eventId: `${run}-${sent + i}`, method: "face", studentId: kid.id, at: new Date().toISOString(), who: kid.name };
        });
    if (!retry) sent += events.length;
    last = events;
    const r = await call("devices/ingest/events/", {
      method: "POST",
      headers: deviceHeaders,
      body: new URLSearchParams({ events: JSON.stringify(events.map(({ who: _who, ...e }: Record<string, unknown>) => e)) }).toString(),
    });
    if (r.code !== 200) {
      console.error(`events: ${r.code} ${r.msg}`);
      process.exitCode = 1;
      break;
    }
    totals.accepted += r.data.accepted;
    totals.duplicates += r.data.duplicates;
    totals.refused += r.data.refused;
    const detail = (r.data.results as { eventId: string; result: string; attendance: string | null; reason: string | null }[])
      .map(
        (x, i) => `${(events[i] as { who: string }).who} ${x.result}${x.attendance ? ` (attendance ${x.attendance})` : ""}${x.reason ? ` (${x.reason})` : ""}`,
      )
      .join("; ");
    console.log(`${retry ? "resent " : ""}${events.length} event(s): ${detail}`);
    await sleep(INTERVAL);
  }
  console.log(`done: ${totals.accepted} accepted, ${totals.duplicates} duplicates (resent), ${totals.refused} refused`);
}

main().catch((e) => {
  console.error(`device-sim: ${(e as Error).message}`);
  process.exit(1);
});
