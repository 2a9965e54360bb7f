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
