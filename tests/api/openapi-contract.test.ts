/**
 * What an outside client reads in `/openapi.json` (issue 27, items 1–5), checked on the served document and, where a
 * rule is the server's, on the server's replies too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phoneOf, startTestApi, type TestApi } from "./helpers";

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
