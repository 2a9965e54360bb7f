import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { createClient } from "@libsql/client";
import { expect, test } from "@playwright/test";
import { E2E } from "../../playwright.config";
import { login } from "../fixtures/e2e";

test.use({ javaScriptEnabled: false });

/** `n` small PNGs of different colours in a temporary folder. */
async function pngs(n: number, prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), "kg-e2e-images-"));
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const file = join(dir, `${prefix}-${i + 1}.png`);
    writeFileSync(
      file,
      await sharp({ create: { width: 160, height: 120, channels: 3, background: { r: (i * 60) % 256, g: 120, b: 200 - i * 15 } } })
        .png()
        .toBuffer(),
    );
    out.push(file);
  }
  return out;
}

/**
 * Several images of a record without JavaScript (issue 12): one multiple file input, a plain multipart post through the
 * console. Two images go up with a new observation; the list shows the first thumbnail and "+1", the detail page both,
 * each linking to the image through the console's checked /files route. Editing removes one (its checkbox) and adds one
 * in order. Ten images, or a text file named .png, are refused on the field and nothing is saved.
 */
test("without JavaScript a teacher uploads two images to an observation, sees both on the detail page, removes one and adds one", async ({ page }) => {
  const [a, b, c] = await pngs(3, "obs");
  const title = `两张照片 ${Date.now() % 100000}`;
  await login(page, "13800000003");
  await page.goto("/teaching/anecdoteFile");
  await page.getByTestId("create-button").click();
  await page.getByLabel("标题").fill(title);
  await page.getByLabel("班级").selectOption({ index: 1 });
  await page.getByLabel("日期").fill("2026-01-04");
  await page.getByLabel("内容").fill("两个孩子合作搭建了一座桥。");
  await page.getByTestId("file-input-imageFileIds").setInputFiles([a!, b!]);
  await page.getByTestId("form-submit").click();
  await expect(page).toHaveURL(/\/teaching\/anecdoteFile(\?|$)/);

  await page.goto(`/teaching/anecdoteFile?keyword=${encodeURIComponent(title)}`);
  const row = page.getByTestId("resource-row");
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("cell-thumbnail")).toHaveCount(1);
  await expect(row.getByTestId("cell-more-images")).toHaveText("+1");
  const id = await row.getAttribute("data-id");

  await page.goto(`/teaching/anecdoteFile/${id}`);
  const links = page.getByTestId("images-gallery").getByTestId("gallery-image");
  await expect(links).toHaveCount(2);
  const hrefs = await links.evaluateAll((els) => els.map((e) => e.getAttribute("href")!));
  for (const href of hrefs) {
    expect(href).toMatch(/^\/files\/\d+$/);
    const res = await page.request.get(href);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/png");
    const thumb = await page.request.get(`${href}?variant=thumb`);
    expect(thumb.headers()["content-type"]).toBe("image/jpeg");
  }
  // The images render (the thumbnails load through /files).
  const loaded = await page
    .getByTestId("images-gallery")
    .locator("img")
    .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth));
  expect(loaded.every((w) => w > 0)).toBe(true);

  // Edit: remove the first image, add a third; the order is the kept one, then the new one.
  await page.goto(`/teaching/anecdoteFile/${id}/edit`);
  await expect(page.getByTestId("images-current-item")).toHaveCount(2);
  await page.getByTestId("images-remove-1").check();
  await page.getByTestId("file-input-imageFileIds").setInputFiles([c!]);
  await page.getByTestId("form-submit").click();
  await expect(page).toHaveURL(/\/teaching\/anecdoteFile(\?|$)/);
  await page.goto(`/teaching/anecdoteFile/${id}`);
  const after = await page
    .getByTestId("images-gallery")
    .getByTestId("gallery-image")
    .evaluateAll((els) => els.map((e) => e.getAttribute("href")!));
  expect(after).toHaveLength(2);
  expect(after[0]).toBe(hrefs[1]);
  expect(after[1]).not.toBe(hrefs[0]);
  // The removed image is gone.
  expect((await page.request.get(hrefs[0]!)).status()).toBe(404);
});

test("without JavaScript ten images or a text file named .png are refused on the field in the page's language; nothing is saved", async ({ page }) => {
  const ten = await pngs(10, "ten");
  const dir = mkdtempSync(join(tmpdir(), "kg-e2e-images-"));
  const fake = join(dir, "fake.png");
  writeFileSync(fake, "not an image at all\n".repeat(20));
  const title = `太多照片 ${Date.now() % 100000}`;
  await login(page, "13800000003");
  for (const [files, message] of [
    [ten, "最多 9 张图片"],
    [[fake], "文件格式错误"],
  ] as const) {
    await page.goto("/teaching/anecdoteFile/new");
    await page.getByLabel("标题").fill(title);
    await page.getByLabel("班级").selectOption({ index: 1 });
    await page.getByLabel("日期").fill("2026-01-04");
    await page.getByLabel("内容").fill("x");
    await page.getByTestId("file-input-imageFileIds").setInputFiles([...files]);
    await page.getByTestId("form-submit").click();
    await expect(page.getByTestId("resource-form")).toContainText(message);
    // Nothing of the refused post stays in the form.
    await expect(page.getByTestId("images-current-item")).toHaveCount(0);
  }
  await page.goto(`/teaching/anecdoteFile?keyword=${encodeURIComponent(title)}`);
  await expect(page.getByTestId("resource-row")).toHaveCount(0);
  // No file rows either: the nine images that went up before the tenth was refused were deleted again.
  const db = createClient({ url: `file:./tests/.tmp/e2e-${E2E.port}.db` });
  try {
    const r = await db.execute("select count(*) as n from files where name like 'ten-%' or name = 'fake.png'");
    expect(Number(r.rows[0]!.n)).toBe(0);
  } finally {
    db.close();
  }
});
