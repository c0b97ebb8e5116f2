import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decodeLiqpayData, liqpayData, liqpaySignature, verifyLiqpaySignature } from "./liqpay-signature";
import { verifyWayforpaySignature, wayforpayAccept, wayforpayCallbackString, wayforpayPurchaseString, wayforpaySignature } from "./wayforpay-signature";

describe("LiqPay signature (providers.md vectors)", () => {
  it("vector 1: signs the data string between the private key twice, base64 of the raw SHA-1", () => {
    expect(liqpaySignature("your_private_key", "base64_post_string")).toBe("tp+ZLmKm1/E83dIzUpx5ljcttP4=");
  });

  it("vector 2: encodes the parameters and signs the base64 string", () => {
    const data = liqpayData({ public_key: "i00000000", version: "3", action: "pay", amount: "3", currency: "UAH", description: "test", order_id: "000001" });
    expect(data).toBe(
      "eyJwdWJsaWNfa2V5IjoiaTAwMDAwMDAwIiwidmVyc2lvbiI6IjMiLCJhY3Rpb24iOiJwYXkiLCJhbW91bnQiOiIzIiwiY3VycmVuY3kiOiJVQUgiLCJkZXNjcmlwdGlvbiI6InRlc3QiLCJvcmRlcl9pZCI6IjAwMDAwMSJ9",
    );
    expect(liqpaySignature("a4825234f4bae72a0be04eafe9e8e2bada209255", data)).toBe("wR+UZDC4jjeL/qUOvIsofIWpZh8=");
  });

  it("verifies over the base64 string as received, refusing a signature over the decoded JSON, a wrong key or junk", () => {
    const key = "a4825234f4bae72a0be04eafe9e8e2bada209255";
    const data = liqpayData({ order_id: "o1", status: "success" });
    expect(verifyLiqpaySignature(key, data, liqpaySignature(key, data))).toBe(true);
    const json = Buffer.from(data, "base64").toString("utf8");
    expect(verifyLiqpaySignature(key, data, liqpaySignature(key, json))).toBe(false);
    expect(verifyLiqpaySignature("other", data, liqpaySignature(key, data))).toBe(false);
    expect(verifyLiqpaySignature(key, data, "")).toBe(false);
    expect(verifyLiqpaySignature(key, undefined, "x")).toBe(false);
    expect(verifyLiqpaySignature(key, data, ["a"])).toBe(false);
  });

  it("decodes verified data into its parameters; not base64 JSON of an object is null", () => {
    expect(decodeLiqpayData(liqpayData({ a: 1 }))).toEqual({ a: 1 });
    expect(decodeLiqpayData("not base64!")).toBeNull();
    expect(decodeLiqpayData(Buffer.from("[1]").toString("base64"))).toBeNull();
    expect(decodeLiqpayData(Buffer.from("{oops").toString("base64"))).toBeNull();
  });
});

describe("WayForPay signature (providers.md string building, test merchant)", () => {
  const secret = "flk3409refn54t54t*FNJRET";
  const hmac = (s: string) => createHmac("md5", secret).update(s).digest("hex");

  it("joins the purchase fields, then every product name, count and price, with ;", () => {
    const signed = wayforpayPurchaseString({
      merchantAccount: "test_merch_n1",
      merchantDomainName: "www.market.ua",
      orderReference: "DH783023",
      orderDate: 1415379863,
      amount: 1547.36,
      currency: "UAH",
      productName: ["Процессор Intel Core i5-4670 3.4GHz", "Память Kingston DDR3-1600 4096MB PC3-12800"],
      productCount: [1, 1],
      productPrice: [1000, 547.36],
    });
    expect(signed).toBe(
      "test_merch_n1;www.market.ua;DH783023;1415379863;1547.36;UAH;Процессор Intel Core i5-4670 3.4GHz;Память Kingston DDR3-1600 4096MB PC3-12800;1;1;1000;547.36",
    );
    expect(wayforpaySignature(secret, signed)).toBe(hmac(signed));
    expect(wayforpaySignature(secret, signed)).toMatch(/^[0-9a-f]{32}$/);
  });

  it("signs the callback outcome fields in their order and verifies in constant time, case-insensitively", () => {
    const signed = wayforpayCallbackString({
      merchantAccount: "test_merch_n1",
      orderReference: "DH783023",
      amount: 1547.36,
      currency: "UAH",
      authCode: "541963",
      cardPan: "52****8417",
      transactionStatus: "Approved",
      reasonCode: 1100,
    });
    expect(signed).toBe("test_merch_n1;DH783023;1547.36;UAH;541963;52****8417;Approved;1100");
    const sig = wayforpaySignature(secret, signed);
    expect(verifyWayforpaySignature(secret, signed, sig)).toBe(true);
    expect(verifyWayforpaySignature(secret, signed, sig.toUpperCase())).toBe(true);
    expect(verifyWayforpaySignature(secret, signed.replace("Approved", "Declined"), sig)).toBe(false);
    expect(verifyWayforpaySignature("other", signed, sig)).toBe(false);
    expect(verifyWayforpaySignature(secret, signed, "zz")).toBe(false);
    expect(verifyWayforpaySignature(secret, signed, undefined)).toBe(false);
  });

  it("builds the accept reply the provider requires", () => {
    expect(wayforpayAccept(secret, "DH783023", 1415379863)).toEqual({
      orderReference: "DH783023",
      status: "accept",
      time: 1415379863,
      signature: hmac("DH783023;accept;1415379863"),
    });
  });
});
