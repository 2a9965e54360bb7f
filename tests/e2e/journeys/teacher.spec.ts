import { expectToast, recordToasts } from "../../fixtures/e2e";
import { expect, journey, onEachScreen, ready, unique, withoutJavaScript } from "./journey";
import { expectLoaded, photos, search, secondScreen, todayCn, wholeToast } from "./staff-steps";

/**
 * The class teacher (role 3, 李静, kindergarten 1, class 托一班):
 * 1. writes an observation (观察记录) with two photos, a PNG and a JPEG; finds it in the list with its thumbnail
 *    loaded and "+1", and opens it: both photos load;
 * 2. replies to the message (家长嘱托) a parent (王强, whose 朱明哲 is in her class) has just written on his own
 *    screen, and sees her reply in the list and on the message;
 * 3. posts a photo to the class circle (班级圈) and sees the post with its thumbnail;
 * and the parent, on his screen, finds both under 动态与提醒: the reply (its link opens the message) and the post
 * with its photo. Without JavaScript the same steps: the photos go up with the form (multipart), the reply is the
 * confirmation page's field.
 */
const TEACHER = "13800000003";
const PARENT = "13800000004";
const TEACHER_NAME = "李静";
/** The parent's child in the teacher's class. */
const CHILD = "朱明哲";

