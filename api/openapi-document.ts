/**
 * The served OpenAPI document, finished once after generation (api/app.ts): the rules of the transport that hold for
 * every operation, written where a client generator reads them (issue 27.3):
 * - a boolean form or query field says which words it accepts (contract/boolean-words.ts);
 * - an AES-encrypted password field says so (format, how to encrypt, an example);
 * - a form field with a rule the resource engine applies beyond its schema says it (FIELD_TEXT: `kindergartenId`);
 * - an array in a form body or a query string says its encoding (repeated keys, or one comma-separated value);
 * - every operation has a one-line description, and every tag (one per section) is declared with its description;
 * - every list reply documents the one list convention `{list, total, currentPage, pageSize}` (issue 27.4; a list that
 *   is not paged sends api/http.ts wholeList).
 */
import { aesEncrypt, DEFAULT_AES_IV, DEFAULT_AES_KEY, ENCRYPTED_FIELD_NAME } from "@contract/crypto";
import { BOOLEAN_WORDS_TEXT } from "@contract/boolean-words";
import { FIELD_TEXT, SECRET_FIELDS, TAG_TEXT } from "./resources/engine/openapi";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
/** Whether a form field of the operation travels AES-encrypted: by its name (contract/crypto.ts), or a resource form's `password` field. */
const encrypted = (op: Json, name: string) => ENCRYPTED_FIELD_NAME.test(name) || ((op.tags ?? []) as string[]).some((tag) => SECRET_FIELDS.get(tag)?.has(name));
export const PASSWORD_FORMAT = "aes-cbc-base64";
const PASSWORD_TEXT =
  "The password AES-encrypted, never in clear text: AES-128-CBC with the deployment's 16-character key and iv as UTF-8 " +
  `(AES_KEY/AES_IV; the demo's defaults ${DEFAULT_AES_KEY} / ${DEFAULT_AES_IV}), zero padding, the ciphertext in Base64 ` +
  "(contract/crypto.ts aesEncrypt). A value that does not decrypt answers 422 naming this field, beside the request's other field errors.";
const ARRAY_TEXT = "Several values as repeated keys (ids=1&ids=2) or one comma-separated value (ids=1,2).";

const withText = (s: Json, text: string) => {
  if (!String(s.description ?? "").includes(text)) s.description = s.description ? `${s.description} ${text}` : text;
};

/** The property schemas of a form body's schema (its own, or those of its allOf parts). */
const propertiesOf = (schema: Json | undefined): Record<string, Json> =>
  Object.assign({}, schema?.properties ?? {}, ...((schema?.allOf as Json[] | undefined) ?? []).map((s) => s.properties ?? {}));

const PAGE_FIELDS: Record<string, Json> = {
  total: { type: "integer", minimum: 0, description: "Rows matching the filters, on every page" },
  currentPage: { type: "integer", minimum: 1, description: "The page sent (1 for a list that is not paged)" },
  pageSize: { type: "integer", minimum: 1, description: "Rows per page (a list that is not paged: its row count, at least 1)" },
};

/** The list convention on a reply's `data`: `total`, `currentPage`, `pageSize` beside `list`. */
function pagedList(data: Json | undefined) {
  if (data?.type !== "object" || data.properties?.list?.type !== "array") return;
  for (const [k, s] of Object.entries(PAGE_FIELDS)) data.properties[k] ??= s;
  data.required = [...new Set([...(data.required ?? []), "list", ...Object.keys(PAGE_FIELDS)])];
}

/** The sections whose routes are not a resource's. */
const SECTION_TEXT: Record<string, string> = {
  token: "Sign-in, sessions, role and kindergarten switch, upload credentials",
  registration: "Public self-registration, SMS codes and forgotten passwords",
  home: "The home page: figures, to-dos, the parents' app",
  files: "Uploads and the files records use",
  reports: "Reports (JSON, and xlsx exports)",
  tuition: "Tuition: bills, payments, pay slips, assessments",
  daily: "Daily care: notices, class circle, nursery, health",
  lookups: "Options for selects (id and label), scoped like the lists",
  admission: "Admission: customers, applicants, reports",
  protection: "Personal data protection: requests, archives, retention",
  backups: "Backup status",
};

/** A one-line description where the route gave none: its summary, and who may call it. */
function describe(op: Json) {
  if (op.description) return;
  const who = op.security?.length ? "Needs the token header; the role's page rule applies." : "Public: no token.";
  op.description = `${String(op.summary ?? op.operationId).replace(/\.$/, "")}. ${who}`;
}

export function finishDocument(doc: Json): Json {
  doc.info = { ...doc.info, contact: { name: "School API maintainers (kg-console)" } };
  const tags = new Set<string>();
  const example = aesEncrypt("Sunny#2026", { key: DEFAULT_AES_KEY, iv: DEFAULT_AES_IV });
  for (const ops of Object.values(doc.paths as Record<string, Record<string, Json>>))
    for (const op of Object.values(ops)) {
      for (const tag of (op.tags ?? []) as string[]) tags.add(tag);
      describe(op);
      pagedList(op.responses?.["200"]?.content?.["application/json"]?.schema?.properties?.data);
      for (const p of (op.parameters ?? []) as Json[]) {
        if (p.in !== "query" || !p.schema) continue;
        if (p.schema.type === "boolean" || (p.schema.enum && p.schema.enum.includes("on") && p.schema.enum.includes("off"))) withText(p, BOOLEAN_WORDS_TEXT);
        if (p.schema.type === "array") {
          p.style = "form";
          p.explode = true;
          withText(p, ARRAY_TEXT);
        }
      }
      for (const type of FORM_TYPES) {
        const media = op.requestBody?.content?.[type] as Json | undefined;
        if (!media) continue;
        const rules = FIELD_TEXT.get(op.operationId) ?? {};
        for (const [name, s] of Object.entries(propertiesOf(media.schema))) {
          if (s.type === "boolean") withText(s, BOOLEAN_WORDS_TEXT);
          if (rules[name]) withText(s, rules[name]);
          if (encrypted(op, name) && s.type === "string") {
            s.format = PASSWORD_FORMAT;
            s.example = example;
            // The clear text's limits are the schema's; its ciphertext is longer and never matches them.
            delete s.maxLength;
            delete s.pattern;
            withText(s, PASSWORD_TEXT);
          }
          if (s.type === "array") {
            withText(s, ARRAY_TEXT);
            // `style`/`explode` apply to urlencoded bodies only (OpenAPI 3.0 Encoding Object); multipart repeats its parts.
            if (type === FORM_TYPES[0]) media.encoding = { ...(media.encoding ?? {}), [name]: { style: "form", explode: true } };
          }
        }
      }
    }
  doc.tags = [...tags].sort().map((name) => ({ name, description: TAG_TEXT.get(name) ?? SECTION_TEXT[name] ?? `Operations of the ${name} section` }));
  return doc;
}
