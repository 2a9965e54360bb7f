/**
 * Uploads through the console (issue 12, "Data and scale"): a 20 MB MP4 (BENCH_UPLOAD_MB) and a 2 MB PNG posted to the console's
 * `/files?kind=…` (the path an upload field takes with JavaScript; without it the same streaming code reads the form),
 * which streams them to the API's `POST files/`. The resident memory of the console and the API is sampled every 50 ms
 * during each upload: it must stay flat, not grow with the file. Returns Markdown lines for bench/results.md.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import sharp from "sharp";
import { sampleMp4 } from "../api/teaching/mp4";

const MB = 1024 * 1024;

interface UploadRun {
  label: string;
  bytes: number;
  status: number;
  ms: number;
  reply: string;
  console: { before: number; max: number; after: number };
  api: { before: number; max: number; after: number };
}

const rssMb = (pid: number) => Number(spawnSync("ps", ["-o", "rss=", "-p", String(pid)], { encoding: "utf8" }).stdout.trim()) / 1024;

/** A PNG of random pixels (it does not compress): about `bytes` long. */
async function noisePng(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

function post(url: string, headers: Record<string, string>, body: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: "POST", headers: { ...headers, "content-length": String(body.length) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on("error", reject);
    req.setTimeout(120000, () => req.destroy(new Error("timeout")));
    // Written in 256 KB pieces, as a browser sends a large file.
    for (let i = 0; i < body.length; i += 256 * 1024) req.write(body.subarray(i, i + 256 * 1024));
    req.end();
  });
}

async function uploadOnce(
  o: { console: string; cookie: string; csrf: string; consolePid: number; apiPid: number },
  label: string,
  kind: "video" | "image",
  file: { name: string; type: string; data: Buffer },
): Promise<UploadRun> {
  const boundary = `----kgbench${randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${o.csrf}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="upload__file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
  );
  const body = Buffer.concat([head, file.data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const before = { console: rssMb(o.consolePid), api: rssMb(o.apiPid) };
  const max = { ...before };
  const sampler = setInterval(() => {
    max.console = Math.max(max.console, rssMb(o.consolePid));
    max.api = Math.max(max.api, rssMb(o.apiPid));
  }, 50);
  const t0 = performance.now();
  try {
    const r = await post(
      `${o.console}/files?kind=${kind}`,
      { cookie: o.cookie, origin: o.console, "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
    );
    const ms = performance.now() - t0;
    return {
      label,
      bytes: file.data.length,
      status: r.status,
      ms,
      reply: r.body.slice(0, 120),
      console: { before: before.console, max: max.console, after: rssMb(o.consolePid) },
      api: { before: before.api, max: max.api, after: rssMb(o.apiPid) },
    };
  } finally {
    clearInterval(sampler);
  }
}

export async function benchUploads(o: { console: string; cookie: string; consolePid: number; apiPid: number }): Promise<string[]> {
  // The CSRF token of the session, as a page's form carries it.
  const page = await new Promise<string>((resolve, reject) =>
    http
      .get(`${o.console}/kindergarten/place/new`, { headers: { cookie: o.cookie } }, (res) => {
        let s = "";
        res.on("data", (c: Buffer) => (s += c.toString()));
        res.on("end", () => resolve(s));
      })
      .on("error", reject),
  );
  const csrf = /name="csrf"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="csrf"/.exec(page);
  if (!csrf) return ["## Uploads through the console", "", "Not measured: no CSRF field on /kindergarten/place/new.", ""];
  const ctx = { ...o, csrf: csrf[1] ?? csrf[2]! };
  const video = sampleMp4(5, Number(process.env.BENCH_UPLOAD_MB || 20) * MB);
  const image = await noisePng(2 * MB);
  const runs = [
    await uploadOnce(ctx, "MP4 video, 5 s", "video", { name: "bench.mp4", type: "video/mp4", data: video }),
    await uploadOnce(ctx, "PNG image", "image", { name: "bench.png", type: "image/png", data: image }),
  ];
  const fmt = (n: number) => n.toFixed(0);
  const lines = [
    "## Uploads through the console (streamed to the API; resident memory sampled every 50 ms)",
    "",
    "| file | MB | HTTP | seconds | MB/s | console RSS MB before / max / after | API RSS MB before / max / after |",
    "|---|---:|---:|---:|---:|---|---|",
  ];
  for (const r of runs)
    lines.push(
      `| ${r.label} | ${(r.bytes / MB).toFixed(1)} | ${r.status} | ${(r.ms / 1000).toFixed(2)} | ${(r.bytes / MB / (r.ms / 1000)).toFixed(1)} | ${fmt(r.console.before)} / ${fmt(r.console.max)} / ${fmt(r.console.after)} | ${fmt(r.api.before)} / ${fmt(r.api.max)} / ${fmt(r.api.after)} |`,
    );
  const failed = runs.filter((r) => r.status !== 200 || !r.reply.includes('"file"'));
  if (failed.length) lines.push("", `Refused: ${failed.map((r) => `${r.label} (HTTP ${r.status}: ${r.reply})`).join("; ")}.`);
  lines.push("");
  return lines;
}
