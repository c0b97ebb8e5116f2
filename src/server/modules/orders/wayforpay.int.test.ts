/**
 * WayForPay end to end at the HTTP level (docs/decisions/0031, providers.md): the purchase form with
 * merchantSignature, the serviceUrl callback as raw JSON (also under a form content type), the
 * signed accept reply, and the attacks on the callback.
 */
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { expectError, json } from "../../../../tests/support/http";
import { startSmtp, type SmtpSink } from "../../../../tests/support/mail";
import { auditOf, type MadeOrder, orderBody, orderedCourses, orderRow, PAYMENT_ENV, WAYFORPAY, wayforpayCallback } from "../../../../tests/support/payments";
import { register, type Registered } from "../../../../tests/support/sign-in";
import { orderEvents } from "../../db/schema/orders";
import { wayforpayPurchaseString } from "../../platform/payments/wayforpay-signature";

const PAID = "confident-speaking";
const JSON_TYPE = { "content-type": "application/json" };
const hmac = (s: string) => createHmac("md5", WAYFORPAY.secret).update(s).digest("hex");

type PurchaseForm = Record<string, string | number | Array<string | number>>;

describeEachDatabase("orders through WayForPay", (t) => {
  let smtp: SmtpSink;
  let app: FastifyInstance;
  beforeAll(async () => {
    smtp = await startSmtp();
    app = await t.buildApp({ ...PAYMENT_ENV, SMTP_URL: smtp.url, WAYFORPAY_DOMAIN: "learn.example.org" });
  });
  afterAll(async () => smtp?.close());

  const callback = (body: string | object, headers: Record<string, string> = JSON_TYPE) =>
    app.inject({ method: "POST", url: "/api/payments/wayforpay/callback", headers, payload: typeof body === "string" ? body : JSON.stringify(body) });
  const order = async (learner: Registered) =>
    json<MadeOrder & { meta: { data: PurchaseForm } }>(
      await learner.browser.post("/api/orders", orderBody(t.config.ENVIRONMENT_ID, PAID, { gateway: "wayforpay" })),
    );
  const approved = (orderReference: string, over: Partial<Parameters<typeof wayforpayCallback>[0]> = {}) =>
    wayforpayCallback({ orderReference, amount: 490, currency: "UAH", transactionStatus: "Approved", ...over });
  const eventsOf = async (orderId: string) =>
    (await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id)).map((e) => e.status);

  /** The exact reply WayForPay needs: orderReference, "accept", time, HMAC of "R;accept;T". */
  function expectAccept(res: { statusCode: number; body: string; json: () => unknown }, orderReference: string) {
    const reply = json<{ orderReference: string; status: string; time: number; signature: string }>(res);
    expect(Object.keys(reply).sort()).toEqual(["orderReference", "signature", "status", "time"]);
    expect(reply).toMatchObject({ orderReference, status: "accept" });
    expect(Math.abs(reply.time - Date.now() / 1000)).toBeLessThan(600);
    expect(reply.signature).toBe(hmac(`${orderReference};accept;${reply.time}`));
  }

  it("buys the paid course: purchase fields signed per providers.md, JSON callback, signed accept, paid, receipt", async () => {
    const learner = await register(app);
    const made = await order(learner);
    expect(made.checkoutUrl).toBe("https://secure.wayforpay.com/pay");
    const form = made.meta.data;
    expect(form).toMatchObject({
      merchantAccount: WAYFORPAY.merchantAccount,
      merchantDomainName: "learn.example.org",
      merchantTransactionSecureType: "AUTO",
      orderReference: made.orderId,
      amount: 490,
      currency: "UAH",
      productName: ["Speaking with Confidence"],
      productCount: [1],
      productPrice: [490],
      serviceUrl: "http://localhost:3000/api/payments/wayforpay/callback",
      returnUrl: `http://localhost:3000/api/orders/${made.orderId}/return`,
      language: "EN",
    });
    expect(form.orderDate).toBe(Math.floor(new Date((await orderRow(t.db, made.orderId)).createdAt).getTime() / 1000));
    const signed = wayforpayPurchaseString(form as unknown as Parameters<typeof wayforpayPurchaseString>[0]);
    expect(signed).toBe(`${WAYFORPAY.merchantAccount};learn.example.org;${made.orderId};${form.orderDate};490;UAH;Speaking with Confidence;1;490`);
    expect(form.merchantSignature).toBe(hmac(signed));

    const res = await callback(approved(made.orderId));
    expectAccept(res, made.orderId);
    expect((await orderRow(t.db, made.orderId)).status).toBe("paid");
    expect(await orderedCourses(t.db, learner.userId)).toContain(PAID);
    expect((await learner.browser.get("/api/elements/cs-first-minute?lang=en")).statusCode).toBe(200);
    const receipt = await smtp.waitFor(learner.email, 5_000, made.orderId);
    expect(receipt.subject).toMatch(/^Your Mentora receipt No\. \d+$/);
    expect((await auditOf(t.db, JSON.stringify(approved(made.orderId))))[0]).toMatchObject({
      outcome: "applied",
      gateway: "wayforpay",
      providerStatus: "Approved",
    });
  });

  it("reads the JSON under a form content type, as WayForPay sometimes sends it; replays get the accept reply and change nothing", async () => {
    const learner = await register(app);
    const made = await order(learner);
    const body = JSON.stringify(approved(made.orderId));
    expectAccept(await callback(body, { "content-type": "application/x-www-form-urlencoded" }), made.orderId);
    expect((await orderRow(t.db, made.orderId)).status).toBe("paid");
    expectAccept(await callback(body), made.orderId);
    expectAccept(await callback(body, { "content-type": "text/plain" }), made.orderId);
    expect((await auditOf(t.db, body)).map((a) => a.outcome)).toEqual(["applied", "ignored", "ignored"]);
    expect(await eventsOf(made.orderId)).toEqual(["created", "paid"]);
    expect((await orderedCourses(t.db, learner.userId)).filter((c) => c === PAID)).toHaveLength(1);
  });

  it("maps the statuses: InProcessing pending, Declined failed, Refunded reversed (the course taken back)", async () => {
    const a = await register(app);
    const first = await order(a);
    expectAccept(await callback(approved(first.orderId, { transactionStatus: "InProcessing" })), first.orderId);
    expect((await orderRow(t.db, first.orderId)).status).toBe("pending");
    expectAccept(await callback(approved(first.orderId, { transactionStatus: "Declined" })), first.orderId);
    expect((await orderRow(t.db, first.orderId)).status).toBe("failed");

    const b = await register(app);
    const second = await order(b);
    await callback(approved(second.orderId));
    expect(await orderedCourses(t.db, b.userId)).toContain(PAID);
    expectAccept(await callback(approved(second.orderId, { transactionStatus: "Refunded" })), second.orderId);
    expect((await orderRow(t.db, second.orderId)).status).toBe("reversed");
    expect(await orderedCourses(t.db, b.userId)).not.toContain(PAID);
    expectAccept(await callback(approved(second.orderId, { transactionStatus: "Approved", merchantAccount: WAYFORPAY.merchantAccount })), second.orderId);
    expect((await orderRow(t.db, second.orderId)).status).toBe("reversed");
  });

  describe("refused callbacks change nothing and are recorded with the reason", () => {
    let learner: Registered;
    let made: MadeOrder;
    beforeAll(async () => {
      learner = await register(app);
      made = await order(learner);
    });
    async function unchanged() {
      expect((await orderRow(t.db, made.orderId)).status).toBe("created");
      expect(await eventsOf(made.orderId)).toEqual(["created"]);
      expect(await orderedCourses(t.db, learner.userId)).not.toContain(PAID);
    }
    /** Not verified: 400, no accept (nothing proves WayForPay sent it). */
    async function expectRefused(body: string | object, reason: string | RegExp, headers = JSON_TYPE) {
      const text = typeof body === "string" ? body : JSON.stringify(body);
      expectError(await callback(text, headers), 400, "PAYMENT-CALLBACK-REFUSED");
      const [audit] = await auditOf(t.db, text);
      expect(audit).toMatchObject({ outcome: "refused", gateway: "wayforpay" });
      expect(audit!.reason).toMatch(reason);
      await unchanged();
    }
    /** Verified but not ours to apply: the accept reply (else WayForPay redelivers forever), the order untouched. */
    async function expectVerifiedRefusal(body: object, reason: string | RegExp) {
      expectAccept(await callback(body), String((body as { orderReference: string }).orderReference));
      const [audit] = await auditOf(t.db, JSON.stringify(body));
      expect(audit).toMatchObject({ outcome: "refused" });
      expect(audit!.reason).toMatch(reason);
      await unchanged();
    }

    it("missing or wrong signature, another merchant's account or secret", async () => {
      const { merchantSignature: _, ...unsigned } = approved(made.orderId);
      await expectRefused(unsigned, "bad signature");
      await expectRefused({ ...approved(made.orderId), merchantSignature: "0".repeat(32) }, "bad signature");
      await expectRefused({ ...approved(made.orderId), merchantSignature: ["a"] }, "bad signature");
      await expectRefused(approved(made.orderId, { merchantAccount: "other_merchant" }), "bad signature");
      await expectRefused(
        wayforpayCallback({ orderReference: made.orderId, amount: 490, currency: "UAH", transactionStatus: "Approved" }, "another-secret"),
        "bad signature",
      );
      // Signed right, then the status changed on the way.
      await expectRefused({ ...approved(made.orderId, { transactionStatus: "Declined" }), transactionStatus: "Approved" }, "bad signature");
    });

    it("amount, currency or order that do not match (verified: accepted, not applied)", async () => {
      await expectVerifiedRefusal(approved(made.orderId, { amount: 1 }), "amount does not match the order");
      await expectVerifiedRefusal(approved(made.orderId, { currency: "USD" }), "currency does not match the order");
      await expectVerifiedRefusal(approved("ord_dddddddddddddddddddddddddd"), "unknown order");
    });

    it("NUL bytes, malformed, oversized and empty bodies", async () => {
      await expectRefused(
        '{"orderReference":"a\\u0000b","amount":490,"currency":"UAH","transactionStatus":"Approved","merchantSignature":"x"}',
        "bad signature",
      );
      await expectRefused('{"orderReference":', "body is not a JSON object");
      await expectRefused("[1,2]", "body is not a JSON object");
      await expectRefused("a=%00", "body is not a JSON object", { "content-type": "application/x-www-form-urlencoded" });
      await expectRefused({ orderReference: made.orderId }, "orderReference, amount, currency or transactionStatus missing");
      await expectRefused({ ...approved(made.orderId), pad: "x".repeat(20_000) }, "body too large");
      expectError(await callback(""), 400, "PAYMENT-CALLBACK-REFUSED");
      expectError(await callback(JSON.stringify({ a: "x".repeat(2 * 1024 * 1024) })), 413, "PAYLOAD-TOO-LARGE");
      await unchanged();
    });
  });

  it("is not offered without its keys: the route refuses every callback", async () => {
    const bare = await t.buildApp({});
    const learner = await register(bare);
    expectError(await learner.browser.post("/api/orders", orderBody(t.config.ENVIRONMENT_ID, PAID, { gateway: "wayforpay" })), 400, "GATEWAY-UNAVAILABLE");
    const res = await bare.inject({
      method: "POST",
      url: "/api/payments/wayforpay/callback",
      headers: JSON_TYPE,
      payload: JSON.stringify(approved("ord_eeeeeeeeeeeeeeeeeeeeeeeeee")),
    });
    expectError(res, 400, "PAYMENT-CALLBACK-REFUSED");
  });
});
