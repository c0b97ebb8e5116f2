import type { TGateway } from "../../../domain/order";

/**
 * The payment provider as a receipt names it. The order request never names a gateway (the portal's
 * default is used, seed 000 §7); a past order's provider is a receipt detail, shown by its brand name,
 * and Mentora's own sandbox as the translated "Test payment".
 */
const BRANDS: Partial<Record<TGateway, string>> = { liqpay: "LiqPay", wayforpay: "WayForPay" };

export function gatewayName(gateway: TGateway, t: (key: string) => string): string {
  return BRANDS[gateway] ?? t("gateway.sandbox");
}
