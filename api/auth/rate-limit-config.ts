/**
 * Rate-limit settings. Each is `points/seconds` (e.g. `60/900` = 60 requests per 15 minutes) or `off`.
 * Per phone is strict (one person); per client address is looser (a school's staff may share one address).
 */
export type RateLimitAction = "login" | "sms" | "register";
export interface RateLimit {
  points: number;
  seconds: number;
}
export type RateLimits = Record<RateLimitAction, { phone: RateLimit | null; address: RateLimit | null }>;

/** Defaults, documented in the README (Settings): generous enough for the test suites' many logins from 127.0.0.1. */
export const RATE_LIMIT_DEFAULTS: Record<string, string> = {
  RATE_LIMIT_LOGIN_PHONE: "60/900",
  RATE_LIMIT_LOGIN_ADDRESS: "300/900",
  RATE_LIMIT_SMS_PHONE: "5/3600",
  RATE_LIMIT_SMS_ADDRESS: "30/3600",
  RATE_LIMIT_REGISTER_PHONE: "10/3600",
  RATE_LIMIT_REGISTER_ADDRESS: "30/3600",
};

function parseLimit(name: string, value: string): RateLimit | null {
  if (value.trim() === "off") return null;
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) throw new Error(`${name} must be points/seconds (e.g. 60/900) or off, not ${value}`);
  return { points: Number(m[1]), seconds: Number(m[2]) };
}

export function loadRateLimits(env: Record<string, string | undefined>): RateLimits {
  const get = (name: string) => parseLimit(name, env[name] ?? RATE_LIMIT_DEFAULTS[name]!);
  return {
    login: { phone: get("RATE_LIMIT_LOGIN_PHONE"), address: get("RATE_LIMIT_LOGIN_ADDRESS") },
    sms: { phone: get("RATE_LIMIT_SMS_PHONE"), address: get("RATE_LIMIT_SMS_ADDRESS") },
    register: { phone: get("RATE_LIMIT_REGISTER_PHONE"), address: get("RATE_LIMIT_REGISTER_ADDRESS") },
  };
}

/** The embedded console calls the API from the same machine. */
const LOOPBACK = ["127.0.0.1", "::1", "::ffff:127.0.0.1"];

/** TRUST_PROXY: comma-separated peer addresses, `loopback` (default) or `none`. */
export function loadTrustProxy(env: Record<string, string | undefined>): string[] {
  const list = (env.TRUST_PROXY ?? "loopback")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return list.flatMap((a) => (a === "loopback" ? LOOPBACK : a === "none" ? [] : [a]));
}
