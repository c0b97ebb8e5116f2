/**
 * The purchase pages' states in Chromium, in English and Arabic (rtl), each checked by axe: the order
 * result (paid, gift, failed, refunded, still processing after the waiting time), the receipt of a
 * refunded order bought with a coupon, the profile's orders, a gift claimed by the account of its
 * address and refused to another, and the buy step pricing a coupon (the demo's WELCOME10) and taking
 * a gift. Orders are made through the API and moved by LiqPay callbacks signed as LiqPay signs them;
 * the purchase through the sandbox's pages is purchase-sandbox.e2e.test.ts.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ORDER_POLL_LIMIT_MS } from "../../src/domain/order";
import { gifts } from "../../src/server/db/schema/orders";
import { DEMO_COUPON } from "../../src/server/db/seed/demo-coupons";
import { FORM, PAYMENT_ENV, liqpayCallback, orderBody } from "../support/payments";
import { type SignedIn, useE2E, waitForHydration } from "./fixtures";

const e2e = useE2E(() => PAYMENT_ENV);
const COURSE = "confident-speaking";
type Lang = "en" | "ar";

/**
 * Two accounts for the whole file (registration is rate-limited per address): each test gets a new
 * page in one of their contexts.
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

/** An order of the context's account, made through the API as the buy step makes it. */
async function makeOrder(context: BrowserContext, overrides: Record<string, unknown> = {}): Promise<{ orderId: string; amount: number }> {
  const res = await context.request.post(e2e.url("/api/orders"), {
    data: orderBody(e2e.config.ENVIRONMENT_ID, COURSE, { resultUrl: e2e.url("/en/order-result/?continue=/lesson/cs-first-minute/"), ...overrides }),
    headers: { origin: e2e.baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
  const made = (await res.json()) as { orderId: string; meta: { data: string } };
  const data = JSON.parse(Buffer.from(made.meta.data, "base64").toString("utf8")) as { amount: number };
  return { orderId: made.orderId, amount: Number(data.amount) };
}

/** LiqPay's server callback for an order (success, failure, reversed...). */
async function callback(context: BrowserContext, order: { orderId: string; amount: number }, status: string) {
  const res = await context.request.post(e2e.url("/api/payments/liqpay/callback"), {
    data: liqpayCallback({ order_id: order.orderId, status, amount: order.amount, currency: "UAH" }),
    headers: FORM,
  });
  expect(res.status(), await res.text()).toBe(200);
}

const screenShown = (page: Page, name: string) => page.locator(`[data-testid="order-result"][data-screen="${name}"]`).waitFor();

describe.each(["en", "ar"] as const)("the purchase pages in %s", (lang) => {
  const dir = lang === "ar" ? "rtl" : "ltr";

  it("shows each outcome of an order with the way on, and passes axe", async () => {
    const { page, context } = await as("learner", lang);
    const other = await as("other", lang);
    const cases = [
      { name: "failed", make: {}, then: ["failure"], href: `/${lang}/courses/${COURSE}` },
      { name: "gift", make: { gift: { email: other.email } }, then: ["success"], screen: "paid", href: `/${lang}/courses/${COURSE}` },
      { name: "reversed", make: {}, then: ["success", "reversed"], href: `/${lang}/courses/${COURSE}` },
      { name: "paid", make: {}, then: ["success"], href: `/${lang}/courses/${COURSE}/lesson/cs-first-minute` },
    ];
    let last: { orderId: string; amount: number } | null = null;
    for (const c of cases) {
      const order = await makeOrder(context, { gateway: "liqpay", ...c.make });
      last = order;
      for (const status of c.then) await callback(context, order, status);
      await e2e.open(`/${lang}/order-result/${order.orderId}/`, { page });
      await screenShown(page, c.screen ?? c.name);
      expect(await page.locator("html").getAttribute("dir")).toBe(dir);
      expect(await page.getByTestId("order-continue").getAttribute("href"), c.name).toBe(c.href);
      await e2e.axeCheck(page, `order result, ${c.name} (${lang})`);
    }
    // Refunded again, so the account can buy the course in the next tests.
    await callback(context, last!, "reversed");
  });

  it("stops asking after the waiting time and says the e-mail will follow; asking again restarts the wait", async () => {
    const { page, context } = await as("other", lang);
    const order = await makeOrder(context, { gateway: "sandbox" });
    await page.clock.install();
    let asked = 0;
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === `/api/orders/${order.orderId}`) asked++;
    });
    await e2e.open(`/${lang}/order-result/${order.orderId}/`, { page });
    await screenShown(page, "pending");
    await page.getByTestId("order-polling").waitFor();
    await page.clock.runFor(ORDER_POLL_LIMIT_MS + 1000);
    await screenShown(page, "slow");
    expect(asked).toBeGreaterThan(0);
    await e2e.axeCheck(page, `order result, still processing (${lang})`);
    // No more questions once it stopped waiting.
    const stoppedAt = asked;
    await page.clock.runFor(ORDER_POLL_LIMIT_MS);
    expect(asked).toBe(stoppedAt);
    await page.getByTestId("order-check-again").click();
    await screenShown(page, "pending");
    await expect.poll(() => asked).toBe(stoppedAt + 1);
  });

  it("lists the learner's orders and shows a refunded receipt with its coupon", async () => {
    const { page, context } = await as("learner", lang);
    const order = await makeOrder(context, { gateway: "liqpay", coupon: DEMO_COUPON });
    expect(order.amount).toBe(441);
    await callback(context, order, "success");
    await callback(context, order, "reversed");
    await e2e.open(`/${lang}/profile`, { page });
    const row = page.locator(`[data-testid="my-order"][data-order="${order.orderId}"]`);
    await row.waitFor();
    expect(await row.getAttribute("data-status")).toBe("reversed");
    expect(await row.textContent()).toContain("LiqPay");
    await e2e.axeCheck(page, `profile orders (${lang})`);

    await row.getByTestId("my-order-receipt").click();
    await page.getByTestId("receipt").waitFor();
    expect(await page.getByTestId("receipt-reversed").isVisible()).toBe(true);
    expect(await page.getByTestId("receipt-number").textContent()).toMatch(/^\d+$/);
    expect(await page.getByTestId("receipt-list-price").textContent()).toMatch(/490/);
    expect(await page.getByTestId("receipt-discount").textContent()).toMatch(/49/);
    expect(await page.getByTestId("receipt-amount").textContent()).toMatch(/441/);
    expect(await page.getByTestId("receipt-history").textContent()).toBeTruthy();
    await e2e.axeCheck(page, `refunded receipt (${lang})`);
  });

  it("lets the account of a gift's address receive it, and tells another account it is not for it", async () => {
    const buyer = await as("learner", lang);
    const recipient = await e2e.signIn("disciple", { lang });
    const order = await makeOrder(buyer.context, { gateway: "liqpay", gift: { email: recipient.email, message: "🎉 Enjoy!" } });
    await callback(buyer.context, order, "success");
    // The real token is only in the recipient's letter: the gift gets one this test knows.
    const token = `gift-${lang}-${order.orderId}`;
    await e2e.database.db
      .update(gifts)
      .set({ tokenHash: createHash("sha256").update(token).digest("hex") })
      .where(eq(gifts.orderId, order.orderId));

    await e2e.open(`/${lang}/gift/${token}/`, { page: buyer.page });
    await buyer.page.locator('[data-testid="gift"][data-screen="other-account"]').waitFor();
    expect(await buyer.page.getByTestId("gift-claim").count()).toBe(0);
    await e2e.axeCheck(buyer.page, `gift for another address (${lang})`);

    await e2e.open(`/${lang}/gift/${token}/`, { page: recipient.page });
    await recipient.page.locator('[data-testid="gift"][data-screen="claim"]').waitFor();
    expect(await recipient.page.getByTestId("gift-message").textContent()).toBe("🎉 Enjoy!");
    await e2e.axeCheck(recipient.page, `gift to receive (${lang})`);
    await recipient.page.getByTestId("gift-claim").click();
    await recipient.page.waitForURL((u) => u.pathname === `/${lang}/courses/${COURSE}`);
    await waitForHydration(recipient.page);
    expect(await recipient.page.getByTestId("course-price").getAttribute("data-bought")).toBe("true");
  });

  it("prices the course with a coupon, says why another is refused, and takes a gift's address", async () => {
    const { page } = await as("other", lang);
    let sent: Record<string, unknown> | null = null;
    // The order itself is answered here: with a provider's refusal, which no local gateway gives.
    await page.route(
      (u) => u.pathname === "/api/orders",
      (r) => {
        if (r.request().method() !== "POST") return r.continue();
        sent = r.request().postDataJSON() as Record<string, unknown>;
        return r.fulfill({ contentType: "application/json", body: JSON.stringify({ state: "error", meta: { error: { message: "Merchant is blocked" } } }) });
      },
    );
    await e2e.open(`/${lang}/courses/${COURSE}`, { page });
    await page.getByTestId("course-action").click();
    const contacts = page.getByTestId("scenario-step-profile-fill-two");
    await contacts.waitFor();
    await contacts.locator('input[name="phone"]').fill("+905551234567");
    await contacts.locator('button[type="submit"]').click();
    await page.getByTestId("buy-course").waitFor();

    await page.getByTestId("buy-coupon").fill("NOPE-123");
    await page.getByTestId("buy-coupon-apply").click();
    await page.locator('[data-testid="buy-coupon"][aria-invalid="true"]').waitFor();
    // The server's refusal in the page's language, not a key.
    const refusal = await page.locator(`#${await page.getByTestId("buy-coupon").getAttribute("id")}-error`).textContent();
    expect(refusal).not.toMatch(/codes\.|COUPON/);
    await page.getByTestId("buy-coupon").fill(DEMO_COUPON.toLowerCase());
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
    await e2e.axeCheck(page, `buy step, provider refusal (${lang})`);
    expect(sent).toMatchObject({ courses: [COURSE], coupon: DEMO_COUPON, gift: { email: "ayse@example.com", message: "Happy birthday!" } });
    expect(sent).not.toHaveProperty("gateway");
    const resultUrl = new URL((sent as unknown as { resultUrl: string }).resultUrl);
    expect(resultUrl.pathname).toBe(`/${lang}/order-result/`);
    expect(resultUrl.searchParams.get("continue")).toBe("/lesson/cs-first-minute/");
  });
});
