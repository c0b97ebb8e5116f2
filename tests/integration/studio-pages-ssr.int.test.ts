/**
 * The page designer's screens as the server renders them (issue 15): the pages list, one page's
 * designer and its preview frame, for authors only by the studio policy (a guest signs in and comes
 * back, a learner or a mentor gets 403), in English and Arabic (rtl). The page's document and the
 * list come from the studio pages API in the browser, so the server renders the screens' frame.
 */
import { describe, expect, it } from "vitest";
import { DEMO_CREATOR } from "../../src/server/db/seed/demo-creator";
import { DEMO_MENTOR_PASSWORD } from "../../src/server/db/seed/demo-mentors";
import { learner, login } from "../support/sign-in";
import { useSsrApp } from "../support/ssr-app";
import { itGuardsStudioScreens } from "../support/studio-guards";

const ssr = useSsrApp();
const ALIAS = "advantages";
const pages = (lang: string) => [`/${lang}/studio/pages`, `/${lang}/studio/pages/${ALIAS}`, `/${lang}/studio/pages/${ALIAS}/preview`];

describe("the page designer's screens", () => {
  itGuardsStudioScreens(ssr, pages("en"), ['data-testid="studio-pages"', 'data-testid="page-designer"']);

  it.each([
    ["en", "ltr", "Studio: pages", "Designer: advantages", "Preview: advantages", "Pages", "New page"],
    ["ar", "rtl", "الاستوديو: الصفحات", "المصمّم: advantages", "معاينة: advantages", "الصفحات", "صفحة جديدة"],
  ])("open for the demo creator in %s (%s)", async (lang, dir, listTitle, designerTitle, previewTitle, navPages, newPage) => {
    const creator = await login(ssr.app, DEMO_CREATOR.email, DEMO_MENTOR_PASSWORD);
    const [listPage, designerPage, previewPage] = pages(lang);
    const list = await creator.browser.get(listPage!);
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(`<html lang="${lang}" dir="${dir}">`);
    expect(list.body).toContain(`<title>${listTitle}</title>`);
    expect(list.body).toContain('<meta name="robots" content="noindex"/>');
    expect(list.body).toContain('data-testid="studio-pages"');
    // The header's link to this screen, marked as the current one (the courses link is not).
    expect(list.body).toMatch(new RegExp(`<a[^>]*data-testid="studio-link-pages" aria-current="page"[^>]*href="/${lang}/studio/pages"[^>]*>${navPages}</a>`));
    expect(list.body).toMatch(/<a data-testid="studio-link-courses" class=/);
    expect(list.body).toContain('data-testid="new-page"');
    expect(list.body).toContain(`>${newPage}</h2>`);
    const designer = await creator.browser.get(designerPage!);
    expect(designer.statusCode).toBe(200);
    expect(designer.body).toContain(`<html lang="${lang}" dir="${dir}">`);
    expect(designer.body).toContain(`<title>${designerTitle}</title>`);
    expect(designer.body).toContain(`data-testid="page-designer" data-alias="${ALIAS}"`);
    const preview = await creator.browser.get(previewPage!);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain(`<html lang="${lang}" dir="${dir}">`);
    expect(preview.body).toContain(`<title>${previewTitle}</title>`);
  });

  it("draw the preview frame alone: no e-mail-verification notice there, while the designer around it has one", async () => {
    // A freshly registered author: the address waits for confirmation, so every other page carries the notice.
    const author = await learner(ssr.app, ssr.database.db, { roles: ["disciple", "mp-leader"] });
    for (const lang of ["en", "ar"]) {
      const designer = await author.browser.get(`/${lang}/studio/pages/${ALIAS}`);
      expect(designer.body).toContain('data-testid="email-verify-notice"');
      const preview = await author.browser.get(`/${lang}/studio/pages/${ALIAS}/preview`);
      expect(preview.statusCode).toBe(200);
      expect(preview.body).not.toContain('data-testid="email-verify-notice"');
      expect(preview.body).not.toContain("googletagmanager");
    }
  });

  it("answer 404 for a malformed alias, and 400 for a NUL in the address", async () => {
    const author = await learner(ssr.app, ssr.database.db, { roles: ["disciple", "mp-leader"] });
    for (const alias of ["Bad%20Alias!", "x".repeat(200), "-lead"]) {
      expect((await author.browser.get(`/en/studio/pages/${alias}`)).statusCode, alias).toBe(404);
      expect((await author.browser.get(`/en/studio/pages/${alias}/preview`)).statusCode, alias).toBe(404);
    }
    expect((await author.browser.get("/en/studio/pages/a%00b")).statusCode).toBe(400);
  });
});
