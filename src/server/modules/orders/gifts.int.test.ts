/**
 * Gifts (docs/decisions/0031): a paid gift order gives the buyer nothing, mails its recipient a link,
 * and grants the course once to a learner signed in with that address; a reversal takes it back.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { Browser, expectError, json } from "../../../../tests/support/http";
import { startSmtp, type SmtpSink } from "../../../../tests/support/mail";
import { FORM, liqpayCallback, type MadeOrder, orderBody, orderedCourses, orderRow, PAYMENT_ENV } from "../../../../tests/support/payments";
import { register, sessionBrowser } from "../../../../tests/support/sign-in";
import { uniqueEmail } from "../../../../tests/support/factories";
import { gifts } from "../../db/schema/orders";

const PAID = "confident-speaking";

describeEachDatabase("gifts", (t) => {
  let smtp: SmtpSink;
  let app: FastifyInstance;
  beforeAll(async () => {
    smtp = await startSmtp();
    app = await t.buildApp({ ...PAYMENT_ENV, SMTP_URL: smtp.url });
  });
  afterAll(async () => smtp?.close());

  const callback = (orderId: string, status: string) =>
    app.inject({
      method: "POST",
      url: "/api/payments/liqpay/callback",
      headers: FORM,
      payload: liqpayCallback({ order_id: orderId, status, amount: 490, currency: "UAH" }),
    });
  const tokenIn = (text: string) => /\/gift\/([A-Za-z0-9_-]{20,})\//.exec(text)?.[1];

  /** A paid gift for `to`, with the token from the recipient's letter. */
  async function giveCourse(to: string) {
    const buyer = await register(app, { firstName: "Ayşe", lastName: "Kaya" });
    const made = json<MadeOrder>(
      await buyer.browser.post(
        "/api/orders",
        orderBody(t.config.ENVIRONMENT_ID, PAID, {
          gateway: "liqpay",
          resultUrl: "/en/order-result/",
          gift: { email: to.toUpperCase(), message: "Enjoy it!" },
        }),
      ),
    );
    expect((await callback(made.orderId, "success")).statusCode).toBe(200);
    const letter = await smtp.waitFor(to, 5_000, "/gift/");
    return { buyer, made, letter, token: tokenIn(letter.text)! };
  }

  it("a paid gift: the buyer gets a receipt but not the course; the recipient gets a letter with a link (the token is stored hashed)", async () => {
    const to = uniqueEmail("friend");
    const { buyer, made, letter, token } = await giveCourse(to);
    expect(await orderedCourses(t.db, buyer.userId)).not.toContain(PAID);
    await smtp.waitFor(buyer.email, 5_000, made.orderId);
    expect(letter.subject).toBe("Ayşe Kaya gave you a course on Mentora");
    expect(letter.text).toContain("Speaking with Confidence");
    expect(letter.text).toContain("Enjoy it!");
    expect(letter.text).toMatch(new RegExp(`/en/gift/${token}/`));
    const [row] = await t.db.select().from(gifts).where(eq(gifts.orderId, made.orderId));
    expect(row).toMatchObject({ email: to, state: "waiting", courseId: PAID });
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    expect(json(await new Browser(app).get(`/api/gifts/${token}?lang=ru`))).toEqual({
      courseId: PAID,
      courseTitle: "Уверенная речь",
      from: "Ayşe Kaya",
      message: "Enjoy it!",
      email: to,
      state: "waiting",
    });
    expect(json<{ gift: unknown }>(await buyer.browser.get(`/api/orders/${made.orderId}`)).gift).toEqual({ email: to, claimed: false });
  });

  it("only a registered learner with the gift's address claims it, once; the course opens for them", async () => {
    const to = uniqueEmail("friend");
    const { token, made, buyer } = await giveCourse(to);
    expectError(await new Browser(app).post("/api/gifts/claim", { token }), 403, "REGISTRATION-REQUIRED");
    const session = await sessionBrowser(app);
    expectError(await session.browser.post("/api/gifts/claim", { token }), 403, "REGISTRATION-REQUIRED");
    const stranger = await register(app);
    expectError(await stranger.browser.post("/api/gifts/claim", { token }), 403, "GIFT-OTHER-EMAIL");
    expect(await orderedCourses(t.db, stranger.userId)).not.toContain(PAID);
    expectError(await stranger.browser.post("/api/gifts/claim", { token: "x".repeat(43) }), 404, "GIFT-NOT-FOUND");
    expectError(await stranger.browser.post("/api/gifts/claim", { token: `${token.slice(0, -1)}\u0000` }), 400, "VALIDATION");
    expectError(await stranger.browser.post("/api/gifts/claim", { token: "short" }), 400, "VALIDATION");
    expectError(await new Browser(app).get("/api/gifts/unknown-token-unknown-token"), 404, "GIFT-NOT-FOUND");

    const friend = await register(app, { email: to });
    expectError(await friend.browser.post("/api/gifts/claim", { token }, { origin: "https://evil.example" }), 403, "BAD-ORIGIN");
    const claims = await Promise.all([friend.browser.post("/api/gifts/claim", { token }), friend.browser.post("/api/gifts/claim", { token })]);
    expect(claims.map((c) => c.statusCode).sort()).toEqual([200, 409]);
    expect(claims.find((c) => c.statusCode === 200)!.json()).toMatchObject({ state: "claimed", courseId: PAID });
    expect(claims.find((c) => c.statusCode === 409)!.json().error.code).toBe("GIFT-ALREADY-CLAIMED");
    expect((await orderedCourses(t.db, friend.userId)).filter((c) => c === PAID)).toHaveLength(1);
    expect((await friend.browser.get("/api/elements/cs-first-minute?lang=en")).statusCode).toBe(200);
    expect(json<{ gift: unknown }>(await buyer.browser.get(`/api/orders/${made.orderId}`)).gift).toEqual({ email: to, claimed: true });
  });

  it("a reversal takes a claimed gift back from its recipient, and cancels a waiting one", async () => {
    const claimedTo = uniqueEmail("friend");
    const claimed = await giveCourse(claimedTo);
    const friend = await register(app, { email: claimedTo });
    expect((await friend.browser.post("/api/gifts/claim", { token: claimed.token })).statusCode).toBe(200);
    expect((await callback(claimed.made.orderId, "reversed")).statusCode).toBe(200);
    expect(await orderedCourses(t.db, friend.userId)).not.toContain(PAID);
    expect(json<{ state: string }>(await friend.browser.get(`/api/gifts/${claimed.token}`)).state).toBe("cancelled");

    const waitingTo = uniqueEmail("friend");
    const waiting = await giveCourse(waitingTo);
    expect((await callback(waiting.made.orderId, "reversed")).statusCode).toBe(200);
    expect((await orderRow(t.db, waiting.made.orderId)).status).toBe("reversed");
    const late = await register(app, { email: waitingTo });
    expectError(await late.browser.post("/api/gifts/claim", { token: waiting.token }), 410, "GIFT-CANCELLED");
    expect(await orderedCourses(t.db, late.userId)).not.toContain(PAID);
  });

  it("a gift may be bought for a course the buyer already has", async () => {
    const buyer = await register(app);
    const own = json<MadeOrder>(await buyer.browser.post("/api/orders", orderBody(t.config.ENVIRONMENT_ID, PAID, { gateway: "liqpay" })));
    await callback(own.orderId, "success");
    expectError(await buyer.browser.post("/api/orders", orderBody(t.config.ENVIRONMENT_ID, PAID, { gateway: "liqpay" })), 409, "ORDER-ALREADY-BOUGHT");
    const gift = await buyer.browser.post(
      "/api/orders",
      orderBody(t.config.ENVIRONMENT_ID, PAID, { gateway: "liqpay", gift: { email: uniqueEmail("friend") } }),
    );
    expect(gift.statusCode, gift.body).toBe(200);
  });
});
