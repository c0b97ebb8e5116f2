/**
 * The steps of a purchase in Chromium that every gateway's spec shares: buy-course from the demo
 * paid course's page (registering inside it, or as a signed-in learner), the contact check, and the
 * order result page's screens.
 */
import { randomInt } from "node:crypto";
import type { Page } from "playwright-core";

export const COURSE = "confident-speaking";
export const PAID_LESSON = "cs-first-minute";

export const step = (page: Page, id: string) => page.getByTestId(`scenario-step-${id}`);

/** From the course page as a guest: buy-course, "create an account" on its login screen, the sign-up form. */
export async function registerInBuyCourse(page: Page, email: string) {
  await page.getByTestId("course-action").click();
  await step(page, "login").waitFor();
  await page.getByTestId("login-create-account").click();
  const form = step(page, "sign-in");
  await form.waitFor();
  await form.locator('input[name="firstName"]').fill("Deniz");
  await form.locator('input[name="lastName"]').fill("Kaya");
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill("secret-password-12");
  await form.getByRole("checkbox").check();
  await form.locator('button[type="submit"]').click();
}

/** A phone number no other account of the run has (phones are unique per portal). */
const uniquePhone = () => `+90555${String(randomInt(0, 10_000_000)).padStart(7, "0")}`;

/** The contact check of fill-profile-buy, then the buy step. */
export async function contactsThenBuyStep(page: Page) {
  const contacts = step(page, "profile-fill-two");
  await contacts.waitFor();
  await contacts.locator('input[name="phone"]').fill(uniquePhone());
  await contacts.locator('button[type="submit"]').click();
  await page.getByTestId("buy-course").waitFor();
}

/** Waits for the result page to show that screen (it polls the order on its own). */
export const screenShown = (page: Page, name: string) => page.locator(`[data-testid="order-result"][data-screen="${name}"]`).waitFor();

/**
 * Records every screen the result page shows, from its first byte: a pending order settles a few
 * seconds after the page opens, so "it was pending, then paid" is read from the record, not raced.
 */
export async function recordScreens(page: Page) {
  await page.addInitScript(() => {
    const record = { screens: [] as string[], polling: false };
    (window as unknown as { __record: typeof record }).__record = record;
    new MutationObserver(() => {
      const shown = document.querySelector('[data-testid="order-result"]')?.getAttribute("data-screen");
      if (shown && record.screens[record.screens.length - 1] !== shown) record.screens.push(shown);
      if (document.querySelector('[data-testid="order-polling"]')) record.polling = true;
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-screen"] });
  });
}
export const recorded = (page: Page) => page.evaluate(() => (window as unknown as { __record: { screens: string[]; polling: boolean } }).__record);
