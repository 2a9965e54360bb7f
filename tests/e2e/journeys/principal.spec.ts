import type { Page } from "@playwright/test";
import { addDays, todayCn } from "@contract/daily/time";
import { expectToast, recordToasts } from "../../fixtures/e2e";
import { expect, journey, onEachScreen, ready, unique, withoutJavaScript } from "./journey";

/**
 * The principal (role 1, 13800000001, bound to kindergartens 1 and 2) on a working day: a class teacher has filed a
 * leave note for a child (the journey files it itself, as the teacher, with a remark of its own); the principal follows
 * Home's to-do to the waiting notes, opens that note and passes it, and sees it passed; opens a report from Home and
 * reads its figures, formatted; switches to her other kindergarten and sees its name in the header (and its menu: that
 * kindergarten hides admissions). Without JavaScript: the leave note, filed and passed.
 */
const PRINCIPAL = "13800000001";
const TEACHER = "13800000003";
const KG2 = { zh: "阳光幼儿园（海淀园）", en: "Sunshine Kindergarten (Haidian)" };

type Steps = {
  page: Page;
  see: () => Promise<void>;
  tr: (zh: string, en: string) => string;
  openMenu: (section: string | null, pageName: string) => Promise<void>;
  signIn: (phone: string) => Promise<void>;
  js: boolean;
};
type Note = { student: string; start: string; remark: string };

