import { randomBytes } from "node:crypto";
import type { Db } from "@api/db";
import { nowIso } from "@api/db";
import { aesDecrypt, type AesKeys } from "@contract/crypto";
import { sha256 } from "@api/auth/tokens";

export interface WechatIdentity {
  openid: string;
  nickname: string;
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
      .returning(["openid", "nickname"])
      .executeTakeFirst();
    return row ? { openid: row.openid, nickname: row.nickname } : null;
  }

  async decryptPhone(encryptedData: string, _iv: string) {
    const text = aesDecrypt(encryptedData, this.aes);
    if (!text) return null;
    try {
      const parsed = JSON.parse(text) as { phoneNumber?: unknown };
      return typeof parsed.phoneNumber === "string" && /^1\d{10}$/.test(parsed.phoneNumber) ? parsed.phoneNumber : null;
    } catch {
      return null;
    }
  }
}
