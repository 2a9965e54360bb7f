import http from "node:http";
import https from "node:https";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { redirect } from "@remix-run/node";
import type { z } from "zod";
import { boundaryOf } from "@contract/multipart";
import { envelopeSchema, NEED_RESET_PASSWORD, SUCCESS_CODE, UNAUTHORIZED_CODE } from "@contract/api";
import { DEFAULTS, SERVER_LANG, type Lang } from "@contract/settings";
import zhCommon from "@contract/locales/zh/common.json";
import enCommon from "@contract/locales/en/common.json";
import { getEnv } from "./env.server";
import { getLocale } from "./i18n.server";
import { destroyUser, getUser, loginPath } from "./session.server";
import { combineHeaders, createToastHeaders, redirectWithToast } from "./toast.server";
import { safeRedirect } from "./redirect.server";
import { pageSearch } from "./page-search";

/**
 * The ONLY client of the upstream school API (specification sections 7 and 8).
 *
 * Page authors:
 *   const data = await upstream(request).get("users/x/", { query: { currentPage: 1 }, schema: mySchema });
 * Failures throw:
 *   - a redirect Response for code 401 (session cleared → /login?redirect=…, applicants → /admission/wx/login)
 *     and for msg "Need Reset Password" (→ /resetPassword?mode=forced&phone=…, no toast);
 *   - an UpstreamError for everything else (non-200 code, timeout, transport error, garbage reply).
 * Helpers: `toastOnError` (actions: toast + redirect back) and `settle` (loaders: an error state).
 */

type Scalar = string | number | boolean | null | undefined;
export type QueryParams = Record<string, Scalar | Scalar[]>;
export type FormFields = Record<string, Scalar | Scalar[]>;

export type UpstreamErrorKind =
  | "code" // a reply with code other than 200 (msg or the unknown-error text)
  | "unauthorized" // code 401
  | "needResetPassword" // msg "Need Reset Password"
  | "timeout"
  | "transport" // connection refused, DNS, reset…
  | "invalid"; // not JSON, not the {code,msg,data} envelope, or data not matching the schema

export class UpstreamError extends Error {
  readonly kind: UpstreamErrorKind;
  /** The envelope's code (or HTTP status when there was no envelope). */
  readonly code: number | null;
  /** The envelope's data (e.g. `{ errors: { field: [msg] } }` for 422). */
  readonly data: unknown;
  constructor(kind: UpstreamErrorKind, message: string, code: number | null = null, data: unknown = undefined) {
    super(message);
    this.name = "UpstreamError";
    this.kind = kind;
    this.code = code;
    this.data = data;
  }
  /** Per-field messages of a 422 reply (`data.errors`), if any. */
  get fieldErrors(): Record<string, string[]> | undefined {
    const errors = (this.data as { errors?: unknown } | null | undefined)?.errors;
    if (!errors || typeof errors !== "object") return undefined;
    const out: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(errors as Record<string, unknown>)) {
      const list = Array.isArray(v) ? v : [v];
      out[k] = list
        .map((x) => (typeof x === "string" ? x : ((x as { message?: string; key?: string })?.message ?? (x as { key?: string })?.key)))
        .filter((x): x is string => typeof x === "string" && x.length > 0);
    }
    return out;
  }
}

export const isUpstreamError = (e: unknown): e is UpstreamError => e instanceof UpstreamError;

/** What section 8 does with a failure. */
export type FailureKind = "network" | "unknown" | "unauthorized" | "needReset" | "message";
export interface FailureDecision {
  kind: FailureKind;
  /** The toast text ("" for needReset, which shows no toast). */
  text: string;
  /** The API's per-field messages (422, our extension): they may sit by their fields instead of a toast. */
  fieldErrors?: Record<string, string[]>;
}

