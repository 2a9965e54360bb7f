/**
 * The OpenAPI description of a resource's routes: one `operationId` per operation from the definition's name
 * (`listUsers`, `getUser`, `createUser`, `updateUser`, `deleteUser`, `bulkDeleteUsers`, `exportUsers`,
 * `importUsers`, `getUsersImportTemplate`, `<action>User`, `bulk<Action>Users`), the `{code,msg,data}` error replies
 * and the path parameters.
 */
import { z } from "@hono/zod-openapi";
import { allFormFields } from "@contract/resource";
import { envelope, tokenHeader } from "../../routes/common";
import { MAX_PAGE_SIZE } from "@contract/resource";
import { rt } from "../i18n";
import type { Engine } from "./types";

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** `classes` → `Class`, `users` → `User`, `pushNotifications` → `PushNotification`. */
export const singular = (name: string) => cap(name.endsWith("sses") ? name.slice(0, -2) : name.endsWith("s") ? name.slice(0, -1) : name);
export const plural = (name: string) => cap(name);

export type OperationKind = "list" | "get" | "create" | "update" | "delete" | "bulkDelete" | "export" | "import" | "importTemplate";
/** The operation id of one engine operation, or of a record action (`send` → `sendPushNotification`, bulk → `bulkSendPushNotifications`). */
export function operationId(name: string, op: OperationKind | { action: string; bulk?: boolean }): string {
  if (typeof op === "object") return op.bulk ? `bulk${cap(op.action)}${plural(name)}` : `${op.action}${singular(name)}`;
  switch (op) {
    case "list":
      return `list${plural(name)}`;
    case "bulkDelete":
      return `bulkDelete${plural(name)}`;
    case "export":
      return `export${plural(name)}`;
    case "import":
      return `import${plural(name)}`;
    case "importTemplate":
      return `get${plural(name)}ImportTemplate`;
    default:
      return `${op}${singular(name)}`;
  }
}

const errorEnvelope = z
  .object({
    code: z.number().int().openapi({ example: 404, description: "the HTTP status" }),
    msg: z.string().openapi({ example: "记录不存在", description: "translated by the lang header" }),
    data: z.record(z.string(), z.unknown()).nullable().openapi({ description: "422: {errors: {field: [message]}}; 413: {maxBytes}; else null" }),
  })
  .openapi("ErrorReply");
/** The shared error replies: `#/components/responses/<name>`, each the `{code, msg, data}` envelope. */
const SHARED_ERRORS: Record<number, { name: string; text: string }> = {
  400: { name: "BadRequest", text: "Unreadable body or query (code 400)" },
  401: { name: "Unauthorized", text: "No or expired token (code 401)" },
  403: { name: "Forbidden", text: "The role or the row rule refuses (code 403)" },
  404: { name: "NotFound", text: "No such record within the caller's scope (code 404)" },
  405: { name: "MethodNotAllowed", text: "Another method than this path's documented ones (code 405, with an Allow header listing them)" },
  409: { name: "Conflict", text: "The record's state does not allow it (code 409)" },
  413: { name: "PayloadTooLarge", text: "Body over the size limit (code 413)" },
  422: { name: "ValidationFailed", text: "Invalid fields: data.errors per field, translated (code 422)" },
  423: { name: "Locked", text: "The phone is locked after too many wrong passwords (code 423; msg says for how many minutes)" },
  429: { name: "TooManyRequests", text: "Too many requests (code 429)" },
  500: { name: "InternalError", text: "An unexpected failure (code 500; logged on the server)" },
  502: { name: "BadGateway", text: "An outside provider this operation calls failed (code 502: SMS, WeChat, online payment)" },
  503: {
    name: "Unavailable",
    text: "The database is unreachable (code 503, with a Retry-After header in seconds), or a provider this operation needs is not set up",
  },
};
/** The errors every operation may answer (405: another method on its path; 500 and 503: any failure or outage). */
export const ERROR_CODES = [400, 401, 403, 404, 405, 409, 413, 422, 429, 500, 503] as const;
/** The headers of a shared error reply. */
const ERROR_HEADERS: Record<string, Record<string, { description: string; schema: { type: "integer" | "string" } }>> = {
  405: { Allow: { description: "The methods this path answers, comma-separated (GET, POST)", schema: { type: "string" } } },
  503: { "Retry-After": { description: "Seconds to wait (sent while the database is unreachable)", schema: { type: "integer" } } },
};
/** Registers the shared error replies as components (once per app, api/app.ts). */
export function registerErrorComponents(registry: {
  register(refId: string, schema: z.ZodTypeAny): unknown;
  registerComponent(type: "responses", name: string, component: unknown): unknown;
}) {
  registry.register("ErrorReply", errorEnvelope);
  for (const [code, { name, text }] of Object.entries(SHARED_ERRORS)) {
    const headers = ERROR_HEADERS[code];
    registry.registerComponent("responses", name, {
      description: text,
      ...(headers ? { headers } : {}),
      content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorReply" } } },
    });
  }
}
/** The error replies, each a reference to its shared `{code, msg, data}` reply (for custom routes too). */
export const errorResponses = (codes: readonly number[] = ERROR_CODES) =>
  Object.fromEntries(
    codes.map((code) => [code, SHARED_ERRORS[code] ? { $ref: `#/components/responses/${SHARED_ERRORS[code]!.name}` } : { description: `code ${code}` }]),
  );

