/**
 * Tests that grade as the server renders them (issue 13): the test element page carries the
 * learner's test state without correct answers (the loader data included); the mentors' review
 * page is for the mentor roles (a guest signs in, a learner is refused) and lists waiting answers,
 * in English and Arabic (rtl). Runs on the built app.
 */
import { describe, expect, it } from "vitest";
import { definitionOf, url } from "../support/assessments";
import { Browser, json } from "../support/http";
import { learner } from "../support/sign-in";
import { useSsrApp } from "../support/ssr-app";
import type { TTestState } from "../../src/domain/assessment/public";

const ssr = useSsrApp();
const origin = { origin: "http://localhost" };

describe("the test element page", () => {
  it("renders the test for a learner with no correct answer in the page or its loader data", async () => {
    const l = await learner(ssr.app, ssr.database.db);
    for (const id of ["rf-slow-reading", "rf-main-idea"]) json(await l.browser.post(`/api/progress/elements/${id}/finish`, undefined, origin));
    json<TTestState>(await l.browser.post(url.start("rf-check-main-idea"), undefined, origin));
    for (const lang of ["en", "ar"]) {
      const res = await l.browser.get(`/${lang}/courses/reading-foundations/test/rf-check-main-idea`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('data-testid="element-finish"');
      expect(res.body).toMatch(/data-testid="element-finish"[^>]*disabled|disabled=""[^>]*data-testid="element-finish"/);
      expect(res.body).not.toContain("correctVariants");
      const def = await definitionOf(ssr.database.db, "rf-check-main-idea");
      for (const q of def.questions)
        for (const s of [...q.accepted, ...Object.values(q.explanation)].filter((x) => x.length >= 5)) expect(res.body).not.toContain(s);
    }
  });
});

describe("the mentors' review page", () => {
  it("sends a guest to sign in and refuses a learner", async () => {
    const res = await new Browser(ssr.app).get("/en/mentor/reviews/");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/en/?login=1&returnTo=${encodeURIComponent("/en/mentor/reviews/")}`);
    const l = await learner(ssr.app, ssr.database.db);
    const denied = await l.browser.get("/en/mentor/reviews/");
    expect(denied.statusCode).toBe(403);
    expect(denied.body).not.toContain('data-testid="mentor-reviews"');
  });

  it.each([
    ["en", "ltr", "Test reviews"],
    ["ar", "rtl", "مراجعات الاختبارات"],
  ])("lists waiting free-text answers for a mentor, in %s (%s)", async (lang, dir, title) => {
    const l = await learner(ssr.app, ssr.database.db);
    const st = json<TTestState>(await l.browser.post(url.start("lh-plan"), undefined, origin));
    json(await l.browser.post(url.answer(st.session!), { questionId: "size", variants: ["tiny"] }, origin));
    json(await l.browser.post(url.answer(st.session!), { questionId: "plan", text: `Plan in ${lang}: after tea, read.` }, origin));
    json(await l.browser.post(url.submit(st.session!), undefined, origin));
    const m = await learner(ssr.app, ssr.database.db, { roles: ["disciple", "mentor"] });
    const res = await m.browser.get(`/${lang}/mentor/reviews/`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<html lang="${lang}" dir="${dir}">`);
    expect(res.body).toContain(`<title>${title}</title>`);
    expect(res.body).toContain('data-testid="mentor-reviews"');
    expect(res.body).toContain(`data-attempt="${st.session}"`);
    expect(res.body).toContain(`Plan in ${lang}: after tea, read.`);
  });
});
