import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classes } from "@contract/resources/classes";
import { places } from "@contract/resources/places";
import { punchSettings } from "@contract/resources/punch-settings";
import { studentParents } from "@contract/resources/student-parents";
import { enc, phoneOf, startTestApi, type TestApi } from "./helpers";

/**
 * Labels the API builds (lookup options, exports) follow the caller's language (`lang` header):
 * English names where they exist (kindergartens, groups, classes: name_en), brackets and list
 * separators of the language (contract/format.ts), never `、` or `（）` in English.
 */
let t: TestApi;
let admin5: string;
let admin6: string;

beforeAll(async () => {
  t = await startTestApi();
  [admin5, admin6] = await Promise.all([t.token(phoneOf(5)), t.token(phoneOf(6))]);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const CJK_PUNCTUATION = /[、，。：；（）【】「」]/;
type Option = { value: number; label: string };
const options = async (name: string, token: string, lang: "zh" | "en", query: Record<string, string | number> = {}) => {
  const r = await t.call<{ list: Option[] }>("GET", `lookups/${name}/`, { token, lang, query });
  expect(r.code).toBe(200);
  return r.data.list;
};
const labelOf = (list: Option[], value: number) => list.find((o) => o.value === value)?.label;

describe("lookup labels in the caller's language", () => {
  it("kindergartens, education groups and classes carry their English names in English", async () => {
    expect(labelOf(await options("kindergartens", admin6, "en"), 1)).toBe("Sunshine Kindergarten (Chaoyang)");
    expect(labelOf(await options("kindergartens", admin6, "zh"), 1)).toBe("阳光幼儿园（朝阳园）");
    expect(labelOf(await options("educationGroups", admin6, "en"), 2)).toBe("Galaxy Education Group");
    expect(labelOf(await options("groups", admin6, "en"), 1)).toBe("Sunshine Education Group");
    expect(labelOf(await options("groups", admin6, "zh"), 1)).toBe("阳光教育集团");
    const classRow = await t.api.handle.db
      .selectFrom("classes")
      .select(["id", "name", "name_en"])
      .where("kindergarten_id", "=", 1)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    for (const name of ["classes", "classOptions"]) {
      expect(labelOf(await options(name, admin5, "en"), Number(classRow.id))).toBe(classRow.name_en);
      expect(labelOf(await options(name, admin5, "zh"), Number(classRow.id))).toBe(classRow.name);
    }
  });

  it("people and students with a note: brackets of the language, the class's English name", async () => {
    const [teachersEn, teachersZh] = [await options("teachers", admin5, "en"), await options("teachers", admin5, "zh")];
    expect(teachersEn.length).toBeGreaterThan(0);
    for (const o of teachersEn) expect(o.label).toMatch(/^\S.* \(\d{4}\)$/);
    expect(teachersZh[0]!.label).toMatch(/（\d{4}）$/);
    const users = await options("usersByRole", admin5, "en", { roleId: 4 });
    expect(users.length).toBeGreaterThan(0);
    expect(users.filter((o) => CJK_PUNCTUATION.test(o.label))).toEqual([]);

    const student = await t.api.handle.db
      .selectFrom("students")
      .innerJoin("classes", "classes.id", "students.class_id")
      .select(["students.id", "students.name", "classes.name as className", "classes.name_en as classNameEn"])
      .where("students.kindergarten_id", "=", 1)
      .orderBy("students.id")
      .executeTakeFirstOrThrow();
    expect(labelOf(await options("studentOptions", admin5, "en"), Number(student.id))).toBe(`${student.name} (${student.classNameEn})`);
    expect(labelOf(await options("studentOptions", admin5, "zh"), Number(student.id))).toBe(`${student.name}（${student.className}）`);
  });
});

describe("names shown on pages in the caller's language", () => {
  it("the user info names the kindergarten and the group in English for English readers", async () => {
    const info = async (lang: string) =>
      (await t.call<{ kindergartenName: string; educationGroupName: string }>("GET", "token/info", { token: admin5, lang })).data;
    expect(await info("en")).toMatchObject({ kindergartenName: "Sunshine Kindergarten (Chaoyang)", educationGroupName: "Sunshine Education Group" });
    expect(await info("zh")).toMatchObject({ kindergartenName: "阳光幼儿园（朝阳园）", educationGroupName: "阳光教育集团" });
    const login = await t.login(phoneOf(1), undefined, { lang: "en" });
    expect(login.data).toMatchObject({ kindergartenName: "Sunshine Kindergarten (Chaoyang)" });
  });

  it("the kindergarten switcher's choices and the principal bindings name kindergartens in English", async () => {
    const principal = await t.token(phoneOf(1));
    const mine = async (lang: string) =>
      (
        await t.call<{ list: { id: number; kindergartenName: string }[] }>("GET", "users/pro_teachers/kindergartens/", {
          token: principal,
          lang,
          query: { currentPage: 1, pageSize: 100 },
        })
      ).data.list;
    expect((await mine("en")).map((k) => k.kindergartenName)).toEqual(["Sunshine Kindergarten (Chaoyang)", "Sunshine Kindergarten (Haidian)"]);
    expect((await mine("zh")).map((k) => k.kindergartenName)).toEqual(["阳光幼儿园（朝阳园）", "阳光幼儿园（海淀园）"]);
    const bindings = await t.call<{ list: { kindergartenName: string }[] }>("GET", "users/principals/kindergartens/", {
      token: admin6,
      lang: "en",
      query: { currentPage: 1, pageSize: 100 },
    });
    expect(bindings.code).toBe(200);
    expect(bindings.data.list.length).toBeGreaterThan(0);
    for (const b of bindings.data.list) expect(b.kindergartenName).toMatch(/^(Sunshine|Galaxy) Kindergarten/);
  });

  it("the punch-in setting names the kindergarten in English for English readers", async () => {
    const name = async (lang: string) =>
      (await t.call<{ kindergartenName: string }>("GET", punchSettings.endpoint, { token: admin5, lang })).data.kindergartenName;
    expect(await name("en")).toBe("Sunshine Kindergarten (Chaoyang)");
    expect(await name("zh")).toBe("阳光幼儿园（朝阳园）");
  });
});

describe("lists and records name kindergartens, groups and classes in English for English readers", () => {
  it("display-only names follow the language; a class's own (editable) name stays as entered, its English name beside it", async () => {
    const row = await t.api.handle.db
      .selectFrom("classes")
      .select(["id", "name", "name_en"])
      .where("kindergarten_id", "=", 1)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const get = async (lang: string) =>
      (await t.call<{ name: string; nameEn: string | null; kindergartenName: string }>("GET", `${classes.endpoint}${row.id}/`, { token: admin6, lang })).data;
    expect(await get("en")).toMatchObject({ name: row.name, nameEn: row.name_en, kindergartenName: "Sunshine Kindergarten (Chaoyang)" });
    expect(await get("zh")).toMatchObject({ name: row.name, nameEn: row.name_en, kindergartenName: "阳光幼儿园（朝阳园）" });

    const students = await t.call<{ list: { className: string | null; kindergartenName: string }[] }>("GET", studentParents.endpoint, {
      token: admin5,
      lang: "en",
      query: { pageSize: 50 },
    });
    expect(students.code).toBe(200);
    const named = students.data.list.filter((s) => s.className);
    expect(named.length).toBeGreaterThan(0);
    for (const s of named) expect(s.className).not.toMatch(/\p{Script=Han}/u);
    for (const s of students.data.list) expect(s.kindergartenName).toBe("Sunshine Kindergarten (Chaoyang)");
  });

  it("a class's English name is saved from the form and searched", async () => {
    const created = await t.call<{ id: number; nameEn: string | null }>("POST", classes.endpoint, {
      token: admin5,
      lang: "en",
      form: { name: "英文测试班", nameEn: "English Test Class", level: "pre" },
    });
    expect(created.code).toBe(200);
    expect(created.data.nameEn).toBe("English Test Class");
    const found = await t.call<{ list: { id: number }[] }>("GET", classes.endpoint, { token: admin5, query: { keyword: "English Test" } });
    expect(found.data.list.map((c) => c.id)).toEqual([created.data.id]);
    expect(labelOf(await options("classOptions", admin5, "en"), created.data.id)).toBe("English Test Class");
  });
});

describe("messages name things in the caller's language", () => {
  it("refused roles are listed in the caller's language, joined as the language joins them", async () => {
    const admin15 = await t.token(phoneOf(15));
    const form = {
      phone: "13912349901",
      realName: "测试",
      password: enc("Bright#2026"),
      gender: "female",
      enabled: "on",
      roleIds: "6,13,3",
      defaultRoleId: 3,
      kindergartenId: 1,
    };
    const en = await t.call<{ errors: Record<string, string[]> }>("POST", "users/", { token: admin15, lang: "en", form });
    expect(en.data.errors.roleIds).toEqual(["You may not grant these roles: Super admin and Admission applicant"]);
    const zh = await t.call<{ errors: Record<string, string[]> }>("POST", "users/", { token: admin15, lang: "zh", form });
    expect(zh.data.errors.roleIds).toEqual(["您不能授予这些角色：超级管理员和招生用户"]);
  });

  it("an import with a wrong header names the missing columns with the language's separators", async () => {
    const body = new FormData();
    body.set("file", new File(["\uFEFFnothing,here\r\nx,y\r\n"], "places.csv", { type: "text/csv" }));
    const res = await fetch(new URL(`${places.endpoint}import/`, t.url), { method: "POST", headers: { token: admin5, lang: "en" }, body });
    const reply = (await res.json()) as { data: { errors: { file: string[] } } };
    const [message] = reply.data.errors.file;
    expect(message).toMatch(/^Wrong header row; missing columns: .+, .+ and .+$|^Wrong header row; missing columns: .+ and .+$/);
    expect(message).not.toMatch(CJK_PUNCTUATION);
  });
});

describe("exports join lists in the caller's language", () => {
  it("the classes export lists a class's teachers with `, ` in English and `、` in Chinese", async () => {
    const csv = async (lang: string) => {
      const res = await fetch(new URL(`${classes.endpoint}export/?format=csv`, t.url), { headers: { token: admin5, lang } });
      expect(res.status).toBe(200);
      return (await res.text()).split("\r\n").slice(1).join("\n");
    };
    const many = await t.api.handle.db
      .selectFrom("class_teachers")
      .innerJoin("classes", "classes.id", "class_teachers.class_id")
      .select(["class_teachers.class_id", (eb) => eb.fn.countAll().as("n")])
      .where("classes.kindergarten_id", "=", 1)
      .groupBy("class_teachers.class_id")
      .having((eb) => eb.fn.countAll(), ">", 1)
      .execute();
    expect(many.length).toBeGreaterThan(0);
    const [en, zh] = [await csv("en"), await csv("zh")];
    expect(en).not.toMatch(/、/);
    expect(en).toMatch(/\p{Script=Han}+, \p{Script=Han}+/u);
    expect(zh).toMatch(/\p{Script=Han}+、\p{Script=Han}+/u);
  });
});
