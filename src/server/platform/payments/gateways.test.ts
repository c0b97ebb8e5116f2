import { describe, expect, it } from "vitest";
import { parseConfig } from "../../config";
import { providerAmountMinor } from "./gateway";
import { createGateways } from "./gateways";
import { createLiqpayFormatGateway, liqpayOutcome } from "./liqpay-gateway";
import { decodeLiqpayData, liqpayData, liqpaySignature } from "./liqpay-signature";
import { createSandboxKeys, SANDBOX_TICKET_TTL_MS } from "./sandbox";
import { createWayforpayGateway, wayforpayBody, wayforpayOutcome } from "./wayforpay-gateway";
import { wayforpayCallbackString, wayforpaySignature } from "./wayforpay-signature";

const LIQ = { publicKey: "i00000000", privateKey: "a4825234f4bae72a0be04eafe9e8e2bada209255" };
const WFP = { merchantAccount: "test_merch_n1", secret: "flk3409refn54t54t*FNJRET" };
const ORDER = {
  id: "ord_aaaaaaaaaaaaaaaaaaaaaaaaaa",
  amountMinor: 44150,
  currency: "UAH",
  lang: "ru",
  title: "Курс",
  description: "Курс, заказ",
  createdAt: new Date(1_700_000_000_500),
};
const URLS = {
  callbackUrl: "https://learn.example.org/api/payments/liqpay/callback",
  returnUrl: "https://learn.example.org/api/orders/x/return",
  host: "learn.example.org",
};

describe("amounts from providers", () => {
  it("reads numbers and decimal strings with at most two decimals into minor units, nothing else", () => {
    expect([490, 441.5, 440.99, "490", "490.00", "0.01", 0].map(providerAmountMinor)).toEqual([49000, 44150, 44099, 49000, 49000, 1, 0]);
    for (const bad of [-1, 1.005, "1e3", "490abc", "", " ", NaN, Infinity, null, undefined, {}, [490], "12345678901"])
      expect(providerAmountMinor(bad), String(bad)).toBeNull();
  });
});

describe("the LiqPay protocol gateway", () => {
  const liqpay = createLiqpayFormatGateway({ id: "liqpay", ...LIQ, checkoutUrl: "https://www.liqpay.ua/api/3/checkout", sandboxPays: false, test: false });
  const body = (params: Record<string, unknown>, key = LIQ.privateKey) => {
    const data = liqpayData(params as Record<string, string | number>);
    return new URLSearchParams({ data, signature: liqpaySignature(key, data) }).toString();
  };

  it("builds the checkout data of providers.md, signed over the base64 string", () => {
    const c = liqpay.checkout(ORDER, URLS);
    expect(c.checkoutUrl).toBe("https://www.liqpay.ua/api/3/checkout");
    expect(c.signature).toBe(liqpaySignature(LIQ.privateKey, c.data as string));
    expect(decodeLiqpayData(c.data as string)).toEqual({
      version: "3",
      public_key: LIQ.publicKey,
      action: "pay",
      amount: 441.5,
      currency: "UAH",
      description: "Курс, заказ",
      order_id: ORDER.id,
      result_url: URLS.returnUrl,
      server_url: URLS.callbackUrl,
      language: "en",
    });
    expect(liqpay.checkoutOrigin).toBe("https://www.liqpay.ua");
  });

  it("verifies before decoding and names why it refuses", () => {
    const params = { public_key: LIQ.publicKey, order_id: ORDER.id, status: "success", amount: 441.5, currency: "UAH" };
    expect(liqpay.verifyCallback(body(params))).toEqual({
      kind: "notice",
      verified: true,
      gateway: "liqpay",
      orderReference: ORDER.id,
      amountMinor: 44150,
      currency: "UAH",
      providerStatus: "success",
      outcome: "paid",
    });
    expect(liqpay.verifyCallback("data=x")).toMatchObject({ verified: false, reason: "missing data or signature" });
    expect(liqpay.verifyCallback(body(params, "other"))).toMatchObject({ verified: false, reason: "bad signature" });
    expect(liqpay.verifyCallback(body({ ...params, public_key: "other" }))).toMatchObject({
      verified: true,
      kind: "refused",
      reason: "public_key of another merchant",
    });
    expect(liqpay.verifyCallback(body({ ...params, amount: "x" }))).toMatchObject({ kind: "refused", reason: "order_id, status, amount or currency missing" });
  });

  it("maps LiqPay's statuses; sandbox pays only when test payments are on", () => {
    expect(["success", "failure", "error", "reversed", "processing", "wait_secure", "3ds_verify", "subscribed"].map((s) => liqpayOutcome(s, false))).toEqual([
      "paid",
      "failed",
      "failed",
      "reversed",
      "pending",
      "pending",
      "pending",
      null,
    ]);
    expect(liqpayOutcome("sandbox", false)).toBeNull();
    expect(liqpayOutcome("sandbox", true)).toBe("paid");
  });
});

