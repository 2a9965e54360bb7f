import { createHmac, timingSafeEqual } from "node:crypto";
import type { PaymentGateway, PaymentOrder, ProviderName, VerifiedNotification } from "./gateway";

/**
 * The local stand-in of a payment provider: no network. Its "app" is the checkout page the API serves at
 * `payments/local/<provider>/checkout/<orderNo>` (what the QR code encodes); paying there sends a notification
 * signed with HMAC-SHA256 over the sorted fields, exactly as a real provider's callback would arrive. The key is the
 * installation's own (PAYMENTS=local: PAYMENT_SECRET or the random `payment-secret` file, api/config.ts), and the
 * checkout link carries a token made with it, so only the parent who was shown the QR code can open or pay it.
 */
export const LOCAL_FIELDS = ["notifyId", "orderNo", "amountFen", "paidAt"] as const;

/** The signature of a notification: HMAC-SHA256 with the installation's key over the provider and the fields. */
export function signLocal(secret: string, provider: ProviderName, fields: Record<string, string>): string {
  const text = [`provider=${provider}`, ...LOCAL_FIELDS.map((k) => `${k}=${fields[k] ?? ""}`)].join("&");
  return createHmac("sha256", secret).update(text).digest("hex");
}

/** The token of an order's checkout link (what the QR code encodes): without it the stand-in shows and pays nothing. */
export function checkoutToken(secret: string, provider: ProviderName, orderNo: string): string {
  return createHmac("sha256", secret).update(`checkout&provider=${provider}&orderNo=${orderNo}`).digest("hex").slice(0, 32);
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Whether `token` is the checkout token of the order. */
export const checkoutTokenValid = (secret: string, provider: ProviderName, orderNo: string, token: string) =>
  sameText(token, checkoutToken(secret, provider, orderNo));

export class LocalGateway implements PaymentGateway {
  constructor(
    readonly provider: ProviderName,
    private readonly publicBase: () => string,
    private readonly secret: string,
  ) {}

  async createOrder(order: PaymentOrder) {
    // PAYMENTS_FAIL=<provider>|all simulates an unreachable provider (the QR page's failure message).
    const fail = process.env.PAYMENTS_FAIL;
    if (fail === "all" || fail === this.provider) throw new Error(`${this.provider} unavailable`);
    const expiresAt = new Date(Date.now() + 15 * 60_000).toISOString();
    const token = checkoutToken(this.secret, this.provider, order.orderNo);
    return { qrText: `${this.publicBase()}payments/local/${this.provider}/checkout/${encodeURIComponent(order.orderNo)}/?t=${token}`, expiresAt };
  }

  verifyNotification(fields: Record<string, string>): VerifiedNotification | null {
    if (!this.secret || !sameText(fields.sign ?? "", signLocal(this.secret, this.provider, fields))) return null;
    if (!/^\d{1,12}$/.test(fields.amountFen ?? "") || !fields.notifyId || !fields.orderNo) return null;
    return { notifyId: fields.notifyId, orderNo: fields.orderNo, amountFen: Number(fields.amountFen), paidAt: fields.paidAt || new Date().toISOString() };
  }

  acknowledge(ok: boolean) {
    return { status: 200, body: JSON.stringify({ code: ok ? "SUCCESS" : "FAIL" }), contentType: "application/json" };
  }
}
