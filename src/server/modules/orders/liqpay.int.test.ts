/**
 * LiqPay end to end at the HTTP level (docs/decisions/0031, providers.md): the order, its signed
 * checkout, the signed server callback, the bought course, the receipt; then every attack on the
 * callback from providers.md's list. Each refused callback changes nothing and is recorded with why.
 */
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { Browser, expectError, json } from "../../../../tests/support/http";
import { lettersSettled, startSmtp, type SmtpSink } from "../../../../tests/support/mail";
import {
  auditOf,
  callbacksOf,
  FORM,
  LIQPAY,
  liqpayCallback,
  liqpayParams,
  type MadeOrder,
  orderBody,
  orderedCourses,
  orderRow,
  PAYMENT_ENV,
} from "../../../../tests/support/payments";
import { register, type Registered } from "../../../../tests/support/sign-in";
import { courses } from "../../db/schema/courses";
import { orderEvents, orders } from "../../db/schema/orders";
import { upsertCourse } from "../../db/seed/course-factories";
import { upsertEnvironment, upsertPortal } from "../../db/seed/factories";
import { createBus } from "../../platform/bus";
import { changeContent } from "../../platform/content-version";
import { liqpayData, liqpaySignature } from "../../platform/payments/liqpay-signature";

const PAID = "confident-speaking";

