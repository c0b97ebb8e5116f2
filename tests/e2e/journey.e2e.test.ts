/**
 * Issue 28, the learner's journey in Chromium, en and ar:
 * - sign-in remembers where the visitor was going: a mentor at /en/mentor/, an author at /ar/studio/
 *   and a learner at their profile sign in and land there (no "Welcome!" dialog in the way); a
 *   foreign or malformed returnTo is refused;
 * - popups come one at a time: after sign-up and a graded test with full marks at most one dialog is
 *   open, and "Finish the test" and the course's main action are never covered (clicked without
 *   force, and elementFromPoint hits them); award notices are non-modal notices in the page;
 * - a finished course shows it: the finished badge and marker, the certificate as the main button.
 */
import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { passedAttempt } from "../support/assessments";
import { type Role, useE2E } from "./fixtures";
import { takeTestOnPage } from "./test-steps";

const e2e = useE2E();
const COURSE = "reading-foundations";
const READING_IDS = ["rf-slow-reading", "rf-main-idea", "rf-check-main-idea", "rf-reading-circle", "rf-between-lines", "rf-final-check"];
const READING_TESTS = new Set(["rf-check-main-idea", "rf-final-check"]);

const openDialogs = (page: Page) => page.getByRole("dialog").count();

/**
 * The button is on top at its centre (nothing covers it) and takes a click without force. The check
 * is polled because the page may still be laying out (a lesson's content or discussion arriving moves
 * the button after it was scrolled to); a cover that stays fails with what covers it.
 */
async function clickUncovered(page: Page, button: Locator) {
  await expect.poll(() => button.isEnabled()).toBe(true);
  await expect
    .poll(
      async () => {
        await button.scrollIntoViewIfNeeded();
        return button.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          if (top && (top === el || el.contains(top))) return "uncovered";
          return top ? `covered by <${top.tagName.toLowerCase()} ${top.getAttribute("data-testid") ?? top.className}>` : "outside the viewport";
        });
      },
      { timeout: 20_000 },
    )
    .toBe("uncovered");
  expect(await openDialogs(page)).toBe(0);
  await button.click({ timeout: 20_000 });
}

/** Signs in by e-mail in the login popup the page opened. */
async function signInByEmail(page: Page, email: string, password: string) {
  const choice = page.getByTestId("login-with-email");
  await choice.or(page.getByTestId("scenario-step-login-by-email")).first().waitFor();
  if (await choice.isVisible()) await choice.click();
  const step = page.getByTestId("scenario-step-login-by-email");
  await step.waitFor();
  await step.locator('input[name="email"]').fill(email);
  await step.locator('input[name="password"]').fill(password);
  await step.locator('button[type="submit"]').click();
}

describe("sign-in returns where the visitor was going", () => {
  const CASES: { lang: string; role: Role; path: string }[] = [
    { lang: "en", role: "mentor", path: "/en/mentor/" },
    { lang: "ar", role: "mp-admin", path: "/ar/studio/" },
    { lang: "en", role: "disciple", path: "/en/profile" },
    { lang: "ar", role: "disciple", path: "/ar/profile" },
  ];
  for (const c of CASES) {
    it(`${c.lang}: a signed-out ${c.role} opening ${c.path} signs in and lands there`, async () => {
      const account = await e2e.signIn(c.role);
      const page = await e2e.open(c.path, { lang: c.lang });
      expect(new URL(page.url()).pathname).toBe(`/${c.lang}/`);
      await signInByEmail(page, account.email, account.password);
      await page.waitForURL((u) => u.pathname === c.path);
      await page.getByTestId("account-menu").waitFor();
      // Landed on the page, not behind a "Welcome!" dialog: the welcome is a notice in the page.
      await page.getByTestId("auth-success").waitFor();
      expect(await openDialogs(page)).toBe(0);
      expect(new URL(page.url()).search).toBe("");
      await e2e.axeCheck(page, `${c.path} after signing in`);
    });
  }

  it("a foreign or malformed returnTo is refused: the visitor stays on the site", async () => {
    const account = await e2e.signIn("disciple");
    for (const bad of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"]) {
      const { page } = await e2e.newPage();
      await e2e.open(`/en/?login=1&returnTo=${encodeURIComponent(bad)}`, { page });
      await signInByEmail(page, account.email, account.password);
      await page.getByTestId("auth-success").waitFor();
      expect(new URL(page.url()).origin).toBe(e2e.baseURL);
      expect(new URL(page.url()).pathname).toBe("/en/");
    }
    // The redirect login's return paths say ERR_REDIRECT for a foreign address, and go on to a path of the site.
    const { context } = await e2e.newPage();
    for (const path of ["/en/rcallback/", "/authcb"]) {
      const bad = await context.request.get(e2e.url(`${path}?returnTo=${encodeURIComponent("//evil.example/")}`), { maxRedirects: 0 });
      expect(bad.status()).toBe(400);
      const good = await context.request.get(e2e.url(`${path}?returnTo=${encodeURIComponent("/ar/studio/")}`), { maxRedirects: 0 });
      expect(good.status()).toBe(302);
      expect(good.headers().location).toBe("/ar/studio/");
    }
  });
});