/**
 * Section 8 in one place, for loaders and actions alike:
 *   - transport error or timeout → "network": the network-error text as a 2 s toast (never inside a form);
 *   - not JSON / HTML page / not the envelope / data not matching → "unknown": the unknown-server-error text;
 *   - code 401 → "unauthorized": session cleared, redirect to login (admission login for role 13) — see upstream();
 *   - msg "Need Reset Password" → "needReset": no toast, the forced reset screen — see upstream();
 *   - any other non-200 → "message": the msg as a toast, or the unknown-server-error text when msg is missing.
 * The texts themselves are set where the client builds the UpstreamError; no status codes, no socket errors.
 */
export function classifyUpstreamFailure(error: UpstreamError): FailureDecision {
  switch (error.kind) {
    case "transport":
    case "timeout":
      return { kind: "network", text: error.message };
    case "unauthorized":
      return { kind: "unauthorized", text: error.message };
    case "needResetPassword":
      return { kind: "needReset", text: "" };
    case "invalid":
      return { kind: isUnknownText(error.message) ? "unknown" : "message", text: error.message };
    case "code":
      return { kind: isUnknownText(error.message) ? "unknown" : "message", text: error.message, fieldErrors: error.fieldErrors };
  }
}
const isUnknownText = (t: string) => t === zhCommon.upstream.unknown || t === enCommon.upstream.unknown;

const COMMON = { zh: zhCommon, en: enCommon } as const;
function text(lang: Lang, key: keyof typeof zhCommon.upstream, vars: Record<string, string | number> = {}) {
  const template: string = COMMON[lang].upstream[key] ?? zhCommon.upstream[key];
  return template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ""));
}

/** The unknown-error text of section 8 (Chinese: 服务器发生未知错误，请联系管理员). */
export const unknownErrorText = (lang: Lang) => text(lang, "unknown");
/** The network-error text of section 8 (the upstream cannot be reached); the socket error goes to the log. */
export const networkErrorText = (lang: Lang) => text(lang, "network");

export interface UpstreamClientOptions {
  /** Base address ending with "/"; paths are appended without a leading slash. */
  baseUrl: string;
  appId: string;
  lang: Lang;
  token?: string | null;
  /** 30000 ms (section 9); configurable for tests. */
  timeoutMs?: number;
  /**
   * X-Forwarded-For of the browser's request (set by a proxy in front of the console), passed on so the API's
   * per-address rate limits see the browser's address (the API trusts it from TRUST_PROXY peers only).
   */
  forwardedFor?: string | null;
}

export interface CallOptions<S extends z.ZodTypeAny | undefined = undefined> {
  query?: QueryParams;
  /** Form-encoded body; null, undefined and "" fields are omitted. */
  form?: FormFields;
  /** zod schema of `data`; without it `data` is returned as unknown. */
  schema?: S;
}
type Out<S> = S extends z.ZodTypeAny ? z.output<S> : unknown;
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

function appendAll(params: URLSearchParams, fields: Record<string, Scalar | Scalar[]> | undefined) {
  if (!fields) return params;
  for (const [key, raw] of Object.entries(fields)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const v of values) {
      if (v === undefined || v === null || v === "") continue;
      params.append(key, String(v));
    }
  }
  return params;
}

/** Form encoding of section 7: empty fields omitted. */
export const encodeForm = (form: FormFields | undefined) => appendAll(new URLSearchParams(), form);

export function buildUrl(baseUrl: string, path: string, query?: QueryParams): string {
  const base = baseUrl.endsWith("/") ? baseUrl : baseUrl + "/";
  const url = new URL(path.replace(/^\/+/, ""), base);
  appendAll(url.searchParams, query);
  return url.toString();
}

class TimeoutError extends Error {}

/**
 * Kept-alive upstream connections (issue "Speed"): without an agent every call opens a new TCP (and TLS)
 * connection to the API. One agent per protocol for the whole process: up to 64 sockets per API host at once
 * (a document request runs a few calls in parallel), at most 16 idle ones kept, an idle socket closed after 4 s
 * (below Node's 5 s server keep-alive; Node's agent also honours a shorter `Keep-Alive: timeout=` hint of the
 * API); "lifo" reuses the warmest socket and lets the others expire.
 */
