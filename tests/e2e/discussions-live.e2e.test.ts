/**
 * A learner and a mentor in two browser contexts (issue 14): the learner opens the popup after
 * signing in and asks; the mentor answers from their discussion screen and the answer arrives in the
 * learner's popup without a reload; the mentor pins it from the popup on the lesson and the learner
 * sees it marked as the answer; the learner reports another learner's post, the report reaches the
 * mentor's reports tab live, the mentor hides the post and it leaves the learner's thread. Then the
 * "beyond peers" switches: following a thread, and a question sent to the mentor privately (a chat
 * message with the lesson attached, no public post), in English and in Arabic, and with the mentor
 * picked in the popup where the learner chooses their mentor.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setAssignment } from "../support/chat";
import { OPEN_DISCUSSION } from "../support/discussions";
import { type SignedIn, useE2E } from "./fixtures";

const e2e = useE2E(() => ({ DISCUSSION_POSTS_PER_MINUTE: "200", RATE_LIMIT_WINDOW_MS: "1000" }));
const LESSON = "/courses/reading-foundations/lesson/rf-slow-reading";
const SHOTS = process.env.MENTORA_SHOTS ?? "/work/shots/discussions";
mkdirSync(SHOTS, { recursive: true });
const WAIT = { timeout: 20_000 };

const popup = (page: Page) => page.getByTestId("discussion-popup");
const entryWith = (page: Page, testId: "discussion-post" | "discussion-reply", text: string) =>
  popup(page).locator(`[data-testid="${testId}"]`).filter({ hasText: text });

async function openPopup(who: SignedIn, lang: string, query = "") {
  await e2e.open(`/${lang}${LESSON}${query}`, { page: who.page });
  if (!query) await who.page.getByTestId("discussion-button").click();
  await who.page.locator('[data-testid="discussion-thread"][data-loaded="true"]').waitFor(WAIT);
}

async function apiPost(who: SignedIn, text: string): Promise<string> {
  const id = `dpost:${randomBytes(12).toString("hex")}`;
  const res = await who.context.request.post(e2e.url(`/api/discussions/${OPEN_DISCUSSION}/posts?lang=en`), {
    data: { id, text },
    headers: { origin: e2e.baseURL },
  });
  expect(res.status(), await res.text()).toBe(201);
  return id;
}

async function threadTexts(who: SignedIn): Promise<string[]> {
  const res = await who.context.request.get(e2e.url(`/api/discussions/${OPEN_DISCUSSION}?lang=en`));
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { items: Array<{ text: string; replies: Array<{ text: string }> }> };
  return body.items.flatMap((p) => [p.text, ...p.replies.map((r) => r.text)]);
}

describe("a learner and a mentor in two browsers", () => {
  it("the mentor's answer arrives live, the mentor pins it, a reported post is hidden and leaves the learner's thread", async () => {
    const learner = await e2e.signIn("disciple", { firstName: "Deniz", lastName: "Kaya" });
    const other = await e2e.signIn("disciple", { firstName: "Murat", lastName: "Ersoy" });
    const mentor = await e2e.signIn("mentor", { firstName: "Aylin", lastName: "Demir" });
    const question = `How slow is slow reading? ${randomBytes(3).toString("hex")}`;

    await openPopup(learner, "en");
    const form = popup(learner.page).getByTestId("discussion-composer");
    await form.getByTestId("discussion-input").fill(question);
    await form.getByTestId("discussion-send").click();
    await entryWith(learner.page, "discussion-post", question).and(learner.page.locator('[data-mine="true"]')).waitFor(WAIT);

    // The mentor answers in place from the waiting queue.
    await e2e.open("/en/mentor/discussions", { page: mentor.page });
    const waiting = mentor.page.locator('[data-testid="discussion-queue-item"]').filter({ hasText: question });
    await waiting.waitFor(WAIT);
    await waiting.getByTestId("discussion-answer-input").fill("About a page in five minutes, with notes.");
    await waiting.getByTestId("discussion-answer-send").click();
    await waiting.waitFor({ state: "detached", ...WAIT });

    // Live in the learner's popup, with the mentor badge; no reload.
    const answer = entryWith(learner.page, "discussion-reply", "About a page in five minutes");
    await answer.waitFor(WAIT);
    expect(await answer.textContent()).toContain("Mentor");

    // The mentor opens the thread on the lesson (the notification's kind of link) and pins the answer.
    await openPopup(mentor, "en", `?discussion=${OPEN_DISCUSSION}`);
    const mentorsAnswer = entryWith(mentor.page, "discussion-reply", "About a page in five minutes");
    await mentorsAnswer.getByTestId("discussion-pin").click();
    await mentorsAnswer.getByTestId("discussion-unpin").waitFor(WAIT);
    await answer.getByTestId("discussion-answer-badge").waitFor(WAIT);
    await e2e.axeCheck(mentor.page, "discussion popup, mentor");

    // Another learner's remark, reported by the learner in the popup.
    const remark = "A rude remark about the lesson.";
    await apiPost(other, remark);
    const rude = entryWith(learner.page, "discussion-post", remark);
    await rude.waitFor(WAIT);
    await rude.getByTestId("discussion-report").click();
    await popup(learner.page).getByRole("textbox", { name: "Why are you reporting this post?" }).fill("Unkind to others.");
    await popup(learner.page).getByRole("button", { name: "Send the report" }).click();
    await popup(learner.page).getByTestId("discussion-reported").waitFor(WAIT);

    // The report reaches the mentor's reports tab live; hiding the post from it takes it off the learner's thread.
    await e2e.open("/en/mentor/discussions?tab=reports", { page: mentor.page });
    const report = mentor.page.locator('[data-testid="discussion-report"]').filter({ hasText: "Unkind to others." });
    await report.waitFor(WAIT);
    await report.getByTestId("discussion-hide").click();
    await mentor.page.getByTestId("discussion-hide-reason").fill("Be kind, please.");
    await mentor.page.getByTestId("discussion-hide-submit").click();
    await report.waitFor({ state: "detached", ...WAIT });
    await rude.waitFor({ state: "detached", ...WAIT });
    expect(await threadTexts(learner)).not.toContain(remark);
  });
});

describe("following a thread and asking the mentor privately", () => {
  for (const lang of ["en", "ar"]) {
    it(`follows the thread, and sends a question to the mentor privately instead of posting it (${lang})`, async () => {
      await setAssignment(e2e.database.db, e2e.config.PORTAL_ID, "mentor-chooses");
      const learner = await e2e.signIn("disciple", { lang, firstName: lang === "ar" ? "ليلى" : "Deniz", lastName: lang === "ar" ? "حسّان" : "Kaya" });
      await openPopup(learner, lang);
      expect(await learner.page.evaluate(() => document.documentElement.dir)).toBe(lang === "ar" ? "rtl" : "ltr");

      const follow = popup(learner.page).getByTestId("discussion-follow");
      expect(await follow.getAttribute("aria-pressed")).toBe("false");
      await follow.click();
      // Shown at once; kept once the server answered (no longer busy).
      await learner.page.locator('[data-testid="discussion-follow"][aria-pressed="true"]:not([aria-busy])').waitFor(WAIT);
      const followed = await learner.context.request.get(e2e.url(`/api/discussions/${OPEN_DISCUSSION}?lang=${lang}`));
      expect(((await followed.json()) as { following: boolean }).following).toBe(true);

      const privateQuestion = `Just between us: ${randomBytes(3).toString("hex")}`;
      const form = popup(learner.page).getByTestId("discussion-composer");
      await form.getByTestId("discussion-private").check();
      await form.getByTestId("discussion-input").fill(privateQuestion);
      await learner.page.screenshot({ path: `${SHOTS}/private-switch-${lang}.png` });
      await e2e.axeCheck(learner.page, `discussion popup with the private switch (${lang})`);
      await form.getByTestId("discussion-send").click();

      // The popup closes and the chat shows the question with the lesson attached; nothing public.
      await popup(learner.page).waitFor({ state: "detached", ...WAIT });
      const message = learner.page.getByTestId("chat-widget").getByTestId("chat-message").filter({ hasText: privateQuestion });
      await message.waitFor(WAIT);
      await learner.page.getByTestId("chat-widget").getByTestId("chat-message-context").first().waitFor(WAIT);
      await learner.page.screenshot({ path: `${SHOTS}/private-sent-${lang}.png` });
      expect(await threadTexts(learner)).not.toContain(privateQuestion);
    });
  }

  it("where the learner chooses their mentor, the popup asks for the choice and keeps the question meanwhile", async () => {
    await setAssignment(e2e.database.db, e2e.config.PORTAL_ID, "learner-chooses");
    const learner = await e2e.signIn("disciple");
    await openPopup(learner, "en");
    const form = popup(learner.page).getByTestId("discussion-composer");
    await form.getByTestId("discussion-private").check();
    await form.getByTestId("discussion-input").fill("Which mentor reads slowest?");
    await form.getByTestId("discussion-send").click();
    const options = popup(learner.page).getByTestId("chat-mentor-option");
    await options.first().waitFor(WAIT);
    expect(await popup(learner.page).getByTestId("discussion-private-error").textContent()).toContain("Choose your mentor");
    expect(await form.getByTestId("discussion-input").inputValue()).toBe("Which mentor reads slowest?");
    await e2e.axeCheck(learner.page, "discussion popup, choosing a mentor");
    const chosen = (await options.nth(1).textContent()) ?? "";
    await options.nth(1).click();
    await form.getByTestId("discussion-send").click();
    await popup(learner.page).waitFor({ state: "detached", ...WAIT });
    await learner.page.getByTestId("chat-widget").getByTestId("chat-message").filter({ hasText: "Which mentor reads slowest?" }).waitFor(WAIT);
    const setup = await learner.context.request.get(e2e.url("/api/chats/setup?lang=en"));
    const mentorName = ((await setup.json()) as { chat: { mentor: { fullName: string } } }).chat.mentor.fullName;
    expect(chosen).toContain(mentorName);
  });
});
