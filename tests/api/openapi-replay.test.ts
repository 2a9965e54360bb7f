/**
 * The document says what the server does (issue 27.6): every GET without path parameters, and every `{id}` GET (the id
 * taken from its list), of the roles 6, 5, 3 and 4, replayed against the served `/openapi.json`. Each reply's status
 * must be documented, its media type documented for that status, and a JSON body must validate with Ajv against the
 * documented schema, strictly: the replay's copy of the document says `additionalProperties: false` on every object
 * that does not say otherwise, so a property the document does not name is a mismatch too.
 *
 * Then role 6's writes: for every resource whose create form role 6 may use, a row made from one of its rows (the
 * definition's label field marked) is created, changed and deleted, a second one taken through the record actions its
 * state allows and bulk-deleted; each request body validates against the operation's requestBody schema (as strictly)
 * before it is sent, and each reply as above.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { actionRoles, allFormFields, can, type ResourceDefinition } from "@contract/resource";
import { actionNames, actionOf } from "@contract/actions";
import { RESOURCES } from "@contract/resources";
import { enc, PASSWORD, phoneOf, startTestApi, type TestApi } from "./helpers";

type Json = Record<string, unknown>;
type Operation = {
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema?: Json }> };
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

/**
 * What is wrong with a reply for its operation (undefined when nothing): its status documented, its media type
 * documented for that status, and a JSON body valid against the documented schema. The JSON body is returned.
 */