export const UPSTREAM_AGENT_OPTIONS = { keepAlive: true, maxSockets: 64, maxFreeSockets: 16, timeout: 4000, scheduling: "lifo" } as const;
export const upstreamAgents = { http: new http.Agent(UPSTREAM_AGENT_OPTIONS), https: new https.Agent(UPSTREAM_AGENT_OPTIONS) };

/**
 * One HTTP exchange with node:http(s). Deliberately not `fetch`: under remix-serve the global fetch is
 * a polyfill whose abort-while-reading throws an unhandled rejection that stops the process; here the
 * timeout rejects first and then aborts the socket (AbortController). It covers connecting, headers and body.
 */
function send(
  url: string,
  o: { method: HttpMethod; headers: Record<string, string>; body?: string; timeoutMs: number },
): Promise<{ status: number; body: string; etag: string | null }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const secure = target.protocol === "https:";
    const lib = secure ? https : http;
    const agent = secure ? upstreamAgents.https : upstreamAgents.http;
    const headers = { ...o.headers };
    if (o.body !== undefined) headers["content-length"] = String(Buffer.byteLength(o.body));
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const controller = new AbortController();
    const req = lib.request(target, { method: o.method, headers, agent, signal: controller.signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => finish(() => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), etag: res.headers.etag ?? null })));
      res.on("error", (e) => finish(() => reject(e)));
      res.on("aborted", () => finish(() => reject(new Error("response aborted"))));
    });
    const timer = setTimeout(() => {
      finish(() => reject(new TimeoutError(`timeout of ${o.timeoutMs}ms exceeded`)));
      controller.abort();
    }, o.timeoutMs);
    req.on("error", (e) => finish(() => reject(e)));
    if (o.body !== undefined) req.write(o.body);
    req.end();
  });
}

/** The file part of an upload: its body is an async iterable read while the API takes it (e.g. a part of the browser's post). */
export interface UploadPart {
  /** Form name of the part (the API's `files/` reads `file`). */
  name: string;
  filename: string;
  contentType?: string;
  body: AsyncIterable<Uint8Array>;
}

/** A streamed download: pass `body` on as a Response body. */
export interface Download {
  contentType: string;
  disposition: string | null;
  contentLength: number | null;
  body: ReadableStream<Uint8Array>;
}

/**
 * The multipart body of an upload as a browser sends it: the platform's FormData encoder (undici) writes the fields
 * and the file part's headers (`filename="…"` with `"`, CR and LF percent-escaped; never `filename*`, which strict
 * parsers refuse: issue 26), for an empty file of the same name and type; the file's bytes are streamed into its place,
 * so no file is held whole. The encoder's own Content-Type carries its boundary.
 */
export async function multipartUpload(fields: Record<string, string>, file: UploadPart): Promise<{ contentType: string; body: AsyncIterable<Uint8Array> }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(file.name, new File([], file.filename, { type: file.contentType || "application/octet-stream" }));
  const encoded = new Response(form);
  const contentType = encoded.headers.get("content-type") ?? "";
  const bytes = Buffer.from(await encoded.arrayBuffer());
  const closing = Buffer.from(`\r\n--${boundaryOf(contentType)}--\r\n`);
  if (!bytes.subarray(bytes.length - closing.length).equals(closing)) throw new Error("FormData encoding without its closing boundary");
  const head = bytes.subarray(0, bytes.length - closing.length);
  async function* body() {
    yield head;
    for await (const chunk of file.body) yield chunk;
    yield closing;
  }
  return { contentType, body: body() };
}

/** A request with a streamed (chunked) body and a buffered reply; `timeoutMs` is an inactivity limit. */
function sendStreamed(
  url: string,
  o: { method: HttpMethod; headers: Record<string, string>; body: AsyncIterable<Uint8Array>; timeoutMs: number },
): Promise<{ status: number; body: string; etag: string | null }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const secure = target.protocol === "https:";
    const lib = secure ? https : http;
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    const req = lib.request(target, { method: o.method, headers: o.headers, agent: secure ? upstreamAgents.https : upstreamAgents.http }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => finish(() => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), etag: res.headers.etag ?? null })));
      res.on("error", (e) => finish(() => reject(e)));
      res.on("aborted", () => finish(() => reject(new Error("response aborted"))));
    });
    req.setTimeout(o.timeoutMs, () => {
      finish(() => reject(new TimeoutError(`no progress for ${o.timeoutMs}ms`)));
      req.destroy();
    });
    req.on("error", (e) => finish(() => reject(e)));
    // The API may answer early (413, a refused type) and close: the reply wins over the broken pipe.
    pipeline(Readable.from(o.body), req).catch((e: unknown) => {
      setTimeout(() => finish(() => reject(e)), 200);
    });
  });
}

