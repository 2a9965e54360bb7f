import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { DynamicField } from "@contract/dynamic-form";
import { answersReply, fillableForm, formTemplates } from "@contract/resources/form-templates";
import { phoneOf, startTestApi, type TestApi, download as downloadFrom, sheetRows } from "./helpers";
import { SAMPLE_FIELDS } from "../fixtures/dynamic-form";

/**
 * Dynamic forms (contract/dynamic-form.ts, api/resources/form-templates.ts): a kindergarten admin builds a template,
 * a recipient submits answers validated on the server with the schema derived from the description (422 per field,
 * nothing stored), the owner lists and exports them; tenancy (another kindergarten's template is 404) and the roles
 * of routes.md (/daily/formTemplate: 5; /daily/form: 1,2,3,7,8,11,12,14 — others 403). Image fields: a real upload
 * through the files machinery (POST files/?kind=image), claimed by the answer and served only to who may see it.
 * SQLite by default; TEST_DATABASE=postgres for PostgreSQL.
 */
let t: TestApi;
let admin5: string; // kindergarten 1 (isShowForm on)
let teacher: string; // 13800000003, kindergarten 1
let parent: string; // role 4: not a /daily/form role
let foreign5: string; // kindergarten 4 (group 2)
let templateId = 0;

const FIELDS: DynamicField[] = SAMPLE_FIELDS;

