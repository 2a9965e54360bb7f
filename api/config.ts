import { dirname, join } from "node:path";
import { DEFAULT_AES_IV, DEFAULT_AES_KEY, type AesKeys } from "@contract/crypto";
import { DEFAULTS } from "@contract/settings";
import { loadLimits, type Limits } from "./limits";

export interface ApiConfig {
  port: number;
  host: string;
  databaseUrl: string;
  aes: AesKeys;
  tokenTtlSeconds: number;
  uploadDir: string;
  sms: SmsConfig;
  wechat: WechatConfig;
  /** Hosts the WeChat sandbox may redirect back to (besides 127.0.0.1 and localhost). */
  wechatRedirectHosts: string[];
  /** Lockout: failures allowed in the window, window and lock length in minutes. */
  lockout: { maxFailures: number; windowMinutes: number; lockMinutes: number };
  /** Request body and upload size limits (contract/limits.ts, BODY_LIMIT_*_MB, UPLOAD_LIMIT_*_MB). */
  limits: Limits;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ApiConfig> = {}): ApiConfig {
  const ttlHours = Number(env.TOKEN_TTL_HOURS ?? 168);
  return {
    port: Number(env.API_PORT ?? DEFAULTS.API_PORT),
    host: env.API_HOST ?? "127.0.0.1",
    databaseUrl: env.DATABASE_URL ?? DEFAULTS.DATABASE_URL,
    aes: { key: env.AES_KEY ?? DEFAULT_AES_KEY, iv: env.AES_IV ?? DEFAULT_AES_IV },
    tokenTtlSeconds: Math.max(1, Math.round((Number.isFinite(ttlHours) ? ttlHours : 168) * 3600)),
    uploadDir: env.UPLOAD_DIR ?? "./data/uploads",
    sms: smsConfig(env, env.UPLOAD_DIR ?? "./data/uploads"),
    wechat: wechatConfig(env),
    wechatRedirectHosts: (env.WECHAT_REDIRECT_HOSTS ?? "").split(",").map((s) => s.trim()).filter(Boolean),
    lockout: { maxFailures: 5, windowMinutes: 15, lockMinutes: 15 },
    limits: loadLimits(env),
    ...overrides,
  };
}
