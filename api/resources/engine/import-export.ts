/** Spreadsheets: export of the filtered list, the import template and the import (every row validated; all or nothing). */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { allFormFields, listQuerySchema, type ImportColumn } from "@contract/resource";
import { formatList } from "@contract/format";
import { write } from "@api/db/audit";
import { ApiError, fieldMessage, langOf, run } from "@api/http";
import type { Lang } from "@api/i18n";
import type { Scope } from "@api/tenancy";
import { rt, translator } from "../i18n";
import { attachment, csvOf, exportCell, readSheet, xlsxOf } from "../spreadsheet";
import { fieldErrors, parseForm } from "./forms";
import { binaryDoc, docOf, fileReplyDoc, MEDIA, operationId } from "./openapi";
import { decorate, filtered, ordered, parseQuery, selectItem, toItem } from "./query";
import { actorOfScope, createWith } from "./write";
import type { Engine, Row } from "./types";

const MAX_EXPORT_ROWS = 50000;
const MAX_IMPORT_ROWS = 5000;
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A table as a download: csv (UTF-8 BOM) or xlsx. */
async function sheetReply(c: Context, format: "csv" | "xlsx", title: string, fileName: string, table: unknown[][]) {
  if (format === "csv")
    return c.body(csvOf(table as never), 200, { "content-type": "text/csv; charset=utf-8", "content-disposition": attachment(title, "csv", fileName) });
  return c.body(new Uint8Array(await xlsxOf(title, table as never)), 200, { "content-type": XLSX, "content-disposition": attachment(title, "xlsx", fileName) });
}
const formatOf = (c: Context) => (new URL(c.req.url).searchParams.get("format") === "csv" ? "csv" : "xlsx");

export function registerExport(e: Engine) {
  const { def } = e;
  docOf(e)("get", `${e.base}export/`, operationId(def.name, "export"), "Export the filtered list as xlsx or csv (file download; errors as JSON)", {
    request: { query: listQuerySchema(def).extend({ format: z.enum(["xlsx", "csv"]).optional() }) },
    responses: fileReplyDoc("The list as a spreadsheet: xlsx (default) or csv (UTF-8 with BOM) by `format`", [MEDIA.xlsx, MEDIA.csv]),
  });
  e.app.get(
    `${e.base}export/`,
    e.requireAuth,
    run(async (c) => {
      const scope = await e.guard(c, "list");
      const lang = langOf(c);
      const t = translator(lang);
      const q = parseQuery(def, c);
      const rows = await ordered(e, selectItem(e.m, filtered(e, scope, q), lang), q.sort as string | undefined)
        .limit(MAX_EXPORT_ROWS)
        .execute();
      const items = await decorate(
        e,
        rows.map((r: Row) => toItem(r, e.kinds)),
        lang,
      );
      const cols = def.exportColumns ?? def.columns;
      const table = [cols.map((col) => t(col.label)), ...items.map((it) => cols.map((col) => exportCell(it[col.field], col, t, lang)))];
      return sheetReply(c, formatOf(c), t(def.title), def.name, table);
    }),
  );
}

type RowErrors = { row: number; errors: Record<string, string[]> };
const translateAll = (lang: Lang, errors: Record<string, unknown[]>) =>
  Object.fromEntries(Object.entries(errors).map(([f, list]) => [f, list.map((x) => fieldMessage(lang, x as string))]));
const asRowErrors = (lang: Lang, row: number, err: unknown): RowErrors => {
  if (err instanceof ApiError && err.status === 422) return { row, errors: translateAll(lang, (err.data as { errors: Record<string, unknown[]> }).errors) };
  throw err;
};
class Rollback extends Error {}

/** The file's rows as form parameters (header cells match a column's label in either language, or its field name). */
async function readRows(e: Engine, cols: ImportColumn[], file: File, lang: Lang) {
  const t = translator(lang);
  const sheet = await readSheet(file);
  if (typeof sheet === "string") throw fieldErrors({ file: [`crud:import.${sheet}`] });
  const [header = [], ...rest] = sheet;
  const labelsOf = (col: ImportColumn) => [rt("zh", col.label), rt("en", col.label), col.field].map((s) => s.trim().toLowerCase());
  const index = cols.map((col) =>
    header.findIndex((h) =>
      labelsOf(col).includes(
        String(h ?? "")
          .trim()
          .toLowerCase(),
      ),
    ),
  );
  const missing = cols.filter((_, i) => index[i]! < 0).map((col) => t(col.label));
  if (missing.length) throw fieldErrors({ file: [`crud:import.badHeader#columns=${encodeURIComponent(formatList(lang, missing, "long"))}`] });
  const dataRows = rest.map((cells, i) => ({ row: i + 2, cells })).filter((r) => r.cells.some((v) => String(v ?? "").trim() !== ""));
  if (!dataRows.length) throw fieldErrors({ file: ["crud:import.empty"] });
  if (dataRows.length > MAX_IMPORT_ROWS) throw fieldErrors({ file: [`crud:import.tooMany#max=${MAX_IMPORT_ROWS}`] });
  const multi = new Set(
    allFormFields(e.def)
      .filter((f) => f.kind === "multiselect")
      .map((f) => f.name),
  );
  return dataRows.map(({ row, cells }) => {
    const params = new URLSearchParams();
    cols.forEach((col, i) => {
      const v = String(cells[index[i]!] ?? "").trim();
      if (!v) return;
      if (multi.has(col.field)) for (const part of v.split(/[,，、]/)) part.trim() && params.append(col.field, part.trim());
      else params.append(col.field, v);
    });
    return { row, params };
  });
}

