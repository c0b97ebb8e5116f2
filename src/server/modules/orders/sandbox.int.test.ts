/**
 * The sandbox checkout (docs/decisions/0031): on a fresh configuration (no provider keys) it is the
 * default gateway; its checkout, test-payment page data and decisions run over real HTTP, and its
 * callbacks reach the LiqPay callback route exactly as a provider's would.
 */
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { Browser, expectError, json } from "../../../../tests/support/http";
import { auditOf, callbacksOf, FORM, type MadeOrder, orderBody, orderedCourses, orderRow, PAYMENT_ENV } from "../../../../tests/support/payments";
import { register, type Registered } from "../../../../tests/support/sign-in";
import { loadSigningSecret } from "../../platform/auth/secret";
import { decodeLiqpayData, liqpayData, liqpaySignature } from "../../platform/payments/liqpay-signature";
import { createSandboxKeys, SANDBOX_TICKET_TTL_MS } from "../../platform/payments/sandbox";

const PAID = "confident-speaking";

describeEachDatabase("the sandbox checkout", (t) => {
  let app: FastifyInstance;
  let host: string;
  let keys: ReturnType<typeof createSandboxKeys>;
  beforeAll(async () => {
    // No provider keys: what a fresh `npm start` has.
    app = await t.buildApp({});
    await app.listen({ port: 0, host: "127.0.0.1" });
    host = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    keys = createSandboxKeys(await loadSigningSecret(t.db, undefined));
  });

  const learner = () => register(app, {}, new Browser(app, { host }));
  const order = async (who: Registered, over: Record<string, unknown> = {}) =>
    json<MadeOrder & { meta: { data: string; signature: string } }>(
      await who.browser.post(
        "/api/orders",
        orderBody(t.config.ENVIRONMENT_ID, PAID, { resultUrl: `http://${host}/en/order-result/?continue=/lesson/cs-first-minute/`, ...over }),
      ),
    );
  /** The browser posts the checkout form and follows to the test-payment page: its order id and ticket. */
  async function checkout(who: Registered, made: { meta: { data: string; signature: string } }) {
    const res = await who.browser.post(
      "/api/payments/sandbox/checkout",
      new URLSearchParams({ data: made.meta.data, signature: made.meta.signature }).toString(),
      {
        ...FORM,
        origin: `http://${host}`,
      },
    );
    expect(res.statusCode, res.body).toBe(303);
    const location = new URL(String(res.headers.location), `http://${host}`);
    return { location, ticket: location.searchParams.get("t")! };
  }
  const decide = (who: Registered, payload: unknown) => who.browser.post("/api/payments/sandbox/decide", payload, { origin: `http://${host}` });
  const status = async (orderId: string) => (await orderRow(t.db, orderId)).status;

  it("is the default gateway without provider keys; pay: a signed callback over HTTP pays the order, the browser goes to the return address", async () => {
    expect(json<{ default: string }>(await app.inject({ method: "GET", url: "/api/payments/gateways" })).default).toBe("sandbox");
    const buyer = await learner();
    const made = await order(buyer);
    expect(made.checkoutUrl).toBe("/api/payments/sandbox/checkout");
    const params = decodeLiqpayData(made.meta.data)!;
    expect(params).toMatchObject({
      public_key: keys.publicKey,
      order_id: made.orderId,
      amount: 490,
      currency: "UAH",
      server_url: `http://${host}/api/payments/liqpay/callback`,
    });
    expect(made.meta.signature).toBe(liqpaySignature(keys.privateKey, made.meta.data));

    const { location, ticket } = await checkout(buyer, made);
    expect(location.pathname).toBe(`/en/test-payment/${made.orderId}/`);
    const page = json(await new Browser(app, { host }).get(`/api/payments/sandbox/orders/${made.orderId}?t=${encodeURIComponent(ticket)}`));
    expect(page).toEqual({
      orderId: made.orderId,
      courseId: PAID,
      courseTitle: "Speaking with Confidence",
      currency: "UAH",
      amount: 490,
      status: "created",
      lang: "en",
    });

    const decided = json<{ redirect: string }>(await decide(buyer, { orderId: made.orderId, ticket, decision: "pay" }));
    expect(decided.redirect).toBe(`http://${host}/api/orders/${made.orderId}/return`);
    expect(await status(made.orderId)).toBe("paid");
    expect(await orderedCourses(t.db, buyer.userId)).toContain(PAID);
    expect((await callbacksOf(t.db, made.orderId)).map((c) => [c.gateway, c.outcome, c.providerStatus])).toEqual([["sandbox", "applied", "sandbox"]]);
    const back = await buyer.browser.get(new URL(decided.redirect).pathname);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/en/order-result/${made.orderId}/?continue=%2Flesson%2Fcs-first-minute%2F`);
    expect((await buyer.browser.get("/api/elements/cs-first-minute?lang=en")).statusCode).toBe(200);
  });

  it("decline fails the order; pay later makes it pending, then paid a few seconds after", async () => {
    const a = await learner();
    const declined = await order(a);
    const first = await checkout(a, declined);
    json(await decide(a, { orderId: declined.orderId, ticket: first.ticket, decision: "decline" }));
    expect(await status(declined.orderId)).toBe("failed");
    expect(await orderedCourses(t.db, a.userId)).not.toContain(PAID);

    const b = await learner();
    const later = await order(b);
    const second = await checkout(b, later);
    json(await decide(b, { orderId: later.orderId, ticket: second.ticket, decision: "later" }));
    expect(await status(later.orderId)).toBe("pending");
    // The result page polls the order; so does this test, until the delayed callback has arrived.
    await vi.waitFor(async () => expect(await status(later.orderId)).toBe("paid"), { timeout: 15_000, interval: 100 });
    expect(json<{ history: Array<{ status: string }> }>(await b.browser.get(`/api/orders/${later.orderId}`)).history.map((h) => h.status)).toEqual([
      "created",
      "pending",
      "paid",
    ]);
  });

  describe("refusals", () => {
    it("a wrong, expired or another order's ticket decides nothing", async () => {
      const buyer = await learner();
      const made = await order(buyer);
      const { ticket } = await checkout(buyer, made);
      const other = await order(await learner());
      const expired = keys.ticket(made.orderId, Date.now() - SANDBOX_TICKET_TTL_MS - 1000);
      for (const bad of [`${ticket.slice(0, -2)}AA`, expired, keys.ticket(other.orderId), "x".repeat(20)]) {
        expectError(await decide(buyer, { orderId: made.orderId, ticket: bad, decision: "pay" }), 403, "SANDBOX-TICKET-INVALID");
      }
      // The page's read: without this order's valid ticket, exactly the answer of a missing order, course, amount and status untold.
      const missing = await buyer.browser.get("/api/payments/sandbox/orders/ord_ffffffffffffffffffffffffff?t=x");
      expectError(missing, 404, "ORDER-NOT-FOUND");
      // The message is translated and the request id is each reply's own: the shape is the rest.
      const shape = (body: string) => JSON.stringify(JSON.parse(body), (k, v: unknown) => (k === "message" || k === "requestId" ? "" : v));
      for (const bad of [`${ticket.slice(0, -2)}AA`, expired, keys.ticket(other.orderId), "x".repeat(20), "x", ""]) {
        for (const who of [buyer.browser, new Browser(app, { host })]) {
          const res = await who.get(`/api/payments/sandbox/orders/${made.orderId}${bad ? `?t=${encodeURIComponent(bad)}` : ""}`);
          expectError(res, 404, "ORDER-NOT-FOUND");
          expect(shape(res.body)).toBe(shape(missing.body));
          // The request id is random (it may hold "490"): the order's facts are looked for in the rest.
          expect(res.body.replace(/"requestId":"[^"]*"/, "")).not.toMatch(/490|UAH|Speaking|created|course/i);
        }
      }
      expectError(await decide(buyer, { orderId: made.orderId, ticket, decision: "refund" }), 400, "VALIDATION");
      expectError(await decide(buyer, { orderId: `${made.orderId}\u0000`, ticket, decision: "pay" }), 400, "VALIDATION");
      expectError(await decide(buyer, { orderId: "ord_ffffffffffffffffffffffffff", ticket, decision: "pay" }), 404, "ORDER-NOT-FOUND");
      expectError(await buyer.browser.get("/api/payments/sandbox/orders/ord_ffffffffffffffffffffffffff?t=x"), 404, "ORDER-NOT-FOUND");
      expect(await status(made.orderId)).toBe("created");
      expect(await callbacksOf(t.db, made.orderId)).toEqual([]);
    });

    it("a forged checkout form is refused", async () => {
      const buyer = await learner();
      const made = await order(buyer);
      const post = (data: string, signature: string) =>
        buyer.browser.post("/api/payments/sandbox/checkout", new URLSearchParams({ data, signature }).toString(), { ...FORM, origin: `http://${host}` });
      expectError(await post(made.meta.data, "AAAA"), 400, "SANDBOX-CHECKOUT-INVALID");
      const cheaper = liqpayData({ ...decodeLiqpayData(made.meta.data), amount: 1 } as Record<string, string | number>);
      expectError(await post(cheaper, liqpaySignature("guessed-key", cheaper)), 400, "SANDBOX-CHECKOUT-INVALID");
      expectError(await post(cheaper, liqpaySignature(keys.privateKey, cheaper)), 400, "SANDBOX-CHECKOUT-INVALID");
      expectError(await buyer.browser.post("/api/payments/sandbox/checkout", "a=%00", { ...FORM, origin: `http://${host}` }), 400, "SANDBOX-CHECKOUT-INVALID");
      expect(await status(made.orderId)).toBe("created");
    });

    it("a sandbox-signed callback cannot pay an order of a real gateway", async () => {
      const withKeys = await t.buildApp(PAYMENT_ENV);
      const buyer = await register(withKeys);
      const made = json<MadeOrder>(await buyer.browser.post("/api/orders", orderBody(t.config.ENVIRONMENT_ID, PAID, { gateway: "liqpay" })));
      const body = keys.callbackBody({ order_id: made.orderId, status: "success", amount: 490, currency: "UAH" });
      const res = await withKeys.inject({ method: "POST", url: "/api/payments/liqpay/callback", headers: FORM, payload: body });
      expectError(res, 400, "PAYMENT-CALLBACK-REFUSED");
      expect((await auditOf(t.db, body))[0]).toMatchObject({ gateway: "sandbox", outcome: "refused", reason: "order of another gateway (liqpay)" });
      expect(await status(made.orderId)).toBe("created");
    });

    it("is off with NODE_ENV=production unless PAYMENTS_SANDBOX=true", async () => {
      const prod = await t.buildApp({ NODE_ENV: "production", PUBLIC_URL: "https://learn.example.org" });
      expect(json(await prod.inject({ method: "GET", url: "/api/payments/gateways" }))).toEqual({ gateways: [], default: null });
      const buyer = await register(prod);
      expectError(
        await buyer.browser.post("/api/orders", orderBody(t.config.ENVIRONMENT_ID, PAID, { resultUrl: "https://learn.example.org/en/order-result/" })),
        400,
        "GATEWAY-UNAVAILABLE",
      );
      expectError(await buyer.browser.post("/api/orders", orderBody(t.config.ENVIRONMENT_ID, PAID, { gateway: "sandbox" })), 400, "GATEWAY-UNAVAILABLE");
      expectError(await prod.inject({ method: "GET", url: "/api/payments/sandbox/orders/ord_ffffffffffffffffffffffffff?t=x" }), 404, "SANDBOX-DISABLED");
      expectError(
        await prod.inject({ method: "POST", url: "/api/payments/sandbox/checkout", headers: FORM, payload: "data=a&signature=b" }),
        404,
        "SANDBOX-DISABLED",
      );
      expectError(
        await prod.inject({
          method: "POST",
          url: "/api/payments/sandbox/decide",
          payload: { orderId: "ord_ffffffffffffffffffffffffff", ticket: "x".repeat(20), decision: "pay" },
        }),
        404,
        "SANDBOX-DISABLED",
      );
      // A sandbox-signed callback is not verified by anyone there.
      const body = keys.callbackBody({ order_id: "ord_ffffffffffffffffffffffffff", status: "success", amount: 490, currency: "UAH" });
      expectError(await prod.inject({ method: "POST", url: "/api/payments/liqpay/callback", headers: FORM, payload: body }), 400, "PAYMENT-CALLBACK-REFUSED");

      const on = await t.buildApp({ NODE_ENV: "production", PUBLIC_URL: "https://learn.example.org", PAYMENTS_SANDBOX: "true" });
      expect(json<{ default: string }>(await on.inject({ method: "GET", url: "/api/payments/gateways" })).default).toBe("sandbox");
    });
  });
});
