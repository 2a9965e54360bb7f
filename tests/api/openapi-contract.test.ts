/**
 * What an outside client reads in `/openapi.json` (issue 27, items 1–5), checked on the served document and, where a
 * rule is the server's, on the server's replies too.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enc, PASSWORD, phoneOf, startTestApi, type TestApi } from "./helpers";

type Json = Record<string, any>;
let t: TestApi;
let doc: Json;
let superToken = "";
beforeAll(async () => {
  t = await startTestApi();
  doc = await (await fetch(new URL("openapi.json", t.url))).json();
  superToken = await t.token(phoneOf(6));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));
/** The schema of a JSON reply, through `#/components/responses/…`. */
const jsonSchema = (op: Json, status = "200") => {
  let r = op.responses[status];
  if (r?.$ref) r = doc.components.responses[r.$ref.split("/").pop()];
  return r?.content?.["application/json"]?.schema;
};

describe("1. list items and single items", () => {
  it("documents `history` on the item GET only, never on list items", () => {
    const lists = operations().filter(({ op }) => op.operationId?.startsWith("list") && jsonSchema(op)?.properties?.data?.properties?.list);
    expect(lists.length).toBeGreaterThan(50);
    for (const { path, op } of lists) {
      const item = jsonSchema(op).properties.data.properties.list.items;
      expect(Object.keys(item?.properties ?? {}), path).not.toContain("history");
    }
    const students = jsonSchema(doc.paths["/students/{id}/"].get).properties.data;
    expect(students.required).toContain("history");
  });

  it("sends what it documents: a list's items without `history`, the item with it", async () => {
    const page = await t.call("GET", "students/", { token: superToken, query: { pageSize: 2 } });
    expect(page.data.list[0]).not.toHaveProperty("history");
    const one = await t.call("GET", `students/${page.data.list[0].id}/`, { token: superToken });
    expect(Array.isArray(one.data.history)).toBe(true);
  });
});

