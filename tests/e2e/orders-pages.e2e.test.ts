/**
 * The purchase pages' every state in Chromium, in English and Arabic (rtl), each checked by axe:
 * the order result (paid, gift, failed, reversed, still processing after the waiting time), the
 * receipt with a coupon and a refund, the profile's orders, a gift for this account and for another,
 * and the buy step with a coupon and a gift. The orders API answers through page.route with replies
 * of the domain's shapes (src/domain/order.ts), so each state is shown on demand; the purchase
 * through the real server is purchase-sandbox.e2e.test.ts.
 */
import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type TGift, type TOrder, ZGift, ZOrder, ZOrderList, ZOrderQuote } from "../../src/domain/order";
import { ORDER_POLL_LIMIT_MS } from "../../src/domain/order";
import { type SignedIn, useE2E, waitForHydration } from "./fixtures";

const e2e = useE2E();

/**
 * Two accounts for the whole file (registration is rate-limited per address): each test gets a new
 * page in one of their contexts, so its page.route stand-ins stay its own.
 */
const accounts = new Map<string, SignedIn>();
async function as(who: "learner" | "other", lang: Lang): Promise<SignedIn> {
  let account = accounts.get(who);
  if (!account) {
    account = await e2e.signIn("disciple");
    accounts.set(who, account);
  }
  await account.context.addCookies([{ name: "lang", value: lang, url: e2e.baseURL }]);
  return { ...account, page: await account.context.newPage() };
}
const ID = "ord_abcdefghijklmnopqrstuvwxyz";
const TITLES = { en: "Speaking with Confidence", ar: "التحدّث بثقة" } as const;
type Lang = keyof typeof TITLES;

function order(lang: Lang, patch: Partial<TOrder> = {}): TOrder {
  return ZOrder.parse({
    id: ID,
    courseId: "confident-speaking",
    courseTitle: TITLES[lang],
    currency: "UAH",
    listAmount: 490,
    amount: 441,
    coupon: { code: "SPRING10", discount: 49 },
    gateway: "sandbox",
    status: "paid",
    gift: null,
    receiptNumber: 17,
    createdAt: "2025-03-04T10:00:00.000Z",
    paidAt: "2025-03-04T10:01:12.000Z",
    reversedAt: null,
    history: [
      { status: "created", at: "2025-03-04T10:00:00.000Z" },
      { status: "paid", at: "2025-03-04T10:01:12.000Z" },
    ],
    continuePath: "/lesson/cs-first-minute/",
    ...patch,
  });
}

/** Requests of one API path, whatever their query. */
const api = (path: string) => (url: URL) => url.pathname === path;
const reply = (route: Route, body: unknown, status = 200) => route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });

async function resultPage(page: Page, lang: Lang, body: TOrder) {
  await page.route(api(`/api/orders/${ID}`), (r) => reply(r, body));
  await e2e.open(`/${lang}/order-result/${ID}/`, { page });
}