describe("one popup at a time, never over the next step", () => {
  for (const lang of ["en", "ar"] as const) {
    it(`${lang}: sign up, take the short test with full marks, finish the course: nothing covers the next step`, { timeout: 480_000 }, async () => {
      const course = `/${lang}/courses/${COURSE}`;
      const page = await e2e.open(course, { lang });
      await page.getByTestId("sign-in").click();
      await page.getByTestId("login-create-account").click();
      const step = page.getByTestId("scenario-step-sign-in");
      await step.waitFor();
      expect(await openDialogs(page)).toBe(1);
      await step.locator('input[name="firstName"]').fill(lang === "ar" ? "ليلى" : "Ayse");
      await step.locator('input[name="lastName"]').fill(lang === "ar" ? "حسان" : "Yilmaz");
      await step.locator('input[name="email"]').fill(`journey-${lang}-${Date.now()}@example.com`);
      await step.locator('input[name="password"]').fill("secret-password-12");
      await step.locator('button[type="submit"]').click();
      // The welcome is a notice: no dialog stays over the course page.
      await page.getByTestId("auth-success").waitFor();
      await page.getByTestId("account-menu").waitFor();
      expect(await openDialogs(page)).toBe(0);
      await e2e.axeCheck(page, `${lang} course page with the welcome notice`);
      await clickUncovered(page, page.getByTestId("course-action"));

      for (const id of ["rf-slow-reading", "rf-main-idea"]) {
        await page.waitForURL((u) => u.pathname.endsWith(`/lesson/${id}`));
        await page.locator(`[data-testid="element-page"][data-element="${id}"]`).waitFor();
        await clickUncovered(page, page.getByTestId("element-finish"));
      }
      await page.waitForURL((u) => u.pathname.endsWith("/test/rf-check-main-idea"));
      expect(await takeTestOnPage(page, e2e.database.db, "rf-check-main-idea")).toBe(true);
      // Full marks: the award notice shows in the page, non-modal, and "Finish the test" stays free.
      const award = page.getByTestId("award-popup");
      await award.waitFor();
      expect(await award.textContent()).toContain(lang === "ar" ? "العلامة الكاملة" : "Full marks");
      expect(await openDialogs(page)).toBe(0);
      await e2e.axeCheck(page, `${lang} test passed with the award notice`);
      await clickUncovered(page, page.getByTestId("element-finish"));

      for (const [type, id] of [
        ["webinar", "rf-reading-circle"],
        ["lesson", "rf-between-lines"],
      ]) {
        await page.waitForURL((u) => u.pathname.endsWith(`/${type}/${id}`));
        await page.locator(`[data-testid="element-page"][data-element="${id}"]`).waitFor();
        await clickUncovered(page, page.getByTestId("element-finish"));
      }
      await page.waitForURL((u) => u.pathname.endsWith("/test/rf-final-check"));
      expect(await takeTestOnPage(page, e2e.database.db, "rf-final-check")).toBe(true);
      expect(await openDialogs(page)).toBe(0);
      await clickUncovered(page, page.getByTestId("element-finish"));

      // The course page: the "Finisher" award is a notice above it; the main action (the certificate) is free.
      await page.waitForURL((u) => u.pathname === course);
      await page.getByTestId("award-popup").waitFor();
      expect(await openDialogs(page)).toBe(0);
      await e2e.axeCheck(page, `${lang} finished course with the award notice`);
      const main = page.getByTestId("course-certificate-link");
      await main.waitFor();
      await clickUncovered(page, main);
      await page.waitForURL((u) => u.pathname.startsWith(`/${lang}/certificates/`));
    });
  }
});

