import type { PaymentGateway, PaymentOrder, ProviderName, VerifiedNotification } from "./gateway";

/**
 * The shape a real provider adapter takes (WeChat Pay v3 "Native" / Alipay "precreate"): it would call the provider's
 * order API with the merchant credentials (PAYMENT_<PROVIDER>_MCH_ID, _KEY, _CERT) and verify the provider's
 * signature with its public key. Not wired to any network here: without credentials it refuses, so `PAYMENTS=live`
 * without configuration shows the QR page's failure message instead of a fake code.
 */
export class LiveGatewayAdapter implements PaymentGateway {
  constructor(readonly provider: ProviderName) {}

  /** Whether the merchant credentials of a provider are set. */
  static configured(provider: ProviderName) {
    const p = provider.toUpperCase();
    return Boolean(process.env[`PAYMENT_${p}_MCH_ID`] && process.env[`PAYMENT_${p}_KEY`]);
  }

  private configured() {
    return LiveGatewayAdapter.configured(this.provider);
  }

  async createOrder(order: PaymentOrder): Promise<{ qrText: string; expiresAt: string }> {
    if (!this.configured()) throw new Error(`${this.provider}: live payments are not configured`);
    // A real adapter: POST the order (order.orderNo, order.amountFen, order.subject, notify URL) and answer its code_url / qr_code.
    throw new Error(`${this.provider}: live adapter not implemented in this build (${order.orderNo})`);
  }

  verifyNotification(_fields: Record<string, string>): VerifiedNotification | null {
    // A real adapter verifies the provider's signature (RSA/SM2 with the platform certificate) and decrypts the resource.
    return null;
  }

  acknowledge(ok: boolean) {
    return { status: ok ? 200 : 400, body: JSON.stringify({ code: ok ? "SUCCESS" : "FAIL" }), contentType: "application/json" };
  }
}
