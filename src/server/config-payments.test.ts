import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config";

describe("payment settings in the environment", () => {
  it("defaults to the providers' pages and the sandbox on outside production", () => {
    const c = parseConfig({ NODE_ENV: "test" });
    expect(c.LIQPAY_CHECKOUT_URL).toBe("https://www.liqpay.ua/api/3/checkout");
    expect(c.WAYFORPAY_PAY_URL).toBe("https://secure.wayforpay.com/pay");
    expect(c.PAYMENTS_SANDBOX).toBe(true);
    expect(parseConfig({ NODE_ENV: "development" }).PAYMENTS_SANDBOX).toBe(true);
    expect(parseConfig({ NODE_ENV: "production", PUBLIC_URL: "https://learn.example.org" }).PAYMENTS_SANDBOX).toBe(false);
    expect(parseConfig({ NODE_ENV: "production", PUBLIC_URL: "https://learn.example.org", PAYMENTS_SANDBOX: "true" }).PAYMENTS_SANDBOX).toBe(true);
    expect(parseConfig({ NODE_ENV: "test", PAYMENTS_SANDBOX: "false" }).PAYMENTS_SANDBOX).toBe(false);
  });

  it("wants both keys of a gateway or neither", () => {
    expect(() => parseConfig({ NODE_ENV: "test", LIQPAY_PUBLIC_KEY: "i00000000" })).toThrow("LIQPAY_PRIVATE_KEY: must be set together with LIQPAY_PUBLIC_KEY");
    expect(() => parseConfig({ NODE_ENV: "test", LIQPAY_PRIVATE_KEY: "private-key-1" })).toThrow("LIQPAY_PUBLIC_KEY");
    expect(() => parseConfig({ NODE_ENV: "test", WAYFORPAY_SECRET: "secret-secret" })).toThrow("WAYFORPAY_MERCHANT_ACCOUNT");
    expect(() => parseConfig({ NODE_ENV: "test", WAYFORPAY_MERCHANT_ACCOUNT: "shop" })).toThrow("WAYFORPAY_SECRET");
  });

  it("refuses a default gateway that is not configured, bad URLs and bad values", () => {
    expect(() => parseConfig({ NODE_ENV: "test", PAYMENTS_DEFAULT_GATEWAY: "liqpay" })).toThrow("PAYMENTS_DEFAULT_GATEWAY: is liqpay, whose keys are not set");
    expect(() => parseConfig({ NODE_ENV: "test", PAYMENTS_SANDBOX: "false", PAYMENTS_DEFAULT_GATEWAY: "sandbox" })).toThrow(
      "PAYMENTS_DEFAULT_GATEWAY: is sandbox, which is off",
    );
    expect(() => parseConfig({ NODE_ENV: "test", PAYMENTS_DEFAULT_GATEWAY: "paypal" })).toThrow(ConfigError);
    for (const [name, value] of [
      ["LIQPAY_CHECKOUT_URL", "http://liqpay.example.com/checkout"],
      ["WAYFORPAY_PAY_URL", "ftp://127.0.0.1/pay"],
      ["PAYMENTS_PUBLIC_URL", "https://learn.example.org/path"],
      ["PAYMENTS_SANDBOX", "yes"],
      ["WAYFORPAY_DOMAIN", "https://learn.example.org"],
      ["LIQPAY_PUBLIC_KEY", "has space"],
    ]) {
      expect(() => parseConfig({ NODE_ENV: "test", [name!]: value }), name).toThrow(name!);
    }
    expect(parseConfig({ NODE_ENV: "test", LIQPAY_CHECKOUT_URL: "http://127.0.0.1:4010/api/3/checkout" }).LIQPAY_CHECKOUT_URL).toBe(
      "http://127.0.0.1:4010/api/3/checkout",
    );
  });
});
