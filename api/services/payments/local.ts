import { createHmac, timingSafeEqual } from "node:crypto";
import type { PaymentGateway, PaymentOrder, ProviderName, VerifiedNotification } from "./gateway";

/**
 * The local stand-in of a payment provider: no network. Its "app" is the checkout page the API serves at
 * `payments/local/<provider>/checkout/<orderNo>` (what the QR code encodes); paying there sends a notification
 * signed with HMAC-SHA256 over the sorted fields, exactly as a real provider's callback would arrive.
 */
export const LOCAL_FIELDS = ["notifyId", "orderNo", "amountFen", "paidAt"] as const;

export function localSecret(provider: ProviderName): string {
  return process.env[`PAYMENT_SECRET_${provider.toUpperCase()}`] || `local-${provider}-stand-in-secret`;
}

export function signLocal(provider: ProviderName, fields: Record<string, string>): string {
  const text = LOCAL_FIELDS.map((k) => `${k}=${fields[k] ?? ""}`).join("&");
  return createHmac("sha256", localSecret(provider)).update(text).digest("hex");
}

export class LocalGateway implements PaymentGateway {
  constructor(
    readonly provider: ProviderName,
    private readonly publicBase: () => string,
  ) {}

  async createOrder(order: PaymentOrder) {
    // PAYMENTS_FAIL=<provider>|all simulates an unreachable provider (the QR page's failure message).
    const fail = process.env.PAYMENTS_FAIL;
    if (fail === "all" || fail === this.provider) throw new Error(`${this.provider} unavailable`);
    const expiresAt = new Date(Date.now() + 15 * 60_000).toISOString();
    return { qrText: `${this.publicBase()}payments/local/${this.provider}/checkout/${encodeURIComponent(order.orderNo)}/`, expiresAt };
  }

  verifyNotification(fields: Record<string, string>): VerifiedNotification | null {
    const sign = fields.sign ?? "";
    const expected = signLocal(this.provider, fields);
    const a = Buffer.from(sign, "utf8");
    const b = Buffer.from(expected, "utf8");
    if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
    if (!/^\d{1,12}$/.test(fields.amountFen ?? "") || !fields.notifyId || !fields.orderNo) return null;
    return { notifyId: fields.notifyId, orderNo: fields.orderNo, amountFen: Number(fields.amountFen), paidAt: fields.paidAt || new Date().toISOString() };
  }

  acknowledge(ok: boolean) {
    return { status: 200, body: JSON.stringify({ code: ok ? "SUCCESS" : "FAIL" }), contentType: "application/json" };
  }
}