describe("2. files", () => {
  const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
  it("documents downloads with their media types as binary, and their errors as JSON", () => {
    const downloads = operations().filter(({ path }) => /\/(export|import_template)\/$/.test(path));
    expect(downloads.length).toBeGreaterThan(50);
    for (const { path, op } of downloads) {
      const content = op.responses["200"].content;
      expect(content[XLSX]?.schema, path).toMatchObject({ type: "string", format: "binary" });
      expect(content["application/json"], path).toBeUndefined();
      expect(jsonSchema(op, "403"), path).toBeDefined();
    }
    for (const [path, type] of [
      ["/tuition/payrolls/{id}/slip/", "application/pdf"],
      ["/tuition/bills/{id}/receipt/", "application/pdf"],
      ["/files/{id}", "image/png"],
      ["/files/{id}", "image/jpeg"],
    ] as const)
      expect(doc.paths[path].get.responses["200"].content[type]?.schema, `${path} ${type}`).toMatchObject({ format: "binary" });
  });

  it("sends an export with a documented media type (xlsx and csv)", async () => {
    const op = doc.paths["/students/export/"].get;
    for (const format of ["xlsx", "csv"]) {
      const res = await fetch(new URL(`students/export/?format=${format}`, t.url), { headers: { token: superToken } });
      expect(res.status).toBe(200);
      const type = res.headers.get("content-type")!.split(";")[0]!;
      expect(Object.keys(op.responses["200"].content)).toContain(type);
      await res.arrayBuffer();
    }
  });

  it("documents multipart `file` parts as binary strings and PUT uploads/{bucket}/{key}", () => {
    const multipart = operations().filter(({ op }) => op.requestBody?.content?.["multipart/form-data"]);
    expect(multipart.length).toBeGreaterThanOrEqual(7);
    for (const { path, op } of multipart)
      expect(op.requestBody.content["multipart/form-data"].schema.properties.file, path).toMatchObject({ type: "string", format: "binary" });
    const put = doc.paths["/uploads/{bucket}/{key}"]?.put;
    expect(put?.requestBody.content["application/octet-stream"].schema).toMatchObject({ format: "binary" });
    expect(put.parameters.map((p: Json) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(["path:bucket", "path:key", "header:x-security-token"]));
  });
});

describe("3. rules in the schema", () => {
  it("accepts true/false/1/0/on/off for a boolean form field, refuses another word, and documents it", async () => {
    const path = "kindergartens/1/optional_function/";
    const before = (await t.call("GET", path, { token: superToken })).data;
    const form: Record<string, string | number> = {
      teachingRecordLimit: before.teachingRecordLimit,
      classCirclePostLimit: before.classCirclePostLimit,
      videoLengthSeconds: before.videoLengthSeconds,
      assistantSessionCount: before.assistantSessionCount,
    };
    const cases = { isUploadOriginalImage: ["true", true], isShowMonitoring: ["1", true], isShowObservationAnalysis: ["ON", true] } as const;
    for (const [k, [word]] of Object.entries(cases)) form[k] = word;
    const put = await t.call("PUT", path, { token: superToken, form });
    expect(put.code, `${put.msg} ${JSON.stringify(put.data)}`).toBe(200);
    let after = (await t.call("GET", path, { token: superToken })).data;
    for (const [k, [, value]] of Object.entries(cases)) expect(after[k], k).toBe(value);
    for (const word of ["false", "0", "off"]) {
      const off = await t.call("PUT", path, { token: superToken, form: { ...form, isShowMonitoring: word } });
      expect(off.code, word).toBe(200);
      after = (await t.call("GET", path, { token: superToken })).data;
      expect(after.isShowMonitoring, word).toBe(false);
      expect(after.isUploadOriginalImage, word).toBe(true);
    }
    const bad = await t.call("PUT", path, { token: superToken, form: { ...form, isShowMonitoring: "maybe" } });
    expect(bad.code).toBe(422);
    expect(Object.keys(bad.data.errors)).toEqual(["isShowMonitoring"]);
    await t.call("PUT", path, {
      token: superToken,
      form: Object.fromEntries(Object.entries(before).filter(([, v]) => v !== false && typeof v !== "object")) as never,
    });

    const body = doc.paths["/kindergartens/{id}/optional_function/"].put.requestBody.content["application/x-www-form-urlencoded"].schema;
    expect(body.properties.isShowMonitoring.description).toMatch(/true, 1 or on .* false, 0 or off/);
    const filter = doc.paths["/daily/notices/"].get.parameters.find((p: Json) => p.name === "unread");
    expect(filter.schema.enum).toEqual(expect.arrayContaining(["true", "false", "1", "0", "on", "off"]));
    const teacher = await t.token(phoneOf(3));
    const all = await t.call("GET", "daily/notices/", { token: teacher });
    for (const unread of ["off", "0", "false"])
      expect((await t.call("GET", "daily/notices/", { token: teacher, query: { unread } })).data.total, unread).toBe(all.data.total);
    expect((await t.call("GET", "daily/notices/", { token: teacher, query: { unread: "maybe" } })).code).toBe(422);
  });

  it("lists its sort values as an enum on every list, and refuses another (422 on sort)", async () => {
    const lists = operations().filter(({ op }) => (op.parameters ?? []).some((p: Json) => p.name === "sort"));
    expect(lists.length).toBeGreaterThan(90);
    for (const { path, op } of lists) {
      const sort = op.parameters.find((p: Json) => p.name === "sort");
      expect(sort.schema.enum, path).toEqual(expect.arrayContaining(["id", "-id"]));
    }
    const values: string[] = doc.paths["/students/"].get.parameters.find((p: Json) => p.name === "sort").schema.enum;
    for (const sort of values.slice(0, 4)) expect((await t.call("GET", "students/", { token: superToken, query: { sort, pageSize: 1 } })).code, sort).toBe(200);
    const bad = await t.call("GET", "students/", { token: superToken, query: { sort: "realName" } });
    expect(bad.code).toBe(422);
    expect(Object.keys(bad.data.errors)).toEqual(["sort"]);
  });

  it("describes the AES-encrypted password fields with a working example, and arrays' encoding", async () => {
    const login = doc.paths["/token/login"].post.requestBody.content["application/x-www-form-urlencoded"].schema.properties.password;
    expect(login).toMatchObject({ type: "string", format: "aes-cbc-base64" });
    expect(login.description).toMatch(/AES-128-CBC.*zero padding.*Base64/);
    const ok = await fetch(new URL("token/login", t.url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ phone: phoneOf(6), password: login.example, platform: "pc" }),
    });
    expect((await ok.json()).code).toBe(200);
    for (const [path, method, field] of [
      ["/password/reset", "post", "oldPassword"],
      ["/users/", "post", "password"],
      ["/register", "post", "password"],
    ])
      expect(doc.paths[path][method].requestBody.content["application/x-www-form-urlencoded"].schema.properties[field].format, path).toBe("aes-cbc-base64");
    const users = doc.paths["/users/"].post.requestBody.content["application/x-www-form-urlencoded"];
    expect(users.encoding.roleIds).toEqual({ style: "form", explode: true });
    expect(users.schema.properties.roleIds.description).toMatch(/repeated keys .* comma-separated/);
  });
});