function teacherJourney(name: string) {
  journey(name, async ({ page, browser, baseURL, display: screen, signIn, see, tr, openMenu, js, consoleErrors }) => {
    journey.setTimeout(90_000);
    const [png, jpg] = await photos("obs");
    if (js) await recordToasts(page);
    await signIn(TEACHER);
    await expect(page).toHaveURL(/\/Home$/);
    await see();

    // 1. An observation with two photos.
    await openMenu(tr("教学管理", "Teaching"), tr("观察记录", "Observations"));
    await expect(page.getByTestId("page-title")).toHaveText(tr("观察记录", "Observations"));
    await see();
    await page.getByTestId("create-button").click();
    await expect(page).toHaveURL(/\/teaching\/anecdoteFile\/new/);
    await ready(page, js);
    const form = page.getByTestId("resource-form");
    const title = unique(tr("搭桥观察 ", "Bridge building "));
    await form.getByLabel(tr("标题", "Title")).fill(title);
    await form.getByLabel(tr("班级", "Class")).selectOption({ index: 1 });
    await form.getByLabel(tr("日期", "Date")).fill(todayCn());
    const content = tr("两个孩子合作用积木搭了一座桥，并互相讲解。", "Two children built a bridge of blocks together and explained it to each other.");
    await form.getByLabel(tr("内容", "Content")).fill(content);
    await page.getByTestId("file-input-imageFileIds").setInputFiles([png, jpg]);
    // With JavaScript the two photos chosen are shown before saving.
    if (js) await expectLoaded(page.getByTestId("images-chosen-imageFileIds").locator("img"), 2);
    await see();
    await page.getByTestId("form-submit").click();
    await expect(page).toHaveURL(/\/teaching\/anecdoteFile(\?|$)/);
    await expectToast(page, wholeToast(tr("已创建", "Created")));
    await search(page, title);
    const row = page.getByTestId("resource-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(TEACHER_NAME);
    await expect(row).toContainText(tr("草稿", "Draft"));
    await expect(row.getByTestId("cell-more-images")).toHaveText("+1");
    await expectLoaded(row.getByTestId("cell-thumbnail"), 1);
    await see();
    await row.getByRole("link", { name: title }).click();
    await expect(page).toHaveURL(/\/teaching\/anecdoteFile\/\d+/);
    await expect(page.locator("main")).toContainText(title);
    await expect(page.locator("main")).toContainText(content);
    await expectLoaded(page.getByTestId("images-gallery").locator("img"), 2);
    await see();

    // 2. The parent, on his own screen, writes today's message for his child; the teacher replies to it.
    const parent = await secondScreen(browser, { baseURL: baseURL!, screen, js, phone: PARENT, consoleErrors });
    await parent.openMenu(tr("日常管理", "Daily"), tr("家长嘱托", "Entrust messages"));
    await parent.page.getByTestId("create-button").click();
    await expect(parent.page).toHaveURL(/\/daily\/entrust\/new/);
    await ready(parent.page, js);
    const entrustForm = parent.page.getByTestId("resource-form");
    const message = unique(tr("今天下午外婆来接，请老师核对。", "Grandma picks him up today. "));
    const child = entrustForm.getByLabel(tr("幼儿", "Child"));
    await child.selectOption((await child.locator("option", { hasText: CHILD }).first().getAttribute("value"))!);
    await entrustForm.getByLabel(tr("日期", "Date")).fill(todayCn());
    await entrustForm.getByLabel(tr("嘱托内容", "Message")).fill(message);
    await parent.page.getByTestId("form-submit").click();
    await expect(parent.page).toHaveURL(/\/daily\/entrust(\?|$)/);
    await expect(parent.page.getByTestId("resource-row").filter({ hasText: message })).toContainText(tr("待确认", "To be confirmed"));
    await parent.see();

    await openMenu(tr("日常管理", "Daily"), tr("家长嘱托", "Entrust messages"));
    await expect(page.getByTestId("page-title")).toHaveText(tr("家长嘱托", "Entrust messages"));
    await see();
    await search(page, message);
    const entrust = page.getByTestId("resource-row");
    await expect(entrust).toHaveCount(1);
    await expect(entrust).toContainText(CHILD);
    await expect(entrust).toContainText(tr("待确认", "To be confirmed"));
    await entrust.getByTestId("row-confirm").click();
    // With JavaScript a dialog, without it the action's page: the same reply field and button.
    if (!js) await expect(page).toHaveURL(/\/daily\/entrust\/\d+\/confirm/);
    const reply = unique(tr("好的，已核对外婆的接送信息。", "Noted, grandma is on the pick-up list. "));
    await page.getByTestId("action-comment").fill(reply);
    await see();
    await page.getByTestId("confirm-confirm").click();
    await expect(page.getByTestId("confirm-dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/daily\/entrust(\?|$)/);
    await expectToast(page, wholeToast(tr("已确认 1 条", "Confirm: applied to 1 item")));
    const confirmed = page.getByTestId("resource-row").filter({ hasText: message });
    await expect(confirmed).toContainText(tr("已确认", "Confirmed"));
    await expect(confirmed).toContainText(reply);
    await expect(confirmed).toContainText(TEACHER_NAME);
    await see();
    await confirmed.getByRole("link", { name: CHILD }).click();
    await expect(page).toHaveURL(/\/daily\/entrust\/\d+/);
    await expect(page.locator("main")).toContainText(message);
    await expect(page.locator("main")).toContainText(reply);
    await see();

    // 3. A class-circle post with a photo.
    await openMenu(tr("日常管理", "Daily"), tr("班级圈", "Class circle"));
    await expect(page.getByTestId("page-title")).toHaveText(tr("班级圈", "Class circle"));
    await see();
    await page.getByTestId("create-button").click();
    await expect(page).toHaveURL(/\/daily\/classCircle\/new/);
    await ready(page, js);
    // Her only class is chosen for her.
    await expect(page.getByTestId("resource-form").getByLabel(tr("班级", "Class"))).not.toHaveValue("");
    const post = unique(tr("今天的户外活动：搭桥比赛 ", "Outdoors today: the bridge contest "));
    await page.locator('textarea[name="content"]').fill(post);
    await page.getByTestId("file-input-imageFileId").setInputFiles(jpg);
    // With JavaScript the photo goes up at once: she saves when it is there.
    if (js) {
      await expectLoaded(page.getByTestId("file-preview-imageFileId"), 1);
      await expect(page.getByTestId("file-uploaded-imageFileId")).toBeVisible();
    }
    await see();
    await page.getByTestId("form-submit").click();
    await expect(page).toHaveURL(/\/daily\/classCircle(\?|$)/);
    await expectToast(page, wholeToast(tr("已创建", "Created")));
    const posted = page.getByTestId("resource-row").filter({ hasText: post });
    await expect(posted).toHaveCount(1);
    await expect(posted).toContainText(TEACHER_NAME);
    await expectLoaded(posted.getByTestId("cell-thumbnail"), 1);
    await see();
    await posted.getByRole("link", { name: post }).click();
    await expect(page).toHaveURL(/\/daily\/classCircle\/\d+/);
    await expect(page.locator("main")).toContainText(post);
    await expectLoaded(page.locator("main img"), 1);
    await see();

    // The parent's updates: the reply (its link opens the message) and the post with its photo.
    await parent.openMenu(tr("日常管理", "Daily"), tr("动态与提醒", "Updates and reminders"));
    await expect(parent.page).toHaveURL(/\/daily\/updates/);
    const news = parent.page.getByTestId("updates-post").filter({ hasText: post });
    await expect(news).toHaveCount(1);
    await expectLoaded(news.locator("img"), 1);
    const replied = parent.page.getByTestId("updates-recent").getByRole("link", { name: `${CHILD}: ${reply}` });
    await expect(replied).toHaveCount(1);
    await parent.see();
    await replied.click();
    await expect(parent.page).toHaveURL(/\/evaluate\/entrust\/\d+/);
    await expect(parent.page.locator("main")).toContainText(message);
    await expect(parent.page.locator("main")).toContainText(reply);
    await expect(parent.page.locator("main")).toContainText(TEACHER_NAME);
    await parent.see();
    await parent.close();
  });
}

onEachScreen(() => teacherJourney("teacher writes an observation with two photos, replies to a parent's message and posts to the class circle"));
withoutJavaScript(() => teacherJourney("teacher's observation with photos, reply and class-circle post without JavaScript"));
