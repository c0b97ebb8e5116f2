/**
 * The back office's orders and money (issue 16, docs/decisions/0059): filters and totals, the CSV
 * export (quoting, formula guard, BOM), one order with its callbacks, refunds; who may.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { Browser, bearer, expectError, json } from "../../../../tests/support/http";
import { FORM, liqpayCallback, type MadeOrder, orderBody, orderedCourses, orderRow, PAYMENT_ENV } from "../../../../tests/support/payments";
import { learner, type Registered } from "../../../../tests/support/sign-in";
import type { TAdminOrderDetail, TOrderTotal } from "../../../domain/order-admin";
import { auditLog } from "../../db/schema/audit";
import { orderEvents, orderRefunds } from "../../db/schema/orders";
import { upsertCourse } from "../../db/seed/course-factories";

const PAID = "confident-speaking";
const origin = { origin: "http://localhost" };

describeEachDatabase("back office: orders and money", (t) => {
  let app: FastifyInstance;
  let admin: Registered;
  let tricky: string;
  beforeAll(async () => {
    app = await t.buildApp(PAYMENT_ENV);
    admin = await learner(app, t.db, { roles: ["disciple", "mp-admin"] });
    tricky = (await upsertCourse(t.db, { portalId: t.config.PORTAL_ID, title: { en: '=HYPERLINK("x"), "quoted"' }, type: "paid", price: 20, currency: "USD" }))
      .id;
  });

  const make = async (buyer: Registered, courseId = PAID, gateway = "liqpay") =>
    json<MadeOrder>(await buyer.browser.post("/api/orders", orderBody(t.config.ENVIRONMENT_ID, courseId, { gateway })));
  const pay = (orderId: string, amount: number, currency = "UAH") =>
    app.inject({
      method: "POST",
      url: "/api/payments/liqpay/callback",
      headers: FORM,
      payload: liqpayCallback({ order_id: orderId, status: "success", amount, currency }),
    });
  const detail = async (id: string) => json<TAdminOrderDetail>(await admin.browser.get(`/api/admin/orders/${id}`));
  const totals = async (q: string) => json<{ totals: TOrderTotal[] }>(await admin.browser.get(`/api/admin/orders/totals?${q}`)).totals;

  describe("the list, its totals and the export", () => {
    let buyer: Registered;
    let paid: string;
    let open: string;
    let usd: string;
    const evil = `=cmd${Date.now()}@example.com`;
    beforeAll(async () => {
      buyer = await learner(app, t.db, { email: evil });
      paid = (await make(buyer)).orderId;
      expect((await pay(paid, 490)).statusCode).toBe(200);
      usd = (await make(buyer, tricky, "wayforpay")).orderId;
      const second = await upsertCourse(t.db, { portalId: t.config.PORTAL_ID, title: { en: "Second" }, type: "paid", price: 10, currency: "UAH" });
      open = (await make(buyer, second.id)).orderId;
    });

    it("filters by course, status, gateway and dates; totals per currency are the filter's, in minor units", async () => {
      const ids = async (q: string) =>
        json<{ orders: Array<{ id: string }> }>(await admin.browser.get(`/api/admin/orders?userId=${buyer.userId}&${q}`)).orders.map((o) => o.id);
      expect(await ids("")).toEqual([open, usd, paid]);
      expect(await ids(`courseId=${PAID}`)).toEqual([paid]);
      expect(await ids("status=paid")).toEqual([paid]);
      expect(await ids("gateway=wayforpay")).toEqual([usd]);
      expect(await ids(`from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([]);
      expect(await ids(`to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([open, usd, paid]);

      expect(await totals(`userId=${buyer.userId}`)).toEqual([
        { currency: "UAH", count: 2, amountMinor: 49_000 + 1_000, paidMinor: 49_000, refundedMinor: 0 },
        { currency: "USD", count: 1, amountMinor: 2_000, paidMinor: 0, refundedMinor: 0 },
      ]);
      expect(await totals(`userId=${buyer.userId}&status=paid`)).toEqual([
        { currency: "UAH", count: 1, amountMinor: 49_000, paidMinor: 49_000, refundedMinor: 0 },
      ]);
      expect(await totals(`userId=${buyer.userId}&gateway=sandbox`)).toEqual([]);
    });

    it("exports the filtered list as CSV: attachment, BOM, every cell quoted, formulas made inert", async () => {
      const res = await admin.browser.get(`/api/admin/orders.csv?userId=${buyer.userId}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
      const text = res.rawPayload.toString("utf8");
      expect(text.startsWith('\uFEFF"order_id","created_at","status"')).toBe(true);
      const lines = text.slice(1).trimEnd().split("\r\n");
      expect(lines).toHaveLength(4);
      expect(lines[1]).toContain(`"${open}"`);
      expect(lines[2]).toContain(`"'=HYPERLINK(""x""), ""quoted"""`);
      expect(lines[2]).toContain(`"'${evil}"`);
      expect(lines[3]).toContain(`"${paid}","`);
      expect(lines[3]).toContain('"UAH","490.00","490.00"');
      const paidOnly = (await admin.browser.get(`/api/admin/orders.csv?userId=${buyer.userId}&status=paid`)).rawPayload.toString("utf8");
      expect(paidOnly.trimEnd().split("\r\n")).toHaveLength(2);
    });

    it("refuses bad filters with the field: malformed dates, unknown statuses, NUL bytes", async () => {
      for (const url of [
        "/api/admin/orders/totals?from=yesterday",
        "/api/admin/orders.csv?to=2026-13-45",
        "/api/admin/orders?status=nope",
        "/api/admin/orders.csv?email=%00",
      ]) {
        const res = await admin.browser.get(url);
        expectError(res, 400, "VALIDATION");
      }
      expect(JSON.stringify((await admin.browser.get("/api/admin/orders/totals?from=yesterday")).json())).toContain("from");
    });
  });

  describe("one order and its refund", () => {
    it("shows the history and the provider callbacks (verified or refused, never bodies or signatures)", async () => {
      const buyer = await learner(app, t.db);
      const { orderId } = await make(buyer);
      const forged = liqpayCallback({ order_id: orderId, status: "success", amount: 490, currency: "UAH" }, "wrong-private-key");
      await app.inject({ method: "POST", url: "/api/payments/liqpay/callback", headers: FORM, payload: forged });
      await pay(orderId, 490);
      const d = await detail(orderId);
      expect(d.order).toMatchObject({ id: orderId, status: "paid", userId: buyer.userId, userEmail: buyer.email });
      expect(d.events.map((e) => [e.status, e.source])).toEqual([
        ["created", "order"],
        ["paid", "callback"],
      ]);
      expect(d.callbacks.some((c) => c.verified && c.outcome === "applied" && c.providerStatus === "success")).toBe(true);
      expect(JSON.stringify(d)).not.toMatch(/signature|sha256|private/i);
      expect(d.refund).toBeNull();
    });

    it("a refund reverses a paid order once, records amount, event and audit row, and takes the course back", async () => {
      const buyer = await learner(app, t.db);
      const { orderId } = await make(buyer);
      await pay(orderId, 490);
      expect(await orderedCourses(t.db, buyer.userId)).toContain(PAID);

      expectError(await admin.browser.post(`/api/admin/orders/${orderId}/refund`, { reason: "asked", amount: 500 }, origin), 400, "VALIDATION");
      expectError(await admin.browser.post(`/api/admin/orders/${orderId}/refund`, { reason: "asked", amount: 1.234 }, origin), 400, "VALIDATION");
      expectError(await admin.browser.post(`/api/admin/orders/${orderId}/refund`, { reason: "a\u0000b" }, origin), 400, "VALIDATION");
      expectError(await admin.browser.post(`/api/admin/orders/${orderId}/refund`, { reason: "x".repeat(501) }, origin), 400, "VALIDATION");
      expectError(await admin.browser.post(`/api/admin/orders/${orderId}/refund`, { reason: 5 }, origin), 400, "VALIDATION");
      expectError(
        await admin.browser.request({
          method: "POST",
          url: `/api/admin/orders/${orderId}/refund`,
          payload: "{bad",
          headers: { ...origin, "content-type": "application/json" },
        }),
        400,
        "VALIDATION",
      );
      expect((await orderRow(t.db, orderId)).status).toBe("paid");

      const done = json<TAdminOrderDetail>(
        await admin.browser.post(`/api/admin/orders/${orderId}/refund`, { reason: "Asked within 14 days", amount: 200 }, origin),
      );
      expect(done.order.status).toBe("reversed");
      expect(done.refund).toMatchObject({ amount: 200, reason: "Asked within 14 days", actorId: admin.userId });
      expect(done.events.at(-1)).toMatchObject({ status: "reversed", source: "admin" });
      expect(await orderedCourses(t.db, buyer.userId)).not.toContain(PAID);
      const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, orderId));
      expect(audit).toMatchObject([{ action: "order.refund", entityType: "order", actorId: admin.userId, summary: { amountMinor: 20_000, currency: "UAH" } }]);
      expect(await totals(`userId=${buyer.userId}`)).toEqual([{ currency: "UAH", count: 1, amountMinor: 49_000, paidMinor: 49_000, refundedMinor: 20_000 }]);

      expectError(await admin.browser.post(`/api/admin/orders/${orderId}/refund`, { reason: "again" }, origin), 409, "ORDER-ALREADY-REFUNDED");
      expect(await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId))).toHaveLength(1);
      expect((await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).filter((e) => e.status === "reversed")).toHaveLength(1);
    });

    it("an unpaid order is 409 and stays as it was; unknown ids are 404", async () => {
      const buyer = await learner(app, t.db);
      const { orderId } = await make(buyer);
      expectError(await admin.browser.post(`/api/admin/orders/${orderId}/refund`, { reason: "no" }, origin), 409, "ORDER-NOT-REFUNDABLE");
      expect((await orderRow(t.db, orderId)).status).toBe("created");
      expect(await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId))).toHaveLength(0);
      expectError(await admin.browser.get("/api/admin/orders/ord_aaaaaaaaaaaaaaaaaaaaaaaaaa"), 404, "ORDER-NOT-FOUND");
      expectError(await admin.browser.get("/api/admin/orders/nope"), 404, "ORDER-NOT-FOUND");
      expectError(await admin.browser.post("/api/admin/orders/ord_aaaaaaaaaaaaaaaaaaaaaaaaaa/refund", { reason: "x" }, origin), 404, "ORDER-NOT-FOUND");
    });
  });

  it("guests get 401; learners, mentors and mp-leaders 403 ADMINS-ONLY on every call; admins may", async () => {
    const buyer = await learner(app, t.db);
    const { orderId } = await make(buyer);
    await pay(orderId, 490);
    const calls: Array<[string, string, unknown?]> = [
      ["GET", "/api/admin/orders"],
      ["GET", "/api/admin/orders/totals"],
      ["GET", "/api/admin/orders.csv"],
      ["GET", `/api/admin/orders/${orderId}`],
      ["POST", `/api/admin/orders/${orderId}/refund`, { reason: "x" }],
      ["GET", "/api/admin/coupons"],
    ];
    const refused = await Promise.all([["disciple"], ["disciple", "mentor"], ["disciple", "mp-leader"]].map((roles) => learner(app, t.db, { roles })));
    for (const [method, url, payload] of calls) {
      const request = { method: method as "GET", url, payload: payload as object | undefined, headers: origin };
      for (const r of refused) expectError(await r.browser.request(request), 403, "ADMINS-ONLY");
      expectError(await new Browser(app).request(request), 401, "UNAUTHORIZED");
      expectError(await app.inject({ ...request, headers: bearer("not.a.token") }), 401, "TOKEN-BAD");
    }
    expect((await orderRow(t.db, orderId)).status).toBe("paid");
    const portalAdmin = await learner(app, t.db, { roles: ["disciple", "admin"] });
    expect((await portalAdmin.browser.get(`/api/admin/orders/${orderId}`)).statusCode).toBe(200);
  });
});
