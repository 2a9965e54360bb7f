/**
 * The payment-gateway interface (docs/sections/tuition-assessment.md "Payment gateway"): what a payment provider
 * must offer the tuition bills. Two providers (WeChat Pay, Alipay) sit behind it; which implementation serves them
 * is chosen by the environment (`PAYMENTS`: `off` by default, `local` or `live`; api/config.ts), never by the callers.
 */
export type ProviderName = "wechat" | "alipay";

export interface PaymentOrder {
  /** Our order number (unique, also the provider's out_trade_no). */
  orderNo: string;
  amountFen: number;
  /** What the payer sees ("学费 #12"). */
  subject: string;
}

/** A provider's notification, verified and normalised. */
export interface VerifiedNotification {
  /** The provider's id of this notification: a second delivery carries the same id (replay protection). */
  notifyId: string;
  orderNo: string;
  amountFen: number;
  paidAt: string;
}

export interface PaymentGateway {
  readonly provider: ProviderName;
  /** Creates (or re-creates) the provider's order; answers the text the QR code encodes. Throws when the provider is unreachable. */
  createOrder(order: PaymentOrder): Promise<{ qrText: string; expiresAt: string }>;
  /** Checks the notification's signature over its fields; null when it does not verify (nothing may change then). */
  verifyNotification(fields: Record<string, string>): VerifiedNotification | null;
  /** What the provider expects as the answer to its notification. */
  acknowledge(ok: boolean): { status: number; body: string; contentType: string };
}
