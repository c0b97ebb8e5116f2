/**
 * Buying the demo paid course through LiqPay and WayForPay, in Chromium, against local stand-ins
 * that check the posted form as the provider would (fields, signature, `name[]` arrays), deliver a
 * signed callback to the app and return the browser (issue 11, decision 0031). For each provider: a
 * guest registers inside buy-course, pays, lands on the order result and continues into a paid
 * lesson; a declined payment; a pending payment that settles while the result page polls (in Arabic,
 * right to left, with axe).
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../support/factories";
import { startLiqpayStandIn, type LiqpayStandIn } from "../stand-ins/liqpay";
import { startWayforpayStandIn, type WayforpayStandIn } from "../stand-ins/wayforpay";
import { type E2E, useE2E, waitForHydration } from "./fixtures";
import { contactsThenBuyStep, COURSE, PAID_LESSON, recorded, recordScreens, registerInBuyCourse, screenShown } from "./purchase-steps";

interface Provider {
  name: string;
  origin: string;
  /** The stand-in's record of the order's checkout form: accepted as the provider would, or not. */
  formAccepted(orderId: string): boolean;
  /** The statuses of the callbacks it delivered for the order, in order. */
  callbackStatuses(orderId: string): string[];
  /** Every callback it delivered was answered as the provider requires. */
  callbacksAnswered(orderId: string): boolean;
  idle(): Promise<void>;
}

/** From the buy step: pays, decides on the provider's page, and waits for the order result page. */
async function payAtProvider(e2e: E2E, page: Page, provider: Provider, lang: string, decision: "Pay" | "Decline" | "Pay later"): Promise<string> {
  await page.getByTestId("buy-pay").click();
  await page.waitForURL((u) => u.origin === provider.origin);
  await page.getByRole("button", { name: decision, exact: true }).click();
  await page.waitForURL((u) => u.origin === e2e.baseURL && u.pathname.startsWith(`/${lang}/order-result/`));
  await waitForHydration(page);
  const orderId = new URL(page.url()).pathname.split("/")[3];
  expect(provider.formAccepted(orderId), "the provider accepted the checkout form").toBe(true);
  return orderId;
}

function purchaseSpecs(provider: () => Provider, e2e: E2E) {
  const open = (path: string, lang = "en") => e2e.open(path, { lang, allowOrigins: [provider().origin] });

  it("a guest registers in buy-course, pays at the provider, sees the result and continues into a paid lesson", async () => {
    const page = await open(`/en/courses/${COURSE}`);
    await registerInBuyCourse(page, uniqueEmail("buyer"));
    await contactsThenBuyStep(page);
    const orderId = await payAtProvider(e2e, page, provider(), "en", "Pay");
    await screenShown(page, "paid");
    expect(new URL(page.url()).searchParams.get("continue")).toBe(`/lesson/${PAID_LESSON}/`);
    await provider().idle();
    expect(provider().callbackStatuses(orderId)).toHaveLength(1);
    expect(provider().callbacksAnswered(orderId)).toBe(true);

    await page.getByTestId("order-continue").click();
    await page.waitForURL((u) => u.pathname === `/en/courses/${COURSE}/lesson/${PAID_LESSON}`);
    await page.locator(`[data-testid="element-page"][data-element="${PAID_LESSON}"]`).waitFor();
    await e2e.open(`/en/courses/${COURSE}`, { page });
    expect(await page.getByTestId("course-price").getAttribute("data-bought")).toBe("true");
  });

  it("a declined payment says so and leaves the course for sale", async () => {
    const page = await open(`/en/courses/${COURSE}`);
    await registerInBuyCourse(page, uniqueEmail("declined"));
    await contactsThenBuyStep(page);
    const orderId = await payAtProvider(e2e, page, provider(), "en", "Decline");
    await screenShown(page, "failed");
    await provider().idle();
    expect(provider().callbacksAnswered(orderId)).toBe(true);
    await page.getByTestId("order-continue").click();
    await page.waitForURL((u) => u.pathname === `/en/courses/${COURSE}`);
    await waitForHydration(page);
    expect(await page.getByTestId("course-action").getAttribute("data-scenario")).toBe("buy-course");
  });

  it("in Arabic, a payment left pending settles while the result page polls, with no serious axe violation", async () => {
    const page = await open(`/ar/courses/${COURSE}`, "ar");
    await registerInBuyCourse(page, uniqueEmail("pending-ar"));
    await contactsThenBuyStep(page);
    await recordScreens(page);
    const orderId = await payAtProvider(e2e, page, provider(), "ar", "Pay later");
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    await screenShown(page, "paid");
    expect((await recorded(page)).screens).toEqual(["pending", "paid"]);
    await e2e.axeCheck(page, `order result after a pending ${provider().name} payment (ar)`);
    await provider().idle();
    expect(provider().callbackStatuses(orderId).length).toBe(2);
    expect(provider().callbacksAnswered(orderId)).toBe(true);
  });
}

describe("buying through LiqPay", () => {
  let liqpay: LiqpayStandIn;
  beforeAll(async () => {
    liqpay = await startLiqpayStandIn({ pendingDelayMs: 3_000 });
  });
  afterAll(() => liqpay?.close());
  const e2e = useE2E(() => ({ ...liqpay.env, PAYMENTS_DEFAULT_GATEWAY: "liqpay" }));
  purchaseSpecs(
    () => ({
      name: "LiqPay",
      origin: liqpay.origin,
      formAccepted: (orderId) => liqpay.forms.some((f) => f.ok && f.orderId === orderId),
      callbackStatuses: (orderId) => liqpay.callbacks.filter((c) => c.orderId === orderId).map((c) => c.status),
      callbacksAnswered: (orderId) => liqpay.callbacks.filter((c) => c.orderId === orderId).every((c) => c.reply.status === 200),
      idle: () => liqpay.idle(),
    }),
    e2e,
  );
});

describe("buying through WayForPay", () => {
  let wayforpay: WayforpayStandIn;
  beforeAll(async () => {
    wayforpay = await startWayforpayStandIn({ pendingDelayMs: 3_000 });
  });
  afterAll(() => wayforpay?.close());
  const e2e = useE2E(() => ({ ...wayforpay.env, PAYMENTS_DEFAULT_GATEWAY: "wayforpay" }));
  purchaseSpecs(
    () => ({
      name: "WayForPay",
      origin: wayforpay.origin,
      formAccepted: (orderId) => wayforpay.forms.some((f) => f.ok && f.orderReference === orderId),
      callbackStatuses: (orderId) => wayforpay.callbacks.filter((c) => c.orderReference === orderId).map((c) => c.transactionStatus),
      // Accepted at the first delivery: the app's reply is the signed `accept` the provider requires.
      callbacksAnswered: (orderId) => wayforpay.callbacks.filter((c) => c.orderReference === orderId).every((c) => c.accepted && c.attempts.length === 1),
      idle: () => wayforpay.idle(),
    }),
    e2e,
  );
});