/** A GET whose reply body is left to the caller as a stream; `timeoutMs` until the headers, then as inactivity. */
function openStream(url: string, o: { headers: Record<string, string>; timeoutMs: number }): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const secure = target.protocol === "https:";
    const lib = secure ? https : http;
    let settled = false;
    const req = lib.request(target, { method: "GET", headers: o.headers, agent: secure ? upstreamAgents.https : upstreamAgents.http }, (res) => {
      settled = true;
      clearTimeout(timer);
      res.setTimeout?.(o.timeoutMs, () => res.destroy(new TimeoutError(`no progress for ${o.timeoutMs}ms`)));
      resolve(res);
    });
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      reject(new TimeoutError(`timeout of ${o.timeoutMs}ms exceeded`));
      req.destroy();
    }, o.timeoutMs);
    req.on("error", (e) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(e);
    });
    req.end();
  });
}

function describeTransport(error: unknown): string {
  const e = error as { message?: string; code?: string; cause?: { code?: string; message?: string } };
  const cause = e?.cause?.message || e?.cause?.code;
  if (cause) return `${e?.message ?? "request failed"}: ${cause}`;
  return e?.message || e?.code || String(error);
}

type EnvelopeFn = <S extends z.ZodTypeAny | undefined = undefined>(
  method: HttpMethod,
  path: string,
  o?: CallOptions<S>,
) => Promise<{ data: Out<S>; msg: string | null }>;

/** The verbs every client offers on top of its `envelope` call. */
function withMethods(envelope: EnvelopeFn) {
  const call = async <S extends z.ZodTypeAny | undefined = undefined>(method: HttpMethod, path: string, o?: CallOptions<S>) =>
    (await envelope<S>(method, path, o)).data;
  return {
    /** Like request, but answers `{ data, msg }` (e.g. to show the API's success message). */
    envelope,
    request: call,
    get: <S extends z.ZodTypeAny | undefined = undefined>(path: string, o?: Omit<CallOptions<S>, "form">) => call<S>("GET", path, o),
    post: <S extends z.ZodTypeAny | undefined = undefined>(path: string, o?: CallOptions<S>) => call<S>("POST", path, o),
    put: <S extends z.ZodTypeAny | undefined = undefined>(path: string, o?: CallOptions<S>) => call<S>("PUT", path, o),
    patch: <S extends z.ZodTypeAny | undefined = undefined>(path: string, o?: CallOptions<S>) => call<S>("PATCH", path, o),
    delete: <S extends z.ZodTypeAny | undefined = undefined>(path: string, o?: CallOptions<S>) => call<S>("DELETE", path, o),
  };
}

/**
 * 30000 ms (section 9). UPSTREAM_TIMEOUT_MS shortens it for the end-to-end tests of a slow upstream
 * (tests/e2e/section8.spec.ts); production leaves it unset.
 */
function defaultTimeoutMs(): number {
  const v = Number(process.env.UPSTREAM_TIMEOUT_MS);
  return Number.isInteger(v) && v > 0 ? v : DEFAULTS.REQUEST_TIMEOUT_MS;
}

