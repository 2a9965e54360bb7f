import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { parse } from "csv-parse/sync";
import { expect, test, type Page } from "@playwright/test";
import type { ResourceDefinition } from "@contract/resource";
import { assessmentCategories } from "@contract/resources/assessment";
import { admissionCustomers as customers } from "@contract/resources/admission";
import { places } from "@contract/resources/places";
import { students } from "@contract/resources/students";
import { payrolls } from "@contract/resources/tuition";
import { users } from "@contract/resources/users";
import { RESOURCES } from "@contract/resources";
import { expectToast, PASSWORD, phoneOf } from "../fixtures/e2e";

/**
 * Spreadsheet imports through the console (issue 26 item 1), for every resource whose definition offers import: the
 * template is downloaded from the import page (.xlsx and .csv), filled from its own example row as a user would
 * (exceljs for .xlsx, plain text for .csv) and uploaded. A good file lists its row; a file with a bad row shows that
 * row's error and imports nothing. Run with JavaScript on (imports.spec.ts) and off (imports.nojs.spec.ts).
 */
export type Format = "xlsx" | "csv";
interface Case {
  def: ResourceDefinition;
  role: number;
  /** The values of a good row (the rest is the template's example), unique per run by `u`. */
  good: (u: string) => Record<string, string>;
  /** A field and a value the API refuses. */
  bad: [field: string, value: string];
  /** Where the imported row is listed, and the text that shows it. */
  listed: (u: string) => { query: string; text: string };
}

/** An import validates every row (and hashes users' passwords) before it answers: up to a minute on a loaded machine. */
export const importDone = expect.configure({ timeout: 60_000 });

/** The login form as in fixtures/e2e.ts, with the minute a loaded machine may take to show Home. */
async function login(page: Page, phone: string) {
  await page.goto("/login");
  await page.locator('input[name="phone"]').fill(phone);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByTestId("login-submit").click();
  await importDone(page).toHaveURL(/\/Home$/);
}

/** A unique 7-digit stamp per run and mode; each row adds its own last digit (8 digits: phones, names). */
const stamp = (js: boolean) => `${js ? 1 : 2}${String(Date.now()).slice(-6)}`;

export const IMPORT_CASES: Case[] = [
  {
    def: places,
    role: 5,
    good: (u) => ({ name: `导入场地${u}`, capacity: "30" }),
    bad: ["capacity", "很多"],
    listed: (u) => ({ query: `keyword=${u}`, text: `导入场地${u}` }),
  },
  {
    def: users,
    role: 5,
    good: (u) => ({ realName: `导入教师${u}`, phone: `139${u}` }),
    bad: ["phone", "12345"],
    listed: (u) => ({ query: `keyword=${u}`, text: `导入教师${u}` }),
  },
  {
    def: students,
    role: 5,
    good: (u) => ({ name: `导入幼儿${u}`, idNumber: idNumber(`11010120210506${u.slice(-3)}`), fatherPhone: `137${u}` }),
    bad: ["birthday", "2021-13-45"],
    listed: (u) => ({ query: `keyword=${u}`, text: `导入幼儿${u}` }),
  },
  {
    def: assessmentCategories,
    role: 6,
    good: (u) => ({ name: `导入类别${u}`, nameEn: `Imported ${u}` }),
    bad: ["sort", "abc"],
    listed: (u) => ({ query: "", text: `导入类别${u}` }),
  },
  {
    def: payrolls,
    role: 14,
    good: (u) => ({ staffName: `导入员工${u}`, staffPhone: `136${u}`, month: "2026-02" }),
    bad: ["base", "五千"],
    listed: (u) => ({ query: "month=2026-02", text: `导入员工${u}` }),
  },
  {
    def: customers,
    role: 1,
    good: (u) => ({ kidName: `导入客户${u}`, phone: `135${u}` }),
    bad: ["phone", "123"],
    listed: (u) => ({ query: `keyword=${u}`, text: `导入客户${u}` }),
  },
];

/** An 18-character resident ID number with its ISO 7064 MOD 11-2 check character. */
function idNumber(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
  return first17 + "10X98765432"[sum % 11];
}

