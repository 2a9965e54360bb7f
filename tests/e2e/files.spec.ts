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