describe("the WayForPay gateway", () => {
  const wfp = createWayforpayGateway({ ...WFP, payUrl: "https://secure.wayforpay.com/pay" });
  const signed = (over: Record<string, string | number> = {}) => {
    const f = {
      merchantAccount: WFP.merchantAccount,
      orderReference: ORDER.id,
      amount: 441.5,
      currency: "UAH",
      authCode: "1",
      cardPan: "4*1",
      transactionStatus: "Approved",
      reasonCode: 1100,
      ...over,
    };
    return { ...f, merchantSignature: wayforpaySignature(WFP.secret, wayforpayCallbackString(f as Parameters<typeof wayforpayCallbackString>[0])) };
  };

  it("builds the purchase form with merchantSignature over the documented fields", () => {
    const c = wfp.checkout(ORDER, URLS);
    const data = c.data as Record<string, unknown>;
    const string = `${WFP.merchantAccount};learn.example.org;${ORDER.id};1700000000;441.5;UAH;Курс;1;441.5`;
    expect(data).toMatchObject({ orderDate: 1_700_000_000, productName: ["Курс"], productCount: [1], productPrice: [441.5], language: "RU" });
    expect(data.merchantSignature).toBe(wayforpaySignature(WFP.secret, string));
  });

  it("reads the JSON body, also as a form's only field name", () => {
    const json = JSON.stringify(signed());
    expect(wayforpayBody(json)).toMatchObject({ orderReference: ORDER.id });
    expect(wayforpayBody(new URLSearchParams({ [json]: "" }).toString())).toMatchObject({ orderReference: ORDER.id });
    expect(wayforpayBody("a=1&b=2")).toBeNull();
    expect(wayforpayBody("[]")).toBeNull();
  });

  it("verifies with our account and secret; statuses map to outcomes; the accept reply is signed", () => {
    expect(wfp.verifyCallback(JSON.stringify(signed()))).toMatchObject({ kind: "notice", amountMinor: 44150, outcome: "paid" });
    expect(wfp.verifyCallback(JSON.stringify({ ...signed(), amount: 1 }))).toMatchObject({ verified: false, reason: "bad signature" });
    expect(wfp.verifyCallback(JSON.stringify(signed({ merchantAccount: "other" })))).toMatchObject({ verified: false, reason: "bad signature" });
    expect(
      ["Approved", "Declined", "Expired", "Refunded", "Voided", "InProcessing", "WaitingAuthComplete", "Pending", "RefundInProcessing"].map(wayforpayOutcome),
    ).toEqual(["paid", "failed", "failed", "reversed", "reversed", "pending", "pending", "pending", null]);
    const accept = wfp.accept(ORDER.id, new Date(1_415_379_863_000));
    expect(accept).toEqual({
      orderReference: ORDER.id,
      status: "accept",
      time: 1_415_379_863,
      signature: wayforpaySignature(WFP.secret, `${ORDER.id};accept;1415379863`),
    });
  });
});

