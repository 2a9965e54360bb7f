import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { expect, test } from "@playwright/test";
import { hydrated, login } from "../fixtures/e2e";

/**
 * Several images with JavaScript (issue 12): the same multipart form (the console streams the images to the API); choosing
 * more than 9 is refused at once, before anything is sent. A teaching record keeps its MP4 field beside the images.
 */
test("with JavaScript a teacher saves a teaching record with two images; more than nine are refused at once", async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), "kg-e2e-images-"));
  const files: string[] = [];
  for (let i = 0; i < 10; i++) {
    const file = join(dir, `r-${i + 1}.png`);
    writeFileSync(
      file,
      await sharp({ create: { width: 120, height: 90, channels: 3, background: { r: 40 + i * 20, g: 160, b: 90 } } })
        .png()
        .toBuffer(),
    );
    files.push(file);
  }
  const title = `活动照片 ${Date.now() % 100000}`;
  await login(page, "13800000003");
  await page.goto("/teaching/TeachingRecord/new");
  await expect(page.getByTestId("file-input-videoFileId")).toBeVisible();
  // The refusal of a tenth image is the script's (before anything is sent): wait until it runs.
  await hydrated(page);
  await page.getByLabel("标题").fill(title);
  await page.getByLabel("班级").selectOption({ index: 1 });
  await page.getByLabel("日期").fill("2026-01-04");
  const input = page.getByTestId("file-input-imageFileIds");
  await input.setInputFiles(files);
  await expect(page.getByTestId("file-error-imageFileIds")).toHaveText("最多 9 张图片");
  // Refused at once: no preview of the ten is left.
  await expect(page.getByTestId("images-chosen-imageFileIds")).toHaveCount(0);
  await input.setInputFiles(files.slice(0, 2));
  await expect(page.getByTestId("file-error-imageFileIds")).toHaveCount(0);
  // The two chosen are shown before saving (issue 26 item 3: blob: previews the CSP allows), really loaded.
  const chosen = page.getByTestId("images-chosen-imageFileIds").locator("img");
  await expect(chosen).toHaveCount(2);
  for (const img of await chosen.all()) await expect.poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))).toBeGreaterThan(0);
  await page.getByTestId("form-submit").click();
  await expect(page).toHaveURL(/\/teaching\/TeachingRecord(\?|$)/);
  await page.goto(`/teaching/TeachingRecord?keyword=${encodeURIComponent(title)}`);
  const row = page.getByTestId("resource-row");
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("cell-more-images")).toHaveText("+1");
  await page.goto(`/teaching/TeachingRecord/${await row.getAttribute("data-id")}`);
  await expect(page.getByTestId("images-gallery").getByTestId("gallery-image")).toHaveCount(2);
});