/** A client bound to explicit settings (no Remix request). Throws UpstreamError on every failure. */
export function createUpstreamClient(opts: UpstreamClientOptions) {
  const timeoutMs = opts.timeoutMs ?? defaultTimeoutMs();

  async function envelope<S extends z.ZodTypeAny | undefined = undefined>(
    method: HttpMethod,
    path: string,
    { query, form, schema }: CallOptions<S> = {},
  ): Promise<{ data: Out<S>; msg: string | null }> {
    const headers: Record<string, string> = {
      accept: "application/json",
      lang: SERVER_LANG[opts.lang],
      appid: opts.appId,
    };
    if (opts.token) headers.token = opts.token;
    if (opts.forwardedFor) headers["x-forwarded-for"] = opts.forwardedFor;
    let body: string | undefined;
    if (form !== undefined && method !== "GET") {
      headers["content-type"] = "application/x-www-form-urlencoded;charset=UTF-8";
      body = encodeForm(form).toString();
    }
    let url: string;
    try {
      url = buildUrl(opts.baseUrl, path, query);
    } catch (error) {
      // Request-setup error (section 8): a toast as well.
      throw new UpstreamError("transport", (error as Error)?.message ?? String(error));
    }

    let raw: string;
    let status: number;
    try {
      ({ status, body: raw } = await send(url, { method, headers, body, timeoutMs }));
    } catch (error) {
      throw transportFailure(method, path, error);
    }
    return interpret<S>(method, path, status, raw, schema);
  }

  /**
   * GET with a validator: `If-None-Match: etag` when a copy is kept; a 304 answers `{ notModified: true }`, a 200 the
   * data and its ETag. Failures as `envelope`'s.
   */
  async function getIfChanged<S extends z.ZodTypeAny | undefined = undefined>(
    path: string,
    o: { etag?: string | null; schema?: S },
  ): Promise<{ notModified: true } | { notModified: false; data: Out<S>; etag: string | null }> {
    const headers: Record<string, string> = { ...baseHeaders(), accept: "application/json" };
    if (o.etag) headers["if-none-match"] = o.etag;
    let reply: { status: number; body: string; etag: string | null };
    try {
      reply = await send(urlOf(path), { method: "GET", headers, timeoutMs });
    } catch (error) {
      throw transportFailure("GET", path, error);
    }
    if (reply.status === 304 && o.etag) return { notModified: true };
    return { notModified: false, data: interpret<S>("GET", path, reply.status, reply.body, o.schema).data, etag: reply.etag };
  }

  /** Section 8 for a failed exchange: the network-error text for the user; the detail (ECONNREFUSED, host:port, the timeout) only in the log. */
  function transportFailure(method: string, path: string, error: unknown): UpstreamError {
    console.warn(`[upstream] ${method} ${path}: ${describeTransport(error)}`);
    if (error instanceof TimeoutError) return new UpstreamError("timeout", networkErrorText(opts.lang));
    return new UpstreamError("transport", networkErrorText(opts.lang));
  }

  /** A reply body → `{data, msg}` or the UpstreamError of section 8 (not JSON, not the envelope, 401, reset, non-200, bad data). */
  function interpret<S extends z.ZodTypeAny | undefined = undefined>(
    method: string,
    path: string,
    status: number,
    raw: string,
    schema: S | undefined,
  ): { data: Out<S>; msg: string | null } {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      // Not JSON (an HTML error page, a proxy's 502, garbage): section 8's unknown-error text, the rest in the log.
      console.warn(`[upstream] ${method} ${path}: HTTP ${status}, not JSON: ${JSON.stringify(raw.slice(0, 120))}`);
      throw new UpstreamError("invalid", unknownErrorText(opts.lang), status);
    }
    const envelope = envelopeSchema.safeParse(json);
    if (!envelope.success) {
      console.warn(`[upstream] ${method} ${path}: HTTP ${status}, not the {code,msg,data} envelope`);
      throw new UpstreamError("invalid", unknownErrorText(opts.lang), status);
    }
    const { code, msg, data } = envelope.data;

    if (msg === NEED_RESET_PASSWORD) throw new UpstreamError("needResetPassword", NEED_RESET_PASSWORD, code, data);
    if (code === UNAUTHORIZED_CODE) {
      throw new UpstreamError("unauthorized", msg || unknownErrorText(opts.lang), code, data);
    }
    if (code !== SUCCESS_CODE) throw new UpstreamError("code", msg || unknownErrorText(opts.lang), code, data);

    if (!schema) return { data: data as Out<S>, msg: msg ?? null };
    const parsed = (schema as z.ZodTypeAny).safeParse(data);
    if (!parsed.success) {
      // Server log only (the user sees a short sentence): which fields of the reply did not match.
      console.warn(`[upstream] ${method} ${path}: reply data does not match the schema`, parsed.error.issues.slice(0, 5));
      throw new UpstreamError("invalid", unknownErrorText(opts.lang), code, data);
    }
    return { data: parsed.data as Out<S>, msg: msg ?? null };
  }

  function baseHeaders(): Record<string, string> {
    const headers: Record<string, string> = { lang: SERVER_LANG[opts.lang], appid: opts.appId };
    if (opts.token) headers.token = opts.token;
    if (opts.forwardedFor) headers["x-forwarded-for"] = opts.forwardedFor;
    return headers;
  }

  function urlOf(path: string, query?: QueryParams): string {
    try {
      return buildUrl(opts.baseUrl, path, query);
    } catch (error) {
      throw new UpstreamError("transport", (error as Error)?.message ?? String(error));
    }
  }

  /**
   * Upload (multipart/form-data, streamed through): `fields` first, then the file part, whose body is read as the
   * API takes it (never held whole). The timeout is an inactivity limit here (no byte sent or received for that long).
   */
  async function upload<S extends z.ZodTypeAny | undefined = undefined>(
    path: string,
    o: { query?: QueryParams; fields?: Record<string, string>; file: UploadPart; schema?: S },
  ): Promise<{ data: Out<S>; msg: string | null }> {
    const url = urlOf(path, o.query);
    const { contentType, body } = await multipartUpload(o.fields ?? {}, o.file);
    const headers = { ...baseHeaders(), accept: "application/json", "content-type": contentType };
    let reply: { status: number; body: string };
    try {
      reply = await sendStreamed(url, { method: "POST", headers, body, timeoutMs });
    } catch (error) {
      throw transportFailure("POST", path, error);
    }
    return interpret<S>("POST", path, reply.status, reply.body, o.schema);
  }

  /**
   * Download: the body streamed back with its content type, disposition and length. A JSON reply is the envelope
   * (an error: 401, 403, 404…) and throws like every other call, unless it is marked as a file
   * (`Content-Disposition: attachment`, e.g. a personal-data archive). The timeout covers the reply's headers; afterwards
   * it is an inactivity limit.
   */
  async function download(path: string, o: { query?: QueryParams } = {}): Promise<Download> {
    const url = urlOf(path, o.query);
    let res: http.IncomingMessage;
    try {
      res = await openStream(url, { headers: { ...baseHeaders(), accept: "*/*" }, timeoutMs });
    } catch (error) {
      throw transportFailure("GET", path, error);
    }
    const type = String(res.headers["content-type"] ?? "");
    const status = res.statusCode ?? 0;
    const attachment = /^\s*attachment\b/i.test(String(res.headers["content-disposition"] ?? ""));
    if ((/^application\/json/i.test(type) && !attachment) || status !== 200) {
      const chunks: Buffer[] = [];
      try {
        for await (const c of res) chunks.push(c as Buffer);
      } catch (error) {
        throw transportFailure("GET", path, error);
      }
      interpret("GET", path, status, Buffer.concat(chunks).toString("utf8"), undefined);
      // A 200 envelope where a file was expected.
      throw new UpstreamError("invalid", unknownErrorText(opts.lang), status);
    }
    const length = res.headers["content-length"];
    return {
      contentType: type || "application/octet-stream",
      disposition: (res.headers["content-disposition"] as string | undefined) ?? null,
      contentLength: length ? Number(length) : null,
      body: Readable.toWeb(res) as unknown as ReadableStream<Uint8Array>,
    };
  }

  return { ...withMethods(envelope), getIfChanged, upload, download };
}
export type UpstreamClient = ReturnType<typeof createUpstreamClient>;