/** The class teacher files a leave note for a child of her class (Daily → Leave notes (class) → New), then logs out. */
async function teacherFilesNote({ page, see, tr, openMenu, signIn, js }: Steps): Promise<Note> {
  await signIn(TEACHER);
  await openMenu(tr("日常管理", "Daily"), tr("班级请假", "Leave notes (class)"));
  await page.getByTestId("create-button").click();
  await ready(page, js);
  const form = page.getByTestId("resource-form");
  const studentSelect = form.getByLabel(tr("学生", "Student"), { exact: true });
  await studentSelect.selectOption({ index: 1 });
  const student = (await studentSelect.locator("option:checked").innerText()).trim();
  // A day of its own, far enough ahead that no other run files the same child for it.
  const start = addDays(todayCn(), 60 + Math.floor(Math.random() * 600));
  const remark = unique(tr("家里有事", "family matters "));
  await form.getByLabel(tr("类型", "Type"), { exact: true }).selectOption({ label: tr("请假", "Absence") });
  await form.getByLabel(tr("原因", "Reason"), { exact: true }).selectOption({ label: tr("事假", "Personal leave") });
  await form.getByLabel(tr("开始日期", "Start date"), { exact: true }).fill(start);
  await form.getByLabel(tr("结束日期", "End date"), { exact: true }).fill(addDays(start, 1));
  await form.getByLabel(tr("说明", "Remark"), { exact: true }).fill(remark);
  await page.getByTestId("form-submit").click();
  await expect(page).toHaveURL(/\/daily\/leaveNotesTeacher(\?|$)/);
  await see();
  await page.getByRole("button", { name: tr("退出登录", "Log out") }).click();
  await expect(page).toHaveURL(/\/login/);
  return { student: student.replace(/（.*$|\s*\(.*$/, ""), start, remark };
}

/** Home's to-do "leave notes waiting" → the waiting notes → the teacher's note → pass it with a comment; it is passed. */
async function principalPassesNote({ page, see, tr, signIn, js }: Steps, note: Note) {
  await signIn(PRINCIPAL);
  await expect(page).toHaveURL(/\/Home$/);
  const todo = page.locator('[data-testid="home-todo"][data-key="daily:attention.leaveNotesWaiting"]');
  await expect(todo).toContainText(tr("待审批的请假", "Leave notes waiting"));
  await see();
  await todo.getByTestId("home-todo-link").click();
  await expect(page).toHaveURL(/\/daily\/leaveNotesTeacher\?status=waiting$/);
  await expect(page.getByTestId("page-title")).toHaveText(tr("班级请假", "Leave notes (class)"));
  await see();
  // Only the waiting ones, the teacher's among them: found by the child's name and the day.
  await ready(page, js);
  await page.getByTestId("filter-keyword").fill(note.student);
  await page.getByTestId("filter-submit").click();
  await expect(page).toHaveURL(new RegExp(`[?&]keyword=${encodeURIComponent(note.student)}&status=waiting(&|$)`));
  const row = page.getByTestId("resource-row").filter({ hasText: note.start });
  await expect(row).toHaveCount(1);
  await expect(row.locator('[data-field="status"]')).toContainText(tr("待审核", "Waiting"));
  await see();
  await row.getByTestId("row-view").click();
  await expect(page.getByTestId("detail-page")).toContainText(note.remark);
  await see();

  const comment = unique(tr("同意，注意休息", "Approved, rest well "));
  await ready(page, js);
  await page.getByTestId("action-pass").click();
  await page.getByTestId("action-comment").fill(comment);
  await see();
  await page.getByTestId("confirm-pass").click();
  await expectToast(page, tr("已通过 1 条", "Pass: applied to 1 item"));
  // Passed: back on the note (the dialog closes; the confirmation page returns to it), with the principal's comment.
  await expect(page).toHaveURL(/\/daily\/leaveNotesTeacher\/\d+(\?|$)/);
  const detail = page.getByTestId("detail-page");
  await expect(detail).toContainText(note.remark);
  await expect(detail.locator('[data-testid="state-badge"][data-state="passed"]').first()).toBeVisible();
  await expect(detail).toContainText(tr("已通过", "Passed"));
  await expect(detail).toContainText(comment);
  await see();
}

onEachScreen(() => {
  journey(
    "principal follows Home's to-do to a teacher's leave note and passes it, reads a report, and switches to her other kindergarten",
    async ({ page, signIn, see, tr, openMenu, js }) => {
      journey.setTimeout(120_000);
      await recordToasts(page);
      const s = { page, see, tr, openMenu, signIn, js };
      const note = await teacherFilesNote(s);
      await principalPassesNote(s, note);

      // A report Home links to: the annual admissions plan, its completion rates formatted as percentages and each
      // month named whole under its bars (they read "2026-…" twelve times).
      await page.getByTestId("tab").first().click();
      await expect(page).toHaveURL(/\/Home$/);
      await page
        .getByTestId("home-shortcuts")
        .getByRole("link", { name: tr("年度计划", "Annual plan"), exact: true })
        .click();
      await expect(page).toHaveURL(/\/admission\/yearPlan/);
      await expect(page.getByTestId("page-title")).toHaveText(tr("年度计划", "Annual plan"));
      const months = page.getByRole("table").first().locator("tbody tr");
      await expect(months).toHaveCount(12);
      for (const text of await months.locator("td:last-child").allInnerTexts()) expect(text.trim()).toMatch(/^\d{1,3}(\.\d)?%$/);
      const labels = await page.getByTestId("bar-chart").first().locator("g > text[text-anchor=middle]:not([font-size])").allTextContents();
      expect(labels).toEqual(Array.from({ length: 12 }, (_, i) => expect.stringMatching(new RegExp(`^\\d{4}-${String(i + 1).padStart(2, "0")}$`))));
      await see();

      // The other kindergarten: its name in the header, and its menu (kindergarten 2 hides admissions).
      const switcher = page.getByRole("combobox", { name: tr("切换幼儿园", "Switch kindergarten") });
      await ready(page, js);
      await switcher.selectOption({ label: tr(KG2.zh, KG2.en) });
      await expect(page).toHaveURL(/\/Home$/);
      await expectToast(page, tr("已切换幼儿园", "Kindergarten switched"));
      await expect(switcher.locator("option:checked")).toHaveText(tr(KG2.zh, KG2.en));
      await expect(page.getByTestId("home-kindergarten")).toHaveText(tr(KG2.zh, KG2.en));
      const menu = page.getByRole("navigation", { name: tr("主菜单", "Main menu") });
      await expect(menu.getByText(tr("招生管理", "Admissions"), { exact: true })).toHaveCount(0);
      await see();
      // It stays chosen from page to page.
      await openMenu(tr("学生管理", "Students"), tr("学生档案", "Student files"));
      await expect(page.getByTestId("resource-row").first()).toBeVisible();
      await expect(switcher.locator("option:checked")).toHaveText(tr(KG2.zh, KG2.en));
      await see();
    },
  );
});

withoutJavaScript(() => {
  journey("without JavaScript the principal passes a teacher's leave note from Home's to-do", async ({ page, signIn, see, tr, openMenu, js }) => {
    journey.setTimeout(120_000);
    const s = { page, see, tr, openMenu, signIn, js };
    const note = await teacherFilesNote(s);
    await principalPassesNote(s, note);
  });
});
