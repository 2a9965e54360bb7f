import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { expect, test } from "@playwright/test";
import { loginHere } from "../fixtures/e2e";

/**
 * Dynamic forms without JavaScript: a teacher fills the demo template "春游报名" (kindergarten 1). A required field
 * left empty gets its message from the server and nothing is saved; the valid form is saved. An image field is a real
 * upload (multipart, streamed to the API, checked by content) shown as a thumbnail on the answers page.
 */

test("without JavaScript a required field left empty is refused by the server, then the form is saved", async ({ page }) => {
  await page.goto("/daily/form");
  await loginHere(page, "13800000003");
  const outing = page.getByTestId("fillable-forms").locator("tbody tr").filter({ hasText: "春游报名" });
  await expect(outing).toContainText("已提交 1 次");
  await outing.getByRole("link").click();
  await expect(page.getByTestId("page-title")).toHaveText("春游报名");

  await page.getByLabel("希望日期").fill("2026-04-10");
  await page.getByLabel("午餐").selectOption({ label: "自带午餐" });
  await page.getByLabel("采摘").check();
  // Only spaces: the browser's own required check lets it through, the server's schema (trimmed) refuses it.
  await page.getByLabel("幼儿姓名").fill("   ");
  await page.getByTestId("form-submit").click();
  await expect(page.getByTestId("dynamic-form").getByText("此项不能为空")).toBeVisible();
  // The typed values are kept.
  await expect(page.getByLabel("希望日期")).toHaveValue("2026-04-10");

  await page.getByLabel("幼儿姓名").fill("张小雨");
  await page.getByTestId("form-submit").click();
  await expect(page).toHaveURL(/\/daily\/form$/);
  await expect(page.getByTestId("fillable-forms").locator("tbody tr").filter({ hasText: "春游报名" })).toContainText("已提交 2 次");
});

test("without JavaScript the kindergarten admin builds a template with the intent buttons", async ({ page }) => {
  await page.goto("/daily/formTemplate/new");
  await loginHere(page, "13800000005");
  await expect(page.getByTestId("form-builder")).toBeVisible();
  await page.getByLabel("标题").fill("午睡情况");
  await page.getByTestId("builder-add").click();
  await page.getByTestId("builder-add").click();
  // The title typed before the intents is kept; two fields now.
  await expect(page.getByLabel("标题")).toHaveValue("午睡情况");
  await page.getByTestId("builder-field-0").getByLabel("名称（中文）").fill("时长");
  await page.getByTestId("builder-field-1").getByLabel("名称（中文）").fill("入睡情况");
  await page.getByTestId("builder-field-1").getByLabel("名称（英文）").fill("Falling asleep");
  await page.getByTestId("builder-field-1").getByLabel("类型").selectOption({ label: "单选" });
  await page.getByRole("button", { name: "上移 字段 2" }).click();
  await expect(page.getByTestId("builder-field-0").getByLabel("名称（中文）")).toHaveValue("入睡情况");
  // Saving without options for the single choice and without the English label of the other field: messages by the fields.
  await page.getByTestId("form-submit").click();
  await expect(page.getByTestId("builder-field-0")).toContainText("请至少填写一个选项");
  await expect(page.getByTestId("builder-field-1")).toContainText("此项不能为空");
  await page.getByTestId("builder-field-0").getByLabel("选项").fill("很快|Quickly\n较慢|Slowly");
  await page.getByRole("button", { name: "删除 字段 2" }).click();
  await page.getByTestId("form-submit").click();
  await expect(page).toHaveURL(/\/daily\/formTemplate$/);
  await expect(page.getByTestId("resource-row").filter({ hasText: "午睡情况" })).toBeVisible();
});

test("the console streams the Excel exports of a report and of a template's answers through the upstream client", async ({ page }) => {
  await page.goto("/daily/formTemplate");
  await loginHere(page, "13800000005");
  await page.getByTestId("resource-row").filter({ hasText: "春游报名" }).getByRole("link", { name: "填写记录" }).click();
  // The demo answers (the fill test beside this one may add one).
  await expect(page.getByTestId("answer-row").filter({ hasText: "王小明" })).toHaveCount(1);
  const answers = await page.request.get((await page.getByTestId("answers-export").getAttribute("href"))!);
  expect(answers.status()).toBe(200);
  expect(answers.headers()["content-type"]).toContain("spreadsheetml");
  // The statistics report is the super admin's: the kindergarten admin gets the no-permission page.
  expect((await page.request.get("/kindergarten/statistics/export")).status()).toBe(403);
});