/**
 * The page the user is on, for `?redirect=`: the request's own path for document/loader requests,
 * the Referer's path (same site only) for form posts to action routes. Remix's own parameters are dropped.
 */
export function pagePath(request: Request): string {
  const own = new URL(request.url);
  let target = own;
  if (request.method !== "GET" && request.method !== "HEAD") {
    const referer = request.headers.get("referer");
    if (referer) {
      try {
        const r = new URL(referer);
        if (r.host === own.host) target = r;
      } catch {
        // ignore
      }
    }
  }
  return target.pathname + pageSearch(target.search);
}

/** The Referer's path + search when it is this site, else null (form posts to action routes). */
export function refererPath(request: Request): string | null {
  const referer = request.headers.get("referer");
  if (!referer) return null;
  try {
    const r = new URL(referer);
    if (r.host !== new URL(request.url).host) return null;
    return r.pathname + pageSearch(r.search);
  } catch {
    return null;
  }
}

export interface RequestUpstreamOptions {
  /** Override the session token (e.g. a token reply not yet stored). `null` = send none. */
  token?: string | null;
  timeoutMs?: number;
  /** Phone to keep when a Need Reset Password reply sends the user to /resetPassword. */
  phone?: string;
}

/**
 * The client bound to a Remix request: token from the session, lang from the user's language,
 * appid from the settings. 401 and Need Reset Password become redirect Responses (thrown).
 */
