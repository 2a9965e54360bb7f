import { expectToast, recordToasts } from "../../fixtures/e2e";
import { expect, journey, onEachScreen, ready, unique, withoutJavaScript } from "./journey";
import { expectLoaded, nowCn, photos, search, todayCn, wholeToast } from "./staff-steps";

/**
 * The health doctor (role 7, 赵婷, kindergarten 1, bound to the children of 托一班/托二班). Her pages: Home, the student
 * files of her children (read only), 喂药, notices, entrust messages, forms. The health record the product lets her
 * write is the medication request (喂药申请: child, medicine, dose, times, a photo of the package), which she records
 * when a parent hands the medicine in; she cannot change a student file, and the baby-sitting health sheet is the class
 * teacher's. So her day: she reads the child's allergies in his file, records the parent's request (with the photo of
 * the package), finds it through Home's "medication due today", gives the dose and marks it given (who and when are
 * recorded), and opens the record. Without JavaScript the same steps (the photo goes up with the form).
 */
const DOCTOR = "13800000007";
const DOCTOR_NAME = "赵婷";
/** A child bound to the doctor, with a peanut allergy in the demo data. */
const CHILD = "朱明哲";

function doctorJourney(name: string) {
  journey(name, async ({ page, signIn, see, tr, openMenu, js }) => {
    journey.setTimeout(90_000);
    const [packagePhoto] = await photos("med");
    if (js) await recordToasts(page);
    await signIn(DOCTOR);
    await expect(page).toHaveURL(/\/Home$/);
    await see();

    // 1. The child's file: his allergy, before the medicine.
    await openMenu(tr("学生管理", "Students"), tr("学生档案", "Student files"));
    await expect(page.getByTestId("page-title")).toHaveText(tr("学生档案", "Student files"));
    await expect(page.getByTestId("create-button")).toHaveCount(0);
    await see();
    await search(page, CHILD);
    const file = page.getByTestId("resource-row").filter({ hasText: tr("托一班", "Pre 1") });
    await expect(file).toHaveCount(1);
    await file.getByTestId("row-view").click();
    await expect(page).toHaveURL(/\/student\/studentFile\/\d+/);
    await expect(page.locator("main")).toContainText(tr("花生", "Peanuts"));
    await expect(page.getByTestId("row-edit")).toHaveCount(0);
    await see();

    // 2. The parent hands the medicine in: she records the request with a photo of the package.
    await openMenu(tr("日常管理", "Daily"), tr("喂药", "Medication"));
    await expect(page.getByTestId("page-title")).toHaveText(tr("喂药", "Medication"));
    await see();
    await page.getByTestId("create-button").click();
    await expect(page).toHaveURL(/\/daily\/medication\/new/);
    await ready(page, js);
    const form = page.getByTestId("resource-form");
    const medicine = unique(tr("小儿止咳糖浆", "Cough syrup "));
    await form.getByLabel(tr("幼儿", "Child")).selectOption({ label: tr(`${CHILD}（托一班）`, `${CHILD} (Pre 1)`) });
    await form.getByLabel(tr("日期", "Date")).fill(todayCn());
    await form.getByLabel(tr("药品名称", "Medicine")).fill(medicine);
    await form.getByLabel(tr("剂量", "Dose")).fill("5 ml");
    // A dose now: the request is due now.
    await form.getByLabel(tr("喂药时间", "Times")).fill(nowCn());
    await page.getByTestId("file-input-photoFileId").setInputFiles(packagePhoto);
    // With JavaScript the photo goes up at once: she saves when it is there.
    if (js) {
      await expectLoaded(page.getByTestId("file-preview-photoFileId"), 1);
      await expect(page.getByTestId("file-uploaded-photoFileId")).toBeVisible();
    }
    await form.getByLabel(tr("备注", "Note")).fill(tr("饭后服用", "After the meal"));
    await see();
    await page.getByTestId("form-submit").click();
    await expect(page).toHaveURL(/\/daily\/medication(\?|$)/);
    await expectToast(page, wholeToast(tr("已创建", "Created")));
    await see();

    // 3. Home counts it among today's medication; its link opens today's list, where she finds it.
    await openMenu(null, tr("首页", "Home"));
    await expect(page).toHaveURL(/\/Home$/);
    const due = page.getByRole("link", { name: new RegExp(tr("今日待喂药", "Medication due today")) });
    await expect(due).toBeVisible();
    await see();
    await due.click();
    await expect(page).toHaveURL(/\/daily\/medication\?.*status=todo/);
    await search(page, medicine);
    const row = page.getByTestId("resource-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(CHILD);
    await expect(row).toContainText(tr("待喂药", "To be done"));
    await expectLoaded(row.getByTestId("cell-thumbnail"), 1);
    await see();

    // 4. She gives the dose and marks it given.
    await ready(page, js);
    await row.getByTestId("row-give").click();
    if (!js) await expect(page).toHaveURL(/\/daily\/medication\/\d+\/give/);
    await expect(
      page.locator("main, [data-testid=confirm-dialog]").getByText(tr(`确定将“${medicine}”标记为已喂药吗？`, `Mark given "${medicine}"?`)),
    ).toBeVisible();
    const comment = tr("饭后喂服，孩子已全部服下。", "Given after lunch, all taken.");
    await page.getByTestId("action-comment").fill(comment);
    await see();
    await page.getByTestId("confirm-give").click();
    await expect(page.getByTestId("confirm-dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/daily\/medication\?/);
    await expectToast(page, wholeToast(tr("已喂药 1 条", "Mark given: applied to 1 item")));
    // Done: it leaves the list of what is to be done; all of today shows it given, by her, now.
    await expect(page.getByTestId("resource-row")).toHaveCount(0);
    await page.getByTestId("filter-status").selectOption({ label: tr("已完成", "Done") });
    await page.getByTestId("filter-submit").click();
    const given = page.getByTestId("resource-row").filter({ hasText: medicine });
    await expect(given).toHaveCount(1);
    await expect(given).toContainText(tr("已完成", "Done"));
    await expect(given).toContainText(DOCTOR_NAME);
    await expect(given).toContainText(todayCn());
    await see();
    await given.getByTestId("row-view").click();
    await expect(page).toHaveURL(/\/daily\/medication\/\d+/);
    await expect(page.locator("main")).toContainText(medicine);
    await expect(page.locator("main")).toContainText(DOCTOR_NAME);
    await expect(page.locator("main")).toContainText(comment);
    await see();
  });
}

onEachScreen(() => doctorJourney("doctor reads a child's allergy, records the parent's medication request and marks the dose given"));
withoutJavaScript(() => doctorJourney("doctor records and gives a medication without JavaScript"));
