import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { expect, test } from "@playwright/test";
import { hydrated, login } from "../fixtures/e2e";

/** Upload fields with JavaScript (issue 10): the photo goes up at once with progress and preview; a fake PNG is refused. */
test("with JavaScript a kindergarten admin gives a user a photo; a .png that is text is refused with the message", async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), "kg-e2e-files-"));
  const photo = join(dir, "photo.png");
  writeFileSync(
    photo,
    await sharp({ create: { width: 320, height: 320, channels: 3, background: "#3a7" } })
      .png()
      .toBuffer(),
  );
  const fake = join(dir, "fake.png");
  writeFileSync(fake, "not an image at all\n".repeat(20));

  await login(page, "13800000005");
  await page.goto("/user/userAdministration?keyword=13800000003");
  await page.getByTestId("resource-row").first().getByTestId("row-edit").click();
  const input = page.getByTestId("file-input-photoFileId");
  // The field's checks and preview are the script's: wait until it runs.
  await hydrated(page);

  await input.setInputFiles(fake);
  await expect(page.getByTestId("file-error-photoFileId")).toHaveText("文件格式错误");

  await input.setInputFiles(photo);
  await expect(page.getByTestId("file-preview-photoFileId")).toBeVisible();
  await expect(page.getByTestId("file-progress-photoFileId")).toHaveCount(0);
  await expect(page.getByTestId("file-error-photoFileId")).toHaveCount(0);
  await page.getByTestId("form-submit").click();
  await expect(page).toHaveURL(/\/user\/userAdministration(\?|$)/);
  const thumb = page.getByTestId("resource-row").first().getByTestId("cell-thumbnail");
  await expect(thumb).toBeVisible();
  // The thumbnail really loaded (a checked route: the image has pixels).
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
});

/**
 * Issue 26 item 3: the photo chosen shows at once (the console's CSP allows `blob:` images), stays after a refused save
 * with a word that it is kept, and the saved post has it.
 */
test("with JavaScript a teacher sees the class-circle photo she chose, also after a refused save", async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), "kg-e2e-files-"));
  const photo = join(dir, "circle.png");
  writeFileSync(
    photo,
    await sharp({ create: { width: 300, height: 240, channels: 3, background: "#e93" } })
      .png()
      .toBuffer(),
  );
  const refusedImages: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy|img-src/i.test(m.text())) refusedImages.push(m.text());
  });
  await login(page, "13800000003");
  await page.goto("/daily/classCircle/new");
  await hydrated(page);
  const preview = page.getByTestId("file-preview-imageFileId");
  const loaded = () => preview.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));

  await page.getByTestId("file-input-imageFileId").setInputFiles(photo);
  await expect(preview).toBeVisible();
  expect(await preview.getAttribute("src")).toMatch(/^blob:/);
  await expect.poll(loaded).toBeGreaterThan(0);
  await expect(page.getByTestId("file-uploaded-imageFileId")).toHaveText("已上传 circle.png，保存后生效");

  // No content: refused; the photo chosen is still shown and kept.
  await page.getByTestId("form-submit").click();
  await expect(page.locator('textarea[name="content"]')).toHaveAttribute("aria-invalid", "true");
  await expect(preview).toBeVisible();
  await expect.poll(loaded).toBeGreaterThan(0);
  await expect(page.getByTestId("file-uploaded-imageFileId")).toBeVisible();
  expect(refusedImages).toEqual([]);

  const content = `照片预览 ${Date.now()}`;
  await page.locator('textarea[name="content"]').fill(content);
  await page.getByTestId("form-submit").click();
  await expect(page).toHaveURL(/\/daily\/classCircle(\?|$)/);
  const row = page.getByTestId("resource-row").filter({ hasText: content });
  const thumb = row.getByTestId("cell-thumbnail");
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
});
