import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { expect, test } from "@playwright/test";
import { hydrated, login } from "../fixtures/e2e";

/**
 * A dynamic form's image field with JavaScript: the file is uploaded at once (progress, preview), a required field
 * left empty is refused with its message (validated by the console's action, without a reload; the browser loads no
 * zod), and the saved answer holds the image. Role 2 of kindergarten 1: the no-JavaScript
 * spec's users keep their counts.
 */
test("with JavaScript a form's image is uploaded at once with a preview and saved with the answer", async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), "kg-e2e-form-image-js-"));
  const photo = join(dir, "js-photo.png");
  writeFileSync(
    photo,
    await sharp({ create: { width: 260, height: 200, channels: 3, background: "#57c" } })
      .png()
      .toBuffer(),
  );

  await login(page, "13800000002");
  await page.goto("/daily/form");
  const outing = page.getByTestId("fillable-forms").locator("tbody tr").filter({ hasText: "春游报名" });
  await expect(outing).toContainText("已提交 0 次");
  await outing.getByRole("link").click();
  // The field's preview is the script's: wait until it runs.
  await hydrated(page);
  await page.getByLabel("健康证明照片").setInputFiles(photo);
  await expect(page.getByTestId("file-preview-f6")).toBeVisible();
  await expect(page.getByTestId("file-progress-f6")).toHaveCount(0);
  await expect(page.getByTestId("file-error-f6")).toHaveCount(0);
  // The uploaded file's id is the field's value (a temporary file of this user).
  await expect(page.locator('input[type="hidden"][name="f6"]')).toHaveValue(/^\d+$/);

  await page.getByLabel("希望日期").fill("2026-04-15");
  await page.getByLabel("午餐").selectOption({ label: "自带午餐" });
  await page.getByTestId("form-submit").click();
  await expect(page.getByTestId("dynamic-form").getByText("此项不能为空")).toBeVisible();
  await page.getByLabel("幼儿姓名").fill("钱小影");
  await page.getByTestId("form-submit").click();
  await expect(page).toHaveURL(/\/daily\/form$/);
  await expect(page.getByTestId("fillable-forms").locator("tbody tr").filter({ hasText: "春游报名" })).toContainText("已提交 1 次");
});
