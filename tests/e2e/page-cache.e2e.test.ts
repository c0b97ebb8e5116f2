/**
 * A guest page served from the anonymous HTML cache (docs/decisions/0026) carries a policy that allows
 * its inline scripts by sha256 hash and no nonce. In Chromium it must hydrate and work exactly like a
 * rendered one: client navigation, a dialog, nothing refused by the policy.
 */
import type { Page, Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import { watchViolations } from "./csp-violations";
import { useE2E, waitForHydration } from "./fixtures";

const e2e = useE2E();

const policy = (res: Response | null) => res?.headers()["content-security-policy"] ?? "";

/** Loads `path` until the document comes from the cache (the first load renders and stores it). */
async function openCached(page: Page, path: string): Promise<Response> {
  for (let i = 0; i < 40; i++) {
    const res = await page.goto(e2e.url(path));
    expect(res?.status(), path).toBe(200);
    if (policy(res).includes("'sha256-")) return res!;
    await page.waitForTimeout(50);
  }
  throw new Error(`${path} was never served from the cache`);
}

describe("a cached guest page in the browser", () => {
  it.each(["en", "ar"])("hydrates, navigates and opens a dialog with nothing refused (%s)", async (lang) => {
    const { page } = await e2e.newPage({ lang, consent: true });
    const violations = await watchViolations(page);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => m.type() === "error" && /Content Security Policy|hydrat/i.test(m.text()) && errors.push(m.text()));

    const res = await openCached(page, `/${lang}/courses/`);
    expect(policy(res)).not.toContain("'nonce-");
    expect(await res.text()).not.toContain("nonce=");
    await waitForHydration(page);

    // Client-side navigation into a course (route chunks load after hydration)...
    await page.getByTestId("course-card").first().getByRole("link").first().click();
    await page.getByTestId("course-page").waitFor();
    // ...and back to a cached main page, where a dialog opens.
    await openCached(page, `/${lang}/`);
    await waitForHydration(page);
    await page.getByTestId("sign-in").click();
    await page.getByRole("dialog").waitFor();

    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("still refuses an inline script the page did not bring", async () => {
    const { page } = await e2e.newPage({ lang: "en", consent: true });
    const violations = await watchViolations(page);
    await openCached(page, "/en/privacy-policy/");
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