/** Media types of the files the API sends. */
export const MEDIA = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv",
  pdf: "application/pdf",
  png: "image/png",
  jpeg: "image/jpeg",
  mp4: "video/mp4",
  json: "application/json",
} as const;
/** A file body (`type: string, format: binary`): what a download answers and what a multipart `file` part is. */
export const binaryDoc = () => z.string().openapi({ format: "binary", description: "the file's bytes" });
/**
 * The 200 reply of a download: the file in each of its media types (its errors stay the JSON `{code,msg,data}`
 * replies, added by completeOperations).
 */
export const fileReplyDoc = (description: string, types: readonly string[]) => ({
  200: { description, content: Object.fromEntries(types.map((type) => [type, { schema: binaryDoc() }])) },
});

export const idParamDoc = z.object({
  id: z
    .number()
    .int()
    .openapi({ param: { name: "id", in: "path", required: true }, example: 1 }),
});

/** An item as the API sends it back (list rows, create, change, record actions): the definition's item and `actions`, what the caller may do with it. */
export const itemReplyDoc = (e: Engine) => e.def.item.extend({ actions: z.record(z.string(), z.boolean()) });
/** The `ids` field of the bulk forms (api/resources/engine/write.ts parseIds): repeated keys or one comma-separated value. */
export const idsDoc = () => z.array(z.number().int().positive()).min(1).max(MAX_PAGE_SIZE);
/** The reply of a bulk operation: the ids it touched and their count. */
export const bulkReplyDoc = z.object({ ids: z.array(z.number().int()), count: z.number().int().min(0) });

/** The description of each tag (one per section: a resource, or a group of custom routes), for the document's `tags`. */
export const TAG_TEXT = new Map<string, string>();

/** Rules the engine applies to a form field beyond its schema, for the document: operationId → field → one sentence. */
export const FIELD_TEXT = new Map<string, Record<string, string>>();

/** Each resource's (tag's) form fields of kind `password`: they travel AES-encrypted (engine/forms.ts bodyParams). */
export const SECRET_FIELDS = new Map<string, Set<string>>();

/** Registers one documented operation of the resource. */
export function docOf(e: Engine) {
  const zhTitle = rt("zh", e.def.title);
  TAG_TEXT.set(e.def.name, `${rt("en", e.def.title)} (${zhTitle}): the console page ${e.def.page}`);
  SECRET_FIELDS.set(e.def.name, new Set(allFormFields(e.def).flatMap((f) => (f.kind === "password" ? [f.name] : []))));
  return (
    method: "get" | "post" | "put" | "delete",
    path: string,
    opId: string,
    summary: string,
    extra: Record<string, unknown> = {},
    response: z.ZodTypeAny = z.unknown(),
  ) =>
    e.app.openAPIRegistry.registerPath({
      method,
      path,
      operationId: opId,
      tags: [e.def.name],
      summary: `${summary} (${zhTitle}, page ${e.def.page})`,
      security: tokenHeader,
      responses: {
        200: { description: "code 200 on success", content: { "application/json": { schema: envelope(response) } } },
        ...errorResponses(),
      },
      ...extra,
    });
}

export const formDoc = (schema: z.ZodTypeAny) => ({
  body: { required: true, content: { "application/x-www-form-urlencoded": { schema } } },
});

const VERB: Record<string, string> = { get: "get", post: "post", put: "put", patch: "patch", delete: "delete" };
const camel = (s: string) => s.replace(/[-_]+(\w)/g, (_, c: string) => c.toUpperCase());

/** `post /token/login` → `postTokenLogin`, `get /files/{id}` → `getFilesById`. */
export function operationIdOf(method: string, path: string): string {
  const parts = path
    .split("/")
    .filter(Boolean)
    .map((p) => (p.startsWith("{") ? `By${cap(camel(p.slice(1, -1)))}` : cap(camel(p))));
  return (VERB[method] ?? method) + parts.join("");
}

type RouteDef = {
  method: string;
  path: string;
  operationId?: string;
  request?: { params?: z.ZodTypeAny } & Record<string, unknown>;
  responses?: Record<string, unknown>;
};

/**
 * Completes the description once every route is registered (api/app.ts): an `operationId` for routes that name
 * none (from method and path; unique), a declared parameter for every `{name}` of a path, and the error replies
 * (`{code,msg,data}`) on every operation.
 */
export function completeOperations(app: { openAPIRegistry: { definitions: unknown[] } }) {
  const routes = app.openAPIRegistry.definitions.flatMap((d) => ((d as { type: string }).type === "route" ? [(d as { route: RouteDef }).route] : []));
  const used = new Set(routes.map((r) => r.operationId).filter(Boolean));
  for (const r of routes) {
    if (!r.operationId) {
      let id = operationIdOf(r.method, r.path);
      for (let n = 2; used.has(id); n++) id = `${operationIdOf(r.method, r.path)}${n}`;
      used.add(id);
      r.operationId = id;
    }
    const names = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const declared = r.request?.params instanceof z.ZodObject ? Object.keys(r.request.params.shape) : [];
    const missing = names.filter((n) => !declared.includes(n));
    if (missing.length) {
      const shape = Object.fromEntries(missing.map((n) => [n, z.string().openapi({ param: { name: n, in: "path", required: true } })]));
      const params = r.request?.params instanceof z.ZodObject ? r.request.params.extend(shape) : z.object(shape);
      r.request = { ...(r.request ?? {}), params };
    }
    const have = r.responses ?? {};
    r.responses = { ...have, ...Object.fromEntries(Object.entries(errorResponses()).filter(([code]) => !(code in have))) };
  }
}
