import type { PaymentsConfig } from "@api/config";
import type { PaymentGateway, ProviderName } from "./gateway";
import { LocalGateway } from "./local";
import { LiveGatewayAdapter } from "./live";

export type { PaymentGateway, ProviderName, PaymentOrder, VerifiedNotification } from "./gateway";
export { signLocal, checkoutToken, checkoutTokenValid, LOCAL_FIELDS } from "./local";

export const PROVIDERS: readonly ProviderName[] = ["wechat", "alipay"];
export const isProvider = (p: string): p is ProviderName => (PROVIDERS as readonly string[]).includes(p);

let publicBase = () => `http://127.0.0.1:${process.env.API_PORT ?? 8787}/`;
/** Where the stand-in's checkout pages are reachable (the API's own address; tests set it to their port). */
export function setPaymentsPublicBase(base: string) {
  publicBase = () => base;
}

/** The gateway of a provider as PAYMENTS chose (`local` = the stand-in, `live` = the real adapters); null when off. */
export function paymentGateway(config: PaymentsConfig, provider: ProviderName): PaymentGateway | null {
  if (config.mode === "live") return new LiveGatewayAdapter(provider);
  if (config.mode === "local") return new LocalGateway(provider, () => publicBase(), config.localSecret);
  return null;
}

/** For the start-up log: which payment providers are live, without any secret. */
export function paymentsSummary(config: PaymentsConfig): string {
  if (config.mode === "off") return "off (online payment not set up; finance marks bills paid)";
  if (config.mode === "local") return "local stand-in (PAYMENTS=local, demo only: anyone holding a QR code's link can pay it)";
  const live = PROVIDERS.filter((p) => LiveGatewayAdapter.configured(p));
  return `live (${live.length ? live.join(", ") : "no provider configured"})`;
}