describeEachDatabase("orders through LiqPay", (t) => {
  let smtp: SmtpSink;
  let app: FastifyInstance;
  beforeAll(async () => {
    smtp = await startSmtp();
    app = await t.buildApp({ ...PAYMENT_ENV, SMTP_URL: smtp.url });
  });
  afterAll(async () => smtp?.close());

  const callback = (body: string | Buffer, headers: Record<string, string> = FORM) =>
    app.inject({ method: "POST", url: "/api/payments/liqpay/callback", headers, payload: body });
  const order = async (learner: Registered, courseId = PAID, overrides: Record<string, unknown> = {}) =>
    json<MadeOrder & { meta: { data: string; signature: string } }>(
      await learner.browser.post("/api/orders", orderBody(t.config.ENVIRONMENT_ID, courseId, { gateway: "liqpay", ...overrides })),
    );
  const success = (orderId: string, over: Record<string, string | number> = {}) =>
    liqpayCallback({ order_id: orderId, status: "success", amount: 490, currency: "UAH", ...over });
  const eventsOf = async (orderId: string) =>
    (await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id)).map((e) => e.status);
  const receiptsFor = (orderId: string) => smtp.messages.filter((m) => m.text.includes(orderId));

  /** A refused callback: 400 PAYMENT-CALLBACK-REFUSED, the order as it was, nothing granted, recorded with the reason. */
  async function expectRefused(body: string | Buffer, reason: string | RegExp, who: { orderId: string; userId: string } | null, headers = FORM) {
    const res = await callback(body, headers);
    expectError(res, 400, "PAYMENT-CALLBACK-REFUSED");
    const [audit] = await auditOf(t.db, body);
    expect(audit, "recorded").toBeDefined();
    expect(audit!.outcome).toBe("refused");
    expect(audit!.reason).toMatch(reason);
    if (who) {
      const row = await orderRow(t.db, who.orderId);
      expect(row.status).toBe("created");
      expect(row.paidAt).toBeNull();
      expect(await eventsOf(who.orderId)).toEqual(["created"]);
      expect(await orderedCourses(t.db, who.userId)).not.toContain(PAID);
    }
    return audit!;
  }

  it("buys the paid course: signed checkout, signed callback, paid, bought, elements open, receipt mailed in the order's language", async () => {
    const learner = await register(app);
    expectError(await learner.browser.get("/api/elements/cs-first-minute?lang=en"), 403, "COURSE-NOT-BOUGHT");

    const made = await order(learner, PAID, { resultUrl: "http://localhost:3000/ru/order-result/?continue=/lesson/cs-first-minute/" });
    expect(made).toMatchObject({ state: "ok", next: "checkout", checkoutUrl: "https://www.liqpay.ua/api/3/checkout" });
    expect(made.orderId).toMatch(/^ord_[a-z2-7]{26}$/);
    expect(made.resultUrl).toBe(`/ru/order-result/${made.orderId}/?continue=%2Flesson%2Fcs-first-minute%2F`);
    // providers.md: data is base64 JSON of the parameters, signature base64(sha1(private + data + private)).
    expect(made.meta.signature).toBe(liqpaySignature(LIQPAY.privateKey, made.meta.data));
    expect(liqpayParams(made.meta.data)).toEqual({
      version: "3",
      public_key: LIQPAY.publicKey,
      action: "pay",
      amount: 490,
      currency: "UAH",
      description: `Курс «Уверенная речь», заказ ${made.orderId}`,
      order_id: made.orderId,
      result_url: `http://localhost:3000/api/orders/${made.orderId}/return`,
      server_url: "http://localhost:3000/api/payments/liqpay/callback",
      language: "en",
    });

    // Whoever watches the order (the result page's socket, other instances) hears of it after the commit.
    const bus = await createBus(t.database.notifications);
    const heard = new Promise<string>((resolve) => bus.subscribe(`order:${made.orderId}`, (e) => resolve(e.kind)));
    const res = await callback(success(made.orderId));
    expect(res.json()).toEqual({ outcome: "applied", reason: "order moved to paid" });
    expect(await heard).toBe("changed");
    await bus.close();
    const row = await orderRow(t.db, made.orderId);
    expect(row).toMatchObject({ status: "paid", amountMinor: 49000, currency: "UAH" });
    expect(row.receiptNumber).toBeGreaterThan(0);
    expect(await eventsOf(made.orderId)).toEqual(["created", "paid"]);
    expect(await orderedCourses(t.db, learner.userId)).toContain(PAID);
    // The account the session checks keep in memory was told: the paid lesson opens at once.
    expect(json<{ orders: { courses: string[] } }>(await learner.browser.me()).orders.courses).toContain(PAID);
    expect((await learner.browser.get("/api/elements/cs-first-minute?lang=en")).statusCode).toBe(200);
    expect(json<{ isBought: boolean }>(await learner.browser.get(`/api/courses/${PAID}?lang=en`)).isBought).toBe(true);

    const mine = json<{ id: string; status: string; receiptNumber: number; history: Array<{ status: string }>; continuePath: string }>(
      await learner.browser.get(`/api/orders/${made.orderId}`),
    );
    expect(mine).toMatchObject({ status: "paid", receiptNumber: row.receiptNumber, continuePath: "/lesson/cs-first-minute/" });
    expect(mine.history.map((h) => h.status)).toEqual(["created", "paid"]);

    const receipt = await smtp.waitFor(learner.email, 5_000, made.orderId);
    expect(receipt.subject).toBe(`Ваш чек Mentora № ${row.receiptNumber}`);
    expect(receipt.text).toContain("Уверенная речь");
    expect(receipt.text).toMatch(new RegExp(`http://localhost:3000/ru/profile/orders/${made.orderId}/`));
    expect((await callbacksOf(t.db, made.orderId)).map((c) => [c.outcome, c.gateway, c.providerStatus])).toEqual([["applied", "liqpay", "success"]]);
  });

  it("moves created -> pending on processing, then paid; failure fails an open order; unknown statuses change nothing", async () => {
    const learner = await register(app);
    const made = await order(learner);
    expect(json(await callback(liqpayCallback({ order_id: made.orderId, status: "wait_secure", amount: 490, currency: "UAH" })))).toEqual({
      outcome: "applied",
      reason: "order moved to pending",
    });
    expect(json(await callback(liqpayCallback({ order_id: made.orderId, status: "subscribed", amount: 490, currency: "UAH" })))).toMatchObject({
      outcome: "ignored",
    });
    await callback(success(made.orderId));
    expect(await eventsOf(made.orderId)).toEqual(["created", "pending", "paid"]);

    const other = await register(app);
    const failed = await order(other);
    await callback(liqpayCallback({ order_id: failed.orderId, status: "failure", amount: 490, currency: "UAH" }));
    expect((await orderRow(t.db, failed.orderId)).status).toBe("failed");
    expect(json(await callback(success(failed.orderId)))).toMatchObject({ outcome: "ignored", reason: "order is failed: not moved to paid" });
    expect(await orderedCourses(t.db, other.userId)).not.toContain(PAID);
  });

  describe("refused callbacks change nothing and are recorded with the reason", () => {
    let learner: Registered;
    let made: MadeOrder;
    let who: { orderId: string; userId: string };
    beforeAll(async () => {
      learner = await register(app);
      made = await order(learner);
      who = { orderId: made.orderId, userId: learner.userId };
    });

    it("missing data or signature, and repeated fields", async () => {
      const good = new URLSearchParams(success(made.orderId));
      await expectRefused(`data=${encodeURIComponent(good.get("data")!)}`, "missing data or signature", who);
      await expectRefused(`signature=${encodeURIComponent(good.get("signature")!)}`, "missing data or signature", who);
      await expectRefused(`${good.toString()}&data=${encodeURIComponent(good.get("data")!)}`, "missing data or signature", who);
    });

    it("a wrong signature, one by another key, and one over the decoded JSON instead of the base64 string", async () => {
      const data = liqpayData({ public_key: LIQPAY.publicKey, version: "3", order_id: made.orderId, status: "success", amount: 490, currency: "UAH" });
      const json = Buffer.from(data, "base64").toString("utf8");
      await expectRefused(new URLSearchParams({ data, signature: "AAAAAAAAAAAAAAAAAAAAAAAAAAA=" }).toString(), "bad signature", who);
      await expectRefused(new URLSearchParams({ data, signature: liqpaySignature("another-private-key", data) }).toString(), "bad signature", who);
      await expectRefused(new URLSearchParams({ data, signature: liqpaySignature(LIQPAY.privateKey, json) }).toString(), "bad signature", who);
      // The body signed right, then one character of data changed.
      const tampered = new URLSearchParams(success(made.orderId));
      tampered.set(
        "data",
        tampered.get("data")!.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
      );
      await expectRefused(tampered.toString(), "bad signature", who);
    });

    it("amount, currency or order that do not match", async () => {
      expect((await expectRefused(success(made.orderId, { amount: 1 }), "amount does not match the order", who)).orderId).toBe(made.orderId);
      await expectRefused(success(made.orderId, { amount: 490.01 }), "amount does not match the order", who);
      await expectRefused(success(made.orderId, { amount: "490abc" }), "order_id, status, amount or currency missing", who);
      await expectRefused(success(made.orderId, { currency: "USD" }), "currency does not match the order", who);
      expect((await expectRefused(success("ord_aaaaaaaaaaaaaaaaaaaaaaaaaa"), "unknown order", who)).orderId).toBeNull();
      await expectRefused(success("../../etc/passwd"), "unknown order", who);
    });

    it("another merchant's public key, another portal's order, another gateway's order", async () => {
      await expectRefused(
        liqpayCallback({ order_id: made.orderId, status: "success", amount: 490, currency: "UAH" }, LIQPAY.privateKey, "i99999999"),
        "public_key of another merchant",
        who,
      );

      // An order of another portal on the same database, signed with our key: still not ours to pay.
      await upsertPortal(t.db, { id: "lp-other-shop", title: { en: "Other" }, i18n: { langs: ["en"], primaryLang: "en" } });
      await upsertEnvironment(t.db, { id: "env-other-shop", portalId: "lp-other-shop" });
      const foreignId = "ord_bbbbbbbbbbbbbbbbbbbbbbbbbb";
      await t.db.insert(orders).values({
        id: foreignId,
        environmentId: "env-other-shop",
        userId: learner.userId,
        courseId: PAID,
        gateway: "liqpay",
        currency: "UAH",
        listAmountMinor: 49000,
        amountMinor: 49000,
        lang: "en",
        returnPath: `/en/order-result/${foreignId}/`,
      });
      await expectRefused(success(foreignId), "order of another portal", null);
      expect((await orderRow(t.db, foreignId)).status).toBe("created");
      expect(await orderedCourses(t.db, learner.userId)).not.toContain(PAID);

      // A WayForPay order cannot be paid by a LiqPay callback.
      const wfp = await register(app);
      const wfpOrder = await order(wfp, PAID, { gateway: "wayforpay" });
      await expectRefused(success(wfpOrder.orderId), "order of another gateway (wayforpay)", { orderId: wfpOrder.orderId, userId: wfp.userId });
    });

    it("NUL bytes, malformed, empty and oversized bodies", async () => {
      await expectRefused(`data=%00&signature=%00`, "bad signature", who);
      const nulData = liqpayData({ public_key: LIQPAY.publicKey, order_id: `${made.orderId}\u0000`, status: "success", amount: 490, currency: "UAH" });
      await expectRefused(new URLSearchParams({ data: nulData, signature: liqpaySignature(LIQPAY.privateKey, nulData) }).toString(), "unknown order", who);
      await expectRefused(JSON.stringify({ data: "x", signature: "y" }), "missing data or signature", who, { "content-type": "application/json" });
      await expectRefused("%E0%A4%A", "missing data or signature", who, { "content-type": "text/plain" });
      const notJson = Buffer.from("{oops").toString("base64");
      await expectRefused(new URLSearchParams({ data: notJson, signature: liqpaySignature(LIQPAY.privateKey, notJson) }).toString(), /not base64 JSON/, who);
      const big = `data=${"A".repeat(20_000)}&signature=x`;
      await expectRefused(big, "body too large", who);

      const empty = await callback("");
      expectError(empty, 400, "PAYMENT-CALLBACK-REFUSED");
      const huge = await callback(`data=${"A".repeat(2 * 1024 * 1024)}`);
      expectError(huge, 413, "PAYLOAD-TOO-LARGE");
      const unread = await t.db.execute(sql`select reason from payment_callbacks where body_sha256 is null order by id`);
      expect((unread as unknown as { rows: Array<{ reason: string }> }).rows.map((r) => r.reason)).toEqual(
        expect.arrayContaining(["empty body", "body too large"]),
      );
      expect((await orderRow(t.db, made.orderId)).status).toBe("created");
    });
  });

  it("replays of an applied callback are ignored: one transition, one grant, one receipt", async () => {
    const learner = await register(app);
    const made = await order(learner);
    const body = success(made.orderId);
    expect(json(await callback(body))).toMatchObject({ outcome: "applied" });
    await smtp.waitFor(learner.email, 5_000, made.orderId);
    for (let i = 0; i < 3; i++) expect(json(await callback(body))).toEqual({ outcome: "ignored", reason: "order is paid: not moved to paid" });
    expect((await auditOf(t.db, body)).map((a) => a.outcome)).toEqual(["applied", "ignored", "ignored", "ignored"]);
    expect(await eventsOf(made.orderId)).toEqual(["created", "paid"]);
    expect((await orderedCourses(t.db, learner.userId)).filter((c) => c === PAID)).toHaveLength(1);
    expect(receiptsFor(made.orderId)).toHaveLength(1);
  });

  it("100 concurrent duplicate callbacks: exactly one paid transition, one grant, one receipt number, one receipt", async () => {
    const learner = await register(app);
    const made = await order(learner);
    const body = success(made.orderId);
    const replies = await Promise.all(Array.from({ length: 100 }, () => callback(body)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(100).fill(200));
    const outcomes = replies.map((r) => (r.json() as { outcome: string }).outcome);
    expect(outcomes.filter((o) => o === "applied")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "ignored")).toHaveLength(99);
    expect(await eventsOf(made.orderId)).toEqual(["created", "paid"]);
    expect((await orderedCourses(t.db, learner.userId)).filter((c) => c === PAID)).toHaveLength(1);
    const audit = await auditOf(t.db, body);
    expect(audit.filter((a) => a.outcome === "applied")).toHaveLength(1);
    expect(audit).toHaveLength(100);
    // Letters are queued before the winning reply: once the queue has sent them, every letter there will be is in.
    await lettersSettled(t.db);
    expect(receiptsFor(made.orderId)).toHaveLength(1);
  });

  it("a reversal takes the course back; a success after it is ignored", async () => {
    const learner = await register(app);
    const made = await order(learner);
    await callback(success(made.orderId));
    expect(await orderedCourses(t.db, learner.userId)).toContain(PAID);
    expect(json(await callback(liqpayCallback({ order_id: made.orderId, status: "reversed", amount: 490, currency: "UAH" })))).toMatchObject({
      outcome: "applied",
      reason: "order moved to reversed",
    });
    expect(await orderedCourses(t.db, learner.userId)).not.toContain(PAID);
    expectError(await learner.browser.get("/api/elements/cs-first-minute?lang=en"), 403, "COURSE-NOT-BOUGHT");
    const again = success(made.orderId, { payment_id: 2 });
    expect(json(await callback(again))).toEqual({ outcome: "ignored", reason: "order is reversed: not moved to paid" });
    const row = await orderRow(t.db, made.orderId);
    expect(row.status).toBe("reversed");
    expect(row.reversedAt).not.toBeNull();
    expect(await orderedCourses(t.db, learner.userId)).not.toContain(PAID);
    expect(await eventsOf(made.orderId)).toEqual(["created", "paid", "reversed"]);
    expect(json<{ status: string; reversedAt: string }>(await learner.browser.get(`/api/orders/${made.orderId}`)).status).toBe("reversed");
  });

  it("the browser's return (GET or a provider's cross-site POST with a signed success) only redirects: it never pays", async () => {
    const learner = await register(app);
    const made = await order(learner, PAID, { resultUrl: "/en/order-result/?continue=/lesson/cs-first-minute/" });
    const back = new Browser(app);
    const get = await back.get(`/api/orders/${made.orderId}/return`);
    expect(get.statusCode).toBe(303);
    expect(get.headers.location).toBe(`/en/order-result/${made.orderId}/?continue=%2Flesson%2Fcs-first-minute%2F`);
    const post = await back.post(`/api/orders/${made.orderId}/return`, success(made.orderId), { ...FORM, origin: "https://www.liqpay.ua" });
    expect(post.statusCode).toBe(303);
    expect(post.headers.location).toBe(get.headers.location);
    expect((await orderRow(t.db, made.orderId)).status).toBe("created");
    expect(await callbacksOf(t.db, made.orderId)).toEqual([]);
    expect(await orderedCourses(t.db, learner.userId)).not.toContain(PAID);
    expectError(await back.get("/api/orders/ord_cccccccccccccccccccccccccc/return"), 404, "ORDER-NOT-FOUND");
    expectError(await back.get("/api/orders/not-an-order/return"), 400, "VALIDATION");
  });

  it("a price changed between order and callback: the order's copied amount stands, a callback with the new price is refused", async () => {
    const course = await upsertCourse(t.db, { portalId: t.config.PORTAL_ID, title: { en: "Pricey" }, type: "paid", price: 490, currency: "UAH" });
    const learner = await register(app);
    const made = await order(learner, course.id);
    await changeContent(t.db, async (tx) => {
      await tx.update(courses).set({ price: 990 }).where(eq(courses.id, course.id));
    });
    expect(json<{ amount: number }>(await app.inject({ method: "GET", url: `/api/orders/quote?courseId=${course.id}` })).amount).toBe(990);
    const newPrice = liqpayCallback({ order_id: made.orderId, status: "success", amount: 990, currency: "UAH" });
    const [refused] = await Promise.all([callback(newPrice)]);
    expectError(refused, 400, "PAYMENT-CALLBACK-REFUSED");
    expect((await auditOf(t.db, newPrice))[0]).toMatchObject({ outcome: "refused", reason: "amount does not match the order" });
    expect((await orderRow(t.db, made.orderId)).status).toBe("created");
    expect(json(await callback(liqpayCallback({ order_id: made.orderId, status: "success", amount: 490, currency: "UAH" })))).toMatchObject({
      outcome: "applied",
    });
    expect(await orderedCourses(t.db, learner.userId)).toContain(course.id);
  });

  it("status sandbox pays only while test payments are on", async () => {
    const off = await t.buildApp({ ...PAYMENT_ENV, PAYMENTS_SANDBOX: "false" });
    const learner = await register(off);
    const made = json<MadeOrder>(await learner.browser.post("/api/orders", orderBody(t.config.ENVIRONMENT_ID, PAID)));
    const body = liqpayCallback({ order_id: made.orderId, status: "sandbox", amount: 490, currency: "UAH" });
    const res = await off.inject({ method: "POST", url: "/api/payments/liqpay/callback", headers: FORM, payload: body });
    expect(json(res)).toEqual({ outcome: "ignored", reason: "status sandbox changes nothing" });
    expect((await orderRow(t.db, made.orderId)).status).toBe("created");
    // With them on (this suite's app), the same status pays.
    expect(json(await callback(liqpayCallback({ order_id: made.orderId, status: "sandbox", amount: 490, currency: "UAH", n: 2 })))).toMatchObject({
      outcome: "applied",
    });
  });

  it("receipt numbers are sequential per portal, one per paid order", async () => {
    const paid: number[] = [];
    for (let i = 0; i < 3; i++) {
      const learner = await register(app);
      const made = await order(learner);
      await callback(success(made.orderId));
      paid.push((await orderRow(t.db, made.orderId)).receiptNumber!);
    }
    expect(paid[1]).toBe(paid[0]! + 1);
    expect(paid[2]).toBe(paid[1]! + 1);
    const numbers = await t.db.select({ n: orders.receiptNumber }).from(orders).where(eq(orders.environmentId, t.config.ENVIRONMENT_ID));
    const given = numbers.map((r) => r.n).filter((n): n is number => n !== null);
    expect(new Set(given).size).toBe(given.length);
  });
});
