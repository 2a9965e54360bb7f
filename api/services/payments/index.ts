import type { PaymentGateway, ProviderName } from "./gateway";
import { LocalGateway } from "./local";
import { LiveGatewayAdapter } from "./live";

export type { PaymentGateway, ProviderName, PaymentOrder, VerifiedNotification } from "./gateway";
export { signLocal, LOCAL_FIELDS } from "./local";

export const PROVIDERS: readonly ProviderName[] = ["wechat", "alipay"];
export const isProvider = (p: string): p is ProviderName => (PROVIDERS as readonly string[]).includes(p);

let publicBase = () => `http://127.0.0.1:${process.env.API_PORT ?? 8787}/`;
/** Where the stand-in's checkout pages are reachable (the API's own address; tests set it to their port). */
export function setPaymentsPublicBase(base: string) {
  publicBase = () => base;
}

/** The gateway of a provider, chosen by PAYMENTS (`local` default, `live` = the real adapters). */
export function paymentGateway(provider: ProviderName): PaymentGateway {
  return process.env.PAYMENTS === "live" ? new LiveGatewayAdapter(provider) : new LocalGateway(provider, () => publicBase());
}
