import { describe, expect, it } from "vitest";
import { orderNext } from "./checkout";

describe("what follows a made order", () => {
  it("posts LiqPay's and the sandbox's data and signature to the checkout", () => {
    expect(
      orderNext({
        state: "ok",
        orderId: "ord_1",
        next: "checkout",
        checkoutUrl: "https://www.liqpay.ua/api/3/checkout",
        meta: { data: "eyJ2", signature: "c2ln" },
      }),
    ).toEqual({
      kind: "checkout",
      action: "https://www.liqpay.ua/api/3/checkout",
      fields: [
        ["data", "eyJ2"],
        ["signature", "c2ln"],
      ],
    });
  });

  it("posts every WayForPay field, arrays as name[] in order and numbers as text", () => {
    const next = orderNext({
      state: "ok",
      checkoutUrl: "https://secure.wayforpay.com/pay",
      meta: {
        data: {
          merchantAccount: "test_merch_n1",
          orderReference: "ord_1",
          amount: 490,
          productName: ["Speaking with Confidence"],
          productPrice: [490],
          productCount: [1],
          merchantSignature: "abc",
        },
      },
    });
    expect(next).toEqual({
      kind: "checkout",
      action: "https://secure.wayforpay.com/pay",
      fields: [
        ["merchantAccount", "test_merch_n1"],
        ["orderReference", "ord_1"],
        ["amount", "490"],
        ["productName[]", "Speaking with Confidence"],
        ["productPrice[]", "490"],
        ["productCount[]", "1"],
        ["merchantSignature", "abc"],
      ],
    });
  });

  it("goes straight to the result page for an order a coupon made free", () => {
    expect(orderNext({ state: "ok", next: "result", resultUrl: "/en/order-result/ord_1/", meta: {} })).toEqual({
      kind: "result",
      url: "/en/order-result/ord_1/",
    });
  });

  it("stops with the provider's message on an error state, even when it also names a checkout", () => {
    expect(orderNext({ state: "error", checkoutUrl: "https://x", meta: { error: { message: "Merchant is blocked" } } })).toEqual({
      kind: "refused",
      message: "Merchant is blocked",
    });
    expect(orderNext({ state: "error", meta: {} })).toEqual({ kind: "refused", message: "" });
  });

  it("follows nothing when the reply names no place to go", () => {
    expect(orderNext({ state: "ok", meta: { data: "x", signature: "y" } })).toEqual({ kind: "unusable" });
    expect(orderNext({ state: "ok", next: "result", meta: {} })).toEqual({ kind: "unusable" });
  });
});
