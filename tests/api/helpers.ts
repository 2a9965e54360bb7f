import { copyFileSync, cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { ADMIN_SERVER, adminQuery, postgresUrl } from "../db-template.global-setup";
import { aesEncrypt, DEFAULT_AES_IV, DEFAULT_AES_KEY } from "@contract/crypto";
import { startApi, type RunningApi } from "@api/server";
import { readOutbox } from "@api/services/sms";
import type { ApiConfig } from "@api/config";

export const PASSWORD = "Sunny#2026";
export const WEAK_PASSWORD = "12345678";
export { ADMIN_SERVER };
export const usePostgres = process.env.TEST_DATABASE === "postgres";

export const enc = (plain: string) => aesEncrypt(plain, { key: DEFAULT_AES_KEY, iv: DEFAULT_AES_IV });
export const phoneOf = (n: number) => `138${String(n).padStart(8, "0")}`;

export interface Reply<T = any> {
  status: number;
  code: number;
  msg: string;
  data: T;
  headers: Headers;
}

export interface TestApi {
  url: string;
  api: RunningApi;
  call<T = any>(method: string, path: string, opts?: CallOpts): Promise<Reply<T>>;
  login(phone: string, password?: string, opts?: { lang?: string }): Promise<Reply>;
  /** Logs in and returns the token (fails the test on a non-200). */
  token(phone: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export interface CallOpts {
  token?: string;
  form?: Record<string, string | number | undefined | null>;
  query?: Record<string, string | number | undefined | null>;
  lang?: string;
  headers?: Record<string, string>;
}

let current: TestApi | null = null;

/** Starts the API in-process on a random port against a FRESH database (SQLite temp file, or a new PostgreSQL database). */
export async function startTestApi(config: Partial<ApiConfig> = {}): Promise<TestApi> {
  const dir = mkdtempSync(join(tmpdir(), "kg-api-"));
  let databaseUrl = `file:${join(dir, "school.db")}`;
  let dropDb: (() => Promise<void>) | null = null;
  // A copy of the run's demo database (tests/db-template.global-setup.ts): what migrating and seeding would make.
  const template = inject("dbTemplate");
  if (usePostgres) {
    const name = `kg_t_${randomBytes(6).toString("hex")}`;
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    databaseUrl = postgresUrl(name);
    dropDb = () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } else copyFileSync(template.slice("file:".length), databaseUrl.slice("file:".length));
  cpSync(inject("uploadsTemplate"), join(dir, "uploads"), { recursive: true });
  // No job scheduler: background runs would change rows under the tests (tests/api/jobs.test.ts drives the jobs).
  // The payment stand-in is on, as in the demo (off unless asked for), with a key of this run's own.
  const payments = { mode: "local" as const, localSecret: randomBytes(32).toString("hex") };
  const api = await startApi({ port: 0, databaseUrl, seed: true, quiet: true, jobs: false, config: { uploadDir: join(dir, "uploads"), payments, ...config } });
  const url = api.url;

  async function call<T = any>(method: string, path: string, opts: CallOpts = {}): Promise<Reply<T>> {
    const u = new URL(path.replace(/^\//, ""), url);
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== null && v !== "") u.searchParams.set(k, String(v));
    const headers: Record<string, string> = { appid: "kg-admin-pc", ...(opts.headers ?? {}) };
    if (opts.token) headers.token = opts.token;
    if (opts.lang) headers.lang = opts.lang;
    let body: string | undefined;
    if (opts.form) {
      const f = new URLSearchParams();
      // The console omits empty fields.
      for (const [k, v] of Object.entries(opts.form)) if (v !== undefined && v !== null && v !== "") f.set(k, String(v));
      body = f.toString();
      headers["content-type"] = "application/x-www-form-urlencoded";
    }
    const res = await fetch(u, { method, headers, body, redirect: "manual" });
    const text = await res.text();
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = { code: res.status, msg: text, data: null };
    }
    return { status: res.status, code: json?.code, msg: json?.msg, data: json?.data, headers: res.headers };
  }

  const login = (phone: string, password = PASSWORD, o: { lang?: string } = {}) =>
    call("POST", "token/login", { form: { phone, password: enc(password), platform: "pc" }, lang: o.lang });

  async function token(phone: string, password = PASSWORD) {
    const r = await login(phone, password);
    if (r.code !== 200) throw new Error(`login ${phone} failed: ${r.code} ${r.msg}`);
    return r.data.token as string;
  }

  const t: TestApi = {
    url,
    api,
    call,
    login,
    token,
    async close() {
      await api.close();
      if (dropDb) await dropDb();
      rmSync(dir, { recursive: true, force: true });
      if (current === t) current = null;
    },
  };
  current = t;
  return t;
}

function need(): TestApi {
  if (!current) throw new Error("startTestApi() first");
  return current;
}
/** Module-level shortcuts on the API started last. */
export const call = <T = any>(method: string, path: string, opts?: CallOpts) => need().call<T>(method, path, opts);
export const login = (phone: string, password?: string, opts?: { lang?: string }) => need().login(phone, password, opts);

/** The latest SMS code sent to a phone (the local provider's outbox file of the API started last). */
export async function latestSmsCode(phone: string): Promise<string> {
  const [latest] = await readOutbox(need().api.deps.config.sms.outboxFile, phone);
  const m = latest?.content.match(/\d{6}/);
  if (!m) throw new Error(`no SMS code for ${phone}`);
  return m[0];
}

/** GET a file (an export or an import template) with the token; answers the response and its bytes. */
export async function download(baseUrl: string, path: string, token: string, query: Record<string, string> = {}) {
  const u = new URL(path, baseUrl);
  for (const [k, v] of Object.entries(query)) u.searchParams.set(k, v);
  const res = await fetch(u, { headers: { token, lang: "zh" } });
  return { res, buf: Buffer.from(await res.arrayBuffer()) };
}

/** The first worksheet of an .xlsx file as rows of strings. */
export async function sheetRows(buf: Buffer): Promise<string[][]> {
  const { default: ExcelJS } = await import("exceljs"); // only the suites that read a workbook load it
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? "" : String(v)))));
  return rows;
}
