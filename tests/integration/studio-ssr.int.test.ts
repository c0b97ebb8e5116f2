/**
 * The creator studio's pages as the server renders them (issue 15): for authors only, by the studio
 * policy (a guest or an anonymous session signs in and comes back, a learner or a mentor is refused
 * with 403), in English and Arabic (rtl), for admin, mp-admin and mp-leader; the demo creator signs in
 * and opens them. Runs on the built app.
 */
import { describe, expect, it } from "vitest";
import { DEMO_CREATOR } from "../../src/server/db/seed/demo-creator";
import { DEMO_MENTOR_PASSWORD } from "../../src/server/db/seed/demo-mentors";
import { learner, login } from "../support/sign-in";
import { useSsrApp } from "../support/ssr-app";
import { itGuardsStudioScreens } from "../support/studio-guards";

const ssr = useSsrApp();
const COURSE = "reading-foundations";
const pages = (lang: string) => [`/${lang}/studio/`, `/${lang}/studio/courses/${COURSE}`];

describe("the creator studio's pages", () => {
  itGuardsStudioScreens(ssr, pages("en"), ['data-testid="studio-courses"', 'data-testid="studio-course-page"', "Foundations of Reading"]);

  it.each([
    ["en", "ltr", "Studio: courses", "Foundations of Reading", "Save", "Elements"],
    ["ar", "rtl", "الاستوديو: الدورات", "أساسيات القراءة", "احفظ", "العناصر"],
  ])("open for every author role in %s (%s)", async (lang, dir, listTitle, courseTitle, save, elementsLabel) => {
    for (const role of ["admin", "mp-admin", "mp-leader"]) {
      const author = await learner(ssr.app, ssr.database.db, { roles: ["disciple", role] });
      const [listPage, coursePage] = pages(lang);
      const list = await author.browser.get(listPage!);
      expect(list.statusCode, role).toBe(200);
      expect(list.body).toContain(`<html lang="${lang}" dir="${dir}">`);
      expect(list.body).toContain(`<title>${listTitle}</title>`);
      expect(list.body).toContain('<meta name="robots" content="noindex"/>');
      expect(list.body).toMatch(new RegExp(`<a[^>]*data-testid="studio-course" data-course="${COURSE}" href="/${lang}/studio/courses/${COURSE}"`));
      expect(list.body).toContain('data-testid="new-course"');
      const course = await author.browser.get(coursePage!);
      expect(course.statusCode, role).toBe(200);
      expect(course.body).toContain(`<html lang="${lang}" dir="${dir}">`);
      expect(course.body).toContain(`<title>${lang === "en" ? "Studio" : "الاستوديو"}: ${courseTitle}</title>`);
      expect(course.body).toContain('data-testid="course-settings"');
      expect(course.body).toContain(`>${save}</button>`);
      const rows = course.body.match(/data-testid="studio-element"/g)?.length ?? 0;
      expect(rows).toBeGreaterThan(1);
      // The list counts the course's elements: as many as its page lists.
      expect(list.body.match(new RegExp(`data-course="${COURSE}"[\\s\\S]*?${elementsLabel}: (\\d+)<`))?.[1]).toBe(String(rows));
      expect(course.body).toContain(`href="/${lang}/courses/${COURSE}"`);
    }
  });

  it("answer 404 for an unknown or a malformed course id, and 400 for a NUL in the address", async () => {
    const author = await learner(ssr.app, ssr.database.db, { roles: ["disciple", "mp-leader"] });
    for (const id of ["no-such-course", "bad%20id!", "x".repeat(200)]) {
      expect((await author.browser.get(`/en/studio/courses/${id}`)).statusCode, id).toBe(404);
    }
    // Refused at the door, as every address with a NUL is, before any loader runs.
    expect((await author.browser.get("/en/studio/courses/a%00b")).statusCode).toBe(400);
  });

  it("let the demo creator sign in and open the studio", async () => {
    const creator = await login(ssr.app, DEMO_CREATOR.email, DEMO_MENTOR_PASSWORD);
    const res = await creator.browser.get("/tr/studio/");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>Stüdyo: kurslar</title>");
  });
});
