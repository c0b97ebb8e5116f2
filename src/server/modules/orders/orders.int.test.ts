/**
 * Making and reading orders (docs/decisions/0031): who may buy, what is checked before anything is
 * written or signed, reuse of the open order, coupons, owner-only reads, the back office's lists.
 */
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { Browser, expectError, json } from "../../../../tests/support/http";
import { FORM, liqpayCallback, liqpayParams, type MadeOrder, orderBody, orderedCourses, orderRow, PAYMENT_ENV } from "../../../../tests/support/payments";
import { patchUser, register, sessionBrowser, type Registered } from "../../../../tests/support/sign-in";
import { coupons, orders } from "../../db/schema/orders";
import { upsertCourse } from "../../db/seed/course-factories";

const PAID = "confident-speaking";
const FREE = "reading-foundations";

describeEachDatabase("making and reading orders", (t) => {
  let app: FastifyInstance;
  let rubCourse: string;
  let draftCourse: string;
  beforeAll(async () => {
    app = await t.buildApp(PAYMENT_ENV);
    rubCourse = (await upsertCourse(t.db, { portalId: t.config.PORTAL_ID, title: { en: "Roubles" }, type: "paid", price: 1000, currency: "RUB" })).id;
    draftCourse = (
      await upsertCourse(t.db, { portalId: t.config.PORTAL_ID, title: { en: "Draft" }, type: "paid", price: 100, currency: "UAH", published: false })
    ).id;
  });

  const body = (courseId = PAID, over: Record<string, unknown> = {}) => orderBody(t.config.ENVIRONMENT_ID, courseId, over);
  const post = (b: Browser, payload: unknown, headers: Record<string, string> = {}) => b.post("/api/orders", payload, headers);
  const make = async (learner: Registered, over: Record<string, unknown> = {}, courseId = PAID) =>
    json<MadeOrder>(await post(learner.browser, body(courseId, over)));
  const ordersOf = (userId: string) => t.db.select().from(orders).where(eq(orders.userId, userId));
  const quote = (query: string) => app.inject({ method: "GET", url: `/api/orders/quote?${query}` });
  const pay = (orderId: string, amount: number) =>
    app.inject({
      method: "POST",
      url: "/api/payments/liqpay/callback",
      headers: FORM,
      payload: liqpayCallback({ order_id: orderId, status: "success", amount, currency: "UAH" }),
    });

  describe("who may buy", () => {
    it("a guest, an anonymous session, a bad token and a cross-site post are refused before anything is made", async () => {
      const guest = new Browser(app);
      expectError(await post(guest, body()), 403, "REGISTRATION-REQUIRED");
      const session = await sessionBrowser(app);
      expectError(await post(session.browser, body()), 403, "REGISTRATION-REQUIRED");
      expect(await ordersOf(session.userId)).toEqual([]);
      expectError(await app.inject({ method: "POST", url: "/api/orders", payload: body(), headers: { authorization: "Bearer nope" } }), 401, "TOKEN-BAD");
      const learner = await register(app);
      expectError(await post(learner.browser, body(), { origin: "https://evil.example" }), 403, "BAD-ORIGIN");
      expect(await ordersOf(learner.userId)).toEqual([]);
    });
  });

  it("an order is always the caller's: a user id in the body changes nothing, and the callback grants the buyer only", async () => {
    const victim = await register(app);
    const buyer = await register(app);
    const made = await make(buyer, { gateway: "liqpay", userId: victim.userId, user: { id: victim.userId } });
    expect((await orderRow(t.db, made.orderId)).userId).toBe(buyer.userId);
    expect(await ordersOf(victim.userId)).toEqual([]);
    await pay(made.orderId, 490);
    expect(await orderedCourses(t.db, buyer.userId)).toContain(PAID);
    expect(await orderedCourses(t.db, victim.userId)).not.toContain(PAID);
    expectError(await victim.browser.get(`/api/orders/${made.orderId}`), 404, "ORDER-NOT-FOUND");
  });

  describe("what is checked before anything is written or signed", () => {
    let learner: Registered;
    beforeAll(async () => {
      learner = await register(app);
    });
    const refused = async (payload: unknown, status: number, code: string) => {
      expectError(await post(learner.browser, payload), status, code);
      expect(await ordersOf(learner.userId)).toEqual([]);
    };

    it("free, unpublished and unknown courses; not exactly one course", async () => {
      await refused(body(FREE), 400, "ORDER-COURSE-FREE");
      await refused(body(draftCourse), 404, "ORDER-COURSE-UNAVAILABLE");
      await refused(body("no-such-course"), 404, "ORDER-COURSE-UNAVAILABLE");
      await refused({ ...body(), courses: [PAID, FREE] }, 400, "VALIDATION");
      await refused({ ...body(), courses: [] }, 400, "VALIDATION");
    });

    it("another portal's environment", async () => {
      await refused(body(PAID, { environmentId: "env-elsewhere" }), 400, "ORDER-ENVIRONMENT-INVALID");
    });

    it("a return address that is not our result page", async () => {
      for (const resultUrl of [
        "https://evil.example/en/order-result/",
        "//evil.example/en/order-result/",
        "/\\evil.example/en/order-result/",
        "http://localhost.evil.example/en/order-result/",
        "http://user:pass@localhost/en/order-result/",
        "javascript:alert(1)//localhost/en/order-result/",
        "/en/profile/",
        "/de/order-result/",
        "/en/order-result/../../admin",
        "en/order-result/",
      ]) {
        await refused(body(PAID, { resultUrl }), 400, "ORDER-RESULT-URL-INVALID");
      }
    });

    it("an unconfigured gateway and a currency the gateway does not take", async () => {
      const bare = await t.buildApp({ PAYMENTS_SANDBOX: "false" });
      const other = await register(bare);
      expectError(await post(other.browser, body()), 400, "GATEWAY-UNAVAILABLE");
      expectError(await post(other.browser, body(PAID, { gateway: "liqpay" })), 400, "GATEWAY-UNAVAILABLE");
      expectError(await post(other.browser, body(PAID, { gateway: "sandbox" })), 400, "GATEWAY-UNAVAILABLE");
      expect(await ordersOf(other.userId)).toEqual([]);
      await refused(body(rubCourse, { gateway: "liqpay" }), 400, "CURRENCY-NOT-SUPPORTED");
      await refused(body(rubCourse, { gateway: "wayforpay" }), 400, "CURRENCY-NOT-SUPPORTED");
      await refused(body(PAID, { gateway: "paypal" }), 400, "VALIDATION");
    });

    it("NUL bytes, wrong types, malformed and oversized bodies", async () => {
      await refused(body(`${PAID}\u0000`), 400, "VALIDATION");
      await refused(body(PAID, { resultUrl: "/en/order-result/\u0000" }), 400, "VALIDATION");
      await refused(body(PAID, { environmentId: { $ne: "" } }), 400, "VALIDATION");
      await refused(body(PAID, { gift: { email: "not-an-address" } }), 400, "VALIDATION");
      await refused(body(PAID, { coupon: "<script>" }), 400, "VALIDATION");
      const raw = (payload: string) =>
        learner.browser.request({ method: "POST", url: "/api/orders", headers: { "content-type": "application/json" }, payload });
      expectError(await raw('{"courses":'), 400, "VALIDATION");
      expectError(await raw(JSON.stringify({ ...body(), pad: "x".repeat(2 * 1024 * 1024) })), 413, "PAYLOAD-TOO-LARGE");
      expect(await ordersOf(learner.userId)).toEqual([]);
    });

    it("a course already bought", async () => {
      const buyer = await register(app);
      await patchUser(t.database, buyer.userId, { orderedCourses: [PAID] });
      expectError(await post(buyer.browser, body()), 409, "ORDER-ALREADY-BOUGHT");
      expect(await ordersOf(buyer.userId)).toEqual([]);
    });
  });

  describe("the open order", () => {
    it("is reused by the same request, replaced (expired) by a different one; the result address carries the id", async () => {
      const learner = await register(app);
      const first = await make(learner, { gateway: "liqpay", resultUrl: "/en/order-result/?continue=https://evil.example/" });
      expect(first.resultUrl).toBe(`/en/order-result/${first.orderId}/`);
      const again = await make(learner, { gateway: "liqpay", resultUrl: "/tr/order-result/?continue=/lesson/cs-first-minute/" });
      expect(again.orderId).toBe(first.orderId);
      expect(again.resultUrl).toBe(`/tr/order-result/${first.orderId}/?continue=%2Flesson%2Fcs-first-minute%2F`);
      expect(await ordersOf(learner.userId)).toHaveLength(1);

      const other = await make(learner, { gateway: "wayforpay" });
      expect(other.orderId).not.toBe(first.orderId);
      expect((await orderRow(t.db, first.orderId)).status).toBe("expired");
      const rows = await ordersOf(learner.userId);
      expect(rows.filter((r) => r.status === "created").map((r) => r.id)).toEqual([other.orderId]);
    });

    it("requests at once end with one open order", async () => {
      const learner = await register(app);
      const made = await Promise.all([0, 1, 2, 3].map(() => post(learner.browser, body(PAID, { gateway: "liqpay" }))));
      expect(made.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      const open = (await ordersOf(learner.userId)).filter((r) => r.status === "created");
      expect(open).toHaveLength(1);
      expect(new Set(made.map((r) => r.json().orderId))).toEqual(new Set([open[0]!.id]));
    });
  });

  describe("reading orders", () => {
    it("the owner reads an order and their list; another user's id is 404, a guest 401", async () => {
      const owner = await register(app);
      const made = await make(owner, { gateway: "liqpay" });
      await pay(made.orderId, 490);
      const mine = json<{ orders: Array<{ id: string; status: string; courseTitle: string; amount: number; currency: string; gateway: string }> }>(
        await owner.browser.get("/api/orders?lang=tr"),
      );
      expect(mine.orders).toHaveLength(1);
      expect(mine.orders[0]).toMatchObject({
        id: made.orderId,
        status: "paid",
        courseTitle: "Özgüvenle Konuşmak",
        amount: 490,
        currency: "UAH",
        gateway: "liqpay",
      });

      const stranger = await register(app);
      expectError(await stranger.browser.get(`/api/orders/${made.orderId}`), 404, "ORDER-NOT-FOUND");
      expect(json<{ orders: unknown[] }>(await stranger.browser.get("/api/orders")).orders).toEqual([]);
      expectError(await new Browser(app).get(`/api/orders/${made.orderId}`), 401, "UNAUTHORIZED");
      expectError(await new Browser(app).get("/api/orders"), 401, "UNAUTHORIZED");
      expectError(await owner.browser.get("/api/orders/ord_%00aaaaaaaaaaaaaaaaaaaaaaaaa"), 400, "VALIDATION");
    });

    it("lists the gateways on offer with the default", async () => {
      expect(json(await app.inject({ method: "GET", url: "/api/payments/gateways" }))).toEqual({
        gateways: [
          { id: "liqpay", currencies: ["UAH", "USD", "EUR"], test: false },
          { id: "wayforpay", currencies: ["UAH", "USD", "EUR"], test: false },
          { id: "sandbox", currencies: ["UAH", "USD", "EUR", "RUB"], test: true },
        ],
        default: "liqpay",
      });
      const bare = await t.buildApp({});
      expect(json(await bare.inject({ method: "GET", url: "/api/payments/gateways" }))).toEqual({
        gateways: [{ id: "sandbox", currencies: ["UAH", "USD", "EUR", "RUB"], test: true }],
        default: "sandbox",
      });
    });
  });

  describe("coupons", () => {
    it("the demo coupon takes 10% off: the quote, the order and the signed amount agree", async () => {
      expect(json(await quote(`courseId=${PAID}&coupon=welcome10`))).toEqual({
        courseId: PAID,
        currency: "UAH",
        listAmount: 490,
        amount: 441,
        coupon: { code: "WELCOME10", discount: 49 },
      });
      const learner = await register(app);
      const made = await make(learner, { gateway: "liqpay", coupon: "welcome10" });
      expect(liqpayParams(String(made.meta.data)).amount).toBe(441);
      expect(await orderRow(t.db, made.orderId)).toMatchObject({
        listAmountMinor: 49000,
        amountMinor: 44100,
        couponCode: "WELCOME10",
        couponDiscountMinor: 4900,
      });
      const uses = async () => (await t.db.select().from(coupons).where(eq(coupons.code, "WELCOME10")))[0]!.uses;
      const before = await uses();
      expectError(await pay(made.orderId, 490), 400, "PAYMENT-CALLBACK-REFUSED");
      expect((await pay(made.orderId, 441)).statusCode).toBe(200);
      expect(await uses()).toBe(before + 1);
      const order = json<{ coupon: unknown; amount: number; listAmount: number }>(await learner.browser.get(`/api/orders/${made.orderId}`));
      expect(order).toMatchObject({ coupon: { code: "WELCOME10", discount: 49 }, amount: 441, listAmount: 490 });
    });

    it("unknown, expired, used up, for another course or currency, switched off: typed errors, nothing made", async () => {
      const env = t.config.ENVIRONMENT_ID;
      await t.db.insert(coupons).values([
        { environmentId: env, code: "OLD", kind: "percent", value: 50, expiresAt: new Date(Date.now() - 1000) },
        { environmentId: env, code: "GONE", kind: "percent", value: 50, maxUses: 1, uses: 1 },
        { environmentId: env, code: "OTHERCOURSE", kind: "percent", value: 50, courseId: FREE },
        { environmentId: env, code: "DOLLARS", kind: "fixed", value: 500, currency: "USD" },
        { environmentId: env, code: "OFF", kind: "percent", value: 50, active: false },
      ]);
      const learner = await register(app);
      for (const [code, error] of [
        ["NOPE", "COUPON-UNKNOWN"],
        ["OLD", "COUPON-EXPIRED"],
        ["GONE", "COUPON-USED-UP"],
        ["OTHERCOURSE", "COUPON-NOT-FOR-COURSE"],
        ["DOLLARS", "COUPON-NOT-FOR-COURSE"],
        ["OFF", "COUPON-UNKNOWN"],
      ] as const) {
        expectError(await quote(`courseId=${PAID}&coupon=${code}`), 400, error);
        expectError(await post(learner.browser, body(PAID, { coupon: code })), 400, error);
      }
      expect(await ordersOf(learner.userId)).toEqual([]);
      expectError(await quote(`courseId=${FREE}`), 400, "ORDER-COURSE-FREE");
      expectError(await quote(`courseId=${draftCourse}`), 404, "ORDER-COURSE-UNAVAILABLE");
      expectError(await quote(`courseId=${PAID}&coupon=%00`), 400, "VALIDATION");
    });

    it("a coupon that takes the whole price pays the order at once, without a gateway", async () => {
      await t.db
        .insert(coupons)
        .values({ environmentId: t.config.ENVIRONMENT_ID, code: "ALLFREE", kind: "fixed", value: 100_000, currency: "UAH", courseId: PAID });
      const learner = await register(app);
      const made = await make(learner, { coupon: "ALLFREE" });
      expect(made).toEqual({ state: "ok", orderId: made.orderId, next: "result", resultUrl: `/en/order-result/${made.orderId}/`, meta: {} });
      expect(await orderRow(t.db, made.orderId)).toMatchObject({ status: "paid", amountMinor: 0, couponDiscountMinor: 49000 });
      expect(await orderedCourses(t.db, learner.userId)).toContain(PAID);
      expect((await learner.browser.get("/api/elements/cs-first-minute?lang=en")).statusCode).toBe(200);
    });
  });

  describe("the back office", () => {
    let adminBrowser: Browser;
    beforeAll(async () => {
      const admin = await register(app);
      await patchUser(t.database, admin.userId, { roles: ["disciple", "admin"] });
      adminBrowser = admin.browser;
    });
    type AdminPage = { orders: Array<{ id: string; userId: string; userEmail: string | null; status: string }>; next: string | null };
    const list = async (query: string) => json<AdminPage>(await adminBrowser.get(`/api/admin/orders?${query}`));

    it("admins list every order with filters and pages; learners are refused, guests unauthorized", async () => {
      const buyer = await register(app);
      const a = await make(buyer, { gateway: "liqpay" });
      await pay(a.orderId, 490);
      const second = await upsertCourse(t.db, { portalId: t.config.PORTAL_ID, title: { en: "Second" }, type: "paid", price: 10, currency: "UAH" });
      const b = await make(buyer, { gateway: "wayforpay" }, second.id);

      const mine = await list(`userId=${buyer.userId}`);
      expect(mine.orders.map((o) => o.id)).toEqual([b.orderId, a.orderId]);
      expect(mine.orders[0]).toMatchObject({ userId: buyer.userId, userEmail: buyer.email });
      expect((await list(`status=paid&email=${encodeURIComponent(buyer.email.toUpperCase())}`)).orders.map((o) => o.id)).toEqual([a.orderId]);
      expect((await list(`gateway=wayforpay&userId=${buyer.userId}`)).orders.map((o) => o.id)).toEqual([b.orderId]);
      expect((await list(`courseId=${second.id}`)).orders.map((o) => o.id)).toEqual([b.orderId]);
      expect((await list(`userId=${buyer.userId}&to=2000-01-01T00:00:00Z`)).orders).toEqual([]);
      expect(await list(`userId=${buyer.userId}&limit=1`)).toMatchObject({ orders: [{ id: b.orderId }], next: b.orderId });
      expect(await list(`userId=${buyer.userId}&limit=1&after=${b.orderId}`)).toMatchObject({ orders: [{ id: a.orderId }], next: null });
      expect((await list(`email=${encodeURIComponent("%_")}`)).orders).toEqual([]);

      expectError(await buyer.browser.get("/api/admin/orders"), 403, "ADMINS-ONLY");
      expectError(await new Browser(app).get("/api/admin/orders"), 401, "UNAUTHORIZED");
      expectError(await adminBrowser.get("/api/admin/orders?status=nope"), 400, "VALIDATION");
      expectError(await adminBrowser.get("/api/admin/orders?limit=1000"), 400, "VALIDATION");
      expectError(await adminBrowser.get("/api/admin/orders?email=%00"), 400, "VALIDATION");
    });

    it("admins make, list and switch off coupons; learners cannot", async () => {
      const made = json<{ code: string; kind: string; value: number; currency: string; uses: number; active: boolean }>(
        await adminBrowser.post("/api/admin/coupons", { code: "spring-25", kind: "fixed", value: 25.5, currency: "UAH", courseId: PAID, maxUses: 3 }),
      );
      expect(made).toMatchObject({ code: "SPRING-25", kind: "fixed", value: 25.5, currency: "UAH", uses: 0, active: true });
      const stored = await t.db
        .select()
        .from(coupons)
        .where(and(eq(coupons.environmentId, t.config.ENVIRONMENT_ID), eq(coupons.code, "SPRING-25")));
      expect(stored[0]!.value).toBe(2550);
      expect(json(await quote(`courseId=${PAID}&coupon=SPRING-25`))).toMatchObject({ amount: 464.5 });
      expectError(await adminBrowser.post("/api/admin/coupons", { code: "SPRING-25", kind: "percent", value: 5 }), 409, "COUPON-EXISTS");
      expectError(await adminBrowser.post("/api/admin/coupons", { code: "BAD1", kind: "percent", value: 120 }), 400, "VALIDATION");
      expectError(await adminBrowser.post("/api/admin/coupons", { code: "BAD2", kind: "fixed", value: 5 }), 400, "VALIDATION");
      expectError(await adminBrowser.post("/api/admin/coupons", { code: "BAD3", kind: "percent", value: 12.5 }), 400, "VALIDATION");
      expectError(await adminBrowser.post("/api/admin/coupons", { code: "BAD4", kind: "percent", value: 5, courseId: "nope" }), 404, "NOT-FOUND");
      expect(json<{ coupons: Array<{ code: string }> }>(await adminBrowser.get("/api/admin/coupons")).coupons.map((c) => c.code)).toContain("SPRING-25");
      expect(json<{ active: boolean }>(await adminBrowser.post("/api/admin/coupons/spring-25/deactivate")).active).toBe(false);
      expectError(await quote(`courseId=${PAID}&coupon=SPRING-25`), 400, "COUPON-UNKNOWN");
      expectError(await adminBrowser.post("/api/admin/coupons/NOSUCH/deactivate"), 400, "COUPON-UNKNOWN");

      const learner = await register(app);
      expectError(await learner.browser.post("/api/admin/coupons", { code: "MINE", kind: "percent", value: 100 }), 403, "ADMINS-ONLY");
      expectError(await learner.browser.get("/api/admin/coupons"), 403, "ADMINS-ONLY");
      expectError(await learner.browser.post("/api/admin/coupons/WELCOME10/deactivate"), 403, "ADMINS-ONLY");
      expectError(await new Browser(app).post("/api/admin/coupons", { code: "MINE", kind: "percent", value: 100 }), 401, "UNAUTHORIZED");
      expect(await t.db.select().from(coupons).where(eq(coupons.code, "MINE"))).toEqual([]);
    });
  });
});