async function replyMismatch(method: string, path: string, op: Operation, res: Response): Promise<{ body: unknown; mismatch?: string }> {
  const documented = op.responses[String(res.status)];
  if (!documented) return { body: await res.text(), mismatch: "status not documented" };
  const type = (res.headers.get("content-type") ?? "").split(";")[0]!.trim();
  const content = responseOf(documented).content ?? {};
  const media = content[type] ?? (type ? undefined : content["application/octet-stream"]);
  if (!media) return { body: await res.text(), mismatch: `media type ${type} not documented (${Object.keys(content).join(", ")})` };
  if (type !== "application/json") return { body: await res.arrayBuffer() };
  const body = await res.json();
  const validate = validatorOf(`${method} ${path} ${res.status} ${type}`, media.schema ?? {});
  return validate(body) ? { body } : { body, mismatch: ajv.errorsText(validate.errors?.slice(0, 3), { dataVar: "reply" }) };
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
        const { body, mismatch } = await replyMismatch("get", path, op, res);
        if (mismatch) mismatches.push(`role ${role} GET ${url} → ${res.status}: ${mismatch}`);
        const id = (body as { data?: { list?: { id?: number }[] } } | null)?.data?.list?.[0]?.id;
        if (res.status === 200 && typeof id === "number") firstIds.set(path, id);
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

/** The properties of a body schema (its own, or those of its allOf parts). */
const propertiesOf = (schema: Json | undefined): Record<string, Json> =>
  Object.assign({}, schema?.properties ?? {}, ...((schema?.allOf as Json[] | undefined) ?? []).map((s) => (s.properties as Json) ?? {}));

const PDF = new Uint8Array(Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"));
/** A file the API accepts as an image: a 1×1 PNG. */
const PNG = new Uint8Array(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==", "base64"));
type Upload = (kind: "pdf" | "image") => Promise<number>;
/**
 * Fields a copied row cannot give to a new one, per resource: unique values, secrets (never sent back), files (one
 * record each, so uploaded anew), and rules the seed predates.
 */
const FRESH: Record<string, (n: number, upload: Upload) => Promise<Json>> = {
  users: async (n) => ({ phone: `1390000${String(n).padStart(4, "0")}`, password: enc(PASSWORD) }),
  kindergartenProfiles: async (n) => ({ registrationCode: `REPLAY${n}` }),
  faceDevicesA: async () => ({ secret: enc("replay-secret-2026") }),
  faceDevicesB: async () => ({ secret: enc("replay-secret-2026") }),
  // A new student is preparatory: only that state may be deleted (a mistaken entry).
  students: async (_, upload) => ({
    status: "preparatory",
    fatherEmail: "father@example.com",
    motherEmail: "mother@example.com",
    photoFileId: await upload("image"),
  }),
  presetPlans: async (_, upload) => ({ pdfFileId: await upload("pdf") }),
};

/** A body for the operation's form from a row: the schema's fields the row has, the label marked (and `extra` on top). */
function bodyFrom(def: ResourceDefinition, schema: Json, row: Json, mark: string, extra: Json = {}): Json {
  const names = Object.keys(propertiesOf(schema));
  const out: Json = {};
  for (const name of names) {
    const v = row[name];
    if (v !== undefined && v !== null && v !== "") out[name] = v;
  }
  const label = out[def.labelField];
  if (typeof label === "string") out[def.labelField] = `${label.slice(0, 12)}-${mark}`;
  return { ...out, ...Object.fromEntries(Object.entries(extra).filter(([k]) => names.includes(k))) };
}

/** The lookup a form field's options come from (`GET lookups/<name>/`, of one kindergarten when given), if any. */
function lookupOf(def: ResourceDefinition, field: string, kindergartenId: unknown): string | null {
  const options = allFormFields(def).find((f) => f.name === field)?.options as { lookup?: string; query?: Record<string, string> } | undefined;
  const kg: Record<string, string> = typeof kindergartenId === "number" && field !== "kindergartenId" ? { kindergartenId: String(kindergartenId) } : {};
  return options?.lookup ? `lookups/${options.lookup}/?${new URLSearchParams({ ...(options.query ?? {}), ...kg, pageSize: "500" })}` : null;
}

/** The body as the document's media type sends it: urlencoded (arrays as repeated keys) or multipart. */
function encode(op: Operation, body: Json): { type: string; payload: URLSearchParams | FormData } {
  const multipart = Object.values(body).some((v) => v instanceof Blob) || !op.requestBody?.content["application/x-www-form-urlencoded"];
  const payload = multipart ? new FormData() : new URLSearchParams();
  for (const [k, v] of Object.entries(body))
    for (const item of Array.isArray(v) ? v : [v])
      if (item instanceof Blob && payload instanceof FormData) payload.append(k, item);
      else payload.append(k, String(item));
  return { type: multipart ? "multipart/form-data" : "application/x-www-form-urlencoded", payload };
}

describe("role 6's writes replayed against the document", () => {
  it("creates, changes, takes through its record actions and deletes a row of every resource role 6 may create", async () => {
    const token = await t.token(phoneOf(6));
    const mismatches: string[] = [];
    const leftOver: string[] = [];
    const tally = { writes: 0, created: 0, resources: 0, actions: 0 };
    let n = 0;

    /** Sends one write: the body checked against the operation's requestBody schema first, the reply after. */
    const write = async (method: "post" | "put" | "delete", path: string, url: string, body?: Json): Promise<{ status: number; data: Json | null }> => {
      const op = doc.paths[path]?.[method];
      if (!op) return (void mismatches.push(`${method.toUpperCase()} ${path}: not documented`), { status: 0, data: null });
      let init: RequestInit = { method: method.toUpperCase(), headers: { token, appid: "kg-admin-pc" } };
      if (body) {
        const { type, payload } = encode(op, body);
        const media = op.requestBody?.content[type];
        if (!media) mismatches.push(`${method.toUpperCase()} ${path}: no ${type} requestBody documented`);
        else {
          // A file part is validated as what the document calls it: a (binary) string.
          const typed = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v instanceof Blob ? "(bytes)" : v]));
          const validate = validatorOf(`${path} ${method} body ${type}`, media.schema ?? {});
          if (!validate(typed)) mismatches.push(`${method.toUpperCase()} ${path} body: ${ajv.errorsText(validate.errors?.slice(0, 3), { dataVar: "body" })}`);
        }
        init = { ...init, body: payload };
      }
      const res = await fetch(new URL(url.replace(/^\/+/, ""), t.url), init);
      tally.writes++;
      const { body: reply, mismatch } = await replyMismatch(method, path, op, res);
      if (mismatch) mismatches.push(`${method.toUpperCase()} ${url} → ${res.status}: ${mismatch}`);
      return { status: res.status, data: ((reply as { data?: Json } | null)?.data ?? null) as Json | null };
    };
    const read = async (url: string) => (await t.call("GET", url, { token })).data as Json;
    const upload: Upload = async (kind) => {
      const file = kind === "pdf" ? new File([PDF], "plan.pdf", { type: "application/pdf" }) : new File([PNG], "photo.png", { type: "image/png" });
      return Number((await write("post", "/files/", `/files/?kind=${kind}`, { file })).data?.id);
    };
    /** Bodies for a create the API refused as a duplicate (409): one reference at a time replaced by an option no row uses yet. */
    const unusedRefs = async (def: ResourceDefinition, body: Json, rows: Json[], kindergartenId: unknown) => {
      const out: Json[] = [];
      const refs = Object.keys(body).filter((k) => /Id$/.test(k));
      // The kindergarten last: a person of the same kindergarten first.
      for (const field of [...refs.filter((k) => k !== "kindergartenId"), ...refs.filter((k) => k === "kindergartenId")]) {
        const lookup = lookupOf(def, field, kindergartenId);
        const used = new Set(rows.map((r) => r[field]));
        const options = lookup ? (((await read(lookup))?.list ?? []) as { value: unknown }[]) : [];
        out.push(
          ...options
            .filter((o) => !used.has(o.value))
            .slice(0, 2)
            .map((o) => ({ ...body, [field]: o.value })),
        );
      }
      return out;
    };

    const defs = Object.values(RESOURCES).filter((def) => can(def, "create", 6) && doc.paths[`/${def.endpoint}`]?.post);
    for (const def of defs) {
      const base = `/${def.endpoint}`;
      const item = `${base}{id}/`;
      const rows = ((await read(`${def.endpoint}?pageSize=20`))?.list ?? []) as Json[];
      const source = rows.find((r) => r.kindergartenId === 1) ?? rows[0];
      if (!source) {
        mismatches.push(`${def.name}: no row to copy`);
        continue;
      }
      tally.resources++;
      const full = doc.paths[item]?.get ? ((await read(`${def.endpoint}${source.id}/`)) ?? source) : source;
      const createSchema = Object.values(doc.paths[base]!.post!.requestBody?.content ?? {})[0]?.schema ?? {};
      const create = async (mark: string) => {
        const body = bodyFrom(def, createSchema, full, mark, await FRESH[def.name]?.(++n, upload));
        let r = await write("post", base, base, body);
        for (const other of r.status === 409 ? await unusedRefs(def, body, rows, full.kindergartenId) : []) {
          r = await write("post", base, base, other);
          if (r.status !== 409) break;
        }
        if (r.status !== 200) mismatches.push(`${def.name}: create answered ${r.status} (${JSON.stringify(r.data)})`);
        else tally.created++;
        return r.status === 200 ? Number(r.data?.id) : null;
      };

      // A: created, changed (through its own change form), deleted.
      const a = await create(`r${n}a`);
      if (a !== null && doc.paths[item]?.put) {
        const changeSchema = Object.values(doc.paths[item]!.put!.requestBody?.content ?? {})[0]?.schema ?? {};
        const now = (await read(`${def.endpoint}${a}/`)) ?? full;
        await write("put", item, item.replace("{id}", String(a)), bodyFrom(def, changeSchema, now, `r${n}c`));
      }
      if (a !== null) {
        const gone = doc.paths[item]?.delete ? await write("delete", item, item.replace("{id}", String(a))) : { status: 0 };
        if (gone.status !== 200) leftOver.push(`${def.name} ${a}`);
      }

      // B: created, taken through every record action role 6 may do whose state it is in, bulk-deleted.
      const field = def.states?.field;
      const b = field || doc.paths[`${base}bulk_delete/`] ? await create(`r${n}b`) : null;
      if (b === null) continue;
      let state = field ? (await read(`${def.endpoint}${b}/`))?.[field] : undefined;
      for (const name of actionNames(def)) {
        const action = actionOf(def, name)!;
        const path = `${item}${name}/`;
        if (!actionRoles(def, name).includes(6) || !action.from.includes(String(state)) || !doc.paths[path]?.post) continue;
        const r = await write("post", path, path.replace("{id}", String(b)), action.comment ? { comment: "replay" } : {});
        tally.actions++;
        if (r.status === 200) state = action.to;
      }
      const bulk = doc.paths[`${base}bulk_delete/`]?.post
        ? await write("post", `${base}bulk_delete/`, `${base}bulk_delete/`, { ids: [b] })
        : await write("delete", item, item.replace("{id}", String(b)));
      if (bulk.status !== 200) leftOver.push(`${def.name} ${b} (${state})`);
    }
    console.log(
      `Ajv write replay: ${tally.writes} writes of ${tally.resources} resources (${tally.created} rows created, ${tally.actions} record actions), ${mismatches.length} mismatches, left over: ${leftOver.join(", ") || "none"}`,
    );
    expect(mismatches).toEqual([]);
    expect(tally.resources).toBeGreaterThan(20);
    expect(tally.created).toBeGreaterThanOrEqual(40);
    expect(tally.actions).toBeGreaterThan(0);
  }, 600_000);
});
