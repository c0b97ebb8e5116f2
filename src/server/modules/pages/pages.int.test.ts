import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { ZPage } from "../../../domain/page";
import { mainPageBlocks } from "../../db/seed/demo-content";
import { upsertCourse } from "../../db/seed/course-factories";
import { upsertEnvironment, upsertPage } from "../../db/seed/factories";

describeEachDatabase("pages API", (t) => {
  const get = (url: string) => t.app.inject({ method: "GET", url });
  const env = () => t.config.ENVIRONMENT_ID;

  describe("GET /api/pages/by-alias/:alias", () => {
    it.each(["tr", "en", "ar", "ru"] as const)("answers the main page in %s with its components", async (lang) => {
      const res = await get(`/api/pages/by-alias/main?lang=${lang}`);
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(ZPage.safeParse(page).success).toBe(true);
      expect(page).toMatchObject({
        id: `page-main-${lang}`,
        alias: "main",
        lang,
        environmentId: env(),
        published: true,
        type: "page",
        model: null,
        title: mainPageBlocks(lang).title,
      });
      expect(page.components.map((b: { id: string }) => b.id)).toEqual(mainPageBlocks(lang).blocks.map((b) => b.id));
      expect(Number.isNaN(Date.parse(page.edited))).toBe(false);
    });

    it.each(["tr", "en", "ar", "ru"] as const)("leaves components out in %s with withComponents=false", async (lang) => {
      const res = await get(`/api/pages/by-alias/main?lang=${lang}&withComponents=false`);
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page.id).toBe(`page-main-${lang}`);
      expect(page).not.toHaveProperty("components");
    });

    it("includes components with withComponents=true", async () => {
      const res = await get("/api/pages/by-alias/main?lang=en&withComponents=true");
      expect(res.statusCode).toBe(200);
      expect(res.json().components.length).toBeGreaterThan(0);
    });

    it("answers system pages (404, access-denied) too", async () => {
      const res = await get("/api/pages/by-alias/404?lang=ar");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: "page-404-ar", type: "system", noindex: true });
    });

    it("answers 404 PAGE-NOT-FOUND for an unknown alias", async () => {
      const res = await get("/api/pages/by-alias/no-such-page?lang=en");
      expect(res.statusCode).toBe(404);
      const { error } = res.json();
      expect(error.code).toBe("PAGE-NOT-FOUND");
      expect(error.key).toBe("errors:codes.PAGE_NOT_FOUND");
      expect(typeof error.message).toBe("string");
      expect(error.message.length).toBeGreaterThan(0);
    });

    it("answers 400 UNSUPPORTED-LANG for a language the portal does not have", async () => {
      for (const url of ["/api/pages/by-alias/main?lang=de", "/api/pages/by-model/course/c1?lang=de", "/api/pages/templates/main?lang=de"]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error, url).toMatchObject({ code: "UNSUPPORTED-LANG", key: "errors:codes.UNSUPPORTED_LANG" });
      }
    });

    it("answers 404 for a portal language the page does not exist in", async () => {
      await upsertPage(t.db, { environmentId: env(), alias: "only-in-tr", lang: "tr", title: "Yalnızca Türkçe" });
      expect((await get("/api/pages/by-alias/only-in-tr?lang=tr")).statusCode).toBe(200);
      const res = await get("/api/pages/by-alias/only-in-tr?lang=en");
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("PAGE-NOT-FOUND");
    });

    it("hides unpublished pages", async () => {
      await upsertPage(t.db, { environmentId: env(), alias: "draft-page", lang: "en", title: "Draft", published: false });
      const res = await get("/api/pages/by-alias/draft-page?lang=en");
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("PAGE-NOT-FOUND");
    });

    it("does not answer pages of another environment", async () => {
      await upsertEnvironment(t.db, { id: "env-other", portalId: t.config.PORTAL_ID });
      await upsertPage(t.db, { environmentId: "env-other", alias: "elsewhere", lang: "en", title: "Elsewhere" });
      const res = await get("/api/pages/by-alias/elsewhere?lang=en");
      expect(res.statusCode).toBe(404);
    });

    it.each([
      ["an alias with a space and !", `/api/pages/by-alias/${encodeURIComponent("bad alias!")}?lang=en`],
      ["an alias starting with -", "/api/pages/by-alias/-main?lang=en"],
      ["a missing lang", "/api/pages/by-alias/main"],
      ["an empty lang", "/api/pages/by-alias/main?lang="],
      ["a one-letter lang", "/api/pages/by-alias/main?lang=e"],
      ["a too long lang", "/api/pages/by-alias/main?lang=english-language"],
      ["a bad withComponents", "/api/pages/by-alias/main?lang=en&withComponents=yes"],
    ])("answers 400 VALIDATION for %s", async (_what, url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe("VALIDATION");
      expect(error.key).toBe("errors:codes.VALIDATION");
    });
  });

  describe("GET /api/pages/by-model/:name/:id", () => {
    beforeAll(async () => {
      // A page is answered only when its model may be read: c1 is a published course.
      await upsertCourse(t.db, { id: "c1", portalId: t.config.PORTAL_ID, title: { en: "Course one" } });
      await upsertPage(t.db, {
        environmentId: env(),
        alias: "course-c1",
        lang: "en",
        title: "Course one",
        modelName: "course",
        modelId: "c1",
        components: [{ id: "c1-text", type: "text", props: { html: "<p>About course one</p>" } }],
      });
      await upsertPage(t.db, {
        environmentId: env(),
        alias: "course-c2",
        lang: "en",
        title: "Course two (draft)",
        modelName: "course",
        modelId: "c2",
        published: false,
      });
    });

    it("answers the page bound to a model", async () => {
      const res = await get("/api/pages/by-model/course/c1?lang=en");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        alias: "course-c1",
        title: "Course one",
        model: { name: "course", id: "c1" },
        components: [{ id: "c1-text", type: "text" }],
      });
    });

    it("answers 404 for an unknown model id or another model name", async () => {
      for (const url of ["/api/pages/by-model/course/c404?lang=en", "/api/pages/by-model/webinar/c1?lang=en"]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().error.code, url).toBe("PAGE-NOT-FOUND");
      }
    });

    it("reads a model's page in a language it lacks in one it has (issue 28: a course is readable in every portal language)", async () => {
      const res = await get("/api/pages/by-model/course/c1?lang=tr");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ lang: "en", model: { name: "course", id: "c1" } });
    });

    it("hides an unpublished model page", async () => {
      const res = await get("/api/pages/by-model/course/c2?lang=en");
      expect(res.statusCode).toBe(404);
    });
  });

  describe("GET /api/pages/templates/:alias", () => {
    const template = (alias: string, lang: string) => upsertPage(t.db, { environmentId: env(), type: "template", alias, lang, title: `${alias} ${lang}` });

    beforeAll(async () => {
      await template("tpl-tr-only", "tr");
      await template("tpl-en-only", "en");
      await template("tpl-all", "tr");
      await template("tpl-all", "en");
      await template("tpl-all", "ar");
      await template("tpl-all", "ru");
      await template("tpl-en-ru", "en");
      await template("tpl-en-ru", "ru");
    });

    it.each(["en", "ar", "ru"])("falls back to the primary language (tr) for lang=%s", async (lang) => {
      const res = await get(`/api/pages/templates/tpl-tr-only?lang=${lang}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ lang: "tr", title: "tpl-tr-only tr", type: "template" });
    });

    it("falls back to en when neither the requested nor the primary language exists", async () => {
      const res = await get("/api/pages/templates/tpl-en-only?lang=ru");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ lang: "en", title: "tpl-en-only en" });
    });

    it.each(["tr", "en", "ar", "ru"])("prefers the requested language %s when it exists", async (lang) => {
      const res = await get(`/api/pages/templates/tpl-all?lang=${lang}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ lang, title: `tpl-all ${lang}` });
    });

    it("prefers the requested language over the en fallback", async () => {
      const res = await get("/api/pages/templates/tpl-en-ru?lang=ru");
      expect(res.json()).toMatchObject({ lang: "ru" });
      const ar = await get("/api/pages/templates/tpl-en-ru?lang=ar");
      expect(ar.json()).toMatchObject({ lang: "en" });
    });

    it("answers 404 PAGE-NOT-FOUND when no language has the template", async () => {
      const res = await get("/api/pages/templates/tpl-missing?lang=en");
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("PAGE-NOT-FOUND");
    });

    it("does not answer ordinary pages as templates", async () => {
      const res = await get("/api/pages/templates/main?lang=en");
      expect(res.statusCode).toBe(404);
    });
  });
});
