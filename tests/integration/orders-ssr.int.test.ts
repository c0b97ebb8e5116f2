/**
 * The purchase pages as the server renders them (issue 11, decision 0031): the order result, the
 * sandbox's test checkout, a gift link, the receipt, the profile's orders, and the "bought" label of
 * the catalogue and the course page, in English and Arabic (rtl). Orders are made through the API and
 * paid with a LiqPay callback signed as LiqPay signs it. Another account's order is a 404 that shows
 * nothing of it. Runs on the built app.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { gifts } from "../../src/server/db/schema/orders";
import { Browser, json } from "../support/http";
import { FORM, type MadeOrder, PAYMENT_ENV, liqpayCallback, orderBody } from "../support/payments";
import { learner, type Registered } from "../support/sign-in";
import { useSsrApp } from "../support/ssr-app";

const ssr = useSsrApp(PAYMENT_ENV);
const guest = () => new Browser(ssr.app);
const newLearner = () => learner(ssr.app, ssr.database.db);

const COURSE = "confident-speaking";
const TITLE = { en: "Speaking with Confidence", ar: "التحدّث بثقة" } as const;
const UNKNOWN = "ord_abcdefghijklmnopqrstuvwxyz";
const LANGS = [
  ["en", "ltr"],
  ["ar", "rtl"],
] as const;

async function makeOrder(buyer: Registered, overrides: Record<string, unknown> = {}) {
  const res = await buyer.browser.post(
    "/api/orders",
    orderBody(ssr.config.ENVIRONMENT_ID, COURSE, { resultUrl: "http://localhost:3000/en/order-result/?continue=/lesson/cs-first-minute/", ...overrides }),
  );
  return json<MadeOrder & { meta: { data: string; signature: string } }>(res);
}

/** An order paid through LiqPay: made, then a signed `success` callback. */
async function paidOrder(buyer: Registered, overrides: Record<string, unknown> = {}): Promise<string> {
  const made = await makeOrder(buyer, { gateway: "liqpay", ...overrides });
  const res = await ssr.app.inject({
    method: "POST",
    url: "/api/payments/liqpay/callback",
    headers: FORM,
    payload: liqpayCallback({ order_id: made.orderId, status: "success", amount: 490, currency: "UAH" }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return made.orderId;
}

/** The page rendered whole, in its language and direction, with the orders pack shipped. */
function expectPage(body: string, lang: string, dir: string, testId: string) {
  expect(body).toContain(`<html lang="${lang}" dir="${dir}">`);
  expect(body).toContain(`data-testid="${testId}"`);
  expect(body).toContain('<meta name="robots" content="noindex"/>');
  expect(body).toContain('<meta name="referrer" content="same-origin"/>');
  expect(body).toMatch(new RegExp(`<script id="mentora-packs" src="/locales/${lang}/page/[a-z+-]*\\borders\\b[a-z+-]*\\.[A-Za-z0-9_-]{16}\\.js"`));
}

describe("the order result page", () => {
  it.each(LANGS)("shows its owner a paid order and the way into the lesson, in %s (%s)", async (lang, dir) => {
    const buyer = await newLearner();
    const id = await paidOrder(buyer);
    const res = await buyer.browser.get(`/${lang}/order-result/${id}/?continue=/lesson/cs-first-minute/`);
    expect(res.statusCode).toBe(200);
    expectPage(res.body, lang, dir, "order-result");
    expect(res.body).toContain('data-screen="paid"');
    expect(res.body).toContain(TITLE[lang]);
    expect(res.body).toContain(lang === "en" ? "Payment received" : "تم استلام الدفع");
    // A plain link: the lesson page loads whole, with the access the payment gave.
    expect(res.body).toContain(`href="/${lang}/courses/${COURSE}/lesson/cs-first-minute"`);
  });

  it("shows an open order as pending", async () => {
    const buyer = await newLearner();
    const made = await makeOrder(buyer, { gateway: "sandbox" });
    const res = await buyer.browser.get(`/en/order-result/${made.orderId}/`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-screen="pending"');
    expect(res.body).toContain('data-testid="order-polling"');
  });

  it("shows another account's order as not found (404), with nothing of it", async () => {
    const id = await paidOrder(await newLearner());
    const other = await newLearner();
    const res = await other.browser.get(`/en/order-result/${id}/`);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('data-screen="not-found"');
    expect(res.body).not.toContain(TITLE.en);
    expect(res.body).not.toContain('data-testid="order-facts"');
  });

  it.each(LANGS)("asks a guest to sign in, in %s (%s), with nothing of the order", async (lang, dir) => {
    const id = await paidOrder(await newLearner());
    const res = await guest().get(`/${lang}/order-result/${id}/`);
    expect(res.statusCode).toBe(200);
    expectPage(res.body, lang, dir, "order-result");
    expect(res.body).toContain('data-screen="sign-in"');
    expect(res.body).toContain(lang === "en" ? "Sign in to see your order" : "سجّل الدخول لرؤية طلبك");
    expect(res.body).not.toContain(TITLE[lang]);
  });

  it.each([
    "/en/order-result/",
    "/en/order-result",
    `/en/order-result/${"x".repeat(201)}/`,
    "/en/order-result/a%3Cscript%3E/",
    "/en/order-result/..%2F..%2Fapi/",
  ])("answers 404 for %s", async (url) => {
    const res = await guest().get(url);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('data-testid="order-result"');
  });

  it("refuses a NUL byte in the order id before any page is drawn", async () => {
    const res = await guest().get("/en/order-result/a%00b/");
    expect([400, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain('data-testid="order-result"');
  });

  it("is reached without the language prefix through the language redirect", async () => {
    const res = await guest().get(`/order-result/${UNKNOWN}/?continue=/lesson/x/`, { cookie: "lang=ar" });
    expect(res.statusCode).toBe(302);
    const to = new URL(String(res.headers.location), "http://localhost");
    expect(to.pathname).toBe(`/ar/order-result/${UNKNOWN}/`);
    expect(to.searchParams.get("continue")).toBe("/lesson/x/");
  });
});

describe("the test payment page", () => {
  /** A sandbox order through its checkout: the form post answers with the test-payment page's address. */
  async function testPaymentAddress(buyer: Registered): Promise<string> {
    const made = await makeOrder(buyer, { gateway: "sandbox" });
    expect(made.checkoutUrl).toBe("/api/payments/sandbox/checkout");
    const res = await buyer.browser.request({
      method: "POST",
      url: made.checkoutUrl!,
      headers: FORM,
      payload: new URLSearchParams({ data: made.meta.data, signature: made.meta.signature }).toString(),
    });
    expect(res.statusCode, res.body).toBe(303);
    return String(res.headers.location);
  }

  it.each(LANGS)("is plainly marked as a test payment and shows the course and amount, in %s (%s)", async (lang, dir) => {
    const buyer = await newLearner();
    const address = (await testPaymentAddress(buyer)).replace(/^\/[a-z]{2}\//, `/${lang}/`);
    const res = await buyer.browser.get(address);
    expect(res.statusCode).toBe(200);
    expectPage(res.body, lang, dir, "test-payment");
    expect(res.body).toContain('data-testid="test-payment-banner"');
    expect(res.body).toContain(lang === "en" ? "Test payment: no money is charged" : "دفع تجريبي: لن يُخصم أي مبلغ");
    expect(res.body).toMatch(/data-testid="test-payment-amount">[^<]*490/);
    for (const decision of ["pay", "decline", "later"]) expect(res.body).toContain(`data-testid="test-payment-${decision}"`);
  });

  it("says a link with a wrong or missing ticket is not valid, and shows nothing of the order", async () => {
    const buyer = await newLearner();
    const address = new URL(await testPaymentAddress(buyer), "http://localhost");
    for (const search of ["?t=wrong-ticket-0123456789", ""]) {
      const res = await guest().get(`${address.pathname}${search}`);
      expect([403, 404]).toContain(res.statusCode);
      expect(res.body).toContain("This test payment link is not valid");
      expect(res.body).not.toContain('data-testid="test-payment-pay"');
      expect(res.body).not.toContain(TITLE.en);
    }
  });

  it("answers 404 for an unknown or malformed order", async () => {
    expect((await guest().get(`/en/test-payment/${UNKNOWN}/?t=0123456789abcdef`)).statusCode).toBe(404);
    expect((await guest().get("/en/test-payment/a%22b/?t=x")).statusCode).toBe(404);
  });
});

describe("the gift page", () => {
  /** A paid gift order whose link token is `token` (the real one is only in the recipient's letter). */
  async function giftWithToken(email: string, token: string) {
    const id = await paidOrder(await newLearner(), { gift: { email, message: "Happy birthday!" } });
    await ssr.database.db
      .update(gifts)
      .set({ tokenHash: createHash("sha256").update(token).digest("hex") })
      .where(eq(gifts.orderId, id));
  }

  it.each(LANGS)("shows the gift with the portal's frame, and asks a guest to sign in, in %s (%s)", async (lang, dir) => {
    const token = `gift-${lang}-${"t".repeat(30)}`;
    await giftWithToken("ayse@example.com", token);
    const res = await guest().get(`/${lang}/gift/${token}/`);
    expect(res.statusCode).toBe(200);
    expectPage(res.body, lang, dir, "gift");
    expect(res.body).toContain('data-screen="sign-in"');
    expect(res.body).toContain(TITLE[lang]);
    expect(res.body).toContain("Happy birthday!");
    expect(res.body).toContain("ayse@example.com");
  });

  it("offers the claim to the account of the gift's address only", async () => {
    const recipient = await newLearner();
    const token = `gift-claim-${"c".repeat(30)}`;
    await giftWithToken(recipient.email, token);
    expect((await recipient.browser.get(`/en/gift/${token}/`)).body).toContain('data-screen="claim"');
    const other = await newLearner();
    const res = await other.browser.get(`/en/gift/${token}/`);
    expect(res.body).toContain('data-screen="other-account"');
    expect(res.body).not.toContain('data-testid="gift-claim"');
  });

  it("says an unknown token is not valid (404) and refuses a malformed one", async () => {
    const res = await guest().get(`/en/gift/${"u".repeat(43)}/`);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('data-screen="not-found"');
    expect((await guest().get("/en/gift/a%3Cb%3E/")).statusCode).toBe(404);
  });
});

describe("the receipt and the profile's orders", () => {
  it("sends a guest to sign in and back to the receipt", async () => {
    const res = await guest().get(`/en/profile/orders/${UNKNOWN}/`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/en/?login=1&returnTo=${encodeURIComponent(`/en/profile/orders/${UNKNOWN}/`)}`);
  });

  it.each(LANGS)("renders a paid order's receipt for its owner in %s (%s)", async (lang, dir) => {
    const buyer = await newLearner();
    const id = await paidOrder(buyer);
    const res = await buyer.browser.get(`/${lang}/profile/orders/${id}/`);
    expect(res.statusCode).toBe(200);
    expectPage(res.body, lang, dir, "receipt");
    expect(res.body).toMatch(/data-testid="receipt-number">\d+</);
    expect(res.body).toMatch(/data-testid="receipt-amount">[^<]*490/);
    expect(res.body).toContain("LiqPay");
    expect(res.body).toContain("UTC");
  });

  it("shows another account's receipt as not found (404)", async () => {
    const id = await paidOrder(await newLearner());
    const res = await (await newLearner()).browser.get(`/en/profile/orders/${id}/`);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('data-testid="receipt-missing"');
    expect(res.body).not.toContain(TITLE.en);
  });

  it.each(LANGS)("lists a learner's orders on the profile with a link to each receipt, in %s (%s)", async (lang, dir) => {
    const buyer = await newLearner();
    const id = await paidOrder(buyer);
    const res = await buyer.browser.get(`/${lang}/profile`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<html lang="${lang}" dir="${dir}">`);
    expect(res.body).toContain(lang === "en" ? "My orders" : "طلباتي");
    expect(res.body).toContain(`data-order="${id}" data-status="paid"`);
    expect(res.body).toContain(`href="/${lang}/profile/orders/${id}/"`);
  });
});

describe("the bought label", () => {
  it.each(LANGS)("says bought instead of the price on the catalogue card and the course page of a buyer, in %s", async (lang) => {
    const bought = lang === "en" ? "Bought" : "تم الشراء";
    const buyer = await newLearner();
    await paidOrder(buyer);
    const catalogue = await buyer.browser.get(`/${lang}/courses/`);
    expect(catalogue.statusCode).toBe(200);
    expect(catalogue.body).toMatch(new RegExp(`data-testid="course-price" data-bought="true"><span class="text-success">${bought}</span>`));
    const course = await buyer.browser.get(`/${lang}/courses/${COURSE}`);
    expect(course.body).toMatch(new RegExp(`data-testid="course-price" data-bought="true"><span class="text-success">${bought}</span>`));
    expect(course.body).not.toContain('data-scenario="buy-course"');
  });

  it("never shows it to a guest, whose pages the cache may keep", async () => {
    for (const path of ["/en/courses/", `/en/courses/${COURSE}`]) {
      const res = await guest().get(path);
      expect(res.body).not.toContain("data-bought");
      expect(res.body).toMatch(/₴\s*490/);
    }
  });
});
