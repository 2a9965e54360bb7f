import { addDays, mondayOf, todayCn } from "@contract/daily/time";
import { fillRequest } from "../applicant-form";
import { expectToast, recordToasts } from "../../fixtures/e2e";
import { expect, journey, onEachScreen, ready, unique } from "./journey";

/**
 * The admissions teacher (role 12, 林燕, user 12): an applicant comes through the link the teacher handed out
 * (`introducerId=12`), signs in with the WeChat stand-in and asks for a campus tour; the teacher finds the new
 * customer in 客户列表 (a referral of hers), records a communication and books an interview from the customer's page,
 * and sees the interview in the appointments' week view, whose entry leads back to the customer.
 */
const TEACHER = "13800000012";
const TEACHER_NAME = "林燕";
const LINK = "/admission/wx/login?kindergartenId=1&introducerId=12";

journey.beforeEach(({ page }) => recordToasts(page));

onEachScreen(() => {
  journey(
    "an applicant from the teacher's link becomes her customer: a communication, an interview, the week view",
    async ({ page, signIn, see, tr, openMenu, js, baseURL, display }) => {
      const kid = unique(tr("申请宝宝", "Kid "));
      // A phone no demo customer has (136…: the demo data uses 135, 138 and 139).
      const phone = `136${String(Date.now()).slice(-8)}`;
      const today = todayCn();

      // The applicant: the link, WeChat's authorisation (the stand-in), the phone confirmed, the request.
      await page.context().addCookies([{ name: "lng", value: display.lang, url: baseURL! }]);
      await page.goto(LINK);
      await expect(page.getByTestId("applicant-login-kindergarten")).not.toBeEmpty();
      await see();
      await ready(page, js);
      await page.getByTestId("wx-authorize").click();
      await expect(page).toHaveURL(/wechat-sandbox\/authorize/);
      await page.locator("#nickname").fill(tr("申请妈妈", "Applicant mum"));
      await page.locator("#phone").fill(phone);
      await page.locator("button[type=submit]").click();
      await expect(page.getByLabel(tr("微信绑定的手机号", "Phone bound to WeChat"))).toHaveValue(phone);
      await see();
      await ready(page, js);
      await page.getByRole("button", { name: tr("确认并登录", "Confirm and log in") }).click();
      await expect(page).toHaveURL(/\/admission\/wx\/introduction$/);
      await expect(page.getByText(tr("由幼儿园老师推荐", "Recommended by a teacher of the kindergarten"))).toBeVisible();
      await see();
      const visit = addDays(today, 2);
      await ready(page, js);
      await fillRequest(page, { kidName: kid, date: visit });
      await page.getByTestId("applicant-submit").click();
      await expect(page).toHaveURL(/\?sent=\d+$/);
      await expect(page.getByTestId("applicant-sent")).toContainText(kid);
      await see();

      // The teacher: the new customer in her list, a referral of hers.
      await page.context().clearCookies();
      await signIn(TEACHER);
      await openMenu(tr("招生管理", "Admissions"), tr("客户列表", "Customers"));
      await expect(page.getByTestId("page-title")).toContainText(tr("客户列表", "Customers"));
      await see();
      await ready(page, js);
      await page.getByTestId("filter-keyword").fill(kid);
      await page.getByTestId("filter-submit").click();
      await expect(page).toHaveURL(/[?&]keyword=/);
      const row = page.getByTestId("resource-row").filter({ hasText: kid });
      await expect(row).toHaveCount(1);
      await expect(row.locator('td[data-field="phone"]')).toHaveText(phone);
      await expect(row.locator('td[data-field="source"]')).toHaveText(tr("转介绍", "Referral"));
      await expect(row.locator('td[data-field="stage"]')).toHaveText(tr("新客户", "New"));
      await see();
      await row.getByTestId("row-view").click();
      await expect(page.locator('dd[data-field="introducerName"]')).toHaveText(TEACHER_NAME);
      const timeline = page.getByTestId("customer-timeline");
      await expect(timeline.locator('li[data-kind="appointment"]')).toContainText(visit);
      await see();
      const customerPath = new URL(page.url()).pathname;

      // A communication record from the customer's page: the form opens with the customer chosen.
      await page.getByTestId("customer-add-communication").click();
      await expect(page).toHaveURL(/\/admission\/communicationRecordList\/new\?/);
      const talk = page.getByTestId("resource-form");
      await expect(talk.getByLabel(tr("客户", "Customer"), { exact: true }).locator("option:checked")).toContainText(kid);
      await see();
      await ready(page, js);
      await talk.getByLabel(tr("日期", "Date"), { exact: true }).fill(today);
      await talk.getByLabel(tr("方式", "Method"), { exact: true }).selectOption("phone");
      const said = tr("电话介绍了课程安排", "Talked about the timetable on the phone");
      await talk.getByLabel(tr("内容", "Content"), { exact: true }).fill(said);
      await talk.getByLabel(tr("下一步", "Next step"), { exact: true }).fill(tr("约面谈", "Book an interview"));
      await page.getByTestId("form-submit").click();
      await expect(page).toHaveURL(/\/admission\/communicationRecordList\?customerId=\d+$/);
      await expectToast(page, tr("已创建", "Created"));
      await expect(page.getByTestId("resource-row").filter({ hasText: said })).toHaveCount(1);
      await see();

      // Back on the customer's page: the communication and the stage it moved to.
      await page.getByTestId("customer-back").click();
      await expect(page).toHaveURL((u) => u.pathname === customerPath);
      await expect(timeline.locator('li[data-kind="communication"]').first()).toContainText(said);
      await expect(timeline.locator('li[data-kind="stage"]').filter({ hasText: tr("新客户 → 已联系", "New → Contact made") })).toHaveCount(1);
      await see();

      // An interview the day after tomorrow… at 15:30, with her.
      const interview = addDays(today, 3);
      await page.getByTestId("customer-add-appointment").click();
      await expect(page).toHaveURL(/\/admission\/appointmentList\/new\?/);
      const book = page.getByTestId("resource-form");
      await expect(book.getByLabel(tr("客户", "Customer"), { exact: true }).locator("option:checked")).toContainText(kid);
      await ready(page, js);
      await book.getByLabel(tr("类型", "Kind"), { exact: true }).selectOption("interview");
      await book.getByLabel(tr("日期", "Date"), { exact: true }).fill(interview);
      await book.getByLabel(tr("时间", "Time"), { exact: true }).fill("15:30");
      const teacher = book.getByLabel(tr("接待老师", "Teacher"), { exact: true });
      await teacher.selectOption((await teacher.locator("option").filter({ hasText: TEACHER_NAME }).first().getAttribute("value"))!);
      await see();
      await page.getByTestId("form-submit").click();
      await expect(page).toHaveURL(/\/admission\/appointmentList\?customerId=\d+$/);
      await expectToast(page, tr("已创建", "Created"));
      const booked = page.getByTestId("resource-row").filter({ hasText: interview });
      await expect(booked.locator('td[data-field="time"]')).toHaveText("15:30");
      await expect(booked.locator('td[data-field="kind"]')).toHaveText(tr("面谈", "Interview"));
      await expect(page.getByTestId("customer-back")).toBeVisible();
      await see();

      // The week view: this week's, then the next one's if the interview falls there.
      await page.getByTestId("view-week").click();
      await expect(page.getByTestId("appointment-schedule")).toHaveAttribute("data-view", "week");
      if (mondayOf(interview) !== mondayOf(today)) await page.getByTestId("period-next").click();
      const day = page.locator(`[data-testid="week-day"][data-date="${interview}"]`);
      const entry = day.getByTestId("appointment").filter({ hasText: kid });
      await expect(entry.getByTestId("appointment-time")).toHaveText("15:30");
      await expect(entry).toContainText(tr("面谈", "Interview"));
      await expect(entry.getByTestId("state-badge")).toHaveText(tr("待完成", "To be done"));
      // The applicant's own tour request is on her schedule too, on its day.
      const tourDay = page.locator(`[data-testid="week-day"][data-date="${visit}"]`);
      if ((await tourDay.count()) > 0) await expect(tourDay.getByTestId("appointment").filter({ hasText: kid })).toContainText(tr("参观校园", "Campus tour"));
      await see();
      await entry.getByTestId("appointment-customer").click();
      await expect(page).toHaveURL((u) => u.pathname === customerPath);
      await expect(timeline.locator('li[data-kind="appointment"]').filter({ hasText: tr("面谈", "Interview") })).toContainText(`${interview} 15:30`);
      await see();
    },
  );
});
