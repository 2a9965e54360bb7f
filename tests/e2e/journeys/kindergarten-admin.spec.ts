import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import type { Locator, Page } from "@playwright/test";
import { addDays, todayCn } from "@contract/daily/time";
import { expectToast, recordToasts } from "../../fixtures/e2e";
import { IMPORT_CASES, importDone, template, writeSheet, type Format } from "../imports";
import { expect, journey, onEachScreen, ready, unique, withoutJavaScript, type Screen } from "./journey";

/**
 * The kindergarten admin (role 5, kindergarten 1) on a working day: enrols a new child with a photo and finds her in the
 * student files with the photo showing; takes the attendance of the child's class (one save for the class) and sees the
 * marks saved; imports a user and a student from the templates the import pages offer; puts the new child on a school
 * bus ("乘车幼儿", the riders of a bus on /bus/schoolBus: what the admin calls the bus riders; /user/busTeacher binds
 * the accompanying teachers, not children) and sees the bus in her student file; and gives the child a student IC card
 * (a device record of /device/studentIc). Without JavaScript: the new child, the attendance and both imports.
 */
const ADMIN = "13800000005";
const CLASS = { zh: "大二班", en: "Senior 2" };

type Steps = {
  page: Page;
  see: () => Promise<void>;
  tr: (zh: string, en: string) => string;
  openMenu: (section: string | null, pageName: string) => Promise<void>;
  js: boolean;
  screen: Screen;
};

/** A run's own digits: the screen (3 Chinese, 4 English, 5 without JavaScript) and the time, 8 digits in all. */
const digits = (run: number) => `${run}${String(Date.now()).slice(-7)}`;
const runOf = (s: Steps) => (!s.js ? 5 : s.screen.lang === "zh" ? 3 : 4);

/** The list's keyword search, as a user types it; waits for the list it asks for (not the one on the screen before). */
async function search(page: Page, keyword: string) {
  await page.getByTestId("filter-keyword").fill(keyword);
  await page.getByTestId("filter-submit").click();
  await expect(page).toHaveURL(new RegExp(`[?&]keyword=${encodeURIComponent(keyword)}(&|$)`));
}

/** A photo as a camera would give it: a JPEG made here. */
async function photoFile(dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "child.jpg");
  writeFileSync(
    file,
    await sharp({ create: { width: 240, height: 320, channels: 3, background: { r: 230, g: 180, b: 120 } } })
      .jpeg()
      .toBuffer(),
  );
  return file;
}

