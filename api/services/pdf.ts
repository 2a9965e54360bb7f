/**
 * The one PDF path of the API (bus rider lists, pay slips, bill receipts): pdfkit with Noto Sans SC embedded as a
 * subset (only the glyphs a document uses, with their real widths: Chinese, Latin, "·" and "¥" print evenly and the
 * file stays a few kilobytes). The font file ships as an npm package, resolved like a module, never by a path.
 * Slips are portrait A5 as payslips and receipts are; tables are A4 landscape and wrap with their header repeated.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";

const require = createRequire(import.meta.url);
export const CJK_FONT_FILE = require.resolve("@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf");

/** The font file (10 MB) is read once, with the first PDF; pdfkit parses only the tables it needs and subsets on embed. */
let fontBytes: Promise<Buffer> | null = null;
const cjkFont = () => (fontBytes ??= readFile(CJK_FONT_FILE));

type Doc = PDFKit.PDFDocument;
const MARGIN = 36;
const GRAY = "#6b7280";
const RULE = "#d1d5db";

/** A document drawn by `draw` into pdfkit, as bytes. */
async function render(title: string, layout: "portrait" | "landscape", size: "A4" | "A5", draw: (doc: Doc) => void): Promise<Buffer> {
  // No bottom margin: pages break where the table says (pdfkit would otherwise start a page for the footer line).
  const margins = { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 0 };
  const doc = new PDFDocument({ size, layout, margins, info: { Title: title, Producer: "kg-console" } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  doc.registerFont("cjk", await cjkFont());
  doc.font("cjk");
  draw(doc);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** The text cut with "…" to fit `width` at the current font size. */
function fit(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let s = text;
  while (s.length > 1 && doc.widthOfString(s + "…") > width) s = s.slice(0, -1);
  return s + "…";
}

// ------------------------------------------------------------------------------------------------
// Slips: a pay slip, a receipt
// ------------------------------------------------------------------------------------------------
export interface SlipSection {
  title?: string;
  rows: [label: string, value: string][];
}
export interface Slip {
  /** Small line above the title (the kindergarten). */
  heading: string;
  title: string;
  sections: SlipSection[];
  /** The emphasised last line (net pay, amount paid). */
  total: [label: string, value: string];
  footer: string;
}

/** A portrait A5 slip: heading, title, label/value rows (values right-aligned) in sections, the total, a footer. */
export function slipPdf(slip: Slip): Promise<Buffer> {
  return render(slip.title, "portrait", "A5", (doc) => {
    const left = MARGIN;
    const width = doc.page.width - 2 * MARGIN;
    const row = (label: string, value: string, size: number) => {
      const y = doc.y;
      doc.fontSize(size).fillColor("black");
      const valueWidth = Math.min(doc.widthOfString(value), width * 0.6);
      doc.text(fit(doc, label, width - valueWidth - 12), left, y, { lineBreak: false });
      doc.text(fit(doc, value, width * 0.6), left, y, { width, align: "right", lineBreak: false });
      doc.y = y + size + 8;
      doc
        .moveTo(left, doc.y - 4)
        .lineTo(left + width, doc.y - 4)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
    };
    doc.fontSize(10).fillColor(GRAY).text(slip.heading, left, MARGIN, { width });
    doc.moveDown(0.3).fontSize(18).fillColor("black").text(slip.title, { width });
    doc.moveDown(0.6);
    for (const s of slip.sections) {
      if (s.title) {
        doc.moveDown(0.4).fontSize(10).fillColor(GRAY).text(s.title, left, doc.y, { width });
        doc.moveDown(0.2);
      }
      for (const [label, value] of s.rows) row(label, value, 11);
    }
    doc.moveDown(0.4);
    row(slip.total[0], slip.total[1], 14);
    doc
      .fontSize(8)
      .fillColor(GRAY)
      .text(slip.footer, left, doc.page.height - MARGIN - 10, { width, lineBreak: false });
  });
}

// ------------------------------------------------------------------------------------------------
// Tables: printable lists
// ------------------------------------------------------------------------------------------------
export interface PdfTable {
  title: string;
  columns: { label: string; width: number }[];
  rows: string[][];
}

const ROW_H = 16;
const FONT = 9;

/** One A4 landscape PDF with the tables one after another (each starts on a new page); a footer line on every page. */
export function pdfOf(docTitle: string, tables: PdfTable[], footer: string): Promise<Buffer> {
  return render(docTitle, "landscape", "A4", (doc) => {
    const right = doc.page.width - MARGIN;
    let y = MARGIN;
    const cells = (t: PdfTable, values: string[]) => {
      let x = MARGIN;
      t.columns.forEach((c, i) => {
        doc.text(fit(doc, values[i] ?? "", c.width - 4), x + 2, y + 3, { lineBreak: false });
        x += c.width;
      });
    };
    const newPage = (first: boolean) => {
      if (!first) doc.addPage();
      doc
        .fontSize(7)
        .fillColor(GRAY)
        .text(footer, MARGIN, doc.page.height - MARGIN + 8, { lineBreak: false });
      y = MARGIN;
    };
    const header = (t: PdfTable) => {
      doc.rect(MARGIN, y, right - MARGIN, ROW_H).fill("#edf2fa");
      doc.fontSize(FONT).fillColor("black");
      cells(
        t,
        t.columns.map((c) => c.label),
      );
      y += ROW_H;
    };
    tables.forEach((t, n) => {
      newPage(n === 0);
      doc.fontSize(14).fillColor("black").text(docTitle, MARGIN, y, { lineBreak: false });
      doc.fontSize(11).text(t.title, MARGIN, y + 24, { lineBreak: false });
      y += 48;
      header(t);
      const rows = t.rows.length ? t.rows : [["—"]];
      for (const r of rows) {
        if (y > doc.page.height - MARGIN - ROW_H) {
          newPage(false);
          header(t);
        }
        doc.fontSize(FONT).fillColor("black");
        cells(t, r);
        y += ROW_H;
        doc.moveTo(MARGIN, y).lineTo(right, y).lineWidth(0.5).strokeColor(RULE).stroke();
      }
    });
    if (!tables.length) newPage(true);
  });
}
