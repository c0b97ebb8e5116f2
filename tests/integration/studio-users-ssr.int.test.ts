/**
 * The back office's people screens as the server renders them (issue 16): a guest or an anonymous
 * session signs in and comes back, a learner, mentor or mp-leader is refused with 403; admins and
 * mp-admin get the list and the person in English and Arabic (rtl); an unknown person is the 404 page.
 * Runs on the built app.
 */
import { describe, expect, it } from "vitest";
import { learner } from "../support/sign-in";
import { useSsrApp } from "../support/ssr-app";
import { itGuardsStudioScreens } from "../support/studio-guards";

const ssr = useSsrApp();

describe("the back office's people screens", () => {
  itGuardsStudioScreens(ssr, ["/en/studio/users", "/en/studio/users/usr-anyone"], ['data-testid="person-row"', 'data-testid="save-roles"']);

  it("refuse an mp-leader with the access-denied page", async () => {
    const leader = await learner(ssr.app, ssr.database.db, { roles: ["disciple", "mp-leader"] });
    expect((await leader.browser.get("/en/studio/users")).statusCode).toBe(403);
    expect((await leader.browser.get(`/en/studio/users/${leader.userId}`)).statusCode).toBe(403);
  });

  it.each([
    ["en", "ltr", "Back office: people", "Person: Ann Lee", "Save roles"],
    ["ar", "rtl", "الإدارة: الأشخاص", "الشخص: Ann Lee", "حفظ الأدوار"],
  ])("open for admin and mp-admin in %s (%s)", async (lang, dir, listTitle, personTitle, save) => {
    const person = await learner(ssr.app, ssr.database.db, { roles: ["disciple"] });
    for (const role of ["admin", "mp-admin"]) {
      const admin = await learner(ssr.app, ssr.database.db, { roles: ["disciple", role] });
      const list = await admin.browser.get(`/${lang}/studio/users?q=${encodeURIComponent(person.email)}`);
      expect(list.statusCode, role).toBe(200);
      expect(list.body).toContain(`<html lang="${lang}" dir="${dir}">`);
      expect(list.body).toContain(`<title>${listTitle}</title>`);
      expect(list.body).toContain('<meta name="robots" content="noindex"/>');
      expect(list.body).toContain(`href="/${lang}/studio/users/${person.userId}"`);
      const one = await admin.browser.get(`/${lang}/studio/users/${person.userId}`);
      expect(one.statusCode, role).toBe(200);
      expect(one.body).toContain(`<title>${personTitle}</title>`);
      expect(one.body).toContain(save);
      expect((await admin.browser.get(`/${lang}/studio/users/usr-nobody`)).statusCode).toBe(404);
      // A refused query is shown, not a failure page.
      expect((await admin.browser.get(`/${lang}/studio/users?q=${"x".repeat(121)}`)).statusCode).toBe(200);
    }
  });
});