export function upstream(request: Request, options: RequestUpstreamOptions = {}) {
  const env = getEnv();
  const clientPromise = (async () => {
    const [lang, user] = await Promise.all([getLocale(request), getUser(request)]);
    const token = options.token !== undefined ? options.token : (user?.token ?? null);
    return {
      user,
      lang,
      client: createUpstreamClient({
        baseUrl: env.API_BASE_URL,
        appId: env.APP_ID,
        lang,
        token,
        timeoutMs: options.timeoutMs,
        forwardedFor: request.headers.get("x-forwarded-for"),
      }),
    };
  })();

  async function envelope<S extends z.ZodTypeAny | undefined = undefined>(
    method: HttpMethod,
    path: string,
    o: CallOptions<S> = {},
  ): Promise<{ data: Out<S>; msg: string | null }> {
    const { client } = await clientPromise;
    try {
      return await client.envelope<S>(method, path, o);
    } catch (error) {
      throw await sessionFailure(error, o.form);
    }
  }

  /** Uploads and downloads get the same 401 / Need Reset Password handling as every other call. */
  async function upload<S extends z.ZodTypeAny | undefined = undefined>(path: string, o: Parameters<UpstreamClient["upload"]>[1] & { schema?: S }) {
    const { client } = await clientPromise;
    try {
      return await client.upload<S>(path, o);
    } catch (error) {
      throw await sessionFailure(error);
    }
  }
  async function getIfChanged<S extends z.ZodTypeAny | undefined = undefined>(path: string, o: Parameters<UpstreamClient["getIfChanged"]>[1] & { schema?: S }) {
    const { client } = await clientPromise;
    try {
      return await client.getIfChanged<S>(path, o);
    } catch (error) {
      throw await sessionFailure(error);
    }
  }
  async function download(path: string, o: { query?: QueryParams } = {}) {
    const { client } = await clientPromise;
    try {
      return await client.download(path, o);
    } catch (error) {
      throw await sessionFailure(error);
    }
  }

  /** 401 → redirect to login (session cleared); Need Reset Password → the forced reset page; anything else as is. */
  async function sessionFailure(error: unknown, form?: FormFields): Promise<unknown> {
    const { user } = await clientPromise;
    {
      if (!(error instanceof UpstreamError)) return error;
      if (error.kind === "unauthorized") {
        const to = loginPath(safeRedirect(pagePath(request)), {
          roleId: user?.info.roleId,
          kindergartenId: user?.info.kindergartenId,
        });
        return redirect(to, {
          headers: combineHeaders(await destroyUser(request), await createToastHeaders({ type: "error", message: error.message }, request)),
        });
      }
      if (error.kind === "needResetPassword") {
        const phoneField = form?.phone;
        const phone = options.phone ?? (typeof phoneField === "string" ? phoneField.trim() : user?.info.phone);
        const params = new URLSearchParams({ mode: "forced" });
        if (phone) params.set("phone", phone);
        return redirect(`/resetPassword?${params}`);
      }
      return error;
    }
  }
  return { ...withMethods(envelope), getIfChanged, upload, download };
}

