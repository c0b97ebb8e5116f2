/**
 * An order on the local demo opened at another name of this machine (issue 28): `npm start` sets
 * PUBLIC_URL=http://localhost:$PORT, and the README lists 127.0.0.1 and [::1] among the allowed hosts.
 * A buyer at http://127.0.0.1:$PORT must be able to pay, and be sent back there (their cookies are
 * there); a return address on any other host or port is still refused (no open redirect).
 */
import type { FastifyInstance } from "fastify";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { Browser, expectError, json } from "../../../../tests/support/http";
import { FORM, localDemoEnv, type MadeOrder, orderBody, orderRow } from "../../../../tests/support/payments";
import { freePort } from "../../../../tests/support/processes";
import { register } from "../../../../tests/support/sign-in";

const PAID = "confident-speaking";

describeEachDatabase("an order on the local demo opened at 127.0.0.1", (t) => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    app = await t.buildApp(localDemoEnv(port));
    // Both stacks, so the sandbox's callback reaches [::1] too (npm start's HOST 0.0.0.0 serves IPv4 only; HOST=:: serves both).
    await app.listen({ port, host: "::" });
  });

  const buyerAt = (host: string) => register(app, {}, new Browser(app, { host }));

  it.each(["127.0.0.1", "[::1]", "localhost"])("makes the order of a buyer at %s, pays it in the sandbox and returns the browser there", async (name) => {
    const origin = `http://${name}:${port}`;
    const buyer = await buyerAt(`${name}:${port}`);
    const res = await buyer.browser.post("/api/orders", orderBody(t.config.ENVIRONMENT_ID, PAID, { resultUrl: `${origin}/en/order-result/` }));
    expect(res.statusCode, res.body).toBe(200);
    const made = json<MadeOrder & { meta: { data: string; signature: string } }>(res);
    expect(made.checkoutUrl).toBe("/api/payments/sandbox/checkout");

    const checkout = await buyer.browser.post("/api/payments/sandbox/checkout", new URLSearchParams(made.meta).toString(), { ...FORM, origin });
    expect(checkout.statusCode, checkout.body).toBe(303);
    const ticket = new URL(String(checkout.headers.location), origin).searchParams.get("t")!;
    const decided = await buyer.browser.post("/api/payments/sandbox/decide", { orderId: made.orderId, ticket, decision: "pay" }, { origin });
    expect(json<{ redirect: string }>(decided).redirect).toBe(`${origin}/api/orders/${made.orderId}/return`);
    expect((await orderRow(t.db, made.orderId)).status).toBe("paid");
  });

  it.each([
    ["a foreign host", "127.0.0.1", "http://attacker.example/en/order-result/"],
    ["a foreign host on our port", "127.0.0.1", `http://attacker.example:PORT/en/order-result/`],
    ["this machine on another port", "127.0.0.1", "http://127.0.0.1:1/en/order-result/"],
    ["this machine when the request came for another name", "attacker.example", "http://127.0.0.1:PORT/en/order-result/"],
  ])("still refuses a return address on %s", async (_what, name, resultUrl) => {
    const buyer = await buyerAt(name === "attacker.example" ? name : `${name}:${port}`);
    const res = await buyer.browser.post("/api/orders", orderBody(t.config.ENVIRONMENT_ID, PAID, { resultUrl: resultUrl.replace("PORT", String(port)) }));
    expectError(res, 400, "ORDER-RESULT-URL-INVALID");
  });

  it("stays strict on a PUBLIC_URL that is not this machine: only its own origin is a return address", async () => {
    const site = await t.buildApp({ NODE_ENV: "production", PUBLIC_URL: "https://learn.example.org", PAYMENTS_SANDBOX: "true", OVERLOAD_MAX_LAG_MS: "0" });
    const buyer = await register(site, {}, new Browser(site, { host: `127.0.0.1:${port}` }));
    const at = (resultUrl: string) => buyer.browser.post("/api/orders", orderBody(t.config.ENVIRONMENT_ID, PAID, { resultUrl }));
    expectError(await at(`http://127.0.0.1:${port}/en/order-result/`), 400, "ORDER-RESULT-URL-INVALID");
    expect((await at("https://learn.example.org/en/order-result/")).statusCode).toBe(200);
  });
});
