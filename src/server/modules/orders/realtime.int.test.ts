/**
 * The `order:{id}` realtime topic on the whole app, listening on a port (docs/decisions/0032): only
 * the order's owner may follow it, and hears the order move when LiqPay's signed callback pays it.
 * Also the socket's refusals on the real app, and that neither load shedding nor rate limits touch it.
 */
import { like } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { json } from "../../../../tests/support/http";
import { FORM, liqpayCallback, type MadeOrder, orderBody, PAYMENT_ENV } from "../../../../tests/support/payments";
import { openRealtime, refusal, type RealtimeSocket } from "../../../../tests/support/realtime";
import { register, type Registered } from "../../../../tests/support/sign-in";
import { REALTIME_LIMITS } from "../../../domain/realtime";
import { rateLimits } from "../../db/schema/rate-limits";
import { buildApp } from "../../main";
import { RATE_LIMITS } from "../../platform/rate-limit";

const PAID = "confident-speaking";

describeEachDatabase("the order: realtime topic", (t) => {
  let app: FastifyInstance;
  let base: string;
  const sockets: RealtimeSocket[] = [];
  const open = async (headers: Record<string, string> = {}) => {
    const s = await openRealtime(base, headers);
    sockets.push(s);
    return s;
  };
  const bearer = (who: Registered) => ({ authorization: `Bearer ${who.accessToken}` });

  beforeAll(async () => {
    app = await t.buildApp(PAYMENT_ENV);
    base = await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => {
    for (const s of sockets) s.ws.terminate();
  });

  const order = async (learner: Registered) =>
    json<MadeOrder>(await learner.browser.post("/api/orders", orderBody(t.config.ENVIRONMENT_ID, PAID, { gateway: "liqpay" })));
  const pay = (orderId: string) =>
    app.inject({
      method: "POST",
      url: "/api/payments/liqpay/callback",
      headers: FORM,
      payload: liqpayCallback({ order_id: orderId, status: "success", amount: 490, currency: "UAH" }),
    });

  it("lets only the owner follow an order, and tells the owner when the signed callback pays it", async () => {
    const owner = await register(app);
    const other = await register(app);
    const made = await order(owner);
    const topic = `order:${made.orderId}`;

    const guest = await open();
    guest.send({ type: "subscribe", topic });
    expect(await guest.next()).toEqual({ type: "refused", topic, code: "REALTIME-TOPIC-DENIED" });

    const stranger = await open(bearer(other));
    stranger.send({ type: "subscribe", topic });
    expect(await stranger.next()).toEqual({ type: "refused", topic, code: "REALTIME-TOPIC-DENIED" });
    // A missing order answers exactly as another learner's does: no probing of ids.
    stranger.send({ type: "subscribe", topic: "order:ord_nosuchorder" });
    expect(await stranger.next()).toEqual({ type: "refused", topic: "order:ord_nosuchorder", code: "REALTIME-TOPIC-DENIED" });

    const byBearer = await open(bearer(owner));
    byBearer.send({ type: "subscribe", topic });
    expect(await byBearer.next()).toEqual({ type: "subscribed", topic });
    // The browser's way: the apollo-token cookie, from our own page.
    const byCookie = await open({ cookie: `apollo-token=${owner.accessToken}`, origin: base });
    byCookie.send({ type: "subscribe", topic });
    expect(await byCookie.next()).toEqual({ type: "subscribed", topic });

    expect((await pay(made.orderId)).json()).toEqual({ outcome: "applied", reason: "order moved to paid" });
    const event = { type: "event", topic, kind: "changed", id: made.orderId };
    expect(await byBearer.next()).toEqual(event);
    expect(await byCookie.next()).toEqual(event);
    // The others heard nothing: their next frame is the answer to a ping sent now.
    for (const s of [guest, stranger]) {
      s.send({ type: "ping" });
      expect(await s.next()).toEqual({ type: "pong" });
    }
    // What changed is read through the API.
    expect(json<{ status: string }>(await owner.browser.get(`/api/orders/${made.orderId}`)).status).toBe("paid");
  });

  it("refuses unknown prefixes; closes the socket after an error frame on malformed or oversized frames", async () => {
    const user = await register(app);
    const s = await open(bearer(user));
    s.send({ type: "subscribe", topic: `admin:${user.userId}` });
    expect(await s.next()).toEqual({ type: "refused", topic: `admin:${user.userId}`, code: "REALTIME-TOPIC-UNKNOWN" });
    s.send("{ nope");
    expect(await s.next()).toEqual({ type: "error", code: "REALTIME-MESSAGE-INVALID" });
    expect((await s.closed).code).toBe(1008);

    const big = await open(bearer(user));
    big.send({ type: "subscribe", topic: `order:${"x".repeat(REALTIME_LIMITS.maxFrameBytes)}` });
    expect(await big.next()).toEqual({ type: "error", code: "REALTIME-MESSAGE-TOO-LARGE" });
    expect((await big.closed).code).toBe(1008);
  });

  it("refuses an upgrade with a bad or forged token (401 TOKEN-BAD), or from another site (403)", async () => {
    const user = await register(app);
    const forged = `${user.accessToken.slice(0, -4)}AAAA`;
    const bad: Array<Record<string, string>> = [
      { authorization: `Bearer ${forged}` },
      { cookie: `apollo-token=${forged}` },
      { cookie: "apollo-token=%00%0d%0a" },
    ];
    for (const headers of bad) {
      const r = await refusal(base, headers);
      expect([r.status, r.body.error?.code], JSON.stringify(headers)).toEqual([401, "TOKEN-BAD"]);
    }
    const foreign = await refusal(base, { ...bearer(user), origin: "https://evil.example" });
    expect([foreign.status, foreign.body.error?.code]).toEqual([403, "BAD-ORIGIN"]);
    // Without an upgrade the path is not a page nor an API route.
    expect((await app.inject({ method: "GET", url: "/api/realtime" })).statusCode).toBe(404);
  });

  it("is never refused under load nor rate limited, while the API is (ARCHITECTURE: known traps)", async () => {
    const loaded = await buildApp({ config: t.makeConfig(PAYMENT_ENV), database: t.database, ssr: false, logger: false, pressure: { overloaded: () => true } });
    try {
      const url = await loaded.listen({ port: 0, host: "127.0.0.1" });
      const api = await fetch(`${url}/api/portal/settings`);
      expect(api.status).toBe(503);
      await api.arrayBuffer();
      // An Upgrade header on a request that is no upgrade does not get past the guard.
      expect((await loaded.inject({ method: "GET", url: "/api/portal/settings", headers: { upgrade: "websocket" } })).statusCode).toBe(503);
      const user = await register(app);
      const made = await order(user);
      // More upgrades from one address than the login limit allows, all opened, none counted.
      for (let i = 0; i < RATE_LIMITS.login * 2; i++) {
        const s = await openRealtime(url, bearer(user));
        sockets.push(s);
        s.send({ type: "subscribe", topic: `order:${made.orderId}` });
        expect(await s.next()).toEqual({ type: "subscribed", topic: `order:${made.orderId}` });
        await s.close();
      }
      expect(await t.db.select().from(rateLimits).where(like(rateLimits.key, "%realtime%"))).toEqual([]);
    } finally {
      await loaded.close();
    }
  });
});