describe("the configured gateways", () => {
  const config = (env: Record<string, string>) => parseConfig({ NODE_ENV: "test", ...env });

  it("offers only gateways with keys, the sandbox last; the default is liqpay when configured", () => {
    const all = createGateways(
      config({
        LIQPAY_PUBLIC_KEY: LIQ.publicKey,
        LIQPAY_PRIVATE_KEY: LIQ.privateKey,
        WAYFORPAY_MERCHANT_ACCOUNT: WFP.merchantAccount,
        WAYFORPAY_SECRET: WFP.secret,
      }),
      "s".repeat(32),
    );
    expect(all.offered().map((g) => g.id)).toEqual(["liqpay", "wayforpay", "sandbox"]);
    expect(all.defaultId).toBe("liqpay");
    expect(all.formActionOrigins()).toEqual(["https://www.liqpay.ua", "https://secure.wayforpay.com"]);
    const wfpOnly = createGateways(
      config({ WAYFORPAY_MERCHANT_ACCOUNT: WFP.merchantAccount, WAYFORPAY_SECRET: WFP.secret, PAYMENTS_SANDBOX: "false" }),
      "s".repeat(32),
    );
    expect(wfpOnly.offered().map((g) => g.id)).toEqual(["wayforpay"]);
    expect(wfpOnly.defaultId).toBe("wayforpay");
    const bare = createGateways(config({}), "s".repeat(32));
    expect(bare.defaultId).toBe("sandbox");
    expect(bare.formActionOrigins()).toEqual([]);
    expect(createGateways(config({ PAYMENTS_SANDBOX: "false" }), "s").defaultId).toBeNull();
    expect(
      createGateways(config({ LIQPAY_PUBLIC_KEY: LIQ.publicKey, LIQPAY_PRIVATE_KEY: LIQ.privateKey, PAYMENTS_DEFAULT_GATEWAY: "sandbox" }), "s".repeat(32))
        .defaultId,
    ).toBe("sandbox");
  });

  it("tells LiqPay's callbacks from the sandbox's by the key that verifies them", () => {
    const gateways = createGateways(config({ LIQPAY_PUBLIC_KEY: LIQ.publicKey, LIQPAY_PRIVATE_KEY: LIQ.privateKey }), "s".repeat(32));
    const params = { order_id: ORDER.id, status: "success", amount: 1, currency: "UAH" };
    expect(gateways.verifyLiqpayFormat(gateways.sandbox!.callbackBody(params))).toMatchObject({ verified: true, gateway: "sandbox" });
    const data = liqpayData({ public_key: LIQ.publicKey, ...params });
    expect(gateways.verifyLiqpayFormat(new URLSearchParams({ data, signature: liqpaySignature(LIQ.privateKey, data) }).toString())).toMatchObject({
      gateway: "liqpay",
    });
    expect(gateways.verifyLiqpayFormat("data=a&signature=b")).toMatchObject({ verified: false, reason: "bad signature" });
  });
});

describe("sandbox keys", () => {
  it("derive from the signing secret; tickets are per order and expire", () => {
    const a = createSandboxKeys("secret-one-secret-one-secret-one-");
    const b = createSandboxKeys("secret-two-secret-two-secret-two-");
    expect(a.privateKey).not.toBe(b.privateKey);
    expect(a.publicKey).toMatch(/^sandbox_/);
    const now = 1_800_000_000_000;
    const ticket = a.ticket(ORDER.id, now);
    expect(a.checkTicket(ORDER.id, ticket, now + 1000)).toBe(true);
    expect(a.checkTicket(ORDER.id, ticket, now + SANDBOX_TICKET_TTL_MS + 1)).toBe(false);
    expect(a.checkTicket("ord_bbbbbbbbbbbbbbbbbbbbbbbbbb", ticket, now)).toBe(false);
    expect(b.checkTicket(ORDER.id, ticket, now)).toBe(false);
    expect(a.checkTicket(ORDER.id, `${now + SANDBOX_TICKET_TTL_MS * 10}.${ticket.split(".")[1]}`, now)).toBe(false);
    expect(a.checkTicket(ORDER.id, "junk", now)).toBe(false);
  });
});
