import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "@contract/resources/users";
import { loadLimits } from "@api/limits";
import { cleanupTemporaryUploads } from "@api/services/storage";
import type { StorageConfig } from "@api/services/storage/types";
import { phoneOf, startTestApi, type TestApi } from "./helpers";

/**
 * Files (issue 10): the same contract on both back ends — local disk and S3 through the AWS SDK against a real
 * s3rver started here — and on the database of TEST_DATABASE (SQLite default, PostgreSQL).
 */
const IMAGE_LIMIT = 64 * 1024;
const png = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: "#e44" } })
    .png()
    .toBuffer();
const FAKE_PNG = Buffer.from("this is a text file that calls itself photo.png\n".repeat(20));
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42"), Buffer.from([0, 0, 0, 0]), Buffer.from("mp42isom"), Buffer.alloc(64)]);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

async function upload(t: TestApi, token: string, body: Buffer, name: string, kind = "image", lang?: string) {
  const fd = new FormData();
  fd.set("file", new Blob([new Uint8Array(body)]), name);
  const res = await fetch(new URL(`files/?kind=${kind}`, t.url), { method: "POST", headers: { token, ...(lang ? { lang } : {}) }, body: fd });
  return { status: res.status, ...((await res.json()) as { code: number; msg: string; data: any }) };
}

