import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { ZPortalSettings } from "../../../domain/portal";
import { upsertEnvironment } from "../../db/seed/factories";
import { changeContent } from "../../platform/content-version";

describeEachDatabase("portal API", (t) => {
  async function settings() {
    const res = await t.app.inject({ method: "GET", url: "/api/portal/settings" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    return res.json();
  }

  describe("GET /api/portal/settings", () => {
    it("answers the portal named by PORTAL_ID with its type, titles, languages and sign-in settings", async () => {
      const body = await settings();
      expect(ZPortalSettings.safeParse(body).success).toBe(true);
      const { portal } = body;
      expect(portal.id).toBe(t.config.PORTAL_ID);
      expect(portal.id).toBe("lp-mentora");
      expect(portal.type).toBe("other");
      expect(portal.title).toEqual({
        tr: "Mentora Akademi",
        en: "Mentora Academy",
        ar: "أكاديمية منتورا",
        ru: "Академия Mentora",
      });
      expect(portal.i18n).toEqual({ langs: ["tr", "en", "ar", "ru"], primaryLang: "tr" });
      expect(portal.favicon).toBe("/favicon.svg");
      expect(portal.lessonLoadIcon).toEqual({ url: "/brand/mentora-mark.svg" });
      expect(portal.registration).toEqual({
        type: "email",
        email: true,
        swapPopups: false,
        gdpr: false,
        anonymous: true,
        google: false,
        facebook: false,
        googleOneTap: false,
        messengers: [],
      });
      expect(portal.authMigration).toBe(false);
    });

    it("lists the children portals", async () => {
      const { portal } = await settings();
      expect(portal.children).toEqual([
        {
          id: "lp-mentora-kids",
          type: "mono",
          title: { tr: "Mentora Çocuk", en: "Mentora Kids", ar: "منتورا للأطفال", ru: "Mentora для детей" },
        },
      ]);
    });

    it("answers the environment: theme defaults, logos per language, navigation, seo and integrations", async () => {
      const { environment } = await settings();
      expect(environment.id).toBe(t.config.ENVIRONMENT_ID);
      expect(environment.theme).toMatchObject({
        componentBorderRadius: 20,
        button: { borderRadius: 30, type: "gradient" },
        color: "blue",
      });
      expect(environment.logo).toEqual({ tr: "/brand/logo-tr.svg", en: "/brand/logo-en.svg" });
      expect(environment.navigation.map((n: { id: string }) => n.id)).toEqual(["nav-home", "nav-learn", "nav-about", "nav-faq"]);
      expect(environment.navigation[0]).toMatchObject({
        alias: "main",
        link: "/",
        published: true,
        title: { tr: "Ana sayfa", en: "Home", ar: "الرئيسية", ru: "Главная" },
      });
      expect(Object.keys(environment.seo.title).sort()).toEqual(["ar", "en", "ru", "tr"]);
      expect(environment.seo.description.en).toMatch(/^Mentora: /);
      expect(environment.seo.image).toBe("/brand/og-image.svg");
      expect(environment.integrations).toEqual({ enabledCustomScripts: false, customScripts: [], messengers: {} });
      expect(environment.contacts.email).toBe("hello@mentora.example");
      expect(environment.socials).toHaveLength(2);
    });

    it("stamps lastUpdate with the time the snapshot was made; a content change makes a new one", async () => {
      const first = (await settings()).lastUpdate;
      expect(typeof first).toBe("number");
      expect(first).toBeLessThanOrEqual(Date.now());
      const before = Date.now();
      await changeContent(t.db, async () => undefined);
      const { lastUpdate } = await settings();
      expect(lastUpdate).toBeGreaterThanOrEqual(before);
      expect(lastUpdate).toBeLessThanOrEqual(Date.now());
    });

    it("fills theme defaults for an environment stored without them", async () => {
      const app = await t.buildApp({ PORTAL_ID: "lp-mentora", ENVIRONMENT_ID: "env-bare" });
      await upsertEnvironment(t.db, { id: "env-bare", portalId: "lp-mentora", theme: {} as never });
      const res = await app.inject({ method: "GET", url: "/api/portal/settings" });
      expect(res.statusCode).toBe(200);
      expect(res.json().environment.theme).toEqual({
        componentBorderRadius: 20,
        button: { borderRadius: 30, type: "gradient" },
        color: "blue",
      });
    });

    it("answers 404 NOT-FOUND when the configured portal does not exist", async () => {
      const app = await t.buildApp({ PORTAL_ID: "lp-missing" });
      const res = await app.inject({ method: "GET", url: "/api/portal/settings" });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("NOT-FOUND");
    });
  });

  describe("GET /api/portal/children", () => {
    it("answers the children portals as environments", async () => {
      const res = await t.app.inject({ method: "GET", url: "/api/portal/children" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        environments: [
          {
            id: "lp-mentora-kids",
            type: "mono",
            title: { tr: "Mentora Çocuk", en: "Mentora Kids", ar: "منتورا للأطفال", ru: "Mentora для детей" },
          },
        ],
      });
    });
  });
});