beforeAll(async () => {
  t = await startTestApi();
  [admin5, teacher, parent, foreign5] = await Promise.all([t.token(phoneOf(5)), t.token(phoneOf(3)), t.token(phoneOf(4)), t.token(phoneOf(405))]);
  // Kindergarten 4 turns forms on too, so that its admin is refused by tenancy, not by the flag.
  await sql`update optional_functions set ${sql.ref("isShowForm")} = 1 where kindergarten_id = 4`.execute(t.api.handle.db);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** Answers stored for the template under test (the demo data has its own). */
const answerCount = async () =>
  Number(
    (
      await t.api.handle.db
        .selectFrom("form_answers")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("template_id", "=", templateId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const base = formTemplates.endpoint;

describe("form templates", () => {
  it("the kindergarten admin creates a template; a bad description is refused per field", async () => {
    const bad = await t.call("POST", base, { token: admin5, form: { title: "", fields: "[]" } });
    expect(bad.code).toBe(422);
    expect(bad.data.errors.title).toEqual(["此项不能为空"]);
    expect(bad.data.errors.fields).toEqual(["请至少添加一个字段"]);
    const noOptions = await t.call("POST", base, { token: admin5, form: { title: "x", fields: JSON.stringify([{ ...FIELDS[3], options: [] }]) } });
    expect(noOptions.data.errors.fields).toEqual(["请至少填写一个选项"]);
    const r = await t.call("POST", base, { token: admin5, form: { title: "春游报名", description: "四月春游", fields: JSON.stringify(FIELDS) } });
    expect(r.code).toBe(200);
    expect(r.msg).toBe("表单模板已创建");
    templateId = r.data.id;
    const item = formTemplates.item.parse((await t.call("GET", `${base}${templateId}/`, { token: admin5 })).data);
    expect(item.fields.map((f) => f.key)).toEqual(["f1", "f2", "f3", "f4", "f5", "f6"]);
    expect(item.fieldCount).toBe(6);
  });

  it("a recipient's answers are validated on the server with the derived schema: nothing stored on error", async () => {
    const list = (await t.call("GET", "daily/forms/", { token: teacher })).data.list.map((x: unknown) => fillableForm.parse(x));
    expect(list.map((f: { id: number }) => f.id)).toContain(templateId);
    const before = await answerCount();
    const bad = await t.call("POST", `daily/forms/${templateId}/answers/`, { token: teacher, form: { f2: "abc", f3: "2026-02-30", f4: "7" } });
    expect(bad.code).toBe(422);
    expect(bad.data.errors.f1).toEqual(["此项不能为空"]);
    expect(Object.keys(bad.data.errors).sort()).toEqual(["f1", "f2", "f3", "f4"]);
    expect(await answerCount()).toBe(before);
    const en = await t.call("POST", `daily/forms/${templateId}/answers/`, { token: teacher, lang: "en", form: { f3: "2026-04-01", f4: "0" } });
    expect(en.data.errors.f1).toEqual(["This field is required"]);
    // Multiple choices are repeated fields (as a form of checkboxes sends them).
    const body = new URLSearchParams([
      ["f1", "=1+1 王小明"],
      ["f2", "3"],
      ["f3", "2026-04-01"],
      ["f4", "1"],
      ["f5", "0"],
      ["f5", "1"],
    ]);
    const res = await fetch(new URL(`daily/forms/${templateId}/answers/`, t.url), {
      method: "POST",
      headers: { token: teacher, lang: "zh", "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    const ok = (await res.json()) as { code: number; msg: string };
    expect(ok.code).toBe(200);
    expect(ok.msg).toBe("已提交");
    expect(await answerCount()).toBe(before + 1);
    expect((await t.call("GET", `daily/forms/${templateId}/`, { token: teacher })).data.mine).toBe(1);
  });

  it("the owner lists the answers and exports them, one column per field", async () => {
    const r = answersReply.parse((await t.call("GET", `${base}${templateId}/answers/`, { token: admin5 })).data);
    expect(r.total).toBe(1);
    expect(r.list[0]!.answers).toMatchObject({ f1: "=1+1 王小明", f2: 3, f3: "2026-04-01", f4: "1", f5: ["0", "1"] });
    const { res, buf } = await downloadFrom(t.url, `${base}${templateId}/answers/export/`, admin5);
    expect(res.status).toBe(200);
    const rows = await sheetRows(buf);
    expect(rows[0]).toEqual(["填写人", "提交时间", "姓名", "人数", "日期", "餐食", "活动", "照片"]);
    expect(rows[1]!.slice(2)).toEqual(["'=1+1 王小明", "3", "2026-04-01", "晚餐", "绘画、唱歌", ""]);
    expect(rows).toHaveLength(2);
  });

  it("tenancy: another kindergarten's template is 404 for its admin and users", async () => {
    expect((await t.call("GET", `${base}${templateId}/`, { token: foreign5 })).code).toBe(404);
    expect((await t.call("GET", `${base}${templateId}/answers/`, { token: foreign5 })).code).toBe(404);
    expect((await t.call("PUT", `${base}${templateId}/`, { token: foreign5, form: { title: "x", fields: JSON.stringify(FIELDS) } })).code).toBe(404);
    const { buf } = await downloadFrom(t.url, `${base}${templateId}/answers/export/`, foreign5);
    expect(JSON.parse(buf.toString("utf8")).code).toBe(404);
    const theirs = (await t.call("GET", base, { token: foreign5 })).data.list as { id: number }[];
    expect(theirs.map((x) => x.id)).not.toContain(templateId);
  });

  it("roles not in routes.md are refused (403)", async () => {
    expect((await t.call("GET", "daily/forms/", { token: parent })).code).toBe(403);
    expect((await t.call("POST", `daily/forms/${templateId}/answers/`, { token: parent, form: { f1: "x" } })).code).toBe(403);
    // The admin builds templates but is not a recipient; the teacher fills but does not build.
    expect((await t.call("POST", `daily/forms/${templateId}/answers/`, { token: admin5, form: { f1: "x" } })).code).toBe(403);
    expect((await t.call("GET", base, { token: teacher })).code).toBe(403);
    expect((await t.call("GET", `${base}${templateId}/answers/`, { token: teacher })).code).toBe(403);
  });

  it("deleting a template removes its answers", async () => {
    const r = await t.call("DELETE", `${base}${templateId}/`, { token: admin5 });
    expect(r.code).toBe(200);
    expect(await answerCount()).toBe(0);
    expect((await t.call("GET", `daily/forms/${templateId}/`, { token: teacher })).code).toBe(404);
  });
});

describe("image answers (the files machinery)", () => {
  const IMAGE_FIELDS: DynamicField[] = [
    { key: "f1", label: { zh: "姓名", en: "Name" }, kind: "text", required: true, order: 0 },
    { key: "f2", label: { zh: "健康证明", en: "Certificate" }, kind: "image", required: true, order: 1 },
    { key: "f3", label: { zh: "补充照片", en: "More" }, kind: "image", required: false, order: 2 },
  ];
  let tplId = 0;
  let principal = ""; // role 1, kindergarten 1: fills forms, does not see the answers page
  let foreign1 = ""; // principal of kindergarten 4
  const png = (color: string) =>
    sharp({ create: { width: 320, height: 200, channels: 3, background: color } })
      .png()
      .toBuffer();
  const FAKE_PNG = Buffer.from("a text file that calls itself a photo\n".repeat(20));

  async function upload(token: string, body: Buffer, name: string) {
    const fd = new FormData();
    fd.set("file", new Blob([new Uint8Array(body)]), name);
    const res = await fetch(new URL("files/?kind=image", t.url), { method: "POST", headers: { token, lang: "zh" }, body: fd });
    return { status: res.status, ...((await res.json()) as { code: number; msg: string; data: { id: number } }) };
  }
  async function getFile(token: string, id: number, variant = "file") {
    const res = await fetch(new URL(`files/${id}?variant=${variant}`, t.url), { headers: { token } });
    return { status: res.status, type: res.headers.get("content-type"), body: Buffer.from(await res.arrayBuffer()) };
  }
  const count = async (table: "files" | "form_answers") =>
    Number(
      (
        await t.api.handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const fileRow = (id: number) => t.api.handle.db.selectFrom("files").selectAll().where("id", "=", id).executeTakeFirst();
  const store = () => t.api.deps.files.store;

  beforeAll(async () => {
    [principal, foreign1] = await Promise.all([t.token(phoneOf(1)), t.token(phoneOf(401))]);
    const r = await t.call("POST", base, { token: admin5, form: { title: "体检材料", fields: JSON.stringify(IMAGE_FIELDS) } });
    expect(r.code, r.msg).toBe(200);
    tplId = r.data.id;
  });

  it("a required image missing is refused on that field (422), as is a value that is no file id; nothing stored", async () => {
    const before = await count("form_answers");
    const missing = await t.call("POST", `daily/forms/${tplId}/answers/`, { token: teacher, form: { f1: "王小明" } });
    expect(missing.code).toBe(422);
    expect(missing.data.errors).toEqual({ f2: ["此项不能为空"] });
    const en = await t.call("POST", `daily/forms/${tplId}/answers/`, { token: teacher, lang: "en", form: { f1: "x", f2: "" } });
    expect(en.data.errors).toEqual({ f2: ["This field is required"] });
    const text = await t.call("POST", `daily/forms/${tplId}/answers/`, { token: teacher, form: { f1: "x", f2: "https://example.com/a.png", f3: "-1" } });
    expect(text.data.errors).toEqual({ f2: ["格式不正确"], f3: ["格式不正确"] });
    expect(await count("form_answers")).toBe(before);
  });

  it("a text file named .png is refused with the message (zh and en) and nothing is stored", async () => {
    const before = {
      files: await count("files"),
      answers: await count("form_answers"),
      temp: (await store().listOlderThan("temp", new Date(Date.now() + 3600_000))).length,
    };
    const r = await upload(teacher, FAKE_PNG, "photo.png");
    expect(r.status).toBe(400);
    expect(r.msg).toBe("文件格式错误");
    const fd = new FormData();
    fd.set("file", new Blob([new Uint8Array(FAKE_PNG)]), "photo.png");
    const en = (await (await fetch(new URL("files/?kind=image", t.url), { method: "POST", headers: { token: teacher, lang: "en" }, body: fd })).json()) as {
      msg: string;
    };
    expect(en.msg).toBe("File format error");
    expect({
      files: await count("files"),
      answers: await count("form_answers"),
      temp: (await store().listOlderThan("temp", new Date(Date.now() + 3600_000))).length,
    }).toEqual(before);
  });

  it("an answer with a real PNG stores the file id and claims the file; the author and the staff see it, others get 404", async () => {
    const bytes = await png("#3a7");
    const up = await upload(teacher, bytes, "体检表.png");
    expect(up.code, up.msg).toBe(200);
    const fileId = up.data.id;
    // Temporary: only the uploader.
    expect((await getFile(teacher, fileId)).status).toBe(200);
    expect((await getFile(admin5, fileId)).status).toBe(404);

    const r = await t.call("POST", `daily/forms/${tplId}/answers/`, { token: teacher, form: { f1: "王小明", f2: fileId } });
    expect(r.code, r.msg).toBe(200);
    const answerId = r.data.id as number;
    const row = (await fileRow(fileId))!;
    expect(row).toMatchObject({ bucket: "main", record_type: "formAnswers" });
    expect(Number(row.record_id)).toBe(answerId);
    expect(await store().stat("main", row.object_key)).not.toBeNull();
    expect(await store().stat("temp", row.object_key)).toBeNull();
    expect(await store().stat("main", row.thumb_key!)).not.toBeNull();

    // The author and the owner kindergarten's admin (the answers page) see the image and its thumbnail.
    const mine = await getFile(teacher, fileId);
    expect(mine.status).toBe(200);
    expect(mine.type).toBe("image/png");
    expect(mine.body.equals(bytes)).toBe(true);
    const thumb = await getFile(admin5, fileId, "thumb");
    expect(thumb.status).toBe(200);
    expect(thumb.type).toBe("image/jpeg");
    expect((await getFile(admin5, fileId)).status).toBe(200);
    // Not the author and not the answers page's: another kindergarten's users, a colleague who only fills forms.
    expect((await getFile(foreign5, fileId)).status).toBe(404);
    expect((await getFile(foreign1, fileId, "thumb")).status).toBe(404);
    expect((await getFile(principal, fileId)).status).toBe(404);
    expect((await getFile(parent, fileId)).status).toBe(404);

    // Listed with the file's name; the export writes the name, never a link.
    const list = answersReply.parse((await t.call("GET", `${base}${tplId}/answers/`, { token: admin5 })).data);
    expect(list.list[0]!.answers).toEqual({ f1: "王小明", f2: fileId });
    expect(list.list[0]!.files).toEqual({ [String(fileId)]: "体检表.png" });
    const { buf } = await downloadFrom(t.url, `${base}${tplId}/answers/export/`, admin5);
    const rows = await sheetRows(buf);
    expect(rows[0]).toEqual(["填写人", "提交时间", "姓名", "健康证明", "补充照片"]);
    expect(rows[1]!.slice(2)).toEqual(["王小明", "体检表.png", ""]);
    expect(JSON.stringify(rows)).not.toMatch(/files\/|http|signature/);
  });

  it("an image that is not the submitter's unclaimed upload is refused on its field and nothing is stored", async () => {
    const claimed = (await t.call("GET", `${base}${tplId}/answers/`, { token: admin5 })).data.list[0].answers.f2 as number;
    const others = await upload(principal, await png("#a37"), "p.png");
    const own = await upload(teacher, await png("#37a"), "t.png");
    const before = await count("form_answers");
    const reused = await t.call("POST", `daily/forms/${tplId}/answers/`, { token: teacher, form: { f1: "x", f2: claimed } });
    expect(reused.code).toBe(422);
    expect(reused.data.errors).toEqual({ f2: ["文件不存在或不能用于此记录，请重新上传"] });
    // One good and one foreign image: refused as a whole — the good one is not claimed either.
    const mixed = await t.call("POST", `daily/forms/${tplId}/answers/`, { token: teacher, form: { f1: "x", f2: own.data.id, f3: others.data.id } });
    expect(mixed.code).toBe(422);
    expect(Object.keys(mixed.data.errors)).toEqual(["f3"]);
    const same = await t.call("POST", `daily/forms/${tplId}/answers/`, { token: teacher, form: { f1: "x", f2: own.data.id, f3: own.data.id } });
    expect(same.code).toBe(422);
    expect(await count("form_answers")).toBe(before);
    expect(await fileRow(own.data.id)).toMatchObject({ bucket: "temp", record_type: null });
    expect(await store().stat("temp", (await fileRow(own.data.id))!.object_key)).not.toBeNull();
    // The optional image left out: saved, the file still the submitter's to use.
    const ok = await t.call("POST", `daily/forms/${tplId}/answers/`, { token: teacher, form: { f1: "x", f2: own.data.id } });
    expect(ok.code, ok.msg).toBe(200);
  });

  it("deleting the template removes its answers' images", async () => {
    const ids = (await t.api.handle.db.selectFrom("files").select(["id", "object_key"]).where("record_type", "=", "formAnswers").execute()).map((r) => ({
      id: Number(r.id),
      key: r.object_key,
    }));
    expect(ids.length).toBe(2);
    expect((await t.call("DELETE", `${base}${tplId}/`, { token: admin5 })).code).toBe(200);
    for (const f of ids) {
      expect(await fileRow(f.id)).toBeUndefined();
      expect(await store().stat("main", f.key)).toBeNull();
      expect((await getFile(teacher, f.id)).status).toBe(404);
    }
  });
});
