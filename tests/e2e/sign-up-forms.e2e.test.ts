/**
 * Issue 28 in the browser, English and Arabic (rtl): last names with an apostrophe or a hyphen sign up
 * (§9); one sign-up, even double-clicked, mails one letter (§10a); a taken e-mail or phone shows on its
 * field, naming it (§10b); an undecided visitor meets the cookie notice within the first Tab stops (§10e).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpSink, startSmtp } from "../support/mail";
import { useE2E } from "./fixtures";

let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtp();
});

afterAll(async () => {
  await smtp?.close();
});

const e2e = useE2E(() => ({ SMTP_URL: smtp.url }));
const SHOTS = "/work/shots/s15/h6";
const pack = (lang: string, pkg: string) => JSON.parse(readFileSync(path.join(process.cwd(), "locales", lang, `${pkg}.json`), "utf8"));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Opens the sign-up step of the login popup and fills it. */
async function fillSignUp(page: Page, who: { firstName: string; lastName: string; email: string }) {
  await page.getByTestId("sign-in").click();
  await page.getByTestId("login-create-account").click();
  const step = page.getByTestId("scenario-step-sign-in");
  await step.waitFor();
  await step.locator('input[name="firstName"]').fill(who.firstName);
  await step.locator('input[name="lastName"]').fill(who.lastName);
  await step.locator('input[name="email"]').fill(who.email);
  await step.locator('input[name="password"]').fill("secret-password-12");
  return step;
}

/** The error text under a field (its aria-describedby), or "" when it has none. */
async function fieldError(page: Page, selector: string): Promise<string> {
  return page.locator(selector).evaluate((el) => {
    if (el.getAttribute("aria-invalid") !== "true") return "";
    const ids = (el.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
    return ids
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" ")
      .trim();
  });
}

describe("sign-up and forms (issue 28)", () => {
  for (const { lang, firstName, lastName, other } of [
    { lang: "en", firstName: "Siobhán", lastName: "O'Brien", other: "Al-Hassan" },
    { lang: "ar", firstName: "ليلى", lastName: "Al-Hassan", other: "O'Brien" },
  ]) {
    it(`${lang}: "${lastName}" signs up with one letter even when double-clicked; a taken e-mail and phone show on their fields`, async () => {
      const taken = pack(lang, "errors").taken;
      const email = `names-${lang}-${Date.now()}@example.com`;
      const page = await e2e.open(`/${lang}/`, { lang });
      const step = await fillSignUp(page, { firstName, lastName, email });
      await sleep(600); // past the 500 ms validation debounce: no error under the names
      expect(await fieldError(page, '[role="dialog"] input[name="lastName"]')).toBe("");
      await page.screenshot({ path: `${SHOTS}/9-after-${lang}.png` });
      await step.locator('button[type="submit"]').dblclick();
      const success = page.getByTestId("auth-success");
      await success.waitFor();
      await success.getByRole("button").click();
      await page.getByRole("dialog").waitFor({ state: "detached" });
      await expect.poll(() => page.getByTestId("account-menu").textContent()).toContain(`${firstName} ${lastName}`);
      const me = await page.evaluate(async () => (await fetch("/api/users/me")).json());
      expect(me).toMatchObject({ firstName, lastName });
      // One sign-up, one letter: wait until it came, then a little longer for a second one.
      await expect.poll(() => smtp.messages.filter((m) => m.rcptTo.includes(email)).length, { timeout: 10_000 }).toBe(1);
      await sleep(1500);
      expect(smtp.messages.filter((m) => m.rcptTo.includes(email))).toHaveLength(1);

      // Profile-fill with a phone another account holds: the error is on the phone field and names it.
      const phone = `+90555${String(Date.now()).slice(-7)}`;
      const holder = await page.evaluate(
        async ({ phone, other, lang }) =>
          (
            await fetch("/api/auth/register", {
              method: "POST",
              credentials: "omit",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({
                email: `holder-${phone.slice(1)}@example.com`,
                password: "secret12",
                firstName: "Ann",
                lastName: other,
                phone,
                agree: true,
                lang,
              }),
            })
          ).status,
        { phone, other, lang },
      );
      expect(holder).toBe(200);
      await page.getByTestId("account-menu").click();
      await page.getByRole("menuitem", { name: pack(lang, "shell").account?.completeProfile ?? pack(lang, "shell").completeProfile }).click();
      const fill = page.getByTestId("scenario-step-profile-fill");
      await fill.waitFor();
      await fill.locator('input[name="phone"]').fill(phone);
      await fill.locator('button[type="submit"]').click();
      await expect.poll(() => fieldError(page, '[role="dialog"] input[name="phone"]')).toBe(taken.phone);
      expect(await fieldError(page, '[role="dialog"] input[name="email"]')).toBe("");
      expect(await page.getByTestId("error-notices").count()).toBe(0);
      await e2e.axeCheck(page, `${lang} profile-fill, phone taken`);
      await page.screenshot({ path: `${SHOTS}/10b-after-${lang}-phone.png` });
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "detached" });

      // Signing up again with the same e-mail: the error is on the e-mail field.
      await page.getByTestId("account-menu").click();
      await page.getByRole("menuitem").last().click();
      await expect.poll(() => page.getByTestId("sign-in").isVisible()).toBe(true);
      const again = await fillSignUp(page, { firstName, lastName: other, email });
      await again.locator('button[type="submit"]').click();
      await expect.poll(() => fieldError(page, '[role="dialog"] input[name="email"]')).toBe(taken.email);
      expect(await page.getByTestId("error-notices").count()).toBe(0);
      await e2e.axeCheck(page, `${lang} sign-up, e-mail taken`);
      await page.screenshot({ path: `${SHOTS}/10b-after-${lang}-email.png` });
    });

    it(`${lang}: an undecided visitor reaches the cookie notice within the first Tab stops`, async () => {
      const page = await e2e.open(`/${lang}/`, { lang, consent: false });
      const notice = page.getByTestId("cookie-notice");
      await notice.waitFor();
      let stop = 0;
      for (let i = 1; i <= 5; i++) {
        await page.keyboard.press("Tab");
        if (await page.evaluate(() => !!document.activeElement?.closest('[data-testid="cookie-notice"]'))) {
          stop = i;
          break;
        }
      }
      expect(stop, "Tab stops before the cookie notice").toBeGreaterThan(0);
      expect(stop).toBeLessThanOrEqual(3);
      await e2e.axeCheck(page, `${lang} cookie notice focused`);
      await page.screenshot({ path: `${SHOTS}/10e-after-${lang}.png` });
    });
  }
});
