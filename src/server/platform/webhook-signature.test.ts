import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signWebhook, verifyWebhookSignature } from "./webhook-signature";

const SECRET = "s".repeat(32);

describe("webhook signatures", () => {
  it("is sha256= and the hex HMAC-SHA256 of the raw body", () => {
    const body = '{"code":"ABCD2345"}';
    expect(signWebhook(SECRET, body)).toBe(`sha256=${createHmac("sha256", SECRET).update(body).digest("hex")}`);
    expect(verifyWebhookSignature(SECRET, body, signWebhook(SECRET, body))).toBe(true);
    expect(verifyWebhookSignature(SECRET, body, signWebhook(SECRET, body).toUpperCase().replace("SHA256=", "sha256="))).toBe(true);
  });

  it("refuses another body, another key, a truncated or missing signature", () => {
    const body = '{"code":"ABCD2345"}';
    const good = signWebhook(SECRET, body);
    expect(verifyWebhookSignature(SECRET, `${body} `, good)).toBe(false);
    expect(verifyWebhookSignature("t".repeat(32), body, good)).toBe(false);
    expect(verifyWebhookSignature(SECRET, body, good.slice(0, -2))).toBe(false);
    expect(verifyWebhookSignature(SECRET, body, undefined)).toBe(false);
    expect(verifyWebhookSignature(SECRET, body, [good, good])).toBe(false);
  });
});