/** Student files → New: the child with her photo, in the class, at school; then found in the list with the photo. */
async function enrolChild({ page, see, tr, openMenu, js }: Steps, name: string, dir: string) {
  await openMenu(tr("学生管理", "Students"), tr("学生档案", "Student files"));
  await expect(page.getByTestId("page-title")).toHaveText(tr("学生档案", "Student files"));
  await see();
  await page.getByTestId("create-button").click();
  await expect(page.getByTestId("page-title")).toHaveText(tr("新增学生", "New student"));
  await ready(page, js);
  const form = page.getByTestId("resource-form");
  await form.getByLabel(tr("姓名", "Name"), { exact: true }).fill(name);
  await form.getByLabel(tr("性别", "Gender"), { exact: true }).selectOption({ label: tr("女", "Female") });
  await form.getByLabel(tr("出生日期", "Birth date"), { exact: true }).fill("2021-04-18");
  await form.getByLabel(tr("国籍", "Nationality"), { exact: true }).fill(tr("中国", "China"));
  await page.getByTestId("file-input-photoFileId").setInputFiles(await photoFile(dir));
  // With JavaScript the photo goes up at once and is shown before saving.
  if (js) await expect(page.getByTestId("file-preview-photoFileId")).toBeVisible();
  await form.getByLabel(tr("班级", "Class"), { exact: true }).selectOption({ label: tr(CLASS.zh, CLASS.en) });
  await form.getByLabel(tr("状态", "Status"), { exact: true }).selectOption({ label: tr("在园", "At school") });
  await form.getByLabel(tr("母亲姓名", "Mother's name"), { exact: true }).fill(tr("王晓梅", "Xiaomei Wang"));
  await form.getByLabel(tr("母亲电话", "Mother's phone"), { exact: true }).fill(`136${String(Date.now()).slice(-8)}`);
  await form.getByLabel(tr("母亲单位", "Mother's company"), { exact: true }).fill(tr("阳光医院", "Sunshine Hospital"));
  await form.getByLabel(tr("母亲职位", "Mother's position"), { exact: true }).fill(tr("护士", "Nurse"));
  await form.getByLabel(tr("母亲邮箱", "Mother's email"), { exact: true }).fill("mother@example.com");
  await see();
  await page.getByTestId("form-submit").click();
  await expect(page).toHaveURL(/\/student\/studentFile(\?|$)/);
  await see();

  await search(page, name);
  const row = page.getByTestId("resource-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name);
  await expect(row).toContainText(tr(CLASS.zh, CLASS.en));
  await expect(row).toContainText(tr("在园", "At school"));
  await expect(row).toContainText(tr("已上传", "Uploaded"));
  const thumb = row.getByTestId("cell-thumbnail");
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
  await see();
}

/** Student attendance: the class's day, the new child absent with a remark, one save for the class; the marks are kept. */
async function takeAttendance({ page, see, tr, openMenu, js }: Steps, child: string, date: string, remark: string) {
  await openMenu(tr("学生管理", "Students"), tr("学生考勤", "Student attendance"));
  await expect(page.getByTestId("page-title")).toHaveText(tr("学生考勤", "Student attendance"));
  await see();
  await ready(page, js);
  const filter = page.getByTestId("attendance-filter");
  await filter.getByLabel(tr("班级", "Class"), { exact: true }).selectOption({ label: tr(CLASS.zh, CLASS.en) });
  await filter.getByLabel(tr("日期", "Date"), { exact: true }).fill(date);
  await filter.getByRole("button", { name: tr("查看", "Show") }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]classId=\\d+&date=${date}(&|$)`));
  const rows = page.locator('[data-testid^="att-row-"]');
  const mine = rows.filter({ hasText: child });
  await expect(mine).toHaveCount(1);
  await see();
  await ready(page, js);
  await mine.getByTestId("att-status").selectOption("absent");
  await mine.getByTestId("att-remark").fill(remark);
  await page.getByTestId("attendance-save-class").click();
  await expectToast(page, tr("全班考勤已保存", "Attendance of the class saved"));
  // The saved marks: the child absent, everybody else recorded (present unless marked before), the change with its remark.
  await expect(mine.locator("td").nth(1)).toHaveText(tr("缺勤", "Absent"));
  await expect(page.getByTestId("count-not_arrived")).toHaveText(/: 0$/);
  await expect(page.getByTestId("attendance-changes")).toContainText(remark);
  await see();
  // The month grid keeps it.
  await page.getByTestId("tab-month").click();
  await expect(page.getByTestId("attendance-month").locator("tbody tr").filter({ hasText: child })).toContainText(tr("×", "A"));
  await see();
}

/**
 * An import as the admin does it: the list's Import button, the template downloaded through the page's link, one row
 * filled with exceljs (or as CSV text), uploaded through the page; the imported row is listed.
 */
async function importOne(s: Steps, kind: "users" | "students", u: string, dir: string, format: Format) {
  const { page, see, tr, openMenu } = s;
  const c = IMPORT_CASES.find((x) => x.def.name === kind)!;
  if (kind === "users") await openMenu(tr("用户管理", "User management"), tr("用户管理", "Users"));
  else await openMenu(tr("学生管理", "Students"), tr("学生档案", "Student files"));
  await page.getByTestId("import-button").click();
  await expect(page.getByTestId("import-page")).toBeVisible();
  await see();
  const sheet = await template(page, format);
  const values = c.good(u);
  const fields = c.def.importColumns!.map((col) => col.field);
  const row = fields.map((f, i) => values[f] ?? sheet.example[i]!);
  const file = await writeSheet(dir, `${kind}-${u}`, format, [sheet.header, row]);
  await page.locator("#import-file").setInputFiles(file);
  await page.getByTestId("import-submit").click();
  await importDone(page).toHaveURL(new RegExp(`${c.def.page}(\\?.*)?$`));
  // "1 user imported", not "1 users imported".
  await expectToast(page, kind === "users" ? tr("已导入 1 个用户", "1 user imported") : tr("已导入 1 条", "1 item imported"));
  await see();
  const { text } = c.listed(u);
  await search(page, u);
  await expect(page.getByTestId("resource-row")).toHaveCount(1);
  await expect(page.getByTestId("resource-row")).toContainText(text);
  await see();
}

/** Chooses the child in a list of children (its option also names her class). */
async function chooseChild(select: Locator, child: string) {
  const valueOf = () => select.evaluate((el: HTMLSelectElement, name) => [...el.options].find((o) => o.text.includes(name))?.value ?? null, child);
  await expect.poll(valueOf, { message: `${child} is offered` }).not.toBeNull();
  await select.selectOption((await valueOf())!);
}

/** School buses → the first bus's riders ("乘车幼儿"): the new child added at a station with her distance. */
async function addBusRider({ page, see, tr, openMenu }: Steps, child: string) {
  await openMenu(tr("校车", "School buses"), tr("校车管理", "School buses"));
  await expect(page.getByTestId("page-title")).toHaveText(tr("校车管理", "School buses"));
  await see();
  const bus = page.getByTestId("resource-row").first();
  const busName = (await bus.locator('[data-field="name"]').innerText()).trim();
  await bus.locator('[data-testid^="riders-"]').click();
  await expect(page).toHaveURL(/\/bus\/schoolBus\/\d+\/riders$/);
  await see();
  const add = page.getByTestId("add-rider");
  // The labels wrap their selects: the accessible name is the control's.
  await chooseChild(add.getByRole("combobox", { name: tr("幼儿", "Child"), exact: true }), child);
  await add.getByRole("combobox", { name: tr("站点", "Station"), exact: true }).selectOption({ index: 1 });
  await add.getByRole("spinbutton", { name: tr("往返距离（公里）", "Round trip (km)"), exact: true }).fill("6.5");
  await add.getByRole("button", { name: tr("安排乘车", "Assign to bus") }).click();
  const rider = page.getByTestId("riders-table").locator("tbody tr").filter({ hasText: child });
  await expect(rider).toHaveCount(1);
  await expect(rider).toContainText(tr(CLASS.zh, CLASS.en));
  await expect(rider.locator('[data-testid^="band-"]')).toHaveText(tr("10 公里以内", "Under 10 km"));
  await see();

  // Her student file says which bus she rides.
  await openMenu(tr("学生管理", "Students"), tr("学生档案", "Student files"));
  await search(page, child);
  await page.getByTestId("resource-row").getByRole("link", { name: child }).click();
  await expect(page.getByTestId("detail-page")).toContainText(busName);
  await see();
}

/** Student IC cards → New: a card for the new child; listed with her name. */
async function addIcCard({ page, see, tr, openMenu }: Steps, child: string, card: string) {
  await openMenu(tr("设备管理", "Devices"), tr("学生IC卡", "Student IC cards"));
  await see();
  await page.getByTestId("create-button").click();
  const form = page.getByTestId("resource-form");
  await chooseChild(form.getByLabel(tr("幼儿", "Child"), { exact: true }), child);
  await form.getByLabel(tr("IC卡号", "IC card number"), { exact: true }).fill(card);
  await page.getByTestId("form-submit").click();
  await expect(page).toHaveURL(/\/device\/studentIc(\?|$)/);
  await search(page, card);
  const row = page.getByTestId("resource-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(card);
  await expect(row).toContainText(child);
  await see();
}

onEachScreen(() => {
  journey(
    "kindergarten admin enrols a child with a photo, takes her class's attendance, imports a user and a student, puts the child on a bus and gives her an IC card",
    async ({ page, signIn, see, tr, openMenu, js, display: screen }, info) => {
      journey.setTimeout(120_000);
      await recordToasts(page);
      const s = { page, see, tr, openMenu, js, screen };
      const run = runOf(s);
      const child = unique(tr("新生", "Kid"));
      await signIn(ADMIN);
      await expect(page).toHaveURL(/\/Home$/);
      await see();

      await enrolChild(s, child, info.outputDir);
      // A past day of its own per run: no other spec saves this class on it.
      await takeAttendance(s, child, addDays(todayCn(), -20 - run), unique(tr("发烧", "fever")));
      await importOne(s, "users", digits(run), info.outputDir, "xlsx");
      await importOne(s, "students", digits(run), info.outputDir, "xlsx");
      await addBusRider(s, child);
      await addIcCard(s, child, `JA${digits(run)}`);
    },
  );
});

withoutJavaScript(() => {
  journey(
    "without JavaScript the kindergarten admin enrols a child with a photo, takes the class's attendance and imports a user and a student",
    async ({ page, signIn, see, tr, openMenu, js, display: screen }, info) => {
      journey.setTimeout(120_000);
      const s = { page, see, tr, openMenu, js, screen };
      const run = runOf(s);
      const child = unique("新生");
      await signIn(ADMIN);
      await see();
      await enrolChild(s, child, info.outputDir);
      await takeAttendance(s, child, addDays(todayCn(), -20 - run), unique("发烧"));
      await importOne(s, "users", digits(run), info.outputDir, "csv");
      await importOne(s, "students", digits(run), info.outputDir, "xlsx");
    },
  );
});
