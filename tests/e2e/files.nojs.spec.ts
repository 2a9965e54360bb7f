import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { expect, test } from "@playwright/test";
import { login } from "../fixtures/e2e";

/** Upload fields without JavaScript (issue 10): a plain multipart post the console streams to the API. */
test("without JavaScript a kindergarten admin gives a user a photo; a .png that is text is refused with the message", async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), "kg-e2e-files-"));
  const photo = join(dir, "photo.png");
  writeFileSync(
    photo,
    await sharp({ create: { width: 300, height: 200, channels: 3, background: "#a37" } })
      .png()
      .toBuffer(),
  );
  const fake = join(dir, "fake.png");
  writeFileSync(fake, "not an image at all\n".repeat(20));

  await login(page, "13800000005");
  await page.goto("/user/userAdministration?keyword=13800000004");
  await page.getByTestId("resource-row").first().getByTestId("row-edit").click();
  const edit = page.url();

  await page.getByTestId("file-input-photoFileId").setInputFiles(fake);
  await page.getByTestId("form-submit").click();
  await expect(page.getByTestId("file-field-photoFileId").locator("..").locator("..")).toContainText("文件格式错误");
  expect(page.url()).toBe(edit);

  await page.getByTestId("file-input-photoFileId").setInputFiles(photo);
  await page.getByTestId("form-submit").click();
  await expect(page).toHaveURL(/\/user\/userAdministration(\?|$)/);
  const thumb = page.getByTestId("resource-row").first().getByTestId("cell-thumbnail");
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
});
