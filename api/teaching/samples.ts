import { Readable } from "node:stream";
import sharp from "sharp";
import type { Deps } from "@api/context";
import { sampleMp4 } from "./mp4";

/**
 * Object keys of the demo data's sample files (api/db/seed-files.ts writes their rows for every section). Keys of
 * older demo databases (`seed/teaching/…`) start with it too.
 */
export const SEED_FILE_PREFIX = "seed/";

const COLOURS: [number, number, number][] = [
  [244, 180, 0],
  [66, 133, 244],
  [52, 168, 83],
  [234, 67, 53],
  [155, 89, 182],
];

/** A one-page PDF (what file-type reads as application/pdf) with a title line. */
export function samplePdf(title: string): Buffer {
  const text = title.replace(/[^\x20-\x7e]/g, "?").replace(/[()\\]/g, "");
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objs = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** A PNG of one colour and its JPEG thumbnail. */
export async function samplePng(rgb: [number, number, number], width = 320, height = 240): Promise<{ png: Buffer; thumb: Buffer }> {
  const png = await sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .png()
    .toBuffer();
  const thumb = await sharp(png).resize(240, 240, { fit: "inside" }).jpeg({ quality: 80 }).toBuffer();
  return { png, thumb };
}

/**
 * Writes the objects of the demo data's sample files that the store does not have yet (a fresh `npm run seed`, a new
 * upload directory): PNG photos (colour by the file's name), one-page PDFs, a 5-second MP4. Idempotent; runs when the
 * API starts, so the seed itself needs no storage. Sizes in `files` are set to the real ones.
 */
export let seedFilesReady: Promise<number> = Promise.resolve(0);

/** Starts `materializeSeedFiles` (once per API) and keeps its promise in `seedFilesReady` (tests await it). */
export function startSeedFiles(deps: Pick<Deps, "db" | "files">) {
  seedFilesReady = materializeSeedFiles(deps).catch((e: unknown) => {
    console.error(`[api] demo sample files: ${(e as Error)?.message ?? e}`);
    return 0;
  });
  return seedFilesReady;
}

export async function materializeSeedFiles(deps: Pick<Deps, "db" | "files">): Promise<number> {
  const rows = await deps.db
    .selectFrom("files")
    .select(["id", "object_key", "thumb_key", "kind", "name", "size", "bucket"])
    .where("object_key", "like", `${SEED_FILE_PREFIX}%`)
    .orderBy("id")
    .execute();
  const store = deps.files.store;
  let made = 0;
  const mp4 = sampleMp4(5, 2048);
  const pngs = new Map<number, Promise<{ png: Buffer; thumb: Buffer }>>();
  for (const r of rows) {
    if (await store.stat(r.bucket, r.object_key)) continue;
    let body: Buffer;
    let contentType: string;
    let thumb: Buffer | null = null;
    if (r.kind === "image") {
      const n = Number(/photo-(\d+)/.exec(r.name)?.[1] ?? 1);
      const c = (n - 1) % COLOURS.length;
      if (!pngs.has(c)) pngs.set(c, samplePng(COLOURS[c]!));
      const img = await pngs.get(c)!;
      body = img.png;
      thumb = img.thumb;
      contentType = "image/png";
    } else if (r.kind === "pdf") {
      body = samplePdf(r.name.replace(/\.pdf$/, ""));
      contentType = "application/pdf";
    } else {
      body = mp4;
      contentType = "video/mp4";
    }
    await store.put(r.bucket, r.object_key, Readable.from(body), { size: body.length, contentType });
    if (thumb && r.thumb_key) await store.put(r.bucket, r.thumb_key, Readable.from(thumb), { size: thumb.length, contentType: "image/jpeg" });
    if (Number(r.size) !== body.length) await deps.db.updateTable("files").set({ size: body.length }).where("id", "=", Number(r.id)).execute();
    made++;
  }
  return made;
}
