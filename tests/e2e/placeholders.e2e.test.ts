/**
 * No raw `{{placeholder}}` in the popups and dialogs that only open in the browser (issue 28), in
 * each portal language (tr, en, ar, ru): the cookie notice and its categories, the policy popup, the
 * sign-in dialog and its steps (e-mail, new account, anonymous), the chat for a guest, the learner's
 * mentor picker (multiple mode in the demo: it read "1 of {{total}}" to screen readers), the
 * discussion popup, the account menu, the language switcher and the leaders' chat settings dialog. The
 * check reads every text node of the document, hidden ones too (screen readers read sr-only text),
 * and the aria-label, aria-description, aria-valuetext, title, alt and placeholder attributes. The
 * server-rendered pages themselves are swept in tests/integration/placeholders-ssr.int.test.ts.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { HELLO_COOKIE } from "../../src/domain/chat-rules";
import { useE2E } from "./fixtures";

const e2e = useE2E(() => ({ RATE_LIMIT_WINDOW_MS: "1000" }));
const LANGS = ["tr", "en", "ar", "ru"] as const;
const LESSON = "/courses/reading-foundations/lesson/rf-slow-reading";

/** Every `{{` in the document's text (hidden text included) and its labelling attributes. */
async function placeholdersIn(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const ATTRS = ["aria-label", "aria-description", "aria-valuetext", "aria-roledescription", "title", "alt", "placeholder", "value"];
    const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) {
        const parent = node.parentElement?.tagName;
        if (parent !== "SCRIPT" && parent !== "STYLE" && node.textContent?.includes("{{")) found.push(`text: ${node.textContent.trim()}`);
        continue;
      }
      const el = node as Element;
      if (el.tagName === "SCRIPT" || el.tagName === "STYLE") continue;
      for (const name of ATTRS) {
        const value = el.getAttribute(name);
        if (value?.includes("{{")) found.push(`${el.tagName.toLowerCase()}[${name}]: ${value}`);
      }
    }
    if (document.title.includes("{{")) found.push(`title: ${document.title}`);
    return found;
  });
}

async function expectNone(page: Page, label: string) {
  expect(await placeholdersIn(page), `${label} (${page.url()})`).toEqual([]);
}

describe.each(LANGS)("popups and dialogs in %s", (lang) => {
  it("the cookie notice, its categories and the policy popup", async () => {
    const page = await e2e.open(`/${lang}/`, { lang, consent: false });
    const notice = page.getByTestId("cookie-notice");
    await notice.waitFor();
    await expectNone(page, "cookie notice");
    await notice.locator("button").last().click();
    await notice.locator('input[type="checkbox"]').first().waitFor();
    await expectNone(page, "cookie notice, categories");
    await notice.locator("p button").first().click();
    await page.getByTestId("policy-popup").waitFor();
    await expectNone(page, "policy popup");
  });

  it("the sign-in dialog and its steps", async () => {
    const page = await e2e.open(`/${lang}/`, { lang });
    for (const step of ["login-with-email", "login-create-account", "login-anonymously"]) {
      await e2e.open(`/${lang}/`, { page });
      await page.getByTestId("sign-in").first().click();
      await page.getByTestId(step).waitFor();
      await expectNone(page, "sign-in dialog");
      await page.getByTestId(step).click();
      await page.waitForTimeout(300);
      await expectNone(page, `sign-in dialog, ${step}`);
    }
  });

  it("the chat for a guest, and the learner's mentor picker, discussion popup, account menu and language switcher", async () => {
    const guest = await e2e.open(`/${lang}${LESSON}`, { lang, cookies: { [HELLO_COOKIE]: "1" } });
    await guest.locator('[data-rail="connect_to_mentor"]').click();
    await guest.getByTestId("chat-widget").waitFor({ state: "visible" });
    await expectNone(guest, "chat, guest");

    const learner = await e2e.signIn("disciple", { lang, cookies: { [HELLO_COOKIE]: "1" } });
    await e2e.open(`/${lang}${LESSON}`, { page: learner.page });
    await learner.page.locator('[data-rail="connect_to_mentor"]').click();
    await learner.page.getByTestId("chat-mentor-picker").waitFor();
    expect(await learner.page.getByTestId("chat-mentor-option").count()).toBeGreaterThan(1);
    await expectNone(learner.page, "chat, mentor picker");
    await learner.page.keyboard.press("Escape");

    const discussion = learner.page.getByTestId("discussion-button");
    if ((await discussion.count()) > 0) {
      await discussion.first().click();
      await learner.page.getByTestId("discussion-popup").waitFor();
      await expectNone(learner.page, "discussion popup");
      await learner.page.keyboard.press("Escape");
    }

    await e2e.open(`/${lang}/`, { page: learner.page });
    await learner.page.getByTestId("account-menu").click();
    await learner.page.getByRole("menu").waitFor();
    await expectNone(learner.page, "account menu");
    await learner.page.keyboard.press("Escape");
    await learner.page.getByTestId("language-switcher").first().click();
    await learner.page.waitForTimeout(200);
    await expectNone(learner.page, "language switcher");
  });

  it("the leaders' chat settings dialog", async () => {
    const mentor = await e2e.signIn("mp-leader", { lang });
    await e2e.open(`/${lang}/mentor/`, { page: mentor.page });
    await mentor.page.getByTestId("settings-open").click();
    await mentor.page.getByTestId("settings-form").waitFor();
    await expectNone(mentor.page, "mentor settings");
  });
});
