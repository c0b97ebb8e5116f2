/**
 * The mentors' discussion page as the server renders it (issue 14): for the mentor roles only, by the
 * inbox's rule (a guest or an anonymous session signs in and comes back, a learner is refused with
 * 403), in English and Arabic (rtl), whichever tab or filter the address asks for; the inbox header
 * links to it. Runs on the built app.
 */
import { describe, expect, it } from "vitest";
import { Browser } from "../support/http";
import { learner, sessionBrowser } from "../support/sign-in";
import { useSsrApp } from "../support/ssr-app";

const ssr = useSsrApp();
const PAGE = "/en/mentor/discussions/";

describe("the mentors' discussion page", () => {
  it("sends a guest and an anonymous session to sign in, and refuses a learner", async () => {
    const returnTo = `/en/?login=1&returnTo=${encodeURIComponent(`${PAGE}?tab=reports`)}`;
    const guest = await new Browser(ssr.app).get(`${PAGE}?tab=reports`);
    expect(guest.statusCode).toBe(302);
    expect(guest.headers.location).toBe(returnTo);
    const session = await sessionBrowser(ssr.app);
    const anonymous = await session.browser.get(`${PAGE}?tab=reports`);
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toBe(returnTo);
    const l = await learner(ssr.app, ssr.database.db);
    const denied = await l.browser.get(PAGE);
    expect(denied.statusCode).toBe(403);
    expect(denied.body).not.toContain('data-testid="mentor-discussions"');
  });

  it.each([
    ["en", "ltr", "Discussions", "Waiting for an answer"],
    ["ar", "rtl", "النقاشات", "بانتظار إجابة"],
  ])("opens for a mentor in %s (%s), on the tab the address names", async (lang, dir, title, waitingTab) => {
    const m = await learner(ssr.app, ssr.database.db, { roles: ["disciple", "mentor"] });
    const res = await m.browser.get(`/${lang}/mentor/discussions/`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<html lang="${lang}" dir="${dir}">`);
    expect(res.body).toContain(`<title>${title}</title>`);
    expect(res.body).toContain('data-tab="waiting"');
    expect(res.body.match(/<a[^>]*data-testid="discussion-tab-waiting"[^>]*>[^<]*</)?.[0]).toMatch(new RegExp(`aria-current="page".*>${waitingTab}<`));
    const reports = await m.browser.get(`/${lang}/mentor/discussions/?tab=reports&status=all`);
    expect(reports.body).toContain('data-tab="reports"');
    expect(reports.body.match(/<a[^>]*data-testid="discussion-reports-all"[^>]*>/)?.[0]).toContain('aria-current="page"');
    // An unknown tab is the queue, not an error.
    expect((await m.browser.get(`/${lang}/mentor/discussions/?tab=bogus`)).body).toContain('data-tab="waiting"');
  });

  it("is linked from the inbox header for every mentor role", async () => {
    for (const role of ["mentor", "mp-leader", "mp-admin", "admin"]) {
      const m = await learner(ssr.app, ssr.database.db, { roles: ["disciple", role] });
      const res = await m.browser.get("/en/mentor/");
      expect(res.statusCode, role).toBe(200);
      expect(res.body.match(/<a[^>]*data-testid="inbox-discussions-link"[^>]*>/)?.[0]).toContain('href="/en/mentor/discussions/"');
      expect((await m.browser.get(PAGE)).statusCode, role).toBe(200);
    }
  });
});