/** Downloads the import template of this format from the import page: its header and example row. */
export async function template(page: Page, format: Format): Promise<{ header: string[]; example: string[] }> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId(`template-${format}`).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`-\\d{8}\\.${format}$`));
  const path = (await download.path())!;
  let rows: string[][];
  if (format === "csv") rows = parse(readFileSync(path, "utf8"), { bom: true, relax_column_count: true }) as string[][];
  else {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path);
    rows = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? "" : String(v)))));
  }
  const [header = [], example = []] = rows;
  return { header, example: header.map((_, i) => example[i] ?? "") };
}

/** Writes the filled sheet as a user would save it: exceljs for .xlsx, CSV text (UTF-8 with BOM) for .csv. */
export async function writeSheet(dir: string, name: string, format: Format, rows: string[][]): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.${format}`);
  if (format === "csv") {
    const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    writeFileSync(path, "\uFEFF" + rows.map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n");
  } else {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Sheet1");
    for (const r of rows) ws.addRow(r);
    await wb.xlsx.writeFile(path);
  }
  return path;
}

export function importTests(js: boolean) {
  test("every resource whose definition offers import has its case here", () => {
    const offering = Object.values(RESOURCES).filter((d) => d.importColumns?.length);
    expect(offering.map((d) => d.name).sort()).toEqual(IMPORT_CASES.map((c) => c.def.name).sort());
  });

  const [goodFormat, badFormat]: Format[] = js ? ["xlsx", "csv"] : ["csv", "xlsx"];
  for (const c of IMPORT_CASES) {
    test(`${c.def.page}: the downloaded templates filled in and imported (a good .${goodFormat}, a .${badFormat} with a bad row)`, async ({ page }, info) => {
      // Two downloads, two imports (a user's password is hashed per row) and four pages: slow on a loaded machine.
      test.setTimeout(180_000);
      const s = stamp(js);
      const u = `${s}0`;
      const fields = c.def.importColumns!.map((col) => col.field);
      const row = (values: Record<string, string>, base: string[]) => fields.map((f, i) => values[f] ?? base[i]!);
      await login(page, phoneOf(c.role));
      await page.goto(`${c.def.page}/import`);

      // A good file: its row is listed afterwards.
      const good = await template(page, goodFormat);
      const goodFile = await writeSheet(info.outputDir, "good", goodFormat, [good.header, row(c.good(u), good.example)]);
      await page.locator("#import-file").setInputFiles(goodFile);
      await page.getByTestId("import-submit").click();
      await importDone(page).toHaveURL(new RegExp(`${c.def.page}(\\?.*)?$`));
      // The toast stays in the page's HTML without JavaScript (with it, it may be gone before a busy machine looks).
      if (!js) await expectToast(page, /^已导入 1 /);
      const { query, text } = c.listed(u);
      await page.goto(`${c.def.page}${query ? `?${query}` : ""}`);
      await expect(page.getByTestId("resource-row").filter({ hasText: text })).toHaveCount(1);

      // A file with a good row and a bad one: the bad row's error (row 3, its column), and nothing imported.
      await page.goto(`${c.def.page}/import`);
      const bad = await template(page, badFormat);
      const v = `${s}1`;
      const [badField, badValue] = c.bad;
      const badFile = await writeSheet(info.outputDir, "bad", badFormat, [
        bad.header,
        row(c.good(v), bad.example),
        row({ ...c.good(`${s}2`), [badField]: badValue }, bad.example),
      ]);
      await page.locator("#import-file").setInputFiles(badFile);
      await page.getByTestId("import-submit").click();
      const report = page.getByTestId("import-report");
      await importDone(report).toContainText("导入失败");
      const label = bad.header[fields.indexOf(badField)]!;
      await expect(report.getByRole("listitem")).toHaveText([new RegExp(`^第 3 行: ${label}`)]);
      const other = c.listed(v);
      await page.goto(`${c.def.page}${other.query ? `?${other.query}` : ""}`);
      await expect(page.getByTestId("resource-row").filter({ hasText: other.text })).toHaveCount(0);
    });
  }
}
