import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { ALL_POLICY_CATEGORIES, POLICY_CATEGORIES, ZPolicy } from "../../../domain/policy";
import { pages } from "../../db/schema/portal";
import { DEMO_LANGS } from "../../db/seed/demo-content";
import { policyPage } from "../../db/seed/demo-policies";
import { upsertPage } from "../../db/seed/factories";
import { changeContent } from "../../platform/content-version";

describeEachDatabase("policies API", (t) => {
  const get = (url: string) => t.app.inject({ method: "GET", url });

  describe("a category's page in the visitor's language", () => {
    it.each(ALL_POLICY_CATEGORIES.flatMap((c) => DEMO_LANGS.map((l) => [c, l] as const)))("answers %s in %s from the seeded page", async (category, lang) => {
      const res = await get(`/api/policies/${category}?lang=${lang}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(ZPolicy.safeParse(body).success).toBe(true);
      const seeded = policyPage(category, lang);
      expect(body).toMatchObject({
        category,
        source: "page",
        page: { alias: category, lang, type: "page", title: seeded.title, description: seeded.description },
      });
      expect(body.page.components.map((b: { id: string }) => b.id)).toEqual(seeded.blocks.map((b) => b.id));
    });

    it("lists the default categories for the default policies and the mentor ones for mentor policies", async () => {
      expect((await get("/api/policies/cookie-policy?lang=en")).json()).toMatchObject({ type: "default", categories: [...POLICY_CATEGORIES.default] });
      expect((await get("/api/policies/mentor-terms?lang=en")).json()).toMatchObject({ type: "mentor", categories: [...POLICY_CATEGORIES.mentor] });
    });

    it("keeps the texts different per language (no language served another's page)", async () => {
      const titles = await Promise.all(DEMO_LANGS.map(async (l) => (await get(`/api/policies/privacy-policy?lang=${l}`)).json().page.title));
      expect(new Set(titles).size).toBe(DEMO_LANGS.length);
    });
  });

  describe("template fallback", () => {
    const env = () => t.config.ENVIRONMENT_ID;
    const removePage = (alias: string, lang: string) =>
      changeContent(t.db, async (tx) => {
        await tx.delete(pages).where(and(eq(pages.environmentId, env()), eq(pages.type, "page"), eq(pages.alias, alias), eq(pages.lang, lang)));
      });

    it("serves the category's template when the page is missing in that language", async () => {
      await removePage("mentor-terms", "ru");
      await upsertPage(t.db, {
        environmentId: env(),
        type: "template",
        alias: "mentor-terms",
        lang: "ru",
        title: "Условия для наставников (шаблон)",
        components: [{ id: "tpl-1", type: "text", props: { html: "<p>Шаблон условий</p>" } }],
      });
      const res = await get("/api/policies/mentor-terms?lang=ru");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ source: "template", page: { type: "template", lang: "ru", title: "Условия для наставников (шаблон)" } });
      // The other languages still have their page.
      expect((await get("/api/policies/mentor-terms?lang=en")).json().source).toBe("page");
    });

    it("serves an unpublished page's template instead of the draft", async () => {
      await changeContent(t.db, async (tx) => {
        await tx
          .update(pages)
          .set({ published: false })
          .where(and(eq(pages.environmentId, env()), eq(pages.type, "page"), eq(pages.alias, "cookie-policy"), eq(pages.lang, "en")));
      });
      await upsertPage(t.db, { environmentId: env(), type: "template", alias: "cookie-policy", lang: "tr", title: "Çerez politikası şablonu" });
      const res = await get("/api/policies/cookie-policy?lang=en");
      expect(res.statusCode).toBe(200);
      // No English template: the primary language's template (tr) is the fallback.
      expect(res.json()).toMatchObject({ source: "template", page: { lang: "tr", title: "Çerez politikası şablonu" } });
    });

    it("answers 404 PAGE-NOT-FOUND when neither a page nor a template exists", async () => {
      await removePage("mentor-policy", "ar");
      const res = await get("/api/policies/mentor-policy?lang=ar");
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({ code: "PAGE-NOT-FOUND", key: "errors:codes.PAGE_NOT_FOUND" });
    });
  });

  describe("bad input", () => {
    it.each(["main", "404", "privacy", "Privacy-Policy", "terms-of-service", "mentor"])(
      "answers 404 PAGE-NOT-FOUND for the non-category %s",
      async (category) => {
        const res = await get(`/api/policies/${category}?lang=en`);
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe("PAGE-NOT-FOUND");
      },
    );

    it("answers 400 UNSUPPORTED-LANG for a language the portal does not have", async () => {
      const res = await get("/api/policies/privacy-policy?lang=de");
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("UNSUPPORTED-LANG");
    });

    it.each(["/api/policies/privacy-policy", "/api/policies/privacy-policy?lang=", "/api/policies/privacy-policy?lang=x"])(
      "answers 400 VALIDATION for %s",
      async (url) => {
        const res = await get(url);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe("VALIDATION");
      },
    );
  });
});
