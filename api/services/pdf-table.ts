/**
 * A small PDF writer for printable lists (the bus teacher's rider list, /bus/schoolBusDownload), without a font
 * file: text is set in the standard Adobe CJK font STSong-Light (Adobe-GB1, encoding UniGB-UCS2-H), which every
 * PDF reader (Acrobat, pdf.js, Poppler, Preview) provides, so Chinese and Latin text print alike and the file
 * stays a few kilobytes. pdf-lib would have to embed a CJK TrueType font of 10+ MB for the same
 * (docs/sections/buses-devices.md). A4 landscape pages; tables wrap to the next page with their header repeated.
 */

export interface PdfTable {
  title: string;
  columns: { label: string; width: number }[];
  rows: string[][];
}

const PAGE_W = 842;
const PAGE_H = 595;
const MARGIN = 36;
const ROW_H = 16;
const FONT = 9;

/** UCS-2 big-endian hex of the text (characters outside the BMP become "?"). */
function hex(text: string): string {
  let out = "";
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    out += (cp > 0xffff ? 0x3f : cp).toString(16).padStart(4, "0");
  }
  return `<${out}>`;
}

/** Width of text in points: full width for CJK, half for the rest (the W array below gives Latin glyphs 500). */
const widthOf = (text: string, size: number) => [...text].reduce((w, ch) => w + ((ch.codePointAt(0) ?? 0) < 0x2e80 ? 0.5 : 1) * size, 0);

function fit(text: string, width: number, size: number): string {
  if (widthOf(text, size) <= width) return text;
  let s = text;
  while (s.length > 1 && widthOf(s + "…", size) > width) s = s.slice(0, -1);
  return s + "…";
}

/** One PDF with the tables one after another (each starts on a new page); a footer line on every page. */
export function pdfOf(docTitle: string, tables: PdfTable[], footer: string): Buffer {
  const pages: string[] = [];
  let ops: string[] = [];
  let y = 0;
  const text = (x: number, yy: number, s: string, size = FONT) => ops.push(`BT /F1 ${size} Tf ${x.toFixed(1)} ${yy.toFixed(1)} Td ${hex(s)} Tj ET`);
  const newPage = () => {
    if (ops.length) pages.push(ops.join("\n"));
    ops = [];
    y = PAGE_H - MARGIN;
    text(MARGIN, 20, footer, 7);
  };
  for (const t of tables) {
    newPage();
    text(MARGIN, y - 14, docTitle, 14);
    y -= 32;
    text(MARGIN, y - 10, t.title, 11);
    y -= 24;
    const header = () => {
      let x = MARGIN;
      ops.push(`0.93 0.95 0.98 rg ${MARGIN} ${(y - ROW_H + 4).toFixed(1)} ${PAGE_W - 2 * MARGIN} ${ROW_H} re f 0 0 0 rg`);
      for (const c of t.columns) {
        text(x + 2, y - 8, fit(c.label, c.width - 4, FONT), FONT);
        x += c.width;
      }
      y -= ROW_H;
    };
    header();
    if (!t.rows.length) {
      text(MARGIN + 2, y - 8, "—");
      y -= ROW_H;
    }
    for (const r of t.rows) {
      if (y < MARGIN + ROW_H) {
        newPage();
        header();
      }
      let x = MARGIN;
      t.columns.forEach((c, i) => {
        text(x + 2, y - 8, fit(r[i] ?? "", c.width - 4, FONT), FONT);
        x += c.width;
      });
      ops.push(`0.85 G 0.5 w ${MARGIN} ${(y - ROW_H + 4).toFixed(1)} m ${PAGE_W - MARGIN} ${(y - ROW_H + 4).toFixed(1)} l S 0 G`);
      y -= ROW_H;
    }
  }
  if (!tables.length) newPage();
  pages.push(ops.join("\n"));

  // Objects: 1 catalog, 2 pages, 3 font, 4 CID font, 5 descriptor, then per page: page + content.
  const objs: string[] = [];
  const pageIds = pages.map((_, i) => 6 + i * 2);
  objs[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objs[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`;
  objs[3] = "<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [4 0 R] >>";
  objs[4] =
    "<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> /FontDescriptor 5 0 R /DW 1000 /W [1 95 500] >>";
  objs[5] =
    "<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>";
  pages.forEach((content, i) => {
    const len = Buffer.byteLength(content, "latin1");
    objs[pageIds[i]!] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`;
    objs[pageIds[i]! + 1] = `<< /Length ${len} >>\nstream\n${content}\nendstream`;
  });
  let out = "%PDF-1.4\n%\xE2\xE3\xCF\xD3\n";
  const offsets: number[] = [];
  for (let i = 1; i < objs.length; i++) {
    offsets[i] = Buffer.byteLength(out, "latin1");
    out += `${i} 0 obj\n${objs[i]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objs.length}\n0000000000 65535 f \n`;
  for (let i = 1; i < objs.length; i++) out += `${String(offsets[i]).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objs.length} /Root 1 0 R /Info << /Title <feff${hex(docTitle).slice(1)} /Producer (kg-console) >> >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}
