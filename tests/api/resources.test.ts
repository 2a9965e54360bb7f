import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageSchema } from "@contract/api";
import { classes } from "@contract/resources/classes";
import { places } from "@contract/resources/places";
import { phoneOf, startTestApi, type TestApi, download as downloadFrom, sheetRows } from "./helpers";

/** The resource engine (api/resources) on classes and places: CRUD, list, export, import, roles, tenancy. */
let t: TestApi;
let admin5: string; // kindergarten admin, kindergarten 1 (group 1)
let admin6: string; // super admin
let foreign5: string; // kindergarten admin of kindergarten 4 (group 2)

beforeAll(async () => {
  t = await startTestApi();
  [admin5, admin6, foreign5] = await Promise.all([t.token(phoneOf(5)), t.token(phoneOf(6)), t.token(phoneOf(405))]);
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.api.handle.db;
const count = async (table: "classes" | "places" | "class_teachers") =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const teachersOf = async (kg: number) =>
  (
    await db()
      .selectFrom("users")
      .innerJoin("user_roles", "user_roles.user_id", "users.id")
      .select("users.id")
      .where("users.kindergarten_id", "=", kg)
      .where("user_roles.role_id", "=", 3)
      .orderBy("users.id")
      .execute()
  ).map((r) => Number(r.id));

const download = (path: string, token: string, query: Record<string, string> = {}) => downloadFrom(t.url, path, token, query);

describe("classes (kindergartens/classes/)", () => {
  const base = classes.endpoint;

  it("lists the caller's classes with filter, keyword, sort and paging", async () => {
    const all = await t.call("GET", base, { token: admin5, query: { pageSize: 100 } });
    expect(all.code).toBe(200);
    const page = pageSchema(classes.item).parse(all.data);
    expect(page.total).toBe(8);
    expect(page.list.every((c) => c.kindergartenId === 1)).toBe(true);
    expect(page.list.every((c) => c.teacherNames.length === 2 && c.studentCount > 0)).toBe(true);

    const senior = await t.call("GET", base, { token: admin5, query: { level: "senior" } });
    expect(senior.data.total).toBe(2);
    expect(senior.data.list.every((c: { level: string }) => c.level === "senior")).toBe(true);

    const kw = await t.call("GET", base, { token: admin5, query: { keyword: "大" } });
    expect(kw.data.list.map((c: { name: string }) => c.name).sort()).toEqual(["大一班", "大二班"]);

    const byCount = await t.call("GET", base, { token: admin5, query: { sort: "-studentCount", pageSize: 100 } });
    const counts = byCount.data.list.map((c: { studentCount: number }) => c.studentCount);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));

    const p1 = await t.call("GET", base, { token: admin5, query: { sort: "name", pageSize: 3, currentPage: 1 } });
    const p3 = await t.call("GET", base, { token: admin5, query: { sort: "name", pageSize: 3, currentPage: 3 } });
    expect(p1.data.list).toHaveLength(3);
    expect(p3.data.list).toHaveLength(2);
    expect(p3.data).toMatchObject({ total: 8, currentPage: 3, pageSize: 3 });

    const bad = await t.call("GET", base, { token: admin5, query: { sort: "password", pageSize: 10001 }, lang: "en" });
    expect(bad.code).toBe(422);
    expect(bad.data.errors.sort).toEqual(["Cannot sort by this field"]);
    expect(bad.data.errors.pageSize).toEqual(["Must be at most 10000"]);
  });

  it("creates, changes and deletes a class with its teachers (audited)", async () => {
    const [t1, t2] = await teachersOf(1);
    const before = await count("classes");
    const created = await t.call("POST", base, { token: admin5, form: { name: " 新苗班 ", level: "junior", teacherIds: `${t1},${t2}` } });
    expect(created.code).toBe(200);
    expect(created.msg).toBe("班级已创建");
    const item = classes.item.parse(created.data);
    expect(item).toMatchObject({ name: "新苗班", level: "junior", kindergartenId: 1, studentCount: 0, teacherIds: [t1, t2] });
    expect(await count("classes")).toBe(before + 1);

    const changed = await t.call("PUT", `${base}${item.id}/`, {
      token: admin5,
      form: { name: "新苗二班", level: "senior", teacherIds: String(t2) },
      lang: "en",
    });
    expect(changed.code).toBe(200);
    expect(changed.msg).toBe("Class saved");
    expect(changed.data).toMatchObject({ name: "新苗二班", level: "senior", teacherIds: [t2] });
    const got = await t.call("GET", `${base}${item.id}/`, { token: admin5 });
    expect(got.data.teacherIds).toEqual([t2]);

    const audit = await db()
      .selectFrom("audit_log")
      .select(["action", "entity", "user_id"])
      .where("entity", "in", ["classes", "class_teachers"])
      .orderBy("id")
      .execute();
    expect(audit.map((a) => `${a.entity}:${a.action}`)).toEqual([
      "classes:create",
      "class_teachers:assign",
      "class_teachers:assign",
      "classes:update",
      "class_teachers:unassign",
    ]);
    expect(audit.every((a) => a.user_id === 5)).toBe(true);

    const del = await t.call("DELETE", `${base}${item.id}/`, { token: admin5 });
    expect(del.code).toBe(200);
    expect(del.msg).toBe("班级已删除");
    expect((await t.call("GET", `${base}${item.id}/`, { token: admin5 })).code).toBe(404);
    expect(await db().selectFrom("class_teachers").select("id").where("class_id", "=", item.id).execute()).toEqual([]);
  });

  it("answers 422 per field in the caller's language and changes nothing", async () => {
    const before = await count("classes");
    const zh = await t.call("POST", base, { token: admin5, form: { name: "   " } });
    expect(zh.code).toBe(422);
    expect(zh.data.errors).toEqual({ name: ["请输入班级名称"], level: ["请选择年级"] });
    const en = await t.call("POST", base, { token: admin5, form: { name: "x".repeat(31), level: "huge", teacherIds: "abc" }, lang: "en" });
    expect(en.code).toBe(422);
    expect(en.data.errors.name).toEqual(["At most 30 characters"]);
    expect(en.data.errors.level).toEqual(["Select the level"]);
    expect(en.data.errors.teacherIds).toBeTruthy();
    // A teacher of another kindergarten.
    const [other] = await teachersOf(2);
    const wrong = await t.call("POST", base, { token: admin5, form: { name: "错班", level: "pre", teacherIds: String(other) } });
    expect(wrong.code).toBe(422);
    expect(wrong.data.errors.teacherIds).toEqual(["所选老师不属于该幼儿园"]);
    expect(await count("classes")).toBe(before);
    // A class with students cannot be deleted.
    const busy = await t.call("DELETE", `${base}1/`, { token: admin5 });
    expect(busy.code).toBe(409);
    expect(busy.msg).toMatch(/^该班级还有 \d+ 名学生，不能删除$/);
  });

  it("enforces the kindergarten's maximum number of classes on create", async () => {
    const kg = await db().selectFrom("kindergartens").select("max_classes").where("id", "=", 1).executeTakeFirstOrThrow();
    const have = Number((await t.call("GET", base, { token: admin5 })).data.total);
    const ids: number[] = [];
    for (let i = have; i < kg.max_classes; i++) {
      const r = await t.call("POST", base, { token: admin5, form: { name: `满额${i}`, level: "pre" } });
      expect(r.code).toBe(200);
      ids.push(r.data.id);
    }
    const over = await t.call("POST", base, { token: admin5, form: { name: "超额班", level: "pre" } });
    expect(over.code).toBe(422);
    expect(over.data.errors.name).toEqual([`该幼儿园最多可建 ${kg.max_classes} 个班级，已达上限`]);
    // Changing an existing class is not a new class.
    expect((await t.call("PUT", `${base}${ids[0]}/`, { token: admin5, form: { name: "满额改", level: "junior" } })).code).toBe(200);
    const bulk = await t.call("POST", `${base}bulk_delete/`, { token: admin5, form: { ids: ids.join(",") } });
    expect(bulk.code).toBe(200);
    expect(bulk.msg).toBe(`已删除 ${ids.length} 个班级`);
  });

  it("exports the filtered list as xlsx and csv", async () => {
    const x = await download(`${base}export/`, admin5, { format: "xlsx", level: "senior", sort: "name" });
    expect(x.res.status).toBe(200);
    expect(x.res.headers.get("content-type")).toContain("spreadsheetml");
    expect(x.res.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent("班级")}-`);
    const rows = await sheetRows(x.buf);
    expect(rows[0]).toEqual(["编号", "班级名称", "英文名称", "年级", "幼儿园", "老师", "学生人数", "创建时间"]);
    expect(rows.slice(1).map((r) => r[1])).toEqual(["大一班", "大二班"]);
    expect(rows[1]![2]).toBe("Senior 1");
    expect(rows[1]![3]).toBe("大班");

    const c = await download(`${base}export/`, admin5, { format: "csv", keyword: "托" });
    expect(c.res.headers.get("content-type")).toContain("text/csv");
    const text = c.buf.toString("utf8");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split("\r\n");
    expect(lines[0]).toBe("编号,班级名称,英文名称,年级,幼儿园,老师,学生人数,创建时间");
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).every((l) => l.includes(",托班,"))).toBe(true);
  });

  it("lets the super admin choose the kindergarten, and requires it", async () => {
    const none = await t.call("POST", base, { token: admin6, form: { name: "平台班", level: "pre" } });
    expect(none.code).toBe(422);
    expect(none.data.errors.kindergartenId).toEqual(["请选择幼儿园"]);
    const ok = await t.call("POST", base, { token: admin6, form: { name: "平台班", level: "pre", kindergartenId: 4 } });
    expect(ok.code).toBe(200);
    expect(ok.data.kindergartenId).toBe(4);
    const filtered = await t.call("GET", base, { token: admin6, query: { kindergartenId: 4, pageSize: 100 } });
    expect(filtered.data.list.every((c: { kindergartenId: number }) => c.kindergartenId === 4)).toBe(true);
    expect((await t.call("DELETE", `${base}${ok.data.id}/`, { token: admin6 })).code).toBe(200);
  });

  it("refuses roles outside the page (teacher, parent, principal): 403", async () => {
    for (const phone of [phoneOf(3), phoneOf(4), phoneOf(1)]) {
      const token = await t.token(phone);
      expect((await t.call("GET", base, { token })).code).toBe(403);
      expect((await t.call("GET", `${base}1/`, { token })).code).toBe(403);
      expect((await t.call("POST", base, { token, form: { name: "x", level: "pre" } })).code).toBe(403);
      expect((await t.call("PUT", `${base}1/`, { token, form: { name: "x", level: "pre" } })).code).toBe(403);
      expect((await t.call("DELETE", `${base}1/`, { token })).code).toBe(403);
      expect((await t.call("POST", `${base}bulk_delete/`, { token, form: { ids: "1" } })).code).toBe(403);
      expect((await t.call("GET", `${base}export/`, { token })).code).toBe(403);
    }
    expect((await t.call("GET", base)).code).toBe(401);
  });
});

describe("tenancy: 13800000405 (group 2) against group-1 rows", () => {
  it("neither sees nor changes them (404), and cannot write into group 1", async () => {
    const list = await t.call("GET", classes.endpoint, { token: foreign5, query: { pageSize: 10000 } });
    expect(list.code).toBe(200);
    expect(list.data.total).toBeGreaterThan(0);
    expect(list.data.list.every((c: { kindergartenId: number }) => c.kindergartenId === 4)).toBe(true);
    expect(JSON.stringify(list.data)).not.toContain("阳光");
    const kw = await t.call("GET", classes.endpoint, { token: foreign5, query: { kindergartenId: 1 } });
    expect(kw.data.total).toBe(0);

    const before = await db().selectFrom("classes").selectAll().where("id", "=", 1).executeTakeFirstOrThrow();
    expect((await t.call("GET", `${classes.endpoint}1/`, { token: foreign5 })).code).toBe(404);
    expect((await t.call("PUT", `${classes.endpoint}1/`, { token: foreign5, form: { name: "偷改", level: "pre" } })).code).toBe(404);
    expect((await t.call("DELETE", `${classes.endpoint}1/`, { token: foreign5 })).code).toBe(404);
    const own = list.data.list[0].id;
    const bulk = await t.call("POST", `${classes.endpoint}bulk_delete/`, { token: foreign5, form: { ids: `${own},1` } });
    expect(bulk.code).toBe(404);
    expect(await db().selectFrom("classes").selectAll().where("id", "=", 1).executeTakeFirstOrThrow()).toEqual(before);
    expect(await db().selectFrom("classes").select("id").where("id", "=", own).executeTakeFirst()).toBeTruthy();

    const into = await t.call("POST", places.endpoint, { token: foreign5, form: { name: "越界", kindergartenId: 1 } });
    expect(into.code).toBe(422);
    expect(into.data.errors.kindergartenId).toEqual(["幼儿园不存在或不在您的管理范围内"]);
    const [g1teacher] = await teachersOf(1);
    const steal = await t.call("POST", classes.endpoint, { token: foreign5, form: { name: "越界班", level: "pre", teacherIds: String(g1teacher) } });
    expect(steal.code).toBe(422);

    const x = await download(`${places.endpoint}export/`, foreign5, { format: "csv" });
    expect(x.buf.toString("utf8")).not.toContain("阳光");
    // No page a kindergarten admin opens has a kindergarten select: the lookup refuses her as those pages do.
    expect((await t.call("GET", "lookups/kindergartens/", { token: foreign5 })).code).toBe(403);
    const teachers = await t.call("GET", "lookups/teachers/", { token: foreign5, query: { kindergartenId: 1 } });
    expect(teachers.data.list).toEqual([]);
    const cls = await t.call("GET", "lookups/classes/", { token: foreign5 });
    expect(cls.data.list.length).toBe(list.data.total);
  });
});

describe("places (kindergartens/places/)", () => {
  const base = places.endpoint;

  it("creates, lists, changes (clearing optional fields), bulk deletes", async () => {
    const a = await t.call("POST", base, { token: admin5, form: { name: "美术室", capacity: 30, remark: "二楼" } });
    expect(a.code).toBe(200);
    expect(a.msg).toBe("场所已创建");
    expect(places.item.parse(a.data)).toMatchObject({ name: "美术室", capacity: 30, remark: "二楼", kindergartenId: 1 });
    const b = await t.call("POST", base, { token: admin5, form: { name: "音乐室" } });
    expect(b.data).toMatchObject({ capacity: null, remark: null });

    const list = await t.call("GET", base, { token: admin5, query: { keyword: "二楼" } });
    expect(list.data.list.map((p: { id: number }) => p.id)).toEqual([a.data.id]);
    const sorted = await t.call("GET", base, { token: admin5, query: { sort: "-capacity", pageSize: 100 } });
    const caps = sorted.data.list.map((p: { capacity: number | null }) => p.capacity).filter((c: number | null) => c != null);
    expect(caps).toEqual([...caps].sort((x: number, y: number) => y - x));

    const changed = await t.call("PUT", `${base}${a.data.id}/`, { token: admin5, form: { name: "美术教室" } });
    expect(changed.data).toMatchObject({ name: "美术教室", capacity: null, remark: null });

    const bad = await t.call("PUT", `${base}${a.data.id}/`, { token: admin5, form: { name: "", capacity: "-1" } });
    expect(bad.code).toBe(422);
    expect(bad.data.errors).toEqual({ name: ["请输入场所名称"], capacity: ["不能小于 1"] });
    expect((await t.call("GET", `${base}${a.data.id}/`, { token: admin5 })).data.name).toBe("美术教室");

    const before = await count("places");
    const partial = await t.call("POST", `${base}bulk_delete/`, { token: admin5, form: { ids: `${a.data.id},999999` } });
    expect(partial.code).toBe(404);
    expect(await count("places")).toBe(before);
    const noIds = await t.call("POST", `${base}bulk_delete/`, { token: admin5, form: { ids: "" } });
    expect(noIds.code).toBe(422);
    const bulk = await t.call("POST", `${base}bulk_delete/`, { token: admin5, form: { ids: `${a.data.id},${b.data.id}` } });
    expect(bulk.code).toBe(200);
    expect(bulk.msg).toBe("已删除 2 个场所");
    expect(await count("places")).toBe(before - 2);
  });

  it("imports from csv and xlsx: every bad row reported, nothing written unless all are valid", async () => {
    const tpl = await download(`${base}import_template/`, admin5, { format: "xlsx" });
    expect(tpl.res.status).toBe(200);
    expect((await sheetRows(tpl.buf))[0]).toEqual(["场所名称", "容纳人数", "备注"]);

    const post = async (name: string, body: Blob, token = admin5, lang = "zh") => {
      const fd = new FormData();
      fd.set("file", body, name);
      const res = await fetch(new URL(`${base}import/`, t.url), { method: "POST", headers: { token, lang }, body: fd });
      return (await res.json()) as { code: number; msg: string; data: any };
    };
    const before = await count("places");
    const bad = await post(
      "places.csv",
      new Blob(["\uFEFF场所名称,容纳人数,备注\r\n舞蹈室,20,\r\n,10,无名\r\n画室,abc,\r\n"], { type: "text/csv" }),
      admin5,
      "en",
    );
    expect(bad.code).toBe(422);
    expect(bad.data.rows).toEqual([
      { row: 3, errors: { name: ["Enter the place name"] } },
      { row: 4, errors: { capacity: ["Enter a whole number"] } },
    ]);
    expect(bad.data.errors.file).toHaveLength(2);
    expect(await count("places")).toBe(before);

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("x");
    ws.addRow(["Place name", "Capacity", "Remark"]);
    ws.addRow(["舞蹈室", 20, "一楼"]);
    ws.addRow(["画室", "", ""]);
    const good = await post("places.xlsx", new Blob([Buffer.from(await wb.xlsx.writeBuffer())]));
    expect(good.code).toBe(200);
    expect(good.msg).toBe("已导入 2 个场所");
    expect(await count("places")).toBe(before + 2);

    const header = await post("x.csv", new Blob(["名字\r\n舞蹈室\r\n"]));
    expect(header.code).toBe(422);
    expect(header.data.errors.file[0]).toContain("场所名称");
    const teacher = await t.token(phoneOf(3));
    expect((await post("x.csv", new Blob(["场所名称\r\nx\r\n"]), teacher)).code).toBe(403);
  });
});
