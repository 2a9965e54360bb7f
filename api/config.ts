import { dirname, join } from "node:path";
import { DEFAULT_AES_IV, DEFAULT_AES_KEY, type AesKeys } from "@contract/crypto";
import { DEFAULTS } from "@contract/settings";
import { persistedSecret } from "@contract/secret-file";
import { loadRateLimits, loadTrustProxy, type RateLimits } from "./auth/rate-limit-config";
import { loadLimits, type Limits } from "./limits";
import { loadStorageConfig, type StorageConfig } from "./services/storage/types";

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
  /** Applicants may sign in with an SMS code (APPLICANT_SMS_LOGIN=off closes it: then only WeChat, if configured). */
  applicantSmsLogin: boolean;
  /** Lockout: failures allowed in the window, window and lock length in minutes. */
  lockout: { maxFailures: number; windowMinutes: number; lockMinutes: number };
  /** Rate limits of login, SMS and registration per phone and per client address (api/auth/rate-limit-config.ts). */
  rateLimits: RateLimits;
  /** Peers whose X-Forwarded-For names the client (TRUST_PROXY; default the loopback addresses of the embedded console). */
  trustProxy: string[];
  /** Request body and upload size limits (contract/limits.ts, BODY_LIMIT_*_MB, UPLOAD_LIMIT_*_MB). */
  limits: Limits;
  /** Where files are kept: local disk under uploadDir (default) or an S3-compatible store (STORAGE, S3_*). */
  storage: StorageConfig;
  /** Online payment of bills (PAYMENTS): off unless configured. */
  payments: PaymentsConfig;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ApiConfig> = {}): ApiConfig {
  const ttlHours = Number(env.TOKEN_TTL_HOURS ?? 168);
  const uploadDir = overrides.uploadDir ?? env.UPLOAD_DIR ?? "./data/uploads";
  return {
    port: Number(env.API_PORT ?? DEFAULTS.API_PORT),
    host: env.API_HOST ?? "127.0.0.1",
    databaseUrl: env.DATABASE_URL ?? DEFAULTS.DATABASE_URL,
    aes: { key: env.AES_KEY ?? DEFAULT_AES_KEY, iv: env.AES_IV ?? DEFAULT_AES_IV },
    tokenTtlSeconds: Math.max(1, Math.round((Number.isFinite(ttlHours) ? ttlHours : 168) * 3600)),
    uploadDir,
    sms: smsConfig(env, uploadDir),
    wechat: wechatConfig(env),
    wechatRedirectHosts: (env.WECHAT_REDIRECT_HOSTS ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    applicantSmsLogin: env.APPLICANT_SMS_LOGIN !== "off",
    lockout: { maxFailures: 5, windowMinutes: 15, lockMinutes: 15 },
    rateLimits: loadRateLimits(env),
    trustProxy: loadTrustProxy(env),
    limits: loadLimits(env),
    storage: loadStorageConfig(env),
    payments: paymentsConfig(env, uploadDir),
    ...overrides,
  };
}

/**
 * SMS delivery. `local` (default) writes each message to the server log and appends it to `outboxFile`
 * (beside the upload directory unless SMS_OUTBOX_FILE says otherwise); `http` posts it to an SMS gateway.
 */
export interface SmsConfig {
  provider: "local" | "http";
  outboxFile: string;
  gateway: { url: string; key: string; secret: string; signName: string; templateId: string; timeoutMs: number } | null;
}

function smsConfig(env: NodeJS.ProcessEnv, uploadDir: string): SmsConfig {
  const provider = env.SMS_PROVIDER ?? "local";
  if (provider !== "local" && provider !== "http") throw new Error(`SMS_PROVIDER must be local or http, not ${provider}`);
  const outboxFile = env.SMS_OUTBOX_FILE ?? join(dirname(uploadDir), "sms-outbox.log");
  if (provider === "local") return { provider, outboxFile, gateway: null };
  if (!env.SMS_GATEWAY_URL) throw new Error("SMS_PROVIDER=http needs SMS_GATEWAY_URL");
  const gateway = {
    url: env.SMS_GATEWAY_URL,
    key: env.SMS_GATEWAY_KEY ?? "",
    secret: env.SMS_GATEWAY_SECRET ?? "",
    signName: env.SMS_SIGN_NAME ?? "",
    templateId: env.SMS_TEMPLATE_ID ?? "",
    timeoutMs: milliseconds("SMS_GATEWAY_TIMEOUT_MS", env.SMS_GATEWAY_TIMEOUT_MS),
  };
  return { provider, outboxFile, gateway };
}

/**
 * WeChat login of applicants. `off` unless configured: `sandbox` (WECHAT_PROVIDER=sandbox or WECHAT_SANDBOX=1) is the
 * local stand-in for demos, which lets anyone claim any phone; `wechat` calls WeChat's jscode2session with
 * WECHAT_APP_ID / WECHAT_APP_SECRET (chosen by default when both are set).
 */
export interface WechatConfig {
  provider: "off" | "sandbox" | "wechat";
  appId: string;
  appSecret: string;
  /** Base address of WeChat's API (a test points it at a local stand-in). */
  apiBaseUrl: string;
  timeoutMs: number;
}

function wechatConfig(env: NodeJS.ProcessEnv): WechatConfig {
  const appId = env.WECHAT_APP_ID ?? "";
  const appSecret = env.WECHAT_APP_SECRET ?? "";
  const sandbox = env.WECHAT_SANDBOX === "1" || env.WECHAT_SANDBOX === "true";
  const provider = env.WECHAT_PROVIDER ?? (sandbox ? "sandbox" : appId && appSecret ? "wechat" : "off");
  if (provider !== "off" && provider !== "sandbox" && provider !== "wechat") throw new Error(`WECHAT_PROVIDER must be off, sandbox or wechat, not ${provider}`);
  if (provider === "wechat" && !(appId && appSecret)) throw new Error("WECHAT_PROVIDER=wechat needs WECHAT_APP_ID and WECHAT_APP_SECRET");
  return {
    provider,
    appId,
    appSecret,
    apiBaseUrl: env.WECHAT_API_BASE_URL ?? "https://api.weixin.qq.com/",
    timeoutMs: milliseconds("WECHAT_TIMEOUT_MS", env.WECHAT_TIMEOUT_MS),
  };
}

/**
 * Online payment of bills. `off` (default): no provider, the pay page says online payment is not set up and finance
 * marks bills paid; `local`: the stand-in for demos and tests (PAYMENTS=local: anyone holding a QR code's link can
 * "pay" it), signing its notifications with PAYMENT_SECRET or a random per-installation key kept owner-only in
 * `<data dir>/payment-secret`; `live`: the providers' adapters (api/services/payments/live.ts).
 */
export interface PaymentsConfig {
  mode: "off" | "local" | "live";
  /** The stand-in's signing key (empty unless `local`). */
  localSecret: string;
}

function paymentsConfig(env: NodeJS.ProcessEnv, uploadDir: string): PaymentsConfig {
  const mode = env.PAYMENTS ?? "off";
  if (mode !== "off" && mode !== "local" && mode !== "live") throw new Error(`PAYMENTS must be off, local or live, not ${mode}`);
  const localSecret = mode === "local" ? env.PAYMENT_SECRET || persistedSecret(join(dirname(uploadDir), "payment-secret")) : "";
  return { mode, localSecret };
}

/** A timeout setting: a positive number of milliseconds (default 5 s). */
function milliseconds(name: string, value: string | undefined, fallback = 5000): number {
  const ms = Number(value ?? fallback);
  if (!Number.isFinite(ms) || ms <= 0) throw new Error(`${name} must be a positive number of milliseconds, not ${value}`);
  return ms;
}
