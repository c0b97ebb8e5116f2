/**
 * The nonce-based Content-Security-Policy in Chromium: pages hydrate and navigate with no script,
 * style or frame refused, in en and in ar, while an injected inline script without the nonce is refused.
 */
import { describe, expect, it } from "vitest";
import { watchViolations } from "./csp-violations";
import { useE2E, waitForHydration } from "./fixtures";

const e2e = useE2E();

describe("Content-Security-Policy in the browser", () => {
  it.each(["en", "ar"])("lets the %s pages hydrate and navigate with nothing refused", async (lang) => {
    const { page } = await e2e.newPage({ lang, consent: true });
    const violations = await watchViolations(page);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => m.type() === "error" && /Content Security Policy/i.test(m.text()) && errors.push(m.text()));

    const res = await page.goto(e2e.url(`/${lang}/courses/`));
    expect(res?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
    await waitForHydration(page);
    // Client-side navigation loads route chunks after hydration.
    await page.getByTestId("course-card").first().getByRole("link").first().click();
    await page.getByTestId("course-page").waitFor();
    await page.goto(e2e.url(`/${lang}/`));
    await waitForHydration(page);

    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("refuses an inline script that lacks the nonce", async () => {
    const { page } = await e2e.newPage({ lang: "en", consent: true });
    const violations = await watchViolations(page);
    await page.goto(e2e.url("/en/"));
    await waitForHydration(page);
    await page.evaluate(() => {
      const s = document.createElement("script");
      s.textContent = "window.__injected = true";
      document.body.appendChild(s);
    });
    await expect.poll(violations).toContainEqual(expect.stringMatching(/^script-src-elem inline /));
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  });
});
