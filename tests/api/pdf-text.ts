import { execFileSync } from "node:child_process";
import { inflateSync } from "node:zlib";

/** The streams of a PDF, inflated when they are Flate-compressed. */
function streams(pdf: Buffer): string[] {
  const raw = pdf.toString("latin1");
  const out: string[] = [];
  const re = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf("endstream", start);
    const body = pdf.subarray(start, end);
    try {
      out.push((/\/FlateDecode/.test(m[1]!) ? inflateSync(body) : body).toString("latin1"));
    } catch {
      // an embedded font program or an image: not text
    }
  }
  return out;
}

/** UTF-16BE hex ("4f60 597d" or "4f60597d") → text. */
const utf16 = (hex: string) => Buffer.from(hex.replace(/\s/g, ""), "hex").swap16().toString("utf16le");

/**
 * The text of a PDF written by pdfkit, decoded without any tool: each `[…] TJ` of the content streams mapped
 * from glyph ids to characters through the font's ToUnicode map (pdfkit writes `<start> <end> [<u> …]` ranges).
 */
export function decodePdfText(pdf: Buffer): string {
  const all = streams(pdf);
  const glyphs = new Map<string, string>();
  for (const s of all.filter((x) => x.includes("beginbfrange"))) {
    for (const m of s.matchAll(/<([0-9a-f]{4})> <[0-9a-f]{4}> \[([^\]]*)\]/gi)) {
      const first = parseInt(m[1]!, 16);
      [...m[2]!.matchAll(/<([0-9a-f ]*)>/gi)].forEach((u, i) => glyphs.set((first + i).toString(16).padStart(4, "0"), utf16(u[1]!)));
    }
  }
  const lines: string[] = [];
  for (const s of all)
    for (const tj of s.matchAll(/\[([^\]]*)\] TJ/g)) {
      const hex = [...tj[1]!.matchAll(/<([0-9a-f]*)>/gi)].map((h) => h[1]!).join("");
      lines.push((hex.match(/.{4}/g) ?? []).map((g) => glyphs.get(g.toLowerCase()) ?? "\uFFFD").join(""));
    }
  return lines.join("\n");
}

/** The PDF's text: Poppler's pdftotext when installed (what a reader's copy and paste gives), else decodePdfText. */
export function pdfText(pdf: Buffer): string {
  try {
    return execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", "-", "-"], { input: pdf, stdio: ["pipe", "pipe", "ignore"] }).toString("utf8");
  } catch {
    return decodePdfText(pdf);
  }
}

/** Page sizes in points from the page dictionaries ([width, height]). */
export function pdfPageSizes(pdf: Buffer): number[][] {
  return [...pdf.toString("latin1").matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((m) => [Number(m[1]), Number(m[2])]);
}
