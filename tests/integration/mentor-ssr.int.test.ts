/**
 * The mentors' inbox and the notifications page as the server renders them (issue 12): who may open
 * the inbox is decided in its loader (a guest is sent to sign in and comes back, a learner gets the
 * translated access-denied page, a mentor and a leader get the inbox with their filters), in English
 * and Arabic (rtl); the notifications page is a signed-in account's, with its pack shipped. The lists
 * themselves are read in the browser (tests/e2e/chat-mentor.e2e.test.ts). Runs on the built app.
 */
import { describe, expect, it } from "vitest";
import { Browser } from "../support/http";
import { learner, sessionBrowser } from "../support/sign-in";
import { useSsrApp } from "../support/ssr-app";

const ssr = useSsrApp();
const guest = () => new Browser(ssr.app);
const withRoles = async (...roles: string[]) => (await learner(ssr.app, ssr.database.db, { roles: ["disciple", ...roles] })).browser;

const LANGS = [
  ["en", "ltr", "Mentor inbox", "Access denied"],
  ["ar", "rtl", "صندوق رسائل المرشد", "تم رفض الوصول"],
] as const;
const CHAT_ID = "cht_abcdefghijklmnopqrstuvwxyz";

/** A private page, rendered whole, in its language and direction, with `pack` shipped. */
function expectPrivatePage(body: string, lang: string, dir: string, pack: string) {
  expect(body).toContain(`<html lang="${lang}" dir="${dir}">`);
  expect(body).toContain('<meta name="robots" content="noindex"/>');
  expect(body).toContain('<meta name="referrer" content="same-origin"/>');
  expect(body).toMatch(new RegExp(`<script id="mentora-packs" src="/locales/${lang}/page/[a-z+-]*\\b${pack}\\b[a-z+-]*\\.[A-Za-z0-9_-]{16}\\.js"`));
}

describe("the mentors' inbox", () => {
  it("sends a guest and an anonymous session to sign in, and back here after", async () => {
    const res = await guest().get("/en/mentor/?filter=mine");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/en/?login=1&returnTo=${encodeURIComponent("/en/mentor/?filter=mine")}`);
    const { browser } = await sessionBrowser(ssr.app);
    const session = await browser.get(`/ar/mentor/${CHAT_ID}`);
    expect(session.statusCode).toBe(302);
    expect(session.headers.location).toBe(`/ar/?login=1&returnTo=${encodeURIComponent(`/ar/mentor/${CHAT_ID}`)}`);
  });

  it.each(LANGS)("shows a learner the access-denied page, in %s (%s)", async (lang, dir, inboxTitle, denied) => {
    const res = await (await withRoles()).get(`/${lang}/mentor/`);
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain(`<html lang="${lang}" dir="${dir}">`);
    expect(res.body).toContain('data-testid="access-denied"');
    expect(res.body).toContain(denied);
    expect(res.body).not.toContain('data-testid="mentor-inbox"');
    expect(res.body).not.toContain(`<title>${inboxTitle}</title>`);
  });

  it.each(LANGS)("shows a mentor the inbox with the waiting and mine filters, in %s (%s)", async (lang, dir, inboxTitle) => {
    const res = await (await withRoles("mentor")).get(`/${lang}/mentor/`);
    expect(res.statusCode).toBe(200);
    expectPrivatePage(res.body, lang, dir, "mentor");
    expect(res.body).toContain('data-testid="mentor-inbox" data-leader="false"');
    expect(res.body).toContain(`<title>${inboxTitle}</title>`);
    expect(res.body).toContain('data-testid="inbox-filter-waiting"');
    expect(res.body).toContain('data-testid="inbox-filter-mine"');
    expect(res.body).not.toContain('data-testid="inbox-filter-all"');
    expect(res.body).not.toContain('data-testid="settings-open"');
  });

  it("gives leaders and admins every chat and the settings", async () => {
    for (const role of ["mp-leader", "mp-admin", "admin"]) {
      const res = await (await withRoles(role)).get("/en/mentor/?filter=all");
      expect(res.statusCode, role).toBe(200);
      expect(res.body).toContain('data-testid="mentor-inbox" data-leader="true"');
      expect(res.body).toMatch(/data-testid="inbox-filter-all"[^>]*>All</);
      expect(res.body).toMatch(/aria-current="page"[^>]*data-testid="inbox-filter-all"/);
      expect(res.body).toContain('data-testid="settings-open"');
    }
  });

  it("reads a mentor's ?filter=all as waiting, and an unknown filter too", async () => {
    const mentor = await withRoles("mentor");
    for (const url of ["/en/mentor/?filter=all", "/en/mentor/?filter=%3Cscript%3E"]) {
      const res = await mentor.get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/aria-current="page"[^>]*data-testid="inbox-filter-waiting"/);
      expect(res.body).not.toContain("<script>");
    }
  });

  it("opens a chat's pane for a well-formed chat id and answers 404 to anything else", async () => {
    const mentor = await withRoles("mentor");
    const open = await mentor.get(`/en/mentor/${CHAT_ID}`);
    expect(open.statusCode).toBe(200);
    expect(open.body).toContain('data-testid="mentor-inbox"');
    // The list pane is hidden on small screens while a chat is open; the back link leads to it.
    expect(open.body).toContain('class="flex-col gap-3 hidden md:flex"');
    for (const bad of ["cht_short", "CHT_ABCDEFGHIJKLMNOPQRSTUVWXYZ", "%3Cscript%3E", "cht_abcdefghijklmnopqrstuvwxy1"]) {
      const res = await mentor.get(`/en/mentor/${bad}`);
      expect(res.statusCode, bad).toBe(404);
      expect(res.body).toContain('data-testid="not-found"');
    }
  });
});

describe("the notifications page", () => {
  it("sends a guest to sign in, and back here after", async () => {
    const res = await guest().get("/en/profile/Notifications/NotificationsPage");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/en/?login=1&returnTo=${encodeURIComponent("/en/profile/Notifications/NotificationsPage")}`);
  });

  it.each([
    ["en", "ltr", "Notifications", "Mark all as read"],
    ["ar", "rtl", "الإشعارات", "تعليم الكل كمقروء"],
  ] as const)("shows a learner their notifications page, in %s (%s)", async (lang, dir, title, markAll) => {
    const res = await (await withRoles()).get(`/${lang}/profile/Notifications/NotificationsPage`);
    expect(res.statusCode).toBe(200);
    expectPrivatePage(res.body, lang, dir, "notifications");
    expect(res.body).toContain('data-testid="notifications-page"');
    expect(res.body).toContain(`<title>${title}</title>`);
    expect(res.body).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    expect(res.body).toContain(markAll);
  });

  it("shows an anonymous session the empty list: notifications belong to registered accounts", async () => {
    const { browser } = await sessionBrowser(ssr.app);
    const res = await browser.get("/en/profile/Notifications/NotificationsPage");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-testid="notifications-empty"');
  });
});