async function finishCourse(context: BrowserContext, userId: string) {
  for (const id of READING_IDS) {
    if (READING_TESTS.has(id)) await passedAttempt(e2e.database.db, userId, id, COURSE);
    const res = await context.request.post(e2e.url(`/api/progress/elements/${id}/finish`), { headers: { origin: e2e.baseURL } });
    expect(res.status(), await res.text()).toBe(200);
  }
}

describe("a finished course looks finished", () => {
  for (const { lang, again } of [
    { lang: "en", again: "Go over the course again" },
    { lang: "ar", again: "راجع الدورة من جديد" },
  ]) {
    it(`${lang}: the finished state, with the certificate as the main button`, async () => {
      const learner = await e2e.signIn("disciple");
      await finishCourse(learner.context, learner.userId);
      const page = await e2e.open(`/${lang}/courses/${COURSE}`, { page: learner.page });
      await page.getByTestId("course-finished").waitFor();
      expect(await page.getByTestId("opened-marker").getAttribute("data-name")).toBe("finished");
      const certificate = page.locator('[data-testid="course-certificate"][data-main="true"]');
      await certificate.waitFor();
      const link = certificate.getByTestId("course-certificate-link");
      const action = page.getByTestId("course-action");
      // The certificate is the large main button; the course's own button goes over it again, outlined.
      expect(await action.textContent()).toBe(again);
      expect(await action.getAttribute("data-again")).toBe("true");
      const [linkBox, actionBox] = [await link.boundingBox(), await action.boundingBox()];
      expect(linkBox!.height).toBeGreaterThanOrEqual(actionBox!.height - 1);
      const style = (l: Locator) => l.evaluate((el) => getComputedStyle(el).backgroundImage + getComputedStyle(el).backgroundColor);
      expect(await style(link)).not.toBe(await style(action));
      await e2e.axeCheck(page, `${lang} finished course`);
      await link.click();
      await page.waitForURL((u) => u.pathname.startsWith(`/${lang}/certificates/`));
    });
  }
});

describe("the cookie notice leaves room for the page", () => {
  for (const lang of ["en", "ar"]) {
    it(`${lang}: on a phone, an undecided visitor can scroll the whole lesson above the notice and a focused finish button is not under it`, async () => {
      const page = await e2e.open(`/${lang}/courses/${COURSE}/lesson/rf-slow-reading`, { lang, consent: false, viewport: { width: 390, height: 700 } });
      const notice = page.getByTestId("cookie-notice");
      await notice.waitFor();
      await page.getByTestId("element-page").waitFor();

      // Scrolled to the end, the footer ends where the notice starts: nothing of the page stays under it.
      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
      const [footerBottom, noticeTop] = await page.evaluate(() => [
        document.querySelector("footer")!.getBoundingClientRect().bottom,
        document.querySelector('[data-testid="cookie-notice"]')!.getBoundingClientRect().top,
      ]);
      expect(footerBottom).toBeLessThanOrEqual(noticeTop + 1);

      // From the top, a keyboard user's focus on the finish button scrolls it clear of the notice.
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
      const finish = page.getByTestId("element-finish");
      await finish.focus();
      await expect
        .poll(() =>
          finish.evaluate((el) => {
            const r = el.getBoundingClientRect();
            const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return !!top && (top === el || el.contains(top));
          }),
        )
        .toBe(true);
      await e2e.axeCheck(page, "lesson under the cookie notice");
    });
  }
});