/**
 * Actions: await an upstream call; on failure, redirect back (or to `redirectTo`) with the error
 * as a 2 s toast. Redirect Responses (401, Need Reset Password) pass through; other errors rethrow.
 *   const saved = await toastOnError(request, upstream(request).post("x/", { form }));
 */
export async function toastOnError<T>(request: Request, promise: Promise<T>, opts: { redirectTo?: string; message?: string } = {}): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof UpstreamError) {
      throw await redirectWithToast(safeRedirect(opts.redirectTo ?? pagePath(request)), {
        type: "error",
        message: opts.message ?? classifyUpstreamFailure(error).text,
      });
    }
    throw error;
  }
}

export type Settled<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      error: string;
      code: number | null;
      kind: UpstreamErrorKind;
      /** Section 8's decision (classifyUpstreamFailure). */
      failure: FailureKind;
      fieldErrors?: Record<string, string[]>;
    };

/**
 * Loaders (and actions that want to show 422 field errors): turn an upstream failure into a value.
 * Redirect Responses (401, Need Reset Password) and programming errors still throw.
 *   const result = await settle(upstream(request).get("x/", { schema }));
 *   if (!result.ok) return json({ error: result.error });
 */
export async function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, data: await promise };
  } catch (error) {
    if (error instanceof UpstreamError) {
      const d = classifyUpstreamFailure(error);
      return { ok: false, error: d.text, code: error.code, kind: error.kind, failure: d.kind, fieldErrors: error.fieldErrors };
    }
    throw error;
  }
}

/**
 * A failed write as a form's errors (conform's `submission.reply`): the API's 422 messages go onto
 * the fields the form has; any others, or the reply's message when no field is named, on the form.
 *   if (!r.ok) return json({ result: submission.reply({ ...formErrorsOf(r, fieldNames), hideFields }) }, { status: 400 });
 */
export function formErrorsOf(
  failure: Extract<Settled<unknown>, { ok: false }>,
  fieldNames?: Iterable<string>,
): { fieldErrors: Record<string, string[]>; formErrors: string[] } {
  const known = fieldNames ? new Set(fieldNames) : null;
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const [k, v] of Object.entries(failure.fieldErrors ?? {})) {
    if (!known || known.has(k)) fieldErrors[k] = v;
    else formErrors.push(...v);
  }
  if (!Object.keys(fieldErrors).length && !formErrors.length) formErrors.push(failure.error);
  return { fieldErrors, formErrors };
}

/** A failure as the error toast section 8 asks for (loaders put it in their data; Toaster shows it for 2 s). */
export const failureToast = (failure: Extract<Settled<unknown>, { ok: false }>) =>
  ({ id: Math.random().toString(36).slice(2), type: "error", message: failure.error }) as const;

/**
 * Actions with a form: a failure whose messages can sit by the form's fields (a 422 naming them — our
 * extension) answers null, and the caller shows `formErrorsOf`; every other failure (network, unknown,
 * a msg) is thrown as a redirect back to the page with the text as a 2 s toast, never a message in the form.
 */
export async function toastUnlessFieldErrors(
  request: Request,
  failure: Extract<Settled<unknown>, { ok: false }>,
  fieldNames?: Iterable<string>,
  opts: { redirectTo?: string } = {},
): Promise<null> {
  const known = fieldNames ? new Set(fieldNames) : null;
  const onFields = Object.entries(failure.fieldErrors ?? {}).some(([k, v]) => v.length > 0 && (!known || known.has(k)));
  if (onFields) return null;
  throw await redirectWithToast(safeRedirect(opts.redirectTo ?? pagePath(request)), { type: "error", message: failure.error });
}
