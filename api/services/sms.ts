import { createHmac } from "node:crypto";
import { appendFile, mkdir, readFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { SmsConfig } from "@api/config";

/** One text message: the rendered text, and the template parameters for gateways that fill a template. */
export interface SmsMessage {
  phone: string;
  purpose: string;
  content: string;
  params: Record<string, string>;
}

/** Sends text messages. A failure throws SmsSendError; no HTTP route ever shows what was sent. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

export class SmsSendError extends Error {}

/** One line of the local outbox file. */
export interface OutboxEntry {
  at: string;
  phone: string;
  purpose: string;
  content: string;
}

/**
 * For running the product locally: each message goes to the server log (one line) and is appended to a
 * file readable only by the server's user, so whoever runs the server reads the codes there.
 */
export class LocalSmsProvider implements SmsProvider {
  readonly name = "local";
  constructor(
    private readonly file: string,
    private readonly log: (line: string) => void = console.log,
  ) {}

  async send({ phone, purpose, content }: SmsMessage) {
    const entry: OutboxEntry = { at: new Date().toISOString(), phone, purpose, content };
    await mkdir(dirname(this.file), { recursive: true });
    await appendFile(this.file, JSON.stringify(entry) + "\n", { mode: 0o600 });
    this.log(`[sms] to ${phone} (${purpose}): ${content}`);
  }
}

/** The local outbox file's entries for a phone, newest first (tests and the e2e specs read codes here). */
export async function readOutbox(file: string, phone: string): Promise<OutboxEntry[]> {
  const text = await readFile(file, "utf8").catch(() => "");
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxEntry)
    .filter((e) => e.phone === phone)
    .reverse();
}

type GatewayConfig = NonNullable<SmsConfig["gateway"]>;

/**
 * An HTTP SMS gateway: POST JSON {phone, signName, templateId, params, content} to SMS_GATEWAY_URL with
 * `Authorization: Bearer <key>` and, when a secret is set, `X-Timestamp` and `X-Signature` =
 * hex HMAC-SHA256(secret, timestamp + "." + body). A non-2xx reply, a timeout, or a JSON body that
 * reports an error counts as a failure.
 */
export class HttpSmsProvider implements SmsProvider {
  readonly name = "http";
  constructor(private readonly gw: GatewayConfig) {}

  async send({ phone, content, params }: SmsMessage) {
    const body = JSON.stringify({ phone, signName: this.gw.signName, templateId: this.gw.templateId, params, content });
    let res: Response;
    try {
      res = await fetch(this.gw.url, {
        method: "POST",
        headers: this.headers(body),
        body,
        signal: AbortSignal.timeout(this.gw.timeoutMs),
      });
    } catch (e) {
      throw new SmsSendError(`SMS gateway unreachable: ${(e as Error).message}`);
    }
    const text = await res.text().catch(() => "");
    if (!res.ok) throw new SmsSendError(`SMS gateway answered HTTP ${res.status}: ${text.slice(0, 200)}`);
    if (reportsError(text)) throw new SmsSendError(`SMS gateway reported an error: ${text.slice(0, 200)}`);
  }

  private headers(body: string): Record<string, string> {
    const h: Record<string, string> = { "content-type": "application/json" };
    if (this.gw.key) h.authorization = `Bearer ${this.gw.key}`;
    if (this.gw.secret) {
      const ts = String(Math.floor(Date.now() / 1000));
      h["x-timestamp"] = ts;
      h["x-signature"] = createHmac("sha256", this.gw.secret).update(`${ts}.${body}`).digest("hex");
    }
    return h;
  }
}

const OK_CODES: unknown[] = [0, 200, "0", "200", "OK", "ok"];

/**
 * Gateways answer 2xx with an error in the body: {success: false}, {ok: false}, {error: …}, or a
 * `code` other than 0, 200 or "OK" (Aliyun-style "OK", Tencent-style 0).
 */
function reportsError(text: string): boolean {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return false;
  }
  if (!body || typeof body !== "object") return false;
  const b = body as Record<string, unknown>;
  if (b.success === false || b.ok === false || (b.error != null && b.error !== false && b.error !== "")) return true;
  return "code" in b && !OK_CODES.includes(b.code);
}

/** The provider SMS_PROVIDER names. */
export function smsProviderFor(config: SmsConfig, log: (line: string) => void = console.log): SmsProvider {
  return config.gateway ? new HttpSmsProvider(config.gateway) : new LocalSmsProvider(config.outboxFile, log);
}