/** Creates every parsed row in one transaction; a row's 422 rolls everything back and is reported. */
async function createAll(e: Engine, scope: Scope, lang: Lang, parsed: { row: number; values: Record<string, unknown> }[], report: RowErrors[]) {
  let created = 0;
  try {
    await write(e.deps.db, actorOfScope(scope), async (w) => {
      for (const { row, values } of parsed) {
        try {
          await createWith(e, w, scope, lang, values);
          created++;
        } catch (err) {
          report.push(asRowErrors(lang, row, err));
        }
      }
      if (report.length) throw new Rollback();
    });
  } catch (err) {
    if (!(err instanceof Rollback)) throw err;
    created = 0;
  }
  return created;
}

export function registerImport(e: Engine) {
  const { def } = e;
  const cols = def.importColumns;
  if (!cols?.length) return;
  const doc = docOf(e);
  doc("get", `${e.base}import_template/`, operationId(def.name, "importTemplate"), "Import template (xlsx or csv)", {
    request: { query: z.object({ format: z.enum(["xlsx", "csv"]).optional() }) },
    responses: fileReplyDoc("The import template: header row and an example row, xlsx (default) or csv by `format`", [MEDIA.xlsx, MEDIA.csv]),
  });
  e.app.get(
    `${e.base}import_template/`,
    e.requireAuth,
    run(async (c) => {
      await e.guard(c, "create");
      const t = translator(langOf(c));
      const table = [cols.map((col) => t(col.label)), cols.map((col) => col.example ?? "")];
      return sheetReply(c, formatOf(c), `${t(def.title)}-${t("crud:actions.import")}`, `${def.name}-template`, table);
    }),
  );

  doc(
    "post",
    `${e.base}import/`,
    operationId(def.name, "import"),
    "Import rows from .xlsx or .csv (multipart `file`, optional `kindergartenId`); all rows valid or nothing written",
    {
      request: {
        body: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: z.object({
                file: binaryDoc().openapi({ description: "an .xlsx or .csv file (UTF-8) whose header row names the template's columns" }),
                kindergartenId: z.number().int().optional(),
              }),
            },
          },
        },
      },
    },
    z.object({ count: z.number().int().min(0).openapi({ description: "Rows created (all of the file's rows)" }) }),
  );
  e.app.post(
    `${e.base}import/`,
    e.requireAuth,
    run(async (c) => {
      const scope = await e.guard(c, "create");
      const lang = langOf(c);
      const t = translator(lang);
      const body = await c.req.parseBody();
      const file = body.file;
      if (!(file instanceof File)) throw new ApiError(400, "error.badRequest", {}, { errors: { file: ["upload.fileRequired"] } });
      if (file.size === 0) throw fieldErrors({ file: ["crud:import.badFile"] });
      const kgGiven = typeof body.kindergartenId === "string" && body.kindergartenId ? body.kindergartenId : undefined;
      const report: RowErrors[] = [];
      const parsed: { row: number; values: Record<string, unknown> }[] = [];
      for (const { row, params } of await readRows(e, cols, file, lang)) {
        if (kgGiven && !params.has(e.kgField)) params.set(e.kgField, kgGiven);
        for (const [k, v] of Object.entries(def.importDefaults ?? {})) if (!params.has(k)) params.set(k, v);
        try {
          parsed.push({ row, values: parseForm(def, "create", params) });
        } catch (err) {
          report.push(asRowErrors(lang, row, err));
        }
      }
      const created = report.length ? 0 : await createAll(e, scope, lang, parsed, report);
      if (report.length) {
        const label = Object.fromEntries(allFormFields(def).map((f) => [f.name, t(f.label)]));
        const lines = report.map(
          (r) =>
            `${t("crud:import.row", { row: r.row })}: ${Object.entries(r.errors)
              .map(([f, l]) => `${label[f] ?? f} ${l.join("；")}`)
              .join("；")}`,
        );
        return c.json({ code: 422, msg: t("crud:import.report"), data: { errors: { file: lines }, rows: report } }, 422);
      }
      return e.reply(c, { count: created }, e.msgKey("imported"), { count: created });
    }),
  );
}
