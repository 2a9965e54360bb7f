import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageSchema } from "@contract/api";
import { statisticsSchema } from "@contract/entities/statistics";
import { groups } from "@contract/resources/groups";
import { kindergartens } from "@contract/resources/kindergartens";
import { optionalFunctionItem } from "@contract/resources/optional-functions";
import { punchRecords } from "@contract/resources/punch-records";
import { punchSettingItem } from "@contract/resources/punch-settings";
import { phoneOf, startTestApi, type TestApi, download as downloadFrom, sheetRows } from "./helpers";
import { todayCn } from "@contract/school-time";

/**
 * Kindergarten management (issue 4): groups, kindergartens, optional functions, punch-in settings,
 * punch-in records and statistics — CRUD, list/filter/sort/page, export, bad input (422 per field,
 * nothing changed), roles (5 vs 6, a teacher) and tenancy (group 2's admin 13800000405).
 */
let t: TestApi;
let admin5: string; // kindergarten admin, kindergarten 1 (group 1)
let admin6: string; // super admin
let foreign5: string; // kindergarten admin of kindergarten 4 (group 2)
let teacher: string; // 13800000003
let principal: string; // 13800000001

beforeAll(async () => {
  t = await startTestApi();
  [admin5, admin6, foreign5, teacher, principal] = await Promise.all([
    t.token(phoneOf(5)),
    t.token(phoneOf(6)),
    t.token(phoneOf(405)),
    t.token(phoneOf(3)),
    t.token(phoneOf(1)),
  ]);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const db = () => t.api.handle.db;
const auditCount = async () =>
  Number(
    (
      await db()
        .selectFrom("audit_log")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const download = (path: string, token: string, query: Record<string, string> = {}) => downloadFrom(t.url, path, token, query);

// ------------------------------------------------------------------------------------------------
describe("groups (education_groups/)", () => {
  const base = groups.endpoint;

  it("lists groups with kindergarten counts, keyword, sort and paging", async () => {
    const r = await t.call("GET", base, { token: admin6, query: { pageSize: 10 } });
    expect(r.code).toBe(200);
    const page = pageSchema(groups.item).parse(r.data);
    expect(page.total).toBe(2);
    expect(page.list.find((g) => g.id === 1)!.kindergartenCount).toBe(3);
    expect(page.list.find((g) => g.id === 2)!.kindergartenCount).toBe(1);
    const kw = await t.call("GET", base, { token: admin6, query: { keyword: "Galaxy" } });
    expect(kw.data.list.map((g: { id: number }) => g.id)).toEqual([2]);
    const sorted = await t.call("GET", base, { token: admin6, query: { sort: "-kindergartenCount" } });
    expect(sorted.data.list[0].id).toBe(1);
    const p2 = await t.call("GET", base, { token: admin6, query: { pageSize: 1, currentPage: 2, sort: "id" } });
    expect(p2.data.list.map((g: { id: number }) => g.id)).toEqual([2]);
    expect(p2.data.total).toBe(2);
  });

  it("creates, changes, exports and deletes (bulk too); refuses deleting a group with kindergartens", async () => {
    const c = await t.call("POST", base, { token: admin6, form: { name: "晨曦教育集团", nameEn: "Dawn Education" } });
    expect(c.code).toBe(200);
    const id = c.data.id as number;
    const ch = await t.call("PUT", `${base}${id}/`, { token: admin6, form: { name: "晨曦教育", nameEn: "Dawn" } });
    expect(ch.code).toBe(200);
    expect(ch.data).toMatchObject({ name: "晨曦教育", nameEn: "Dawn", kindergartenCount: 0 });
    const csv = await download(`${base}export/`, admin6, { format: "csv", keyword: "晨曦" });
    expect(csv.res.headers.get("content-type")).toContain("text/csv");
    expect(csv.buf.toString("utf8")).toContain("晨曦教育");
    const xlsx = await download(`${base}export/`, admin6, { format: "xlsx" });
    const rows = await sheetRows(xlsx.buf);
    expect(rows[0]).toContain("集团名称");
    expect(rows.length).toBe(4);
    const del = await t.call("DELETE", `${base}${id}/`, { token: admin6 });
    expect(del.code).toBe(200);
    const a = await t.call("POST", base, { token: admin6, form: { name: "A" } });
    const b = await t.call("POST", base, { token: admin6, form: { name: "B" } });
    const bulk = await t.call("POST", `${base}bulk_delete/`, { token: admin6, form: { ids: `${a.data.id},${b.data.id}` } });
    expect(bulk.code).toBe(200);
    const busy = await t.call("DELETE", `${base}1/`, { token: admin6 });
    expect(busy.code).toBe(409);
    const busyBulk = await t.call("POST", `${base}bulk_delete/`, { token: admin6, form: { ids: "2" } });
    expect(busyBulk.code).toBe(409);
    expect((await t.call("GET", base, { token: admin6 })).data.total).toBe(2);
  });

  it("bad input: 422 per field, nothing changed", async () => {
    const before = await auditCount();
    const r = await t.call("POST", base, { token: admin6, form: { nameEn: "x" } });
    expect(r.code).toBe(422);
    expect(r.data.errors.name[0]).toBe("请输入集团名称");
    const long = await t.call("POST", base, { token: admin6, form: { name: "x".repeat(51) }, lang: "en" });
    expect(long.code).toBe(422);
    expect(long.data.errors.name[0]).toMatch(/50/);
    expect(await auditCount()).toBe(before);
  });

  it("only the super admin: kindergarten admin, teacher and group 2 are refused", async () => {
    for (const tok of [admin5, teacher, foreign5, principal]) {
      expect((await t.call("GET", base, { token: tok })).code).toBe(403);
      expect((await t.call("POST", base, { token: tok, form: { name: "X" } })).code).toBe(403);
      expect((await t.call("DELETE", `${base}2/`, { token: tok })).code).toBe(403);
    }
  });
});

// ------------------------------------------------------------------------------------------------
describe("kindergartens (kindergartens/)", () => {
  const base = kindergartens.endpoint;
  const form = {
    name: "晨光幼儿园",
    nameEn: "Morning Light",
    educationGroupId: 2,
    province: "广东省",
    city: "深圳市",
    area: "福田区",
    address: "深南大道 1 号",
    longitude: "114.05",
    latitude: "22.54",
    contractStart: "2025-01-01",
    contractEnd: "2099-12-31",
    maxClasses: 6,
    version: "lite",
  };

  it("lists every field with remaining days and contract status; filter, sort, page", async () => {
    const r = await t.call("GET", base, { token: admin6, query: { pageSize: 100, sort: "id" } });
    expect(r.code).toBe(200);
    const page = pageSchema(kindergartens.item).parse(r.data);
    expect(page.total).toBe(4);
    const k1 = page.list[0]!;
    expect(k1).toMatchObject({
      id: 1,
      groupName: "阳光教育集团",
      province: "北京市",
      area: "朝阳区",
      maxClasses: 12,
      classCount: 8,
      version: "standard",
      registrationCode: "SUN001",
    });
    const today = todayCn();
    const expected = Math.round((Date.parse("2027-08-31") - Date.parse(today)) / 86400000);
    expect(k1.remainingDays).toBe(expected);
    const g1 = await t.call("GET", base, { token: admin6, query: { educationGroupId: 1 } });
    expect(g1.data.total).toBe(3);
    const lite = await t.call("GET", base, { token: admin6, query: { version: "lite" } });
    expect(lite.data.list.map((k: { id: number }) => k.id)).toEqual([2]);
    const byEnd = await t.call("GET", base, { token: admin6, query: { sort: "remainingDays", pageSize: 2, currentPage: 1 } });
    expect(byEnd.data.list[0].id).toBe(2); // 2026-12-31 ends first
    expect(byEnd.data.list).toHaveLength(2);
  });

  it("creates (generated registration code + optional-functions row), changes, exports, deletes", async () => {
    const c = await t.call("POST", base, { token: admin6, form });
    expect(c.code).toBe(200);
    const id = c.data.id as number;
    expect(c.data.registrationCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(c.data.contractStatus).toBe("active");
    const of = await db().selectFrom("optional_functions").selectAll().where("kindergarten_id", "=", id).executeTakeFirst();
    expect(of).toBeTruthy();
    expect(Number(of!.videoLengthSeconds)).toBe(60);
    const ch = await t.call("PUT", `${base}${id}/`, { token: admin6, form: { ...form, contractEnd: "2025-06-30", registrationCode: "MORN01", maxClasses: 0 } });
    expect(ch.code).toBe(200);
    expect(ch.data).toMatchObject({ contractStatus: "expired", registrationCode: "MORN01" });
    expect(ch.data.remainingDays).toBeLessThan(0);
    const expired = await t.call("GET", base, { token: admin6, query: { contractStatus: "expired" } });
    expect(expired.data.list.map((k: { id: number }) => k.id)).toEqual([id]);
    // Empty registration code on change keeps the code.
    const keep = await t.call("PUT", `${base}${id}/`, { token: admin6, form });
    expect(keep.data.registrationCode).toBe("MORN01");
    const csv = await download(`${base}export/`, admin6, { format: "csv" });
    const text = csv.buf.toString("utf8");
    expect(text).toContain("剩余天数");
    expect(text).toContain("MORN01");
    const xlsx = await download(`${base}export/`, admin6, { format: "xlsx", educationGroupId: "1" });
    expect((await sheetRows(xlsx.buf)).length).toBe(4);
    const del = await t.call("DELETE", `${base}${id}/`, { token: admin6 });
    expect(del.code).toBe(200);
    expect(await db().selectFrom("optional_functions").select("id").where("kindergarten_id", "=", id).executeTakeFirst()).toBeUndefined();
    const x = await t.call("POST", base, { token: admin6, form: { ...form, name: "X1" } });
    const y = await t.call("POST", base, { token: admin6, form: { ...form, name: "Y1" } });
    expect((await t.call("POST", `${base}bulk_delete/`, { token: admin6, form: { ids: `${x.data.id},${y.data.id}` } })).code).toBe(200);
    // A kindergarten with classes and people cannot be deleted (bulk: all or nothing).
    expect((await t.call("DELETE", `${base}3/`, { token: admin6 })).code).toBe(409);
    expect((await t.call("GET", base, { token: admin6 })).data.total).toBe(4);
  });

  it("bad input: every rule answers 422 on its field and changes nothing", async () => {
    const before = await auditCount();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ name: "" }, "name", /请输入幼儿园名称/],
      [{ educationGroupId: "" }, "educationGroupId", /请选择所属集团/],
      [{ educationGroupId: 999 }, "educationGroupId", /集团不存在/],
      [{ longitude: "180.5" }, "longitude", /180/],
      [{ longitude: "-181" }, "longitude", /-180/],
      [{ latitude: "91" }, "latitude", /90/],
      [{ latitude: "abc" }, "latitude", /数字/],
      [{ contractStart: "2026-05-01", contractEnd: "2026-04-30" }, "contractEnd", /不能早于开始日期/],
      [{ contractEnd: "2026-13-01" }, "contractEnd", /日期/],
      [{ maxClasses: "-1" }, "maxClasses", /0/],
      [{ maxClasses: "" }, "maxClasses", /最大班级数/],
      [{ version: "gold" }, "version", /版本/],
      [{ registrationCode: "a b" }, "registrationCode", /4–20/],
      [{ registrationCode: "sun001" }, "registrationCode", /已被其他幼儿园使用/],
    ];
    for (const [patch, field, msg] of cases) {
      const r = await t.call("POST", base, { token: admin6, form: { ...form, ...patch } as Record<string, string | number> });
      expect(r.code, JSON.stringify(patch)).toBe(422);
      expect(r.data.errors[field]?.[0], JSON.stringify(patch)).toMatch(msg);
    }
    const en = await t.call("POST", base, { token: admin6, lang: "en", form: { ...form, contractStart: "2026-05-01", contractEnd: "2026-01-01" } });
    expect(en.data.errors.contractEnd[0]).toBe("The contract cannot end before it starts");
    // Lowering max classes below the classes it has (kindergarten 1 has 8).
    const k1 = (await t.call("GET", `${base}1/`, { token: admin6 })).data;
    const low = await t.call("PUT", `${base}1/`, {
      token: admin6,
      form: { ...form, name: k1.name, educationGroupId: 1, maxClasses: 7, registrationCode: "SUN001", version: "standard" },
    });
    expect(low.code).toBe(422);
    expect(low.data.errors.maxClasses[0]).toBe("该幼儿园已有 8 个班级，最大班级数不能小于 8");
    expect(await auditCount()).toBe(before);
    expect((await t.call("GET", `${base}1/`, { token: admin6 })).data.maxClasses).toBe(12);
  });

  it("max classes is enforced when classes are added", async () => {
    const c = await t.call("POST", base, { token: admin6, form: { ...form, name: "Tiny", maxClasses: 1 } });
    const id = c.data.id as number;
    expect((await t.call("POST", "kindergartens/classes/", { token: admin6, form: { name: "一班", level: "junior", kindergartenId: id } })).code).toBe(200);
    const second = await t.call("POST", "kindergartens/classes/", { token: admin6, form: { name: "二班", level: "junior", kindergartenId: id } });
    expect(second.code).toBe(422);
    // Clean up: the class, then the kindergarten.
    const cls = await db().selectFrom("classes").select("id").where("kindergarten_id", "=", id).executeTakeFirstOrThrow();
    expect((await t.call("DELETE", `kindergartens/classes/${cls.id}/`, { token: admin6 })).code).toBe(200);
    expect((await t.call("DELETE", `${base}${id}/`, { token: admin6 })).code).toBe(200);
  });

  it("roles: only the super admin", async () => {
    for (const tok of [admin5, teacher, foreign5])
      for (const [m, p] of [
        ["GET", base],
        ["GET", `${base}1/`],
        ["PUT", `${base}1/`],
        ["DELETE", `${base}4/`],
        ["GET", `${base}export/`],
      ] as const)
        expect((await t.call(m, p, { token: tok, form: m === "PUT" ? form : undefined })).code, `${m} ${p}`).toBe(403);
  });
});

// ------------------------------------------------------------------------------------------------
describe("optional functions (kindergartens/{id}/optional_function/)", () => {
  it("lists the kindergartens with flags on, reads and changes every flag; the user's next token/info follows", async () => {
    const list = await t.call("GET", "kindergartens/optional_functions/", { token: admin6 });
    expect(list.code).toBe(200);
    expect(list.data.list).toHaveLength(4);
    expect(list.data.list[0]).toMatchObject({ kindergartenId: 1, showOn: 6, hideOn: 0 });
    expect(list.data.list[1]).toMatchObject({ kindergartenId: 2, showOn: 0, hideOn: 17 });
    const g2 = await t.call("GET", "kindergartens/optional_functions/", { token: admin6, query: { educationGroupId: 2 } });
    expect(g2.data.list.map((k: { kindergartenId: number }) => k.kindergartenId)).toEqual([4]);

    const r = await t.call("GET", "kindergartens/1/optional_function/", { token: admin6 });
    const of = optionalFunctionItem.parse(r.data);
    expect(of.isShowNursery).toBe(true);
    expect(of.isHideTeachingPlan).toBe(false);

    const infoBefore = await t.call("GET", "token/info", { token: teacher });
    expect(infoBefore.data.optionalFunction.isHideTeachingPlan).toBe(false);
    // Everything unticked except isHideTeachingPlan; settings changed.
    const put = await t.call("PUT", "kindergartens/1/optional_function/", {
      token: admin6,
      form: { isHideTeachingPlan: "on", isShowForm: "on", teachingRecordLimit: 5, classCirclePostLimit: 3, videoLengthSeconds: 300, assistantSessionCount: 2 },
    });
    expect(put.code).toBe(200);
    expect(put.msg).toContain("阳光幼儿园（朝阳园）");
    expect(put.data).toMatchObject({ isHideTeachingPlan: true, isShowForm: true, isShowNursery: false, videoLengthSeconds: 300, isUploadOriginalImage: false });
    const audit = await db().selectFrom("audit_log").selectAll().where("entity", "=", "optional_functions").orderBy("id", "desc").executeTakeFirst();
    expect(audit?.action).toBe("update");
    // The kindergarten-1 teacher's next request sees the new flags (the token is the same).
    const info = await t.call("GET", "token/info", { token: teacher });
    expect(info.data.optionalFunction.isHideTeachingPlan).toBe(true);
    expect(info.data.optionalFunction.isShowNursery).toBe(false);
    // …and the API's page guard follows: the principal's lesson plans are now hidden, nurseries too.
    const restore = await t.call("PUT", "kindergartens/1/optional_function/", {
      token: admin6,
      form: {
        isShowNursery: "on",
        isShowForm: "on",
        isShowYsCamera: "on",
        isShowSalary: "on",
        isShowTuitionDeposit: "on",
        isShowAge06: "on",
        isUploadOriginalImage: "on",
        isShowMonitoring: "on",
        isShowObservationAnalysis: "on",
        teachingRecordLimit: 50,
        classCirclePostLimit: 20,
        videoLengthSeconds: 120,
        assistantSessionCount: 10,
      },
    });
    expect(restore.code).toBe(200);
    expect((await t.call("GET", "token/info", { token: teacher })).data.optionalFunction.isHideTeachingPlan).toBe(false);
  });

  it("bad input: 422 per field, nothing changed", async () => {
    const before = await auditCount();
    const base = { teachingRecordLimit: 1, classCirclePostLimit: 1, videoLengthSeconds: 60, assistantSessionCount: 1 };
    for (const [patch, field] of [
      [{ videoLengthSeconds: 3601 }, "videoLengthSeconds"],
      [{ teachingRecordLimit: -1 }, "teachingRecordLimit"],
      [{ classCirclePostLimit: "many" }, "classCirclePostLimit"],
      [{ assistantSessionCount: "" }, "assistantSessionCount"],
      [{ assistantSessionCount: "1.5" }, "assistantSessionCount"],
    ] as const) {
      const r = await t.call("PUT", "kindergartens/2/optional_function/", { token: admin6, form: { ...base, ...patch } });
      expect(r.code, field).toBe(422);
      expect(r.data.errors[field]?.length, field).toBeGreaterThan(0);
    }
    expect(await auditCount()).toBe(before);
  });

  it("a kindergarten admin, a teacher and group 2 cannot read or edit optional functions; unknown kindergarten 404", async () => {
    for (const tok of [admin5, foreign5, teacher, principal]) {
      expect((await t.call("GET", "kindergartens/1/optional_function/", { token: tok })).code).toBe(403);
      expect((await t.call("PUT", "kindergartens/4/optional_function/", { token: tok, form: { videoLengthSeconds: 1 } })).code).toBe(403);
      expect((await t.call("GET", "kindergartens/optional_functions/", { token: tok })).code).toBe(403);
    }
    expect((await t.call("GET", "kindergartens/999/optional_function/", { token: admin6 })).code).toBe(404);
  });
});

// ------------------------------------------------------------------------------------------------
describe("punch-in setting (kindergartens/punch_setting/)", () => {
  const path = "kindergartens/punch_setting/";
  const good = { wifiName: "Sunshine-Office", macAddresses: "A4:5E:60:D1:22:01\naa:bb:cc:dd:ee:ff", workStart: "08:30", workEnd: "17:30", enabled: "on" };

  it("reads and changes the setting of the current kindergarten (audited)", async () => {
    const r = await t.call("GET", path, { token: admin5 });
    expect(r.code).toBe(200);
    const s = punchSettingItem.parse(r.data);
    expect(s).toMatchObject({ kindergartenId: 1, wifiName: "Sunshine-1", workStart: "08:00", workEnd: "17:00", enabled: true });
    const before = await auditCount();
    const put = await t.call("PUT", path, { token: admin5, form: good });
    expect(put.code).toBe(200);
    expect(put.msg).toBe("打卡设置已保存");
    expect(put.data).toMatchObject({
      wifiName: "Sunshine-Office",
      macAddresses: ["a4:5e:60:d1:22:01", "aa:bb:cc:dd:ee:ff"],
      workStart: "08:30",
      workEnd: "17:30",
      enabled: true,
    });
    expect(await auditCount()).toBe(before + 1);
    // Unticked = disabled; comma-separated addresses accepted.
    const off = await t.call("PUT", path, { token: admin5, form: { ...good, enabled: undefined, macAddresses: "00:11:22:33:44:55, 66:77:88:99:aa:bb" } });
    expect(off.data.enabled).toBe(false);
    expect(off.data.macAddresses).toHaveLength(2);
    await t.call("PUT", path, { token: admin5, form: { ...good, workStart: "08:00", workEnd: "17:00" } });
  });

  it("bad input: the bad MAC entry is named, a sixth address is refused, end after start; nothing changed", async () => {
    const before = await auditCount();
    const bad = await t.call("PUT", path, { token: admin5, form: { ...good, macAddresses: "a4:5e:60:d1:22:01\nzz:11:22:33:44:55" } });
    expect(bad.code).toBe(422);
    expect(bad.data.errors.macAddresses[0]).toBe("第 2 个 MAC 地址“zz:11:22:33:44:55”格式不正确，应为 xx:xx:xx:xx:xx:xx");
    const en = await t.call("PUT", path, { token: admin5, lang: "en", form: { ...good, macAddresses: "a4-5e-60-d1-22-01" } });
    expect(en.data.errors.macAddresses[0]).toBe("MAC address 1 “a4-5e-60-d1-22-01” is not in the form xx:xx:xx:xx:xx:xx");
    const six = Array.from({ length: 6 }, (_, i) => `00:11:22:33:44:0${i}`).join("\n");
    const many = await t.call("PUT", path, { token: admin5, form: { ...good, macAddresses: six } });
    expect(many.code).toBe(422);
    expect(many.data.errors.macAddresses[0]).toBe("最多 5 个 MAC 地址（现有 6 个）");
    const five = await t.call("PUT", path, {
      token: admin5,
      form: { ...good, macAddresses: six.split("\n").slice(0, 5).join("\n"), workStart: "08:00", workEnd: "17:00" },
    });
    expect(five.code).toBe(200);
    const mid = await auditCount();
    const order = await t.call("PUT", path, { token: admin5, form: { ...good, workStart: "18:00", workEnd: "09:00" } });
    expect(order.code).toBe(422);
    expect(order.data.errors.workEnd[0]).toBe("下班时间必须晚于上班时间");
    const same = await t.call("PUT", path, { token: admin5, form: { ...good, workStart: "09:00", workEnd: "09:00" } });
    expect(same.data.errors.workEnd).toBeTruthy();
    const time = await t.call("PUT", path, { token: admin5, form: { ...good, workStart: "25:00" } });
    expect(time.data.errors.workStart[0]).toBe("请输入正确的时间（时:分）");
    const wifi = await t.call("PUT", path, { token: admin5, form: { ...good, wifiName: "" } });
    expect(wifi.data.errors.wifiName[0]).toBe("请输入 WiFi 名称");
    expect(await auditCount()).toBe(mid);
    expect(mid).toBe(before + 1);
  });

  it("roles and tenancy: the super admin and a teacher are refused; group 2's admin sees kindergarten 4 only", async () => {
    for (const tok of [admin6, teacher, principal]) {
      expect((await t.call("GET", path, { token: tok })).code).toBe(403);
      expect((await t.call("PUT", path, { token: tok, form: good })).code).toBe(403);
    }
    const g2 = await t.call("GET", path, { token: foreign5 });
    expect(g2.data).toMatchObject({ kindergartenId: 4, wifiName: "Galaxy-Staff" });
    const before = await db().selectFrom("punch_settings").selectAll().where("kindergarten_id", "=", 1).executeTakeFirstOrThrow();
    await t.call("PUT", path, { token: foreign5, form: { ...good, wifiName: "Galaxy-2" } });
    const after = await db().selectFrom("punch_settings").selectAll().where("kindergarten_id", "=", 1).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect((await db().selectFrom("punch_settings").select("wifi_name").where("kindergarten_id", "=", 4).executeTakeFirstOrThrow()).wifi_name).toBe("Galaxy-2");
  });
});

// ------------------------------------------------------------------------------------------------
describe("punch-in records (kindergartens/punch_records/)", () => {
  const base = punchRecords.endpoint;

  it("lists the kindergarten's records with late/early marks, teacher and date filters, sort, paging", async () => {
    const r = await t.call("GET", base, { token: admin5, query: { pageSize: 50 } });
    expect(r.code).toBe(200);
    const page = pageSchema(punchRecords.item).parse(r.data);
    expect(page.total).toBeGreaterThan(300);
    expect(page.list.every((p) => p.kindergartenId === 1)).toBe(true);
    expect(page.list[0]!.date >= page.list[page.list.length - 1]!.date).toBe(true);
    for (const p of page.list) {
      expect(p.late).toBe(p.clockIn != null && p.clockIn > "08:00");
      expect(p.early).toBe(p.clockOut != null && p.clockOut < "17:00");
    }
    const late = await t.call("GET", base, { token: admin5, query: { late: "true", pageSize: 1000 } });
    expect(late.data.total).toBeGreaterThan(0);
    expect(late.data.list.every((p: { late: boolean }) => p.late)).toBe(true);
    const early = await t.call("GET", base, { token: admin5, query: { early: "true", pageSize: 1000 } });
    expect(early.data.total).toBeGreaterThan(0);
    const teacherId = page.list[0]!.teacherId;
    const one = await t.call("GET", base, { token: admin5, query: { teacherId, dateFrom: "2025-12-22", dateTo: "2025-12-26", pageSize: 100 } });
    expect(one.data.total).toBeGreaterThan(0);
    expect(one.data.total).toBeLessThanOrEqual(5);
    expect(one.data.list.every((p: { teacherId: number; date: string }) => p.teacherId === teacherId && p.date >= "2025-12-22" && p.date <= "2025-12-26")).toBe(
      true,
    );
    const sorted = await t.call("GET", base, { token: admin5, query: { sort: "clockIn", pageSize: 5 } });
    expect(sorted.data.list[0].clockIn <= sorted.data.list[4].clockIn).toBe(true);
    const p2 = await t.call("GET", base, { token: admin5, query: { pageSize: 10, currentPage: 2 } });
    expect(p2.data.list).toHaveLength(10);
    const badDate = await t.call("GET", base, { token: admin5, query: { dateFrom: "2025-13-01" } });
    expect(badDate.code).toBe(422);
  });

  it("late/early follow the punch-in setting", async () => {
    const path = "kindergartens/punch_setting/";
    await t.call("PUT", path, { token: admin5, form: { wifiName: "W", workStart: "09:00", workEnd: "16:00", enabled: "on" } });
    const r = await t.call("GET", base, { token: admin5, query: { late: "true", pageSize: 1000 } });
    expect(r.data.total).toBe(0); // the seed's latest clock-in is 08:40
    await t.call("PUT", path, {
      token: admin5,
      form: { wifiName: "Sunshine-1", macAddresses: "a4:5e:60:d1:22:01", workStart: "08:00", workEnd: "17:00", enabled: "on" },
    });
  });

  it("exports the filtered records as xlsx and csv", async () => {
    const csv = await download(`${base}export/`, admin5, { format: "csv", late: "true" });
    expect(csv.res.status).toBe(200);
    const text = csv.buf.toString("utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text).toContain("迟到");
    expect(text).not.toContain("Galaxy");
    const xlsx = await download(`${base}export/`, admin5, { format: "xlsx", dateFrom: "2026-01-02", dateTo: "2026-01-02" });
    const rows = await sheetRows(xlsx.buf);
    expect(rows[0]).toEqual(["日期", "老师", "手机号", "上班打卡", "迟到", "下班打卡", "早退", "WiFi", "MAC 地址", "幼儿园"]);
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.slice(1).every((r) => r[0] === "2026-01-02")).toBe(true);
  });

  it("is read-only, for the kindergarten admin only; group 2 sees only kindergarten 4's records", async () => {
    expect((await t.call("POST", base, { token: admin5, form: { date: "2026-01-01" } })).code).toBe(403);
    const any = (await t.call("GET", base, { token: admin5, query: { pageSize: 1 } })).data.list[0];
    expect((await t.call("DELETE", `${base}${any.id}/`, { token: admin5 })).code).toBe(403);
    expect((await t.call("POST", `${base}bulk_delete/`, { token: admin5, form: { ids: String(any.id) } })).code).toBe(403);
    for (const tok of [admin6, teacher, principal]) expect((await t.call("GET", base, { token: tok })).code).toBe(403);
    const g2 = await t.call("GET", base, { token: foreign5, query: { pageSize: 1000 } });
    expect(g2.code).toBe(200);
    expect(g2.data.total).toBeGreaterThan(0);
    expect(g2.data.list.every((p: { kindergartenId: number }) => p.kindergartenId === 4)).toBe(true);
    expect((await t.call("GET", `${base}${any.id}/`, { token: foreign5 })).code).toBe(404);
    const foreignCsv = await download(`${base}export/`, foreign5, { format: "csv" });
    expect(foreignCsv.buf.toString("utf8")).not.toContain("阳光");
  });
});

// ------------------------------------------------------------------------------------------------
describe("statistics (statistics/kindergartens/)", () => {
  it("counts classes, students, teachers and attendance per group and kindergarten, with 30 days of rates", async () => {
    const r = await t.call("GET", "statistics/kindergartens/", { token: admin6 });
    expect(r.code).toBe(200);
    const s = statisticsSchema.parse(r.data);
    expect(s.kindergartens.map((k) => k.id)).toEqual([1, 2, 3, 4]);
    expect(s.groups.map((g) => g.id)).toEqual([1, 2]);
    expect(s.groups[0]!.kindergartens).toBe(3);
    expect(s.kindergartens[0]!.classes).toBe(8);
    expect(s.kindergartens.every((k) => k.students > 0 && k.teachers > 0 && k.attendanceRate! > 50 && k.attendanceRate! <= 100)).toBe(true);
    expect(s.groups[0]!.students).toBe(s.kindergartens.slice(0, 3).reduce((n, k) => n + k.students, 0));
    expect(s.to).toBe("2026-01-02");
    expect(s.from).toBe("2025-12-04");
    expect(s.daily.length).toBeGreaterThan(15);
    expect(s.daily.every((d) => d.date >= s.from && d.date <= s.to && d.rate! > 0)).toBe(true);
    const g2 = statisticsSchema.parse((await t.call("GET", "statistics/kindergartens/", { token: admin6, query: { educationGroupId: 2 } })).data);
    expect(g2.kindergartens.map((k) => k.id)).toEqual([4]);
    expect(g2.groups.map((g) => g.id)).toEqual([2]);
    const bad = await t.call("GET", "statistics/kindergartens/", { token: admin6, query: { to: "yesterday" } });
    expect(bad.code).toBe(422);
  });

  it("only the super admin", async () => {
    for (const tok of [admin5, foreign5, teacher, principal]) expect((await t.call("GET", "statistics/kindergartens/", { token: tok })).code).toBe(403);
  });
});
