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

/**
 * Issue 26 item 3 without JavaScript: a save the server refuses keeps the photo that went with it (the temporary file:
 * its thumbnail and a word that it is kept), and saving again without choosing it again stores it. The console's
 * /files/{id} keeps the API's sandbox and Content-Disposition (issue 25 item 5).
 */
test("without JavaScript a refused save keeps the class-circle photo chosen, and the next save stores it", async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), "kg-e2e-files-"));
  const photo = join(dir, "circle-nojs.png");
  writeFileSync(
    photo,
    await sharp({ create: { width: 260, height: 200, channels: 3, background: "#39e" } })
      .png()
      .toBuffer(),
  );
  await login(page, "13800000003");
  await page.goto("/daily/classCircle/new");
  await page.getByTestId("file-input-imageFileId").setInputFiles(photo);
  // Blank content passes the browser's own check, not the server's.
  await page.locator('textarea[name="content"]').fill("   ");
  await page.getByTestId("form-submit").click();
  // Refused (no content): the photo is shown from the temporary file, and said to be kept.
  await expect(page.locator('textarea[name="content"]')).toHaveAttribute("aria-invalid", "true");
  const preview = page.getByTestId("file-preview-imageFileId");
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
  await expect(page.getByTestId("file-uploaded-imageFileId")).toHaveText("已上传 circle-nojs.png，保存后生效");

  const id = await page.locator('input[type="hidden"][name="imageFileId"]').inputValue();
  expect(id).toMatch(/^\d+$/);
  const file = await page.request.get(`/files/${id}`);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-security-policy"]).toBe("default-src 'none'; sandbox");
  expect(file.headers()["content-disposition"]).toMatch(/^inline; filename="circle-nojs\.png"/);
  expect(file.headers()["content-type"]).toBe("image/png");

  const content = `无脚本照片 ${Date.now()}`;
  await page.locator('textarea[name="content"]').fill(content);
  await page.getByTestId("form-submit").click();
  await expect(page).toHaveURL(/\/daily\/classCircle(\?|$)/);
  const thumb = page.getByTestId("resource-row").filter({ hasText: content }).getByTestId("cell-thumbnail");
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
});
