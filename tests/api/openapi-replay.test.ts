/**
 * The document says what the server does (issue 27.6): every GET without path parameters, and every `{id}` GET (the id
 * taken from its list), of the roles 6, 5, 3 and 4, replayed against the served `/openapi.json`. Each reply's status
 * must be documented, its media type documented for that status, and a JSON body must validate with Ajv against the
 * documented schema, strictly: the replay's copy of the document says `additionalProperties: false` on every object
 * that does not say otherwise, so a property the document does not name is a mismatch too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { phoneOf, startTestApi, type TestApi } from "./helpers";

type Json = Record<string, unknown>;
type Operation = {
  parameters?: { in: string; name: string; required?: boolean }[];
  responses: Record<string, { $ref?: string; content?: Record<string, { schema?: Json }> }>;
};

let t: TestApi;
let doc: { paths: Record<string, Record<string, Operation>>; components: Json };
beforeAll(async () => {
  t = await startTestApi();
  doc = (await (await fetch(new URL("openapi.json", t.url))).json()) as typeof doc;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** The replay's copy of a schema: strict about undocumented properties, OpenAPI 3.0's idioms as JSON Schema. */
function strict(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(strict);
  if (!x || typeof x !== "object") return x;
  const s: Json = Object.fromEntries(Object.entries(x as Json).map(([k, v]) => [k, k === "example" || k === "default" || k === "enum" ? v : strict(v)]));
  if (s.properties && s.additionalProperties === undefined && !s.allOf) s.additionalProperties = false;
  // 3.0: `nullable` (Ajv needs a type beside it), boolean exclusive bounds.
  if (s.nullable === true && s.type === undefined) delete s.nullable;
  if (s.exclusiveMinimum === true) [s.exclusiveMinimum, s.minimum] = [s.minimum, undefined];
  if (s.exclusiveMaximum === true) [s.exclusiveMaximum, s.maximum] = [s.maximum, undefined];
  if (s.exclusiveMinimum === false) delete s.exclusiveMinimum;
  if (s.exclusiveMaximum === false) delete s.exclusiveMaximum;
  return s;
}

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addFormat("binary", true);
ajv.addFormat("aes-cbc-base64", true);
const compiled = new Map<string, ValidateFunction>();
function validatorOf(key: string, schema: Json): ValidateFunction {
  let v = compiled.get(key);
  if (!v) {
    v = ajv.compile({ ...(strict(schema) as Json), components: strict(doc.components) });
    compiled.set(key, v);
  }
  return v;
}

/** A response object, through `#/components/responses/…` when it is a reference. */
function responseOf(r: { $ref?: string; content?: Record<string, { schema?: Json }> }) {
  if (!r.$ref) return r;
  const name = r.$ref.replace("#/components/responses/", "");
  return (doc.components.responses as Record<string, typeof r>)[name]!;
}

describe("the served document describes the served replies (Ajv replay)", () => {
  it("every parameter-free and id GET of roles 6, 5, 3 and 4 matches its documented status, media type and schema", async () => {
    const mismatches: string[] = [];
    let replies = 0;
    const gets = Object.entries(doc.paths).filter(([, ops]) => ops.get);
    const plain = gets.filter(([p]) => !p.includes("{"));
    const byId = gets.filter(([p]) => /^[^{]*\{id\}\/?$/.test(p));
    for (const role of [6, 5, 3, 4]) {
      const token = await t.token(phoneOf(role));
      const firstIds = new Map<string, number>();
      const check = async (path: string, op: Operation, url: string) => {
        const res = await fetch(new URL(url.replace(/^\//, ""), t.url), { headers: { token, appid: "kg-admin-pc" } });
        replies++;
        const where = `role ${role} GET ${url} → ${res.status}`;
        const documented = op.responses[String(res.status)];
        if (!documented) return void mismatches.push(`${where}: status not documented`);
        const type = (res.headers.get("content-type") ?? "").split(";")[0]!.trim();
        const content = responseOf(documented).content ?? {};
        const media = content[type] ?? (type ? undefined : content["application/octet-stream"]);
        if (!media) return void mismatches.push(`${where}: media type ${type} not documented (${Object.keys(content).join(", ")})`);
        if (type !== "application/json") return void (await res.arrayBuffer());
        const body = (await res.json()) as { data?: { list?: { id?: number }[] } };
        const id = body?.data?.list?.[0]?.id;
        if (res.status === 200 && typeof id === "number") firstIds.set(path, id);
        const validate = validatorOf(`${path} ${res.status} ${type}`, media.schema ?? {});
        if (!validate(body)) mismatches.push(`${where}: ${ajv.errorsText(validate.errors?.slice(0, 3), { dataVar: "reply" })}`);
      };
      for (const [path, ops] of plain) await check(path, ops.get!, path);
      for (const [path, ops] of byId) {
        const id = firstIds.get(path.replace(/\{id\}\/?$/, ""));
        if (id !== undefined) await check(path, ops.get!, path.replace("{id}", String(id)));
      }
    }
    console.log(`Ajv replay: ${replies} replies, ${mismatches.length} mismatches`);
    expect(mismatches).toEqual([]);
    expect(replies).toBeGreaterThan(600);
  }, 600_000);
});
