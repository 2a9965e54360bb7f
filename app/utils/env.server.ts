import path from "node:path";
import * as z from "zod";
import { DEFAULT_AES_IV, DEFAULT_AES_KEY } from "@contract/crypto";
import { DEFAULTS, defaultApiBaseUrl } from "@contract/settings";
import { persistedSecret } from "@contract/secret-file";

/**
 * Settings of shared/demo-data.md "Ports and settings", validated once with zod.
 * Every value is optional in the environment; defaults come from the contract.
 */
const schema = z.object({
  NODE_ENV: z.string().default("production"),
  PORT: z.coerce.number().int().positive().default(DEFAULTS.PORT),
  API_PORT: z.coerce.number().int().positive().default(DEFAULTS.API_PORT),
  API_BASE_URL: z.string().url().optional(),
  AES_KEY: z.string().length(16).default(DEFAULT_AES_KEY),
  AES_IV: z.string().length(16).default(DEFAULT_AES_IV),
  APP_ID: z.string().min(1).default(DEFAULTS.APP_ID),
  SESSION_SECRET: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
});

export interface Env {
  NODE_ENV: string;
  PORT: number;
  API_PORT: number;
  /** Always ends with "/"; paths are appended without a leading slash. */
  API_BASE_URL: string;
  AES_KEY: string;
  AES_IV: string;
  APP_ID: string;
  SESSION_SECRET: string;
  DATA_DIR: string;
}

let cached: Env | null = null;

/** The validated settings (read once; throws a readable error on bad values). */
export function getEnv(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment settings:\n${lines}`);
  }
  const e = parsed.data;
  let base = e.API_BASE_URL ?? defaultApiBaseUrl(e.API_PORT);
  if (!base.endsWith("/")) base += "/";
  cached = {
    NODE_ENV: e.NODE_ENV,
    PORT: e.PORT,
    API_PORT: e.API_PORT,
    API_BASE_URL: base,
    AES_KEY: e.AES_KEY,
    AES_IV: e.AES_IV,
    APP_ID: e.APP_ID,
    SESSION_SECRET: e.SESSION_SECRET ?? persistedSessionSecret(e.DATA_DIR),
    DATA_DIR: e.DATA_DIR,
  };
  return cached;
}

/** A random secret kept in `<DATA_DIR>/session-secret`, created on first use. */
const persistedSessionSecret = (dataDir: string) => persistedSecret(path.join(dataDir, "session-secret"));

/** For tests only: forget the cached settings so the next getEnv() re-reads process.env. */
export function resetEnvCache() {
  cached = null;
}