test("the super admin downloads the statistics report as Excel from its page", async ({ page }) => {
  await page.goto("/kindergarten/statistics?educationGroupId=2");
  await loginHere(page, "13800000006");
  const href = await page.getByTestId("report-export").getAttribute("href");
  expect(href).toBe("/kindergarten/statistics/export?educationGroupId=2");
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-disposition"]).toContain("statistics-");
});

test("without JavaScript an image answer is uploaded with the form and listed with its thumbnail", async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), "kg-e2e-form-image-"));
  const photo = join(dir, "health.png");
  writeFileSync(
    photo,
    await sharp({ create: { width: 300, height: 200, channels: 3, background: "#2a8" } })
      .png()
      .toBuffer(),
  );
  const fake = join(dir, "fake.png");
  writeFileSync(fake, "not an image at all\n".repeat(20));

  // The principal (a recipient, not the teacher of the test above: its counts stay its own).
  await page.goto("/daily/form");
  await loginHere(page, "13800000001");
  await page.getByTestId("fillable-forms").locator("tbody tr").filter({ hasText: "春游报名" }).getByRole("link").click();
  await page.getByLabel("幼儿姓名").fill("赵小图");
  await page.getByLabel("希望日期").fill("2026-04-12");
  await page.getByLabel("午餐").selectOption({ label: "园内配餐" });
  await page.getByLabel("健康证明照片").setInputFiles(fake);
  await page.getByTestId("form-submit").click();
  await expect(page.getByTestId("file-field-f6").locator("..")).toContainText("文件格式错误");
  await expect(page.getByLabel("幼儿姓名")).toHaveValue("赵小图");

  await page.getByLabel("健康证明照片").setInputFiles(photo);
  await page.getByTestId("form-submit").click();
  await expect(page).toHaveURL(/\/daily\/form$/);

  // The kindergarten admin sees the answer with the image's thumbnail (served through the checked /files route).
  await page.context().clearCookies();
  await page.goto("/daily/formTemplate");
  await loginHere(page, "13800000005");
  await page.getByTestId("resource-row").filter({ hasText: "春游报名" }).getByRole("link", { name: "填写记录" }).click();
  const thumb = page.getByTestId("answer-row").filter({ hasText: "赵小图" }).getByTestId("answer-thumbnail");
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(thumb).toHaveAttribute("alt", /health\.png/);
});

test("without JavaScript the answers page of a template shows the per-field summary above the answers", async ({ page }) => {
  await page.goto("/daily/formTemplate");
  await loginHere(page, "13800000005");
  // The demo template sent to one class's teachers: one answer (6 hours; play-based teaching and first aid).
  await page.getByTestId("resource-row").filter({ hasText: "教师培训需求" }).getByRole("link", { name: "填写记录" }).click();
  const summary = page.getByTestId("answers-summary");
  await expect(summary.getByRole("heading", { name: "统计" })).toBeVisible();
  const hours = summary.getByTestId("summary-field").filter({ hasText: "培训时长（小时）" });
  await expect(hours).toContainText("平均值6");
  const topics = summary.getByTestId("summary-field").filter({ hasText: "希望的主题" });
  await expect(topics).toContainText("游戏化教学1 (100%)");
  await expect(topics).toContainText("家园沟通0 (0%)");
});

test("without JavaScript the builder shows and keeps the chosen recipients", async ({ page }) => {
  await page.goto("/daily/formTemplate");
  await loginHere(page, "13800000005");
  await page.getByTestId("resource-row").filter({ hasText: "教师培训需求" }).getByRole("link", { name: "填写记录" }).click();
  await page.goto(`${new URL(page.url()).pathname}/edit`);
  const recipients = page.getByTestId("builder-recipients");
  const roles = recipients.getByRole("group", { name: "角色" });
  await expect(roles.getByRole("checkbox", { name: "老师", exact: true })).toBeChecked();
  await expect(roles.getByRole("checkbox", { name: "园长", exact: true })).not.toBeChecked();
  await expect(recipients.getByRole("group", { name: "班级" }).getByRole("checkbox", { checked: true })).toHaveCount(1);
  // An intent (add a field) answers the draft: the ticked recipients stay ticked.
  await roles.getByRole("checkbox", { name: "园长", exact: true }).check();
  await page.getByTestId("builder-add").click();
  await expect(page.getByTestId("builder-recipients").getByRole("group", { name: "角色" }).getByRole("checkbox", { name: "园长", exact: true })).toBeChecked();
});
