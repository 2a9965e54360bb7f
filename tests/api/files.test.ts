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
  });
}
