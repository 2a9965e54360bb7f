import ExcelJS from "exceljs";
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

describe("recipients and summary", () => {
  let principal = ""; // role 1, kindergarten 1
  let otherTeacher = ""; // role 3, kindergarten 1, not of the class chosen below
  let classId = 0; // a class teacher 13800000003 teaches
  let tplId = 0;
  const db = () => t.api.handle.db;
  const fillableIds = async (token: string) => ((await t.call("GET", "daily/forms/", { token })).data.list as { id: number }[]).map((x) => x.id);

  beforeAll(async () => {
    const teacherId = Number((await db().selectFrom("users").select("id").where("phone", "=", phoneOf(3)).executeTakeFirstOrThrow()).id);
    classId = Number((await db().selectFrom("class_teachers").select("class_id").where("user_id", "=", teacherId).executeTakeFirstOrThrow()).class_id);
    const other = await db()
      .selectFrom("users as u")
      .select("u.phone")
      .where("u.kindergarten_id", "=", 1)
      .where("u.default_role_id", "=", 3)
      .where("u.enabled", "=", 1)
      .where((eb) => eb.or([eb("u.class_id", "is", null), eb("u.class_id", "!=", classId)]))
      .where("u.id", "not in", db().selectFrom("class_teachers").select("user_id").where("class_id", "=", classId))
      .orderBy("u.id")
      .executeTakeFirstOrThrow();
    [principal, otherTeacher] = await Promise.all([t.token(phoneOf(1)), t.token(other.phone)]);
  });

  it("recipients are checked when the template is written: roles of /daily/form, classes of its kindergarten", async () => {
    const wrongRole = await t.call("POST", base, { token: admin5, form: { title: "x", fields: JSON.stringify(FIELDS), recipientRoleIds: 5 } });
    expect(wrongRole.code).toBe(422);
    expect(Object.keys(wrongRole.data.errors)).toEqual(["recipientRoleIds"]);
    const foreignClass = Number((await db().selectFrom("classes").select("id").where("kindergarten_id", "=", 4).executeTakeFirstOrThrow()).id);
    const wrongClass = await t.call("POST", base, { token: admin5, form: { title: "x", fields: JSON.stringify(FIELDS), recipientClassIds: foreignClass } });
    expect(wrongClass.code).toBe(422);
    expect(Object.keys(wrongClass.data.errors)).toEqual(["recipientClassIds"]);
    const r = await t.call("POST", base, {
      token: admin5,
      form: { title: "本班教师调查", fields: JSON.stringify(FIELDS), recipientRoleIds: 3, recipientClassIds: classId },
    });
    expect(r.code, r.msg).toBe(200);
    tplId = r.data.id;
    const item = formTemplates.item.parse((await t.call("GET", `${base}${tplId}/`, { token: admin5 })).data);
    expect(item).toMatchObject({ recipientRoleIds: [3], recipientClassIds: [classId] });
  });

  it("only recipients see the form (404 for others) and may answer (403 for others)", async () => {
    expect(await fillableIds(teacher)).toContain(tplId);
    expect(await fillableIds(principal)).not.toContain(tplId);
    expect(await fillableIds(otherTeacher)).not.toContain(tplId);
    expect((await t.call("GET", `daily/forms/${tplId}/`, { token: principal })).code).toBe(404);
    expect((await t.call("GET", `daily/forms/${tplId}/`, { token: otherTeacher })).code).toBe(404);
    const refused = await t.call("POST", `daily/forms/${tplId}/answers/`, { token: principal, form: { f1: "x", f3: "2026-04-01", f4: "0" } });
    expect(refused.code).toBe(403);
    expect(refused.msg).toBe("此表单未发送给您");
    const en = await t.call("POST", `daily/forms/${tplId}/answers/`, { token: otherTeacher, lang: "en", form: { f1: "x", f3: "2026-04-01", f4: "0" } });
    expect(en.code).toBe(403);
    expect(en.msg).toBe("This form is not addressed to you");
    const ok = await t.call("POST", `daily/forms/${tplId}/answers/`, { token: teacher, form: { f1: "x", f3: "2026-04-01", f4: "0" } });
    expect(ok.code, ok.msg).toBe(200);
    // A template with no recipients chosen (as every migrated one) reaches everyone who may open /daily/form.
    const open = Number(
      (
        await db()
          .selectFrom("form_templates")
          .select("id")
          .where("kindergarten_id", "=", 1)
          .where("recipient_role_ids", "=", "[]")
          .where("recipient_class_ids", "=", "[]")
          .orderBy("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
    for (const token of [teacher, principal, otherTeacher]) expect(await fillableIds(token)).toContain(open);
  });

  it("the answers reply summarises each field; the export adds the summary as a second sheet", async () => {
    const r = await t.call("POST", base, { token: admin5, form: { title: "满意度", fields: JSON.stringify(FIELDS) } });
    const id = r.data.id as number;
    const submit = async (token: string, pairs: [string, string][]) => {
      const res = await fetch(new URL(`daily/forms/${id}/answers/`, t.url), {
        method: "POST",
        headers: { token, lang: "zh", "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(pairs),
      });
      expect(((await res.json()) as { code: number }).code).toBe(200);
    };
    await submit(teacher, [
      ["f1", "a"],
      ["f2", "3"],
      ["f3", "2026-04-01"],
      ["f4", "0"],
      ["f5", "0"],
      ["f5", "1"],
    ]);
    await submit(principal, [
      ["f1", "b"],
      ["f2", "6"],
      ["f3", "2026-04-02"],
      ["f4", "1"],
      ["f5", "1"],
    ]);
    await submit(otherTeacher, [
      ["f1", "c"],
      ["f3", "2026-04-03"],
      ["f4", "0"],
    ]);
    const reply = answersReply.parse((await t.call("GET", `${base}${id}/answers/`, { token: admin5 })).data);
    // Hand-counted: 3 answer sets; f2 given twice (3, 6); f4 option 0 twice, 1 once; f5 option 0 once, 1 twice; no image.
    expect(reply.summary).toEqual([
      { key: "f1", kind: "text", answered: 3 },
      { key: "f2", kind: "number", answered: 2, numbers: { min: 3, avg: 4.5, max: 6 } },
      { key: "f3", kind: "date", answered: 3 },
      {
        key: "f4",
        kind: "single",
        answered: 3,
        options: [
          { count: 2, percent: 66.7 },
          { count: 1, percent: 33.3 },
        ],
      },
      {
        key: "f5",
        kind: "multiple",
        answered: 2,
        options: [
          { count: 1, percent: 33.3 },
          { count: 2, percent: 66.7 },
        ],
      },
      { key: "f6", kind: "image", answered: 0 },
    ]);
    const { buf } = await downloadFrom(t.url, `${base}${id}/answers/export/`, admin5);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    expect(wb.worksheets.map((s) => s.name)).toEqual(["满意度", "统计"]);
    const rows: string[][] = [];
    wb.worksheets[1]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? "" : String(v)))));
    expect(rows[0]).toEqual(["字段", "项目", "数值"]);
    expect(rows).toContainEqual(["", "平均值", "4.5"]);
    expect(rows).toContainEqual(["", "午餐", "2 (66.7%)"]);
    expect(rows).toContainEqual(["照片", "已填写", "0"]);
  });
});
