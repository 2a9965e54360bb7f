import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { expect, test } from "@playwright/test";
import { login } from "../fixtures/e2e";

test.use({ javaScriptEnabled: false });

/**
 * The Teaching section without JavaScript (issue 12): a teacher writes an observation with a photo (multipart through
 * the console), submits it and sends it for evaluation on the confirmation pages; the bound expert finds it waiting,
 * is told what is missing, then grades and comments it; the teacher reads the evaluation.
 */
test("without JavaScript an observation goes from draft to evaluated: the teacher submits, the bound expert evaluates", async ({ browser }) => {
  const dir = mkdtempSync(join(tmpdir(), "kg-e2e-teaching-"));
  const photo = join(dir, "blocks.png");
  writeFileSync(
    photo,
    await sharp({ create: { width: 320, height: 200, channels: 3, background: "#3a7" } })
      .png()
      .toBuffer(),
  );
  const title = `积木观察 ${Date.now() % 100000}`;
  const teacherCtx = await browser.newContext({ javaScriptEnabled: false });
  const teacher = await teacherCtx.newPage();
  await login(teacher, "13800000003");
  await teacher.goto("/teaching/anecdoteFile");
  await expect(teacher.getByTestId("page-title")).toHaveText("观察记录");
  await teacher.getByTestId("create-button").click();
  await teacher.getByLabel("标题").fill(title);
  await teacher.getByLabel("班级").selectOption({ index: 1 });
  await teacher.getByLabel("日期").fill("2026-01-04");
  await teacher.getByLabel("内容").fill("孩子独立搭建了一座桥。");
  await teacher.getByTestId("file-input-imageFileIds").setInputFiles(photo);
  await teacher.getByTestId("form-submit").click();
  await expect(teacher).toHaveURL(/\/teaching\/anecdoteFile(\?|$)/);
  await teacher.goto(`/teaching/anecdoteFile?keyword=${encodeURIComponent(title)}`);
  const row = teacher.getByTestId("resource-row");
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("cell-thumbnail")).toBeVisible();
  await row.getByTestId("row-submit").click();
  await teacher.getByTestId("confirm-submit").click();
  await expect(teacher.getByText("已提交", { exact: true }).first()).toBeVisible();
  await teacher.getByTestId("resource-row").getByTestId("row-requestEvaluation").click();
  await teacher.getByTestId("confirm-requestEvaluation").click();
  await expect(teacher.getByText("已提交专家评价")).toBeVisible();
  const id = await teacher.getByTestId("resource-row").getAttribute("data-id");

  const expertCtx = await browser.newContext({ javaScriptEnabled: false });
  const expert = await expertCtx.newPage();
  await login(expert, "13800000002");
  await expert.goto("/teaching/anecdoteFile?status=toEvaluate");
  await expect(expert.getByTestId("create-button")).toHaveCount(0);
  await expert.getByTestId(`evaluate-${id}`).click();
  await expect(expert).toHaveURL(new RegExp(`/evaluate/evaluate1/${id}$`));
  await expect(expert.getByTestId("record-title")).toHaveText(title);
  // The record's photo, through the console's checked /files route.
  await expect(expert.getByTestId("record-images").getByTestId("gallery-image")).toHaveCount(1);
  await expert.getByLabel("等级").selectOption("excellent");
  await expert.getByLabel("专家点评").fill("观察细致，建议补充下一步支持策略。");
  await expert.getByTestId("evaluate-submit").click();
  await expect(expert).toHaveURL(/\/teaching\/anecdoteFile\?status=toEvaluate$/);
  await expect(expert.getByText("评价已保存")).toBeVisible();
  // Evaluated: the page shows the result, no form.
  await expert.goto(`/evaluate/evaluate1/${id}`);
  await expect(expert.getByTestId("evaluation-text")).toHaveText("观察细致，建议补充下一步支持策略。");
  await expect(expert.getByTestId("evaluate-form")).toHaveCount(0);

  await teacher.goto(`/teaching/anecdoteFile/${id}`);
  await expect(teacher.locator("main")).toContainText("观察细致，建议补充下一步支持策略。");
  await expect(teacher.locator("main")).toContainText("优秀");
  await teacherCtx.close();
  await expertCtx.close();
});

test("without JavaScript, in English: a parent sees his child's items but not the expert pages; the principal's comment rate chart is drawn on the server", async ({
  browser,
}) => {
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  await ctx.addCookies([{ name: "lng", value: "en", url: test.info().project.use.baseURL ?? "http://127.0.0.1:3100" }]);
  const page = await ctx.newPage();
  await login(page, "13800000004");
  await page.goto("/teaching/StudentWorks");
  await expect(page.getByTestId("page-title")).toHaveText("Student works");
  await expect(page.getByTestId("resource-row").first()).toBeVisible();
  await expect(page.getByTestId("create-button")).toHaveCount(0);
  await page.goto("/teaching/teaching-plan");
  await expect(page.getByTestId("page-title")).toHaveText("Lesson plans");
  expect((await page.goto("/teaching/ExpertComment"))?.status()).toBe(403);
  expect((await page.goto("/evaluate/evaluate1/1"))?.status()).toBe(403);
  await ctx.close();

  const pctx = await browser.newContext({ javaScriptEnabled: false });
  await pctx.addCookies([{ name: "lng", value: "en", url: test.info().project.use.baseURL ?? "http://127.0.0.1:3100" }]);
  const principal = await pctx.newPage();
  await login(principal, "13800000001");
  await principal.goto("/teaching/ExpertComment");
  await expect(principal.getByTestId("page-title")).toHaveText("Expert comment rate");
  await expect(principal.locator("svg title").first()).toHaveText("Submitted and evaluated records per expert");
  await expect(principal.getByTestId("comment-rate-experts")).toContainText("%");
  await pctx.close();
});
