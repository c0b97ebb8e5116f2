/**
 * The purchase pages as the server renders them (issue 11, decision 0031): the order result, the
 * sandbox's test checkout, a gift link, the receipt, the profile's orders section, and the "bought"
 * label of the catalogue and the course page. The pages read orders through the API in the browser,
 * so the server's HTML holds the page's frame and state, never an order. Runs on the built app.
 */
import { describe, expect, it } from "vitest";
import { Browser } from "../support/http";
import { learner } from "../support/sign-in";
import { useSsrApp } from "../support/ssr-app";

const ssr = useSsrApp();
const guest = () => new Browser(ssr.app);

const ORDER = "ord_abcdefghijklmnopqrstuvwxyz";
const LANGS = [
  ["en", "ltr"],
  ["ar", "rtl"],
] as const;

/** The page rendered whole, in its language and direction, with the orders pack shipped and no error screen. */
function expectPage(body: string, lang: string, dir: string, testId: string) {
  expect(body).toContain(`<html lang="${lang}" dir="${dir}">`);
  expect(body).toContain(`data-testid="${testId}"`);
  expect(body).toContain('<meta name="robots" content="noindex"/>');
  expect(body).toContain('<meta name="referrer" content="same-origin"/>');
  expect(body).toMatch(/<script id="mentora-packs" type="application\/json"[^>]*>[^<]*"orders":\{/);
  expect(body).not.toContain('data-testid="not-found"');
}

describe("the order result page", () => {
  it.each(LANGS)("asks a guest to sign in, in %s (%s), without any order in the page", async (lang, dir) => {
    const res = await guest().get(`/${lang}/order-result/${ORDER}/?continue=/lesson/cs-first-minute/`);
    expect(res.statusCode).toBe(200);
    expectPage(res.body, lang, dir, "order-result");
    expect(res.body).toContain('data-screen="sign-in"');
    expect(res.body).toContain('data-testid="order-sign-in"');
    expect(res.body).toContain(lang === "en" ? "Sign in to see your order" : "سجّل الدخول لرؤية طلبك");
    expect(res.body).toContain(lang === "en" ? "<title>Your order</title>" : "<title>طلبك</title>");
    expect(res.body).not.toContain('data-testid="order-facts"');
  });

  it.each(LANGS)("renders a signed-in learner's page as loading, in %s: the order comes from the API in the browser", async (lang, dir) => {
    const { browser } = await learner(ssr.app, ssr.database.db);
    const res = await browser.get(`/${lang}/order-result/${ORDER}/`);
    expect(res.statusCode).toBe(200);
    expectPage(res.body, lang, dir, "order-result");
    expect(res.body).toContain('data-screen="loading"');
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
    const res = await guest().get(`/order-result/${ORDER}/?continue=/lesson/x/`, { cookie: "lang=ar" });
    expect(res.statusCode).toBe(302);
    const to = new URL(String(res.headers.location), "http://localhost");
    expect(to.pathname).toBe(`/ar/order-result/${ORDER}/`);
    expect(to.searchParams.get("continue")).toBe("/lesson/x/");
  });
});

describe("the test payment page", () => {
  it.each(LANGS)("is plainly marked as a test payment, in %s (%s)", async (lang, dir) => {
    const res = await guest().get(`/${lang}/test-payment/${ORDER}/?t=ticket-1`);
    expect(res.statusCode).toBe(200);
    expectPage(res.body, lang, dir, "test-payment");
    expect(res.body).toContain('data-testid="test-payment-banner"');
    expect(res.body).toContain(lang === "en" ? "Test payment: no money is charged" : "دفع تجريبي: لن يُخصم أي مبلغ");
  });

  it("says a link without its ticket is not valid", async () => {
    const res = await guest().get(`/en/test-payment/${ORDER}/`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("This test payment link is not valid");
    expect(res.body).not.toContain('data-testid="test-payment-pay"');
  });

  it("answers 404 for a malformed order id", async () => {
    expect((await guest().get("/en/test-payment/a%22b/?t=x")).statusCode).toBe(404);
  });
});

describe("the gift page", () => {
  it.each(LANGS)("renders in %s (%s) with the portal's frame", async (lang, dir) => {
    const res = await guest().get(`/${lang}/gift/tok_${"a".repeat(40)}/`);
    expect(res.statusCode).toBe(200);
    expectPage(res.body, lang, dir, "gift");
    expect(res.body).toContain('data-testid="sign-in"');
  });

  it("answers 404 for a malformed token", async () => {
    expect((await guest().get("/en/gift/a%3Cb%3E/")).statusCode).toBe(404);
  });
});

describe("the receipt and the profile's orders", () => {
  it("sends a guest to sign in and back to the receipt", async () => {
    const res = await guest().get(`/en/profile/orders/${ORDER}/`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/en/?login=1&returnTo=${encodeURIComponent(`/en/profile/orders/${ORDER}/`)}`);
  });

  it.each(LANGS)("renders the receipt page for a learner in %s (%s)", async (lang, dir) => {
    const { browser } = await learner(ssr.app, ssr.database.db);
    const res = await browser.get(`/${lang}/profile/orders/${ORDER}/`);
    expect(res.statusCode).toBe(200);
    expectPage(res.body, lang, dir, "profile-order-page");
  });

  it.each(LANGS)("gives a learner's profile its orders section in %s (%s)", async (lang, dir) => {
    const { browser } = await learner(ssr.app, ssr.database.db);
    const res = await browser.get(`/${lang}/profile`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<html lang="${lang}" dir="${dir}">`);
    expect(res.body).toContain('data-testid="profile-orders"');
    expect(res.body).toContain(lang === "en" ? "My orders" : "طلباتي");
  });
});

describe("the bought label", () => {
  it.each(LANGS)("says bought instead of the price on the catalogue card and the course page of a buyer, in %s", async (lang) => {
    const bought = lang === "en" ? "Bought" : "تم الشراء";
    const { browser } = await learner(ssr.app, ssr.database.db, { orderedCourses: ["confident-speaking"] });
    const catalogue = await browser.get(`/${lang}/courses/`);
    expect(catalogue.statusCode).toBe(200);
    expect(catalogue.body).toMatch(new RegExp(`data-testid="course-price" data-bought="true"><span class="text-success">${bought}</span>`));
    const course = await browser.get(`/${lang}/courses/confident-speaking`);
    expect(course.body).toMatch(new RegExp(`data-testid="course-price" data-bought="true"><span class="text-success">${bought}</span>`));
    expect(course.body).not.toContain('data-scenario="buy-course"');
  });

  it("never shows it to a guest, whose pages the cache may keep", async () => {
    for (const path of ["/en/courses/", "/en/courses/confident-speaking"]) {
      const res = await guest().get(path);
      expect(res.body).not.toContain("data-bought");
      expect(res.body).toMatch(/₴\s*490/);
    }
  });
});
