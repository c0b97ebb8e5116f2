/**
 * Paying on the local demo opened at 127.0.0.1 (issue 28): the app runs as `npm start` runs it,
 * with PUBLIC_URL=http://localhost:<port>, while the browser uses http://127.0.0.1:<port> (an
 * allowed host of the README). "Go to payment" used to answer "The return address of the order is
 * not a page of this site."; now the buyer pays in the sandbox and comes back to 127.0.0.1, where
 * their cookies are. In English and in Arabic (rtl, with axe).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { uniqueEmail } from "../support/factories";
import { localDemoEnv } from "../support/payments";
import { freePort } from "../support/processes";
import { useE2E, waitForHydration } from "./fixtures";
import { contactsThenBuyStep, COURSE, registerInBuyCourse, screenShown } from "./purchase-steps";

const e2e = useE2E(async () => localDemoEnv(await freePort()));

async function payAt127(page: Page, lang: string, axe = false) {
  expect(new URL(page.url()).hostname).toBe("127.0.0.1");
  await registerInBuyCourse(page, uniqueEmail(`loopback-${lang}`));
  await contactsThenBuyStep(page);
  await page.getByTestId("buy-pay").click();
  // Before the fix the buy step stayed, saying "The return address of the order is not a page of this site.": fail with its words.
  const notices = page.getByTestId("buy-course").getByTestId("error-notices");
  const refused = notices
    .filter({ hasText: /\S/ })
    .waitFor()
    .then(async () => {
      throw new Error(`the order was refused: ${await notices.textContent()}`);
    });
  refused.catch(() => undefined); // settles after the race when the page moved on
  await Promise.race([page.waitForURL((u) => u.pathname.startsWith(`/${lang}/test-payment/`) && u.searchParams.has("t")), refused]);
  await waitForHydration(page);
  await page.getByTestId("test-payment-pay").waitFor();
  expect(new URL(page.url()).host).toBe(new URL(e2e.baseURL).host);
  if (axe) await e2e.axeCheck(page, `test payment at 127.0.0.1 (${lang})`);
  const orderId = new URL(page.url()).pathname.split("/")[3];
  await page.getByTestId("test-payment-pay").click();
  await page.waitForURL((u) => u.pathname === `/${lang}/order-result/${orderId}/`);
  await waitForHydration(page);
  await screenShown(page, "paid");
  // Back on the address the buyer opened, signed in there.
  expect(new URL(page.url()).origin).toBe(e2e.baseURL);
}

describe("paying on the local demo opened at 127.0.0.1 while PUBLIC_URL names localhost", () => {
  it("a guest registers, pays through the sandbox and is back on 127.0.0.1 with the order paid", async () => {
    expect(e2e.config.PUBLIC_URL).toBe(`http://localhost:${new URL(e2e.baseURL).port}`);
    const page = await e2e.open(`/en/courses/${COURSE}`);
    await payAt127(page, "en");
  });

  it("the same in Arabic, right to left, with no serious axe violation on the test-payment page", async () => {
    const page = await e2e.open(`/ar/courses/${COURSE}`, { lang: "ar" });
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    await payAt127(page, "ar", true);
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
  });
});
