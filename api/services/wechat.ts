import { createDecipheriv, randomBytes } from "node:crypto";
import type { Db } from "@api/db";
import { nowIso } from "@api/db";
import type { WechatConfig } from "@api/config";
import { ApiError } from "@api/http";
import { aesDecrypt, type AesKeys } from "@contract/crypto";
import { PHONE_RE } from "@contract/entities/auth";
import { sha256 } from "@api/auth/tokens";

export interface WechatIdentity {
  openid: string;
  /** Empty when WeChat does not tell (jscode2session does not). */
  nickname: string;
  /** WeChat's session key (real gateway): the AES key of the phone-number payload. */
  sessionKey?: string;
  /** The stand-in: the phone its page was given (the payload must name the same phone). */
  phone?: string;
}

/**
 * The WeChat code exchange (code → openid) and the decryption of the phone-number payload.
 * The real gateway calls WeChat's jscode2session and decrypts encryptedData with the session key
 * it returns (AES-128-CBC, PKCS#7, the iv sent by the mini-program). The local stand-in exchanges
 * only codes that its own sandbox page issued, and decrypts with the static key/iv of section 9.
 */
export interface WechatGateway {
  readonly name: string;
  exchangeCode(appId: string, code: string): Promise<WechatIdentity | null>;
  decryptPhone(encryptedData: string, iv: string, identity: WechatIdentity): Promise<string | null>;
}

const CODE_TTL_MS = 5 * 60 * 1000;

/** The phone of a decrypted payload `{"phoneNumber" | "purePhoneNumber": …}` when it is a mainland mobile number. */
function phoneOf(text: string | null): string | null {
  if (!text) return null;
  try {
    const p = JSON.parse(text) as { phoneNumber?: unknown; purePhoneNumber?: unknown };
    const phone = p.purePhoneNumber ?? p.phoneNumber;
    return typeof phone === "string" && PHONE_RE.test(phone) ? phone : null;
  } catch {
    return null;
  }
}

/** No WeChat login configured (the default): the login answers 503 and no stand-in exists. */
export class DisabledWechatGateway implements WechatGateway {
  readonly name = "off";
  async exchangeCode(): Promise<WechatIdentity | null> {
    throw new ApiError(503, "wechat.disabled");
  }
  async decryptPhone(): Promise<string | null> {
    return null;
  }
}

/**
 * The local stand-in, for demos only (WECHAT_PROVIDER=sandbox): its page lets anyone claim any phone,
 * so the applicant sessions it yields carry role 13 only (token.ts).
 */
export class LocalWechatGateway implements WechatGateway {
  readonly name = "local";
  constructor(
    private readonly db: Db,
    private readonly aes: AesKeys,
  ) {}

  /** Sandbox: the applicant "authorised" with nickname and phone; a single-use code valid 5 minutes. */
  async issueCode(nickname: string, phone: string): Promise<string> {
    const code = randomBytes(16).toString("hex");
    const now = Date.now();
    await this.db
      .insertInto("wechat_codes")
      .values({
        code,
        openid: "local-" + sha256("openid:" + phone).slice(0, 24),
        nickname,
        phone,
        created_at: new Date(now).toISOString(),
        expires_at: new Date(now + CODE_TTL_MS).toISOString(),
        used_at: null,
      })
      .execute();
    return code;
  }

  async exchangeCode(_appId: string, code: string) {
    const now = nowIso();
    // Single use: the update succeeds only for an unused, unexpired code.
    const row = await this.db
      .updateTable("wechat_codes")
      .set({ used_at: now })
      .where("code", "=", code)
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .returning(["openid", "nickname", "phone"])
      .executeTakeFirst();
    return row ? { openid: row.openid, nickname: row.nickname, phone: row.phone } : null;
  }

  /** The payload's phone, only when it is the phone the stand-in's page was given for this code. */
  async decryptPhone(encryptedData: string, _iv: string, identity: WechatIdentity) {
    const phone = phoneOf(aesDecrypt(encryptedData, this.aes));
    return phone && phone === identity.phone ? phone : null;
  }
}

/** jscode2session errcodes that mean "this code is no good" (any other error is WeChat's trouble: 502). */
const BAD_CODE_ERRORS = [40029, 40163, 40226];

/**
 * WeChat itself (WECHAT_PROVIDER=wechat): jscode2session turns the mini-program's code into openid and
 * session key; the phone payload is AES-128-CBC (PKCS#7) with that session key and the given iv, and its
 * watermark must name our app.
 */
export class WechatApiGateway implements WechatGateway {
  readonly name = "wechat";
  constructor(private readonly cfg: WechatConfig) {}

  async exchangeCode(_appId: string, code: string) {
    const url = new URL("sns/jscode2session", this.cfg.apiBaseUrl);
    url.search = new URLSearchParams({ appid: this.cfg.appId, secret: this.cfg.appSecret, js_code: code, grant_type: "authorization_code" }).toString();
    const body = await this.getJson(url);
    if (body.errcode && BAD_CODE_ERRORS.includes(Number(body.errcode))) return null;
    if (body.errcode) throw this.failure(`errcode ${String(body.errcode)} ${String(body.errmsg ?? "")}`);
    if (typeof body.openid !== "string" || typeof body.session_key !== "string") return null;
    return { openid: body.openid, nickname: "", sessionKey: body.session_key };
  }

  async decryptPhone(encryptedData: string, iv: string, identity: WechatIdentity) {
    if (!identity.sessionKey) return null;
    let text: string;
    let watermark: { appid?: unknown } | undefined;
    try {
      const decipher = createDecipheriv("aes-128-cbc", Buffer.from(identity.sessionKey, "base64"), Buffer.from(iv, "base64"));
      text = Buffer.concat([decipher.update(Buffer.from(encryptedData, "base64")), decipher.final()]).toString("utf8");
      watermark = (JSON.parse(text) as { watermark?: { appid?: unknown } }).watermark;
    } catch {
      return null; // wrong key, iv or padding, or not JSON
    }
    return watermark?.appid === this.cfg.appId ? phoneOf(text) : null;
  }

  private async getJson(url: URL): Promise<Record<string, unknown>> {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(this.cfg.timeoutMs) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return (await res.json()) as Record<string, unknown>;
    } catch (e) {
      throw this.failure((e as Error).message);
    }
  }

  private failure(detail: string) {
    console.error(`[wechat] jscode2session failed: ${detail}`);
    return new ApiError(502, "wechat.gatewayFailed");
  }
}
