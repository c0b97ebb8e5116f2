/**
 * The studio's navigation, microcourse and video event screens as the server renders them (issue
 * 15): the demo creator (mp-admin) opens each in English and Arabic (rtl); a learner and a mentor
 * get the access-denied page; navigation is a portal setting, so an mp-leader is refused it too.
 * Runs on the built app.
 */
import { describe, expect, it } from "vitest";
import { DEMO_CREATOR } from "../../src/server/db/seed/demo-creator";
import { DEMO_MENTOR_PASSWORD } from "../../src/server/db/seed/demo-mentors";
import { learner, login } from "../support/sign-in";
import { useSsrApp } from "../support/ssr-app";

const ssr = useSsrApp();
const MICROCOURSE = "breathing-break";
const EVENT = "history-of-writing";
const screens = (lang: string) => [
  [`/${lang}/studio/navigation`, 'data-testid="nav-tree"'],
  [`/${lang}/studio/microcourses`, 'data-testid="studio-microcourses"'],
  [`/${lang}/studio/microcourses/${MICROCOURSE}`, 'data-testid="microcourse-settings"'],
  [`/${lang}/studio/video-events`, 'data-testid="studio-video-events"'],
  [`/${lang}/studio/video-events/${EVENT}`, 'data-testid="new-episode"'],
];

describe("the studio's navigation, microcourse and video event screens", () => {
  it.each([
    ["en", "ltr", "Studio: navigation", "Studio: microcourses", "Studio: video events"],
    ["ar", "rtl", "الاستوديو: التنقّل", "الاستوديو: الدورات المصغّرة", "الاستوديو: فعاليات الفيديو"],
  ])("open for the demo creator in %s (%s)", async (lang, dir, navTitle, mcTitle, veTitle) => {
    const creator = await login(ssr.app, DEMO_CREATOR.email, DEMO_MENTOR_PASSWORD);
    for (const [page, marker] of screens(lang)) {
      const res = await creator.browser.get(page!);
      expect(res.statusCode, page).toBe(200);
      expect(res.body, page).toContain(`<html lang="${lang}" dir="${dir}">`);
      expect(res.body, page).toContain(marker!);
      expect(res.body, page).toContain('<meta name="robots" content="noindex"/>');
      expect(res.body, page).toContain('data-testid="studio-link-navigation"');
    }
    const nav = await creator.browser.get(`/${lang}/studio/navigation`);
    expect(nav.body).toContain(`<title>${navTitle}</title>`);
    expect(nav.body.match(/data-testid="nav-item"/g)?.length).toBeGreaterThanOrEqual(3);
    const list = await creator.browser.get(`/${lang}/studio/microcourses`);
    expect(list.body).toContain(`<title>${mcTitle}</title>`);
    expect(list.body).toMatch(new RegExp(`data-testid="studio-microcourse" data-id="${MICROCOURSE}" href="/${lang}/studio/microcourses/${MICROCOURSE}"`));
    const events = await creator.browser.get(`/${lang}/studio/video-events`);
    expect(events.body).toContain(`<title>${veTitle}</title>`);
    const event = await creator.browser.get(`/${lang}/studio/video-events/${EVENT}`);
    expect(event.body.match(/data-testid="episode"/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it("refuse a learner and a mentor (403 on every screen) and an mp-leader the navigation; unknown ids are 404", async () => {
    for (const roles of [["disciple"], ["disciple", "mentor"]]) {
      const user = await learner(ssr.app, ssr.database.db, { roles });
      for (const [page, marker] of screens("en")) {
        const res = await user.browser.get(page!);
        expect(res.statusCode, `${roles.join()} ${page}`).toBe(403);
        expect(res.body).not.toContain(marker!);
      }
    }
    const leader = await learner(ssr.app, ssr.database.db, { roles: ["disciple", "mp-leader"] });
    const nav = await leader.browser.get("/en/studio/navigation");
    expect(nav.statusCode).toBe(403);
    expect(nav.body).not.toContain('data-testid="nav-tree"');
    const mc = await leader.browser.get("/en/studio/microcourses");
    expect(mc.statusCode).toBe(200);
    expect(mc.body).not.toContain('data-testid="studio-link-navigation"');
    for (const page of ["/en/studio/microcourses/no-such-mc", "/en/studio/video-events/no-such-event", "/en/studio/video-events/bad%20id!"]) {
      expect((await leader.browser.get(page)).statusCode, page).toBe(404);
    }
  });
});
