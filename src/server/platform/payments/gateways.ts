import type { TGateway } from "../../../domain/order";
import type { Config } from "../../config";
import type { CallbackVerdict, Gateway } from "./gateway";
import { createLiqpayFormatGateway } from "./liqpay-gateway";
import { createSandboxKeys, type SandboxKeys } from "./sandbox";
import { createWayforpayGateway, type WayforpayGateway } from "./wayforpay-gateway";

export type PaymentsConfig = Pick<
  Config,
  | "LIQPAY_PUBLIC_KEY"
  | "LIQPAY_PRIVATE_KEY"
  | "LIQPAY_CHECKOUT_URL"
  | "WAYFORPAY_MERCHANT_ACCOUNT"
  | "WAYFORPAY_SECRET"
  | "WAYFORPAY_DOMAIN"
  | "WAYFORPAY_PAY_URL"
  | "PAYMENTS_DEFAULT_GATEWAY"
  | "PAYMENTS_SANDBOX"
>;

/** Where the browser posts the sandbox's checkout form: our own route. */
export const SANDBOX_CHECKOUT_PATH = "/api/payments/sandbox/checkout";

/**
 * The configured gateways (docs/decisions/0031): a gateway without its keys is not offered; the
 * sandbox only while PAYMENTS_SANDBOX is on (config.ts decides the default: off in production).
 */
export function createGateways(config: PaymentsConfig, signingSecret: Uint8Array | string) {
  const offered: Gateway[] = [];
  let wayforpay: WayforpayGateway | undefined;
  let sandbox: SandboxKeys | undefined;
  if (config.LIQPAY_PUBLIC_KEY && config.LIQPAY_PRIVATE_KEY) {
    offered.push(
      createLiqpayFormatGateway({
        id: "liqpay",
        publicKey: config.LIQPAY_PUBLIC_KEY,
        privateKey: config.LIQPAY_PRIVATE_KEY,
        checkoutUrl: config.LIQPAY_CHECKOUT_URL,
        sandboxPays: config.PAYMENTS_SANDBOX,
        test: false,
      }),
    );
  }
  if (config.WAYFORPAY_MERCHANT_ACCOUNT && config.WAYFORPAY_SECRET) {
    wayforpay = createWayforpayGateway({
      merchantAccount: config.WAYFORPAY_MERCHANT_ACCOUNT,
      secret: config.WAYFORPAY_SECRET,
      payUrl: config.WAYFORPAY_PAY_URL,
      domain: config.WAYFORPAY_DOMAIN,
    });
    offered.push(wayforpay);
  }
  if (config.PAYMENTS_SANDBOX) {
    sandbox = createSandboxKeys(signingSecret);
    offered.push(
      createLiqpayFormatGateway({
        id: "sandbox",
        publicKey: sandbox.publicKey,
        privateKey: sandbox.privateKey,
        checkoutUrl: SANDBOX_CHECKOUT_PATH,
        sandboxPays: true,
        test: true,
      }),
    );
  }
  const byId = new Map(offered.map((g) => [g.id, g]));
  const defaultId: TGateway | null = config.PAYMENTS_DEFAULT_GATEWAY ?? offered[0]?.id ?? null;
  const liqpayFormat = offered.filter((g) => g.id === "liqpay" || g.id === "sandbox");

  return {
    offered: (): readonly Gateway[] => offered,
    get: (id: TGateway): Gateway | undefined => byId.get(id),
    defaultId,
    wayforpay,
    sandbox,
    /**
     * A callback to the LiqPay-format route: LiqPay's and the sandbox's come there alike. The key
     * whose signature matches says whose it is; with none matching it is refused.
     */
    verifyLiqpayFormat(raw: string): CallbackVerdict {
      let first: CallbackVerdict | null = null;
      for (const g of liqpayFormat) {
        const verdict = g.verifyCallback(raw);
        if (verdict.verified) return verdict;
        first ??= verdict;
      }
      return first ?? { kind: "refused", verified: false, reason: "LiqPay is not configured" };
    },
    /** Provider pages the browser's checkout form may go to (the pages' CSP form-action). */
    formActionOrigins: (): string[] => [...new Set(offered.map((g) => g.checkoutOrigin).filter((o): o is string => o !== null))],
  };
}
export type Gateways = ReturnType<typeof createGateways>;