async function get(t: TestApi, token: string, id: number, variant = "file") {
  const res = await fetch(new URL(`files/${id}?variant=${variant}`, t.url), { headers: { token } });
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    disposition: res.headers.get("content-disposition"),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

for (const backend of ["local", "s3"] as const) {
  describe(`files on the ${backend} back end`, () => {
    let t: TestApi;
    let s3: S3rver | null = null;
    let s3dir = "";
    let admin = ""; // kindergarten admin of kindergarten 1 (role 5): may edit users there
    let teacher = ""; // role 3, kindergarten 1
    let foreign = ""; // kindergarten admin of kindergarten 4 (group 2)
    let teacherId = 0;

    beforeAll(async () => {
      let storage: StorageConfig | undefined;
      if (backend === "s3") {
        s3dir = mkdtempSync(join(tmpdir(), "kg-s3-"));
        s3 = new S3rver({
          port: 0,
          address: "127.0.0.1",
          silent: true,
          directory: s3dir,
          configureBuckets: [
            { name: "kg-main", configs: [] },
            { name: "kg-temp", configs: [] },
          ],
        });
        const { port } = await s3.run();
        storage = {
          kind: "s3",
          endpoint: `http://127.0.0.1:${port}`,
          region: "us-east-1",
          accessKeyId: "S3RVER",
          secretAccessKey: "S3RVER",
          bucket: "kg-main",
          tempBucket: "kg-temp",
          forcePathStyle: true,
        };
      }
      const limits = loadLimits({} as NodeJS.ProcessEnv);
      t = await startTestApi({ ...(storage ? { storage } : {}), limits: { ...limits, upload: { ...limits.upload, image: IMAGE_LIMIT } } });
      [admin, teacher, foreign] = await Promise.all([t.token(phoneOf(5)), t.token(phoneOf(3)), t.token(phoneOf(405))]);
      teacherId = (await t.login(phoneOf(3))).data.userId;
    }, 60_000);

    afterAll(async () => {
      await t?.close();
      await s3?.close();
      if (s3dir) rmSync(s3dir, { recursive: true, force: true });
    });

    const store = () => t.api.deps.files.store;
    const everything = async () =>
      [
        ...(await store().listOlderThan("temp", new Date(Date.now() + 3600_000))),
        ...(await store().listOlderThan("main", new Date(Date.now() + 3600_000))),
      ].sort();
    const rowCount = async () =>
      Number(
        (
          await t.api.handle.db
            .selectFrom("files")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const staging = () => {
      try {
        return readdirSync(join(t.api.deps.config.uploadDir, ".staging"));
      } catch {
        return [];
      }
    };

    it("stores a PNG in the temporary bucket with a 240 px thumbnail; only the uploader sees it", async () => {
      const r = await upload(t, admin, await png(), "me.png");
      expect(r.code, r.msg).toBe(200);
      expect(r.data).toMatchObject({ kind: "image", contentType: "image/png", hasThumbnail: true, bucket: "temp", name: "me.png" });
      const file = await get(t, admin, r.data.id);
      expect(file.status).toBe(200);
      expect(file.type).toBe("image/png");
      expect(file.disposition).toContain("me.png");
      const thumb = await get(t, admin, r.data.id, "thumb");
      expect(thumb.type).toBe("image/jpeg");
      const meta = await sharp(thumb.body).metadata();
      expect(Math.max(meta.width!, meta.height!)).toBe(240);
      expect((await get(t, teacher, r.data.id)).status).toBe(404);
      expect((await get(t, foreign, r.data.id)).status).toBe(404);
    });

    it("refuses a .png that is really text (file format error, zh and en) and stores nothing", async () => {
      const before = { objects: await everything(), rows: await rowCount() };
      const zh = await upload(t, admin, FAKE_PNG, "photo.png");
      expect(zh.status).toBe(400);
      expect(zh.msg).toBe("文件格式错误");
      const en = await upload(t, admin, FAKE_PNG, "photo.png", "image", "en-US");
      expect(en.msg).toBe("File format error");
      // A PDF is not an image, an MP4 not a lesson plan.
      expect((await upload(t, admin, PDF, "x.jpg")).status).toBe(400);
      expect((await upload(t, admin, MP4, "plan.pdf", "pdf")).status).toBe(400);
      expect({ objects: await everything(), rows: await rowCount() }).toEqual(before);
      expect(staging()).toEqual([]);
    });

    it("refuses an oversized image while reading (413) and stores nothing", async () => {
      const before = { objects: await everything(), rows: await rowCount() };
      const big = Buffer.concat([await png(), Buffer.alloc(IMAGE_LIMIT * 4, 1)]);
      const r = await upload(t, admin, big, "big.png");
      expect(r.status).toBe(413);
      expect(r.data.maxBytes).toBe(IMAGE_LIMIT);
      expect({ objects: await everything(), rows: await rowCount() }).toEqual(before);
      expect(staging()).toEqual([]);
    });

    it("accepts MP4 as video and PDF as a lesson plan", async () => {
      expect((await upload(t, admin, MP4, "clip.mp4", "video")).data).toMatchObject({ contentType: "video/mp4", hasThumbnail: false });
      expect((await upload(t, admin, PDF, "plan.pdf", "pdf")).data).toMatchObject({ contentType: "application/pdf" });
    });

    it("moves the photo to the main bucket when the user is saved; other tenants get 404", async () => {
      const up = await upload(t, admin, await png(), "teacher.png");
      const row = await t.api.handle.db.selectFrom("files").selectAll().where("id", "=", up.data.id).executeTakeFirstOrThrow();
      expect(await store().stat("temp", row.object_key)).not.toBeNull();
      const item = (await t.call("GET", `${users.endpoint}${teacherId}/`, { token: admin })).data;
      const form = {
        realName: item.realName,
        phone: item.phone,
        gender: item.gender,
        enabled: item.enabled ? "on" : undefined,
        email: item.email,
        kindergartenId: item.kindergartenId,
        classId: item.classId,
        roleIds: item.roleIds.join(","),
        defaultRoleId: item.defaultRoleId,
        bonusPoints: item.bonusPoints,
        photoFileId: up.data.id,
      };
      // Someone else's temporary upload cannot be taken.
      const other = await upload(t, teacher, await png(), "other.png");
      const stolen = await t.call("PUT", `${users.endpoint}${teacherId}/`, { token: admin, form: { ...form, photoFileId: other.data.id } });
      expect(stolen.code).toBe(422);
      const saved = await t.call("PUT", `${users.endpoint}${teacherId}/`, { token: admin, form });
      expect(saved.code, saved.msg).toBe(200);
      expect(saved.data.photoFileId).toBe(up.data.id);
      expect(await store().stat("temp", row.object_key)).toBeNull();
      expect(await store().stat("main", row.object_key)).not.toBeNull();
      expect(await store().stat("main", row.thumb_key!)).not.toBeNull();
      expect((await get(t, admin, up.data.id, "thumb")).status).toBe(200);
      expect((await get(t, foreign, up.data.id)).status).toBe(404);
      // Saved again with the same photo: nothing changes; a new photo replaces (and removes) the old one.
      expect((await t.call("PUT", `${users.endpoint}${teacherId}/`, { token: admin, form })).code).toBe(200);
      const next = await upload(t, admin, await png(), "new.png");
      expect((await t.call("PUT", `${users.endpoint}${teacherId}/`, { token: admin, form: { ...form, photoFileId: next.data.id } })).code).toBe(200);
      expect(await store().stat("main", row.object_key)).toBeNull();
      expect((await get(t, admin, up.data.id)).status).toBe(404);
    });

    it("GET token/sts gives a signed, expiring direct-upload target in the temporary bucket; POST files/ checks what arrived", async () => {
      const sts = await t.call("GET", "token/sts", { token: admin, query: { kind: "image", fileName: "direct.png" } });
      expect(sts.code, sts.msg).toBe(200);
      const target = sts.data.upload;
      expect(target.key).toMatch(/^u\d+\/[0-9a-f]+\.png$/);
      const body = await png();
      const put = await fetch(target.url, { method: "PUT", headers: target.headers, body });
      expect(put.status).toBe(200);
      const reg = await t.call("POST", "files/", { token: admin, query: { kind: "image" }, form: { key: target.key, name: "direct.png" } });
      expect(reg.code, reg.msg).toBe(200);
      expect((await get(t, admin, reg.data.id)).body.equals(body)).toBe(true);
      // Text behind a .png key: refused and deleted.
      const bad = (await t.call("GET", "token/sts", { token: admin, query: { kind: "image", fileName: "fake.png" } })).data.upload;
      expect((await fetch(bad.url, { method: "PUT", headers: bad.headers, body: FAKE_PNG })).status).toBe(200);
      const refused = await t.call("POST", "files/", { token: admin, query: { kind: "image" }, form: { key: bad.key } });
      expect(refused.code).toBe(400);
      expect(await store().stat("temp", bad.key)).toBeNull();
      // Another user's key is refused.
      expect((await t.call("POST", "files/", { token: teacher, query: { kind: "image" }, form: { key: target.key } })).code).toBe(400);
      if (backend === "local") {
        // The signed URL cannot be bent to another key.
        const forged = target.url.replace(target.key.split("/")[1], "other.png");
        expect((await fetch(forged, { method: "PUT", body })).status).toBe(403);
      }
    });

    it("cleanupTemporaryUploads removes temporary files older than the limit, and only those", async () => {
      const temp = await upload(t, admin, await png(), "stale.png");
      const row = await t.api.handle.db.selectFrom("files").selectAll().where("id", "=", temp.data.id).executeTakeFirstOrThrow();
      const claimed = await t.api.handle.db
        .selectFrom("files")
        .select(["id", "object_key"])
        .where("bucket", "=", "main")
        .where("object_key", "not like", "seed/%")
        .execute(); // this suite's own files (the demo's samples belong to teaching records of several kindergartens)
      expect(await cleanupTemporaryUploads(t.api.deps)).toEqual({ objects: 0, rows: 0 }); // younger than a day
      expect(await store().stat("temp", row.object_key)).not.toBeNull();
      await new Promise((r) => setTimeout(r, 1100)); // file times have a second's resolution on some stores
      const r = await cleanupTemporaryUploads(t.api.deps, 500);
      expect(r.rows).toBeGreaterThan(0);
      expect(await store().stat("temp", row.object_key)).toBeNull();
      expect(await store().listOlderThan("temp", new Date(Date.now() + 3600_000))).toEqual([]);
      expect((await get(t, admin, temp.data.id)).status).toBe(404);
      // Files records use stay.
      for (const c of claimed) expect((await get(t, admin, Number(c.id))).status, `file ${c.id} ${c.object_key}`).toBe(200);
    });

    // ---- issue 25 item 5: single-use upload keys, checked copies, the main bucket, the quota ----

    const sts = async (token: string, query: Record<string, string> = { kind: "image", fileName: "a.png" }) => t.call("GET", "token/sts", { token, query });
    const register = (token: string, key: string, name?: string) =>
      t.call("POST", "files/", { token, query: { kind: "image" }, form: { key, ...(name ? { name } : {}) } });
    const HTML = Buffer.from("<!doctype html><script>alert(document.cookie)</script>");

    it("an upload URL serves once: writing HTML to it after registering changes nothing, and its key registers once", async () => {
      const target = (await sts(admin)).data.upload;
      const body = await png();
      expect((await fetch(target.url, { method: "PUT", headers: target.headers, body })).status).toBe(200);
      const reg = await register(admin, target.key);
      expect(reg.code, reg.msg).toBe(200);
      // The checked copy lives under a key no client can write; the uploaded object is gone.
      const row = await t.api.handle.db.selectFrom("files").selectAll().where("id", "=", reg.data.id).executeTakeFirstOrThrow();
      expect(row.object_key).toMatch(/^checked\/u\d+\/[0-9a-f]+\.png$/);
      expect(await store().stat("temp", target.key)).toBeNull();
      // Local: the signed URL is refused the second time (409). S3 accepts the PUT, but nothing serves it.
      const again = await fetch(target.url, { method: "PUT", headers: { ...target.headers, "content-type": "text/html" }, body: HTML });
      if (backend === "local") expect(again.status).toBe(409);
      const served = await get(t, admin, reg.data.id);
      expect(served.type).toBe("image/png");
      expect(served.body.equals(body)).toBe(true);
      const twice = await register(admin, target.key);
      expect(twice.code).toBe(409);
    });

    it("clients never write to the main bucket: token/sts?bucket=main is refused, and so is a PUT there", async () => {
      const main = await t.call("GET", "token/sts", { token: admin, query: { bucket: "main" }, lang: "en" });
      expect(main.code).toBe(422);
      expect(main.data.errors.bucket).toBeTruthy();
      if (backend === "local") {
        const cred = (await t.call("GET", "token/sts", { token: admin })).data;
        expect(cred.bucket).toBe("temp");
        const put = await fetch(new URL(`uploads/main/${cred.prefix}x.png`, t.url), {
          method: "PUT",
          headers: { "x-security-token": cred.securityToken },
          body: "x",
        });
        expect(put.status).toBe(403);
        expect(await store().stat("main", `${cred.prefix}x.png`)).toBeNull();
        // A key written with the credentials is written once.
        const key = `${cred.prefix}once.png`;
        const first = await fetch(new URL(`uploads/temp/${key}`, t.url), {
          method: "PUT",
          headers: { "x-security-token": cred.securityToken },
          body: await png(),
        });
        expect(first.status).toBe(200);
        const second = await fetch(new URL(`uploads/temp/${key}`, t.url), { method: "PUT", headers: { "x-security-token": cred.securityToken }, body: HTML });
        expect(second.status).toBe(409);
        const reg = await register(admin, key);
        expect(reg.code, reg.msg).toBe(200);
        expect((await get(t, admin, reg.data.id)).type).toBe("image/png");
      }
    });

    it("a parent's temporary uploads stay within her quota (count and bytes), also when asked for in parallel; a removed file frees its place", async () => {
      const parent = await t.token(phoneOf(4));
      const parentId = (await t.login(phoneOf(4))).data.userId;
      const bounds = t.api.deps.files.bounds;
      const saved = bounds.quota;
      try {
        bounds.quota = { files: 3, bytes: 100 * IMAGE_LIMIT };
        const usage = async () => (await import("@api/services/storage/claims")).tempUsage(t.api.handle.db, parentId);
        expect((await usage()).files).toBe(0);
        const replies = await Promise.all(Array.from({ length: 6 }, () => sts(parent)));
        const granted = replies.filter((r) => r.code === 200);
        expect(granted.length).toBeLessThanOrEqual(3);
        for (const r of replies.filter((x) => x.code !== 200)) expect(r.code).toBe(429);
        while ((await usage()).files < 3) expect((await sts(parent)).code).toBe(200);
        const zh = await sts(parent);
        expect(zh.code).toBe(429);
        expect(zh.msg).toContain("3");
        const en = await t.call("GET", "token/sts", { token: parent, query: { kind: "image" }, lang: "en" });
        expect(en.msg).toMatch(/^Too many uploads/);
        expect(en.data).toMatchObject({ maxFiles: 3 });
        expect((await upload(t, parent, await png(), "more.png")).status).toBe(429);
        expect((await usage()).files).toBe(3);
        // Bytes: each key is counted at its kind's limit until its size is known.
        bounds.quota = { files: 100, bytes: 4 * IMAGE_LIMIT };
        expect((await sts(parent)).code).toBe(200);
        expect((await sts(parent)).code).toBe(429);
        // A temporary file the parent removes frees its place.
        await t.api.handle.db.deleteFrom("upload_claims").where("user_id", "=", parentId).execute();
        bounds.quota = { files: 1, bytes: 100 * IMAGE_LIMIT };
        const one = await upload(t, parent, await png(), "one.png");
        expect(one.code, one.msg).toBe(200);
        expect((await upload(t, parent, await png(), "two.png")).status).toBe(429);
        expect((await t.call("DELETE", `files/${one.data.id}`, { token: parent })).code).toBe(200);
        expect((await upload(t, parent, await png(), "two.png")).code).toBe(200);
      } finally {
        bounds.quota = saved;
      }
    });

    it("the clean-up removes keys whose URL died (what was put there and the row), freeing the quota", async () => {
      const target = (await sts(teacher)).data.upload;
      expect((await fetch(target.url, { method: "PUT", headers: target.headers, body: await png() })).status).toBe(200);
      const db = t.api.handle.db;
      const past = new Date(Date.now() - 2 * 3600_000).toISOString();
      await db.updateTable("upload_claims").set({ expires_at: past }).where("object_key", "=", target.key).execute();
      await cleanupTemporaryUploads(t.api.deps);
      expect(await store().stat("temp", target.key)).toBeNull();
      expect(await db.selectFrom("upload_claims").select("id").where("object_key", "=", target.key).executeTakeFirst()).toBeUndefined();
      expect((await register(teacher, target.key)).code).toBe(409);
    });

    it("file names lose control and direction characters (stored and in Content-Disposition)", async () => {
      const r = await upload(t, admin, await png(), "photo\u202egnp.exe\u0007\u200f.png");
      expect(r.code, r.msg).toBe(200);
      expect(r.data.name).toBe("photo_gnp.exe__.png");
      const file = await get(t, admin, r.data.id);
      expect(file.disposition).not.toMatch(/%E2%80%AE|%E2%80%8F|%07/i);
      expect(file.disposition).toContain("photo_gnp.exe__.png");
    });

    it("images past the pixel limit are refused from their header; thumbnails are made at most two at a time", async () => {
      const { thumbnailQueue } = await import("@api/services/storage/files");
      const bounds = t.api.deps.files.bounds;
      const saved = bounds.maxPixels;
      try {
        bounds.maxPixels = 100_000; // the test's 400 × 300 PNG has 120,000
        const r = await upload(t, admin, await png(), "wide.png", "image", "en-US");
        expect(r.status).toBe(400);
        expect(r.msg).toBe("The picture is too large (at most 0.1 megapixels): make it smaller and try again");
        expect(r.data).toMatchObject({ maxPixels: 100_000 });
      } finally {
        bounds.maxPixels = saved;
      }
      thumbnailQueue.resetPeak();
      const big = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#3a6" } })
        .png()
        .toBuffer();
      const all = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(t, admin, big, `p${i}.png`)));
      for (const r of all) expect(r.code, r.msg).toBe(200);
      expect(thumbnailQueue.peak).toBeGreaterThanOrEqual(1);
      expect(thumbnailQueue.peak).toBeLessThanOrEqual(2);
    });
  });
}