describe.each(["en", "ar"] as const)("the purchase pages in %s", (lang) => {
  const dir = lang === "ar" ? "rtl" : "ltr";

  it("shows each outcome of an order with the way on, and passes axe", async () => {
    const { page } = await as("learner", lang);
    for (const [name, body, screen, href] of [
      ["paid", order(lang), "paid", `/${lang}/courses/confident-speaking/lesson/cs-first-minute`],
      ["gift", order(lang, { gift: { email: "ayse@example.com", claimed: false } }), "paid", `/${lang}/courses/confident-speaking`],
      ["failed", order(lang, { status: "failed", paidAt: null, receiptNumber: null }), "failed", `/${lang}/courses/confident-speaking`],
      ["reversed", order(lang, { status: "reversed", reversedAt: "2025-03-06T09:00:00.000Z" }), "reversed", `/${lang}/courses/confident-speaking`],
    ] as const) {
      await page.unrouteAll();
      await resultPage(page, lang, body);
      await page.locator(`[data-testid="order-result"][data-screen="${screen}"]`).waitFor();
      expect(await page.locator("html").getAttribute("dir")).toBe(dir);
      expect(await page.getByTestId("order-continue").getAttribute("href"), name).toBe(href);
      await e2e.axeCheck(page, `order result, ${name} (${lang})`);
    }
  });

  it("stops asking after the waiting time and says the e-mail will follow; asking again restarts the wait", async () => {
    const { page } = await as("learner", lang);
    await page.clock.install();
    let asked = 0;
    await page.route(api(`/api/orders/${ID}`), (r) => {
      asked++;
      return reply(r, order(lang, { status: "pending", paidAt: null, receiptNumber: null }));
    });
    await e2e.open(`/${lang}/order-result/${ID}/`, { page });
    await page.locator('[data-testid="order-result"][data-screen="pending"]').waitFor();
    await page.getByTestId("order-polling").waitFor();
    await page.clock.runFor(ORDER_POLL_LIMIT_MS + 1000);
    await page.locator('[data-testid="order-result"][data-screen="slow"]').waitFor();
    await e2e.axeCheck(page, `order result, still processing (${lang})`);
    // No more questions once it stopped waiting.
    const stoppedAt = asked;
    await page.clock.runFor(ORDER_POLL_LIMIT_MS);
    expect(asked).toBe(stoppedAt);
    await page.getByTestId("order-check-again").click();
    await page.locator('[data-testid="order-result"][data-screen="pending"]').waitFor();
    await expect.poll(() => asked).toBe(stoppedAt + 1);
  });

  it("lists the learner's orders with provider names and opens a refunded order's receipt", async () => {
    const { page } = await as("learner", lang);
    const refunded = order(lang, { status: "reversed", gateway: "wayforpay", reversedAt: "2025-03-06T09:00:00.000Z" });
    const list = ZOrderList.parse({
      orders: [
        refunded,
        order(lang, {
          id: "ord_bbbbbbbbbbbbbbbbbbbbbbbbbb",
          status: "failed",
          gateway: "liqpay",
          coupon: null,
          amount: 490,
          receiptNumber: null,
          paidAt: null,
        }),
        order(lang, {
          id: "ord_cccccccccccccccccccccccccc",
          status: "pending",
          gift: { email: "ayse@example.com", claimed: false },
          receiptNumber: null,
          paidAt: null,
        }),
      ],
    });
    await page.route(api("/api/orders"), (r) => reply(r, list));
    await page.route(api(`/api/orders/${ID}`), (r) => reply(r, refunded));
    await e2e.open(`/${lang}/profile`, { page });
    await page.getByTestId("my-orders").waitFor();
    const rows = page.getByTestId("my-order");
    expect(await rows.count()).toBe(3);
    expect(await rows.nth(0).textContent()).toContain("WayForPay");
    expect(await rows.nth(1).textContent()).toContain("LiqPay");
    expect(await rows.nth(2).textContent()).toContain(lang === "en" ? "Test payment" : "دفع تجريبي");
    // Only paid (and refunded) orders have a receipt.
    expect(await page.getByTestId("my-order-receipt").count()).toBe(1);
    await e2e.axeCheck(page, `profile orders (${lang})`);

    await page.getByTestId("my-order-receipt").click();
    await page.getByTestId("receipt").waitFor();
    expect(await page.getByTestId("receipt-reversed").isVisible()).toBe(true);
    expect(await page.getByTestId("receipt-number").textContent()).toBe("17");
    expect(await page.getByTestId("receipt-list-price").textContent()).toMatch(/490/);
    expect(await page.getByTestId("receipt-discount").textContent()).toMatch(/49/);
    expect(await page.getByTestId("receipt-amount").textContent()).toMatch(/441/);
    await e2e.axeCheck(page, `receipt (${lang})`);
  });

  it("offers a gift to the account of its address, and tells another account it is not for it", async () => {
    const me = await as("learner", lang);
    const gift = (email: string): TGift =>
      ZGift.parse({ courseId: "confident-speaking", courseTitle: TITLES[lang], from: "Deniz Kaya", message: "🎉 Enjoy!", email, state: "waiting" });
    const token = "a".repeat(43);
    let claimed = 0;
    await me.page.route(api(`/api/gifts/${token}`), (r) => reply(r, gift(me.email.toUpperCase())));
    await me.page.route(api("/api/gifts/claim"), (r) => {
      claimed++;
      return reply(r, { ...gift(me.email), state: "claimed" });
    });
    await e2e.open(`/${lang}/gift/${token}/`, { page: me.page });
    await me.page.locator('[data-testid="gift"][data-screen="claim"]').waitFor();
    expect(await me.page.getByTestId("gift-message").textContent()).toBe("🎉 Enjoy!");
    await e2e.axeCheck(me.page, `gift to claim (${lang})`);
    await me.page.getByTestId("gift-claim").click();
    await me.page.waitForURL((u) => u.pathname === `/${lang}/courses/confident-speaking`);
    expect(claimed).toBe(1);

    const other = await as("other", lang);
    await other.page.route(api(`/api/gifts/${token}`), (r) => reply(r, gift("ayse@example.com")));
    await e2e.open(`/${lang}/gift/${token}/`, { page: other.page });
    await other.page.locator('[data-testid="gift"][data-screen="other-account"]').waitFor();
    expect(await other.page.getByTestId("gift-claim").count()).toBe(0);
    await e2e.axeCheck(other.page, `gift for another address (${lang})`);
  });

  it("prices the course with a coupon, refuses a bad one in words, and takes a gift's address", async () => {
    const { page } = await as("learner", lang);
    await page.route(api("/api/orders/quote"), (r) => {
      const coupon = new URL(r.request().url()).searchParams.get("coupon");
      if (coupon === "SPRING10")
        return reply(
          r,
          ZOrderQuote.parse({ courseId: "confident-speaking", currency: "UAH", listAmount: 490, amount: 441, coupon: { code: "SPRING10", discount: 49 } }),
        );
      return reply(r, { error: { code: "VALIDATION", key: "errors:codes.VALIDATION", message: "Invalid coupon" } }, 400);
    });
    let sent: unknown = null;
    await page.route(api("/api/orders"), (r) => {
      if (r.request().method() !== "POST") return r.continue();
      sent = r.request().postDataJSON();
      return reply(r, { state: "error", meta: { error: { message: "Merchant is blocked" } } });
    });
    await e2e.open(`/${lang}/courses/confident-speaking`, { page });
    await page.getByTestId("course-action").click();
    const contacts = page.getByTestId("scenario-step-profile-fill-two");
    await contacts.waitFor();
    await contacts.locator('input[name="phone"]').fill("+905551234567");
    await contacts.locator('button[type="submit"]').click();
    await page.getByTestId("buy-course").waitFor();

    await page.getByTestId("buy-coupon").fill("x");
    await page.getByTestId("buy-coupon-apply").click();
    await page.locator('[data-testid="buy-coupon"][aria-invalid="true"]').waitFor();
    await page.getByTestId("buy-coupon").fill("spring10");
    await page.getByTestId("buy-coupon-apply").click();
    await page.getByTestId("buy-coupon-applied").waitFor();
    expect(await page.getByTestId("buy-price").getAttribute("data-amount")).toBe("441");
    await page.getByTestId("buy-gift").check();
    await page.getByTestId("buy-gift-email").fill("ayse@example.com");
    await page.getByTestId("buy-gift-message").fill("Happy birthday!");
    await e2e.axeCheck(page, `buy step with a coupon and a gift (${lang})`);

    await page.getByTestId("buy-pay").click();
    await page.getByTestId("buy-refusal").waitFor();
    expect(await page.getByTestId("buy-refusal").textContent()).toBe("Merchant is blocked");
    expect(sent).toMatchObject({
      courses: ["confident-speaking"],
      coupon: "SPRING10",
      gift: { email: "ayse@example.com", message: "Happy birthday!" },
    });
    expect(sent).not.toHaveProperty("gateway");
    const resultUrl = new URL((sent as { resultUrl: string }).resultUrl);
    expect(resultUrl.pathname).toBe(`/${lang}/order-result/`);
    expect(resultUrl.searchParams.get("continue")).toBe("/lesson/cs-first-minute/");
    await waitForHydration(page);
  });
});