describe("3. conditional requirements and formats", () => {
  const formOf = (path: string, method = "post") => doc.paths[path][method].requestBody.content["application/x-www-form-urlencoded"].schema;
  const propsOf = (schema: Json): Record<string, Json> => Object.assign({}, schema.properties, ...(schema.allOf ?? []).map((s: Json) => s.properties ?? {}));
  /** The field errors of a create that is bound to fail (the forms below miss required fields): `undefined` = the field passed. */
  const errorsOf = async (path: string, form: Record<string, string>, token = superToken) => {
    const r = await t.call("POST", path, { token, form, lang: "en" });
    expect(r.code, path).toBe(422);
    return r.data.errors as Record<string, string[]>;
  };

  it("says when kindergartenId is required (the roles that reach more than one kindergarten), on creates only; the server agrees", async () => {
    for (const path of ["/students/", "/devices/cameras/", "/kindergartens/classes/"])
      expect(propsOf(formOf(path)).kindergartenId.description, path).toMatch(
        /^Required when .* \(roles 6, 9, 10, 15, 16: the super admin and the group roles\)/,
      );
    expect(propsOf(formOf("/devices/cameras/{id}/", "put")).kindergartenId.description).toBeUndefined();
    const camera = { name: "Gate", liveUrl: "rtsp://cam.example/live", sort: "1" };
    expect(await errorsOf("devices/cameras/", camera)).toEqual({ kindergartenId: ["Select a kindergarten"] });
    const admin = await t.token(phoneOf(5));
    const made = await t.call("POST", "devices/cameras/", { token: admin, form: camera });
    expect(made.code, JSON.stringify(made.data)).toBe(200);
    expect((await t.call("DELETE", `devices/cameras/${made.data.id}/`, { token: admin })).code).toBe(200);
  });

  it("documents a student's photo, parent and ID document rules; the 18-character ID number pattern is the server's", async () => {
    const student = propsOf(formOf("/students/"));
    expect(student.photoFileId.description).toMatch(/^Required: .*photo.*unless photoPending is on/);
    for (const p of ["fatherName", "motherName"]) expect(student[p].description, p).toMatch(/At least one of fatherName and motherName is required/);
    expect(student.motherEmail.description).toBe("Required when motherName is given.");
    expect(student.idType.description).toBe("Required when idNumber is given.");
    const { pattern, description } = student.idNumber;
    expect(pattern).toBe("^[A-Za-z0-9-]{5,30}$");
    const idCard = new RegExp(/id_card the 18-character resident ID number \((\^.+?\$)\)/.exec(description)![1]!);
    const missing = await errorsOf("students/", {});
    expect(missing.photoFileId).toEqual(["Photo cannot be empty"]);
    expect(missing.fatherName).toEqual(["Parent names cannot be empty (at least one parent)"]);
    for (const [idType, idNumber, documented] of [
      ["id_card", "11010120210506002", idCard],
      ["id_card", "110101202105060023", idCard],
      ["id_card", "11010120210506002X", idCard],
      ["passport", "E12", new RegExp(pattern)],
      ["passport", "E1234567", new RegExp(pattern)],
    ] as const) {
      const errors = await errorsOf("students/", { idType, idNumber });
      const refused = errors.idNumber !== undefined;
      expect(refused, `${idType} ${idNumber}`).toBe(!documented.test(idNumber));
      if (idNumber.length === 17) expect(errors.idNumber).toEqual(["A resident ID card number has 18 characters (the last may be X)"]);
    }
  });

  it("documents the phone list and the stream address as patterns the server applies", async () => {
    const phones = propsOf(formOf("/users/push/")).phones;
    expect(phones.description).toMatch(/separated by commas/);
    for (const value of ["13800000001,13800000002", "13800000001，13800000002\n13800000003", "13800000001,12", "1380000000113800000002"]) {
      const refused = (await errorsOf("users/push/", { phones: value })).phones !== undefined;
      expect(refused, value).toBe(!new RegExp(phones.pattern).test(value));
    }
    const liveUrl = propsOf(formOf("/devices/cameras/")).liveUrl;
    expect(liveUrl).toMatchObject({ format: "uri", maxLength: 500 });
    expect(liveUrl.description).toMatch(/rtsp:\/\/ or rtmp:\/\//);
    for (const value of ["rtsp://cam.example:554/live", "https://cam.example/hls.m3u8", "ftp://cam.example/live", "cam.example/live"]) {
      const errors = await errorsOf("devices/cameras/", { liveUrl: value });
      expect(errors.liveUrl !== undefined, value).toBe(!new RegExp(liveUrl.pattern).test(value));
    }
  });
});

describe("4. one list convention", () => {
  it("answers {list, total, currentPage, pageSize} on lists that are not paged too", async () => {
    for (const path of ["kindergartens/optional_functions/", "lookups/classes/", "assessment/checklists/totals/"]) {
      const r = await t.call("GET", path, { token: superToken });
      expect(r.code, path).toBe(200);
      expect(r.data, path).toMatchObject({ total: r.data.list.length, currentPage: 1, pageSize: Math.max(1, r.data.list.length) });
    }
  });

  it("documents id filters as integers and answers 422 naming them for kindergartenId=abc, on every list", async () => {
    const withKg = operations().filter(
      ({ path, method, op }) =>
        method === "get" && !path.includes("{") && (op.parameters ?? []).some((p: Json) => p.in === "query" && p.name === "kindergartenId"),
    );
    expect(withKg.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const { path, op } of withKg) {
      const idParams = op.parameters.filter((p: Json) => p.in === "query" && /Id$/.test(p.name));
      for (const p of idParams) if (p.schema.type !== "integer" && !p.schema.enum) wrong.push(`${path} ${p.name}: ${JSON.stringify(p.schema)}`);
      const r = await t.call("GET", path, { token: superToken, query: { kindergartenId: "abc" } });
      if (r.status === 403) continue;
      if (r.code !== 422 || !r.data?.errors?.kindergartenId) wrong.push(`${path}: ${r.code} ${JSON.stringify(r.data?.errors ?? null)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("names date ranges <field>From/<field>To; the old names are documented deprecated aliases that answer the same", async () => {
    const params = (op: Json) => new Map<string, Json>((op.parameters ?? []).filter((p: Json) => p.in === "query").map((p: Json) => [p.name, p]));
    const withOld = operations().filter(({ op }) => params(op).has("from"));
    expect(withOld.length).toBeGreaterThanOrEqual(10);
    for (const { path, op } of withOld) {
      const q = params(op);
      for (const old of ["from", "to"]) {
        expect(q.get(old)?.deprecated, `${path} ${old}`).toBe(true);
        const name = /^Deprecated alias of (\w+)/.exec(q.get(old)!.description)?.[1];
        expect(name, `${path} ${old}`).toMatch(old === "from" ? /^[a-z]\w*From$/ : /^[a-z]\w*To$/);
        expect(q.get(name!)?.deprecated, `${path} ${name}`).toBeUndefined();
      }
    }
    const otherNames = operations().flatMap(({ path, op }) =>
      [...params(op).keys()].filter((n) => /^(start|end|begin)(Date|Month)?$/.test(n)).map((n) => `${path} ${n}`),
    );
    expect(otherNames).toEqual([]);

    const principal = await t.token(phoneOf(1));
    for (const [path, range] of [
      ["teaching/expert_comment_rate/", { dateFrom: "2025-12-01", dateTo: "2026-01-31" }],
      ["admission/reports/pipeline/", { monthFrom: "2025-06", monthTo: "2025-09" }],
      ["admission/reports/enrolment/", { monthFrom: "2025-06", monthTo: "2025-09" }],
    ] as const) {
      const [from, to] = Object.values(range);
      const byName = await t.call("GET", path, { token: principal, query: range });
      expect(byName.code, `${path} ${byName.msg}`).toBe(200);
      expect(byName.data, path).toMatchObject({ from, to });
      const byAlias = await t.call("GET", path, { token: principal, query: { from, to } });
      expect(byAlias.data, path).toEqual(byName.data);
      const wrong = await t.call("GET", path, { token: principal, query: { from: "2026-13-40" } });
      expect(wrong.code, path).toBe(422);
      expect(Object.keys(wrong.data.errors), path).toEqual([Object.keys(range)[0]]);
    }
  });

  it("answers 422 for a value outside an enum filter", async () => {
    const status = doc.paths["/students/"].get.parameters.find((p: Json) => p.name === "status");
    expect(status.schema.enum).toContain("at_school");
    const r = await t.call("GET", "students/", { token: superToken, query: { status: "bogus" } });
    expect(r.code).toBe(422);
    expect(Object.keys(r.data.errors)).toEqual(["status"]);
    expect((await t.call("GET", "students/", { token: superToken, query: { status: "at_school" } })).code).toBe(200);
  });
});

describe("5. shared errors, tags, descriptions", () => {
  it("references the shared error replies from components/responses instead of inlining them", async () => {
    const shared = doc.components.responses;
    expect(Object.keys(shared)).toEqual(
      expect.arrayContaining([
        "BadRequest",
        "Unauthorized",
        "Forbidden",
        "NotFound",
        "Conflict",
        "PayloadTooLarge",
        "ValidationFailed",
        "TooManyRequests",
        "InternalError",
        "Unavailable",
      ]),
    );
    expect(shared.Unavailable.headers["Retry-After"]).toBeDefined();
    for (const { path, method, op } of operations())
      for (const [status, r] of Object.entries(op.responses as Record<string, Json>))
        if (Number(status) >= 400) expect(r.$ref, `${method} ${path} ${status}`).toMatch(/^#\/components\/responses\//);
    const text = await (await fetch(new URL("openapi.json", t.url), { headers: { "accept-encoding": "identity" } })).text();
    expect(text.length).toBeLessThan(1_300_000);
  });

  it("answers another method on every documented path with 405, its Allow header and the JSON envelope, documented there", async () => {
    const METHODS = ["get", "post", "put", "delete", "patch"];
    expect(doc.components.responses.MethodNotAllowed.headers.Allow).toBeDefined();
    const wrong: string[] = [];
    const paths = Object.entries(doc.paths as Record<string, Record<string, Json>>);
    for (const [path, ops] of paths) {
      const documented = Object.keys(ops).filter((m) => METHODS.includes(m));
      const method = METHODS.find((m) => !documented.includes(m))!;
      // A path parameter as the document allows it: its first enum value, its example, or 1.
      const params = new Map<string, Json>(
        Object.values(ops).flatMap((op) => (op.parameters ?? []).filter((p: Json) => p.in === "path").map((p: Json) => [p.name, p.schema])),
      );
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => String(params.get(name)?.enum?.[0] ?? params.get(name)?.example ?? 1));
      const res = await fetch(new URL(url.slice(1), t.url), { method: method.toUpperCase(), headers: { token: superToken } });
      const body = await res.json().catch(() => null);
      const allow = (res.headers.get("allow") ?? "").split(/,\s*/).filter(Boolean).sort();
      const where = `${method.toUpperCase()} ${url}`;
      if (res.status !== 405) wrong.push(`${where}: ${res.status}`);
      else if (
        allow.join() !==
        documented
          .map((m) => m.toUpperCase())
          .sort()
          .join()
      )
        wrong.push(`${where}: Allow ${allow} for ${documented}`);
      else if (body?.code !== 405 || body.data !== null || !body.msg) wrong.push(`${where}: body ${JSON.stringify(body)}`);
      for (const m of documented)
        if (ops[m]!.responses["405"]?.$ref !== "#/components/responses/MethodNotAllowed") wrong.push(`${m} ${path}: 405 not documented`);
    }
    expect(paths.length).toBeGreaterThan(300);
    expect(wrong).toEqual([]);
  });

  it("answers 423 on the login and the password reset of a locked phone, where both document it", async () => {
    const phone = phoneOf(7);
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await t.login(phone, "Wrong#Pass9")).code);
    expect(codes).toEqual([400, 400, 400, 400, 423]);
    const reset = await t.call("POST", "password/reset", { form: { phone, oldPassword: enc(PASSWORD), password: enc("Other#2026x") } });
    expect(reset.code).toBe(423);
    for (const [path, method] of [
      ["/token/login", "post"],
      ["/password/reset", "post"],
    ])
      expect(doc.paths[path][method].responses["423"]?.$ref, path).toBe("#/components/responses/Locked");
    expect(doc.components.responses.Locked.content["application/json"]).toBeDefined();
  });

  it("answers an unexpected failure with 500 and the JSON envelope, documented on the operation", async () => {
    // A table gone from under the API (renamed for the request, then back): an error no route expects.
    await sql`ALTER TABLE places RENAME TO places_gone`.execute(t.api.handle.db);
    const r = await t
      .call("GET", "kindergartens/places/", { token: superToken, lang: "en" })
      .finally(() => sql`ALTER TABLE places_gone RENAME TO places`.execute(t.api.handle.db));
    expect([r.status, r.code, r.data]).toEqual([500, 500, null]);
    expect(r.msg).toBeTruthy();
    expect(doc.paths["/kindergartens/places/"].get.responses["500"].$ref).toBe("#/components/responses/InternalError");
    expect((await t.call("GET", "kindergartens/places/", { token: superToken })).code).toBe(200);
  });

  it("documents 500 (an unexpected failure) and 503 (the database unreachable) on every operation, and 502 where a provider is called", () => {
    for (const { path, method, op } of operations()) {
      expect(op.responses["500"]?.$ref, `${method} ${path}`).toBe("#/components/responses/InternalError");
      expect(op.responses["503"]?.$ref, `${method} ${path}`).toBe("#/components/responses/Unavailable");
    }
    for (const [path, method] of [
      ["/sms/code", "post"],
      ["/token/applicant_sms_code", "post"],
      ["/token/login_wechat", "post"],
      ["/tuition/bills/{id}/qr/", "get"],
    ])
      expect(doc.paths[path][method].responses["502"]?.$ref, path).toBe("#/components/responses/BadGateway");
  });

  it("declares every tag with a description, and gives every operation a description", () => {
    const declared = new Map((doc.tags as Json[]).map((tag) => [tag.name, tag.description]));
    for (const { path, method, op } of operations()) {
      expect(op.tags?.length, `${method} ${path}`).toBe(1);
      expect(declared.get(op.tags[0]), `${method} ${path} tag ${op.tags[0]}`).toBeTruthy();
      expect(String(op.description ?? "").length, `${method} ${path}`).toBeGreaterThan(10);
    }
  });
});
