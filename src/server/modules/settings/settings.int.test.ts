import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { Browser, expectError, json } from "../../../../tests/support/http";
import { learner, sessionBrowser } from "../../../../tests/support/sign-in";
import type { TAdminEnvironmentSettings, TAdminPortalSettings, TAdminRegistrationSettings, TLanguagePackGap } from "../../../domain/backoffice-settings";
import type { TPortalSettings } from "../../../domain/portal";
import { auditLog } from "../../db/schema/audit";
import { upsertEnvironment } from "../../db/seed/factories";
import { readContentVersion } from "../../platform/content-version";

const origin = { origin: "http://localhost" };
const P = "/api/admin/settings/portal";
const E = "/api/admin/settings/environment";
const R = "/api/admin/settings/registration";

describeEachDatabase("back office: portal, environment and registration settings", (t) => {
  const admin = () => learner(t.app, t.db, { roles: ["admin"] });
  const publicSettings = async () => json<TPortalSettings>(await t.app.inject({ method: "GET", url: "/api/portal/settings" }));
  const auditRows = async () => t.db.select().from(auditLog);

  it("portal: a PUT shows in GET /api/portal/settings at once, with its audit row and a new version; a stale base version is 409", async () => {
    const { browser, userId } = await admin();
    const before = json<TAdminPortalSettings>(await browser.get(P));
    expect(before.settings.i18n).toEqual({ langs: ["tr", "en", "ar", "ru"], primaryLang: "tr" });
    expect(before.children.map((c) => c.id)).toEqual(["lp-mentora-kids"]);
    expect(before.packs.map((p) => p.lang)).toEqual(["en", "ar", "ru"]);
    const version = await readContentVersion(t.db);
    const next = {
      ...before.settings,
      title: { ...before.settings.title, en: "Mentora School" },
      type: "mono" as const,
      favicon: "/brand/mentora-mark.svg",
      authMigration: true,
    };
    const saved = json<TAdminPortalSettings>(await browser.put(P, { ...next, baseVersion: before.version }, origin));
    expect(saved.settings).toEqual(next);
    expect(saved.version).not.toBe(before.version);
    expect(await readContentVersion(t.db)).toBe(version + 1);
    const { portal } = await publicSettings();
    expect(portal.title.en).toBe("Mentora School");
    expect(portal.type).toBe("mono");
    expect(portal.favicon).toBe("/brand/mentora-mark.svg");
    expect(portal.authMigration).toBe(true);
    const [row] = (await auditRows()).filter((r) => r.action === "portal.update").slice(-1);
    expect(row).toMatchObject({ actorId: userId, entityType: "portal", entityId: "lp-mentora" });
    expect(row!.summary.fields).toEqual(["authMigration", "favicon", "title", "type"]);
    // Stale: the version the screen started from is no longer current.
    expectError(await browser.put(P, { ...before.settings, baseVersion: before.version }, origin), 409, "SETTINGS-STALE");
    expect((await publicSettings()).portal.title.en).toBe("Mentora School");
    json(await browser.put(P, { ...before.settings, baseVersion: saved.version }, origin));
    expect((await publicSettings()).portal.title.en).toBe(before.settings.title.en);
  });

  it("portal: adding a language lists the pack keys it lacks; a language with no pack lacks them all; the primary must be one of the languages", async () => {
    const { browser } = await admin();
    const gapOf = async (lang: string) => json<TLanguagePackGap>(await browser.get(`/api/admin/settings/language-packs/${lang}`));
    const de = await gapOf("de");
    expect(de.hasPack).toBe(false);
    expect(de.total).toBeGreaterThan(100);
    expect(de.missingCount).toBe(de.total);
    expect(de.missing.length).toBeLessThanOrEqual(200);
    expect(de.missing).toContain("common:" + de.missing.find((k) => k.startsWith("common:"))!.slice(7));
    const en = await gapOf("en");
    expect(en.hasPack).toBe(true);
    expect(en.missingCount).toBeLessThan(en.total);
    expectError(await browser.get("/api/admin/settings/language-packs/x%00"), 400, "VALIDATION");

    const before = json<TAdminPortalSettings>(await browser.get(P));
    const withDe = json<TAdminPortalSettings>(
      await browser.put(P, { ...before.settings, i18n: { langs: [...before.settings.i18n.langs, "de"], primaryLang: "tr" } }, origin),
    );
    expect(withDe.packs.find((p) => p.lang === "de")).toMatchObject({ hasPack: false, missingCount: de.total });
    expect((await publicSettings()).portal.i18n.langs).toContain("de");
    // Until it has packs, the new language's pages and the packs a browser switching to it loads are English.
    const dePack = await t.app.inject({ method: "GET", url: "/locales/de/common.json" });
    expect(dePack.statusCode).toBe(200);
    expect(dePack.json()).toEqual(json(await t.app.inject({ method: "GET", url: "/locales/en/common.json" })));
    const bad = expectError(await browser.put(P, { ...before.settings, i18n: { langs: ["tr", "en"], primaryLang: "ru" } }, origin), 400, "VALIDATION");
    expect(JSON.stringify(bad.details)).toContain("i18n.primaryLang");
    json(await browser.put(P, before.settings, origin));
    expect((await publicSettings()).portal.i18n.langs).toEqual(["tr", "en", "ar", "ru"]);
    expect((await t.app.inject({ method: "GET", url: "/locales/de/common.json" })).statusCode).toBe(404);
  });

  it("portal: bad values are 400 naming the field, nothing written", async () => {
    const { browser } = await admin();
    const { settings } = json<TAdminPortalSettings>(await browser.get(P));
    const rows = (await auditRows()).length;
    const version = await readContentVersion(t.db);
    const cases: [unknown, string][] = [
      [{ ...settings, title: { tr: "a\u0000b" } }, "title.tr"],
      [{ ...settings, title: { en: "Only English" } }, "title.tr"],
      [{ ...settings, title: { ...settings.title, de: "Deutsch" } }, "title.de"],
      [{ ...settings, type: "multi" }, "type"],
      [{ ...settings, i18n: { langs: [], primaryLang: "tr" } }, "i18n.langs"],
      [{ ...settings, i18n: { langs: ["tr", "tr"], primaryLang: "tr" } }, "i18n.langs.1"],
      [{ ...settings, favicon: "javascript:alert(1)" }, "favicon"],
      [{ ...settings, lessonLoadIcon: { url: 5 } }, "lessonLoadIcon.url"],
      [{ ...settings, authMigration: "yes" }, "authMigration"],
      [{ ...settings, title: { tr: "x".repeat(201) } }, "title.tr"],
      [{ ...settings, extra: 1 }, ""],
    ];
    for (const [body, path] of cases) {
      const err = expectError(await browser.put(P, body, origin), 400, "VALIDATION");
      const paths = (err.details as { validationErrors: { path: string }[] }).validationErrors.map((v) => v.path);
      if (path) expect(paths, JSON.stringify(body).slice(0, 80)).toContain(path);
    }
    expect(
      (await browser.request({ method: "PUT", url: P, headers: { ...origin, "content-type": "application/json" }, payload: "{not json" })).statusCode,
    ).toBe(400);
    expect((await auditRows()).length).toBe(rows);
    expect(await readContentVersion(t.db)).toBe(version);
  });

  it("environment: the theme, logos, contacts, socials, SEO and integrations show in the public settings; https-only custom scripts", async () => {
    const { browser } = await admin();
    const before = json<TAdminEnvironmentSettings>(await browser.get(E));
    expect(before.consentCategories).toEqual(["analytics", "youtube", "vimeo", "hotjar"]);
    const next = {
      ...before.settings,
      theme: { ...before.settings.theme, color: "teal" as const, componentBorderRadius: 8, button: { borderRadius: 4, type: "outline" as const } },
      contacts: { ...before.settings.contacts, phone: "+90 555 987 65 43" },
      integrations: {
        enabledCustomScripts: true,
        customScripts: [{ id: "stats", src: "https://stats.example/s.js" }],
        messengers: { telegram: { endpoint: "https://t.me/mentora_bot" } },
      },
    };
    const saved = json<TAdminEnvironmentSettings>(await browser.put(E, { ...next, baseVersion: before.version }, origin));
    expect(saved.settings).toEqual(next);
    const { environment } = await publicSettings();
    expect(environment.theme).toMatchObject({ color: "teal", componentBorderRadius: 8, button: { borderRadius: 4, type: "outline" } });
    expect(environment.integrations.customScripts).toEqual([{ id: "stats", src: "https://stats.example/s.js" }]);
    expect(environment.contacts.phone).toBe("+90 555 987 65 43");
    // The page policy lets the script's origin in while custom scripts are on.
    const page = await t.app.inject({ method: "GET", url: "/api/portal/settings" });
    expect(page.statusCode).toBe(200);
    const [row] = (await auditRows()).filter((r) => r.action === "environment.update").slice(-1);
    expect(row!.summary.fields).toEqual(["contacts", "integrations", "theme"]);
    expectError(await browser.put(E, { ...before.settings, baseVersion: before.version }, origin), 409, "SETTINGS-STALE");
    json(await browser.put(E, before.settings, origin));
    expect((await publicSettings()).environment.theme.color).toBe(before.settings.theme.color);
  });

  it("environment: bad values are 400 naming the field, nothing written", async () => {
    const { browser } = await admin();
    const { settings: s } = json<TAdminEnvironmentSettings>(await browser.get(E));
    const rows = (await auditRows()).length;
    const version = await readContentVersion(t.db);
    const scripts = (src: string) => ({ ...s, integrations: { ...s.integrations, enabledCustomScripts: true, customScripts: [{ id: "x", src }] } });
    const cases: [unknown, string][] = [
      [scripts("javascript:alert(1)"), "integrations.customScripts.0.src"],
      [scripts("data:text/javascript,alert(1)"), "integrations.customScripts.0.src"],
      [scripts("http://stats.example/s.js"), "integrations.customScripts.0.src"],
      [{ ...s, theme: { ...s.theme, color: "pink" } }, "theme.color"],
      [{ ...s, theme: { ...s.theme, componentBorderRadius: 65 } }, "theme.componentBorderRadius"],
      [{ ...s, theme: { ...s.theme, button: { borderRadius: "3", type: "flat" } } }, "theme.button.borderRadius"],
      [{ ...s, logo: { tr: "javascript:alert(1)" } }, "logo.tr"],
      [{ ...s, logo: { de: "/brand/logo.svg" } }, "logo.de"],
      [{ ...s, contacts: { email: "not-an-address" } }, "contacts.email"],
      [{ ...s, socials: [{ network: "x", url: "data:," }] }, "socials.0.url"],
      [{ ...s, seo: { title: { tr: "a\u0000" } } }, "seo.title.tr"],
      [{ ...s, integrations: { ...s.integrations, messengers: { icq: { endpoint: "x" } } } }, "integrations.messengers"],
      [{ ...s, navigation: [] }, ""],
    ];
    for (const [body, path] of cases) {
      const err = expectError(await browser.put(E, body, origin), 400, "VALIDATION");
      const paths = (err.details as { validationErrors: { path: string }[] }).validationErrors.map((v) => v.path);
      if (path) expect(paths, JSON.stringify(body).slice(0, 120)).toContain(path);
    }
    expect((await auditRows()).length).toBe(rows);
    expect(await readContentVersion(t.db)).toBe(version);
  });

  it("registration: sign-in paths, fields, swapPopups and gdpr show in the public settings; paths the server lacks are named", async () => {
    const { browser } = await admin();
    const before = json<TAdminRegistrationSettings>(await browser.get(R));
    expect(before.server).toEqual({
      google: false,
      facebook: false,
      googleOneTap: false,
      messengers: { whatsapp: false, telegram: false, viber: false, facebookmessenger: false },
    });
    expect(before.policies).toContain("privacy-policy");
    const fields = [
      { id: "name", type: "text" as const, name: "Ad", validation: { required: true }, active: true, switchable: false },
      { id: "city", type: "text" as const, name: "Şehir", validation: { maxLength: 40 }, active: true, switchable: true },
    ];
    const next = { ...before.settings, google: true, swapPopups: true, gdpr: true, messengers: ["telegram" as const], fields: { tr: fields } };
    const saved = json<TAdminRegistrationSettings>(await browser.put(R, { ...next, baseVersion: before.version }, origin));
    expect(saved.settings).toEqual(next);
    const { portal, providers } = await publicSettings();
    expect(portal.registration).toMatchObject({ type: "email", google: true, swapPopups: true, gdpr: true, messengers: ["telegram"], fields: { tr: fields } });
    // Switched on, but the server holds no Google credentials: not offered.
    expect(providers.google).toBe(false);
    const [row] = (await auditRows()).filter((r) => r.action === "registration.update").slice(-1);
    expect(row!.summary.fields).toEqual(["fields", "gdpr", "google", "messengers", "swapPopups"]);
    expectError(await browser.put(R, { ...before.settings, baseVersion: before.version }, origin), 409, "SETTINGS-STALE");
    const cases: [unknown, string][] = [
      [{ ...before.settings, email: "yes" }, "email"],
      [{ ...before.settings, messengers: ["icq"] }, "messengers.0"],
      [{ ...before.settings, messengers: ["telegram", "telegram"] }, "messengers"],
      [{ ...before.settings, fields: { tr: [{ ...fields[0], type: "color" }] } }, "fields.tr.0.type"],
      [{ ...before.settings, fields: { tr: [{ ...fields[0], validation: { regexp: "(" } }] } }, "fields.tr.0.validation.regexp"],
      [{ ...before.settings, fields: { de: fields } }, "fields.de"],
      [{ ...before.settings, fields: { tr: [{ ...fields[0], name: "a\u0000" }] } }, "fields.tr.0.name"],
    ];
    const rows = (await auditRows()).length;
    for (const [body, path] of cases) {
      const err = expectError(await browser.put(R, body, origin), 400, "VALIDATION");
      expect(
        (err.details as { validationErrors: { path: string }[] }).validationErrors.map((v) => v.path),
        path,
      ).toContain(path);
    }
    expect((await auditRows()).length).toBe(rows);
    json(await browser.put(R, before.settings, origin));
    expect((await publicSettings()).portal.registration.google).toBe(false);
  });

  it("is for admins and mp-admin: mp-leader, learner, mentor and session users get 403, a guest 401, a foreign Origin 403; nothing written", async () => {
    const mpAdmin = await learner(t.app, t.db, { roles: ["disciple", "mp-admin"] });
    const bodies = {
      [P]: json<TAdminPortalSettings>(await mpAdmin.browser.get(P)).settings,
      [E]: json<TAdminEnvironmentSettings>(await mpAdmin.browser.get(E)).settings,
      [R]: json<TAdminRegistrationSettings>(await mpAdmin.browser.get(R)).settings,
    };
    const rows = (await auditRows()).length;
    const version = await readContentVersion(t.db);
    const refused = [
      (await learner(t.app, t.db, { roles: ["disciple", "mp-leader"] })).browser,
      (await learner(t.app, t.db, { roles: ["disciple"] })).browser,
      (await learner(t.app, t.db, { roles: ["disciple", "mentor"] })).browser,
      (await sessionBrowser(t.app)).browser,
    ];
    for (const [url, body] of Object.entries(bodies)) {
      for (const browser of refused) {
        expectError(await browser.get(url), 403, "ADMINS-ONLY");
        expectError(await browser.put(url, body, origin), 403, "ADMINS-ONLY");
      }
      expectError(await new Browser(t.app).get(url), 401, "UNAUTHORIZED");
      expectError(await new Browser(t.app).put(url, body, origin), 401, "UNAUTHORIZED");
      expectError(await mpAdmin.browser.put(url, body, { origin: "https://evil.example" }), 403, "BAD-ORIGIN");
    }
    expectError(await refused[0]!.get("/api/admin/settings/language-packs/de"), 403, "ADMINS-ONLY");
    expect((await auditRows()).length).toBe(rows);
    expect(await readContentVersion(t.db)).toBe(version);
  });

  it("takes effect on every instance at once: another app on the same database serves the change after its cache was primed", async () => {
    const other = await t.buildApp();
    const colourOn = async (app: typeof t.app) =>
      json<TPortalSettings>(await app.inject({ method: "GET", url: "/api/portal/settings" })).environment.theme.color;
    const { browser } = await admin();
    const before = json<TAdminEnvironmentSettings>(await browser.get(E));
    expect(await colourOn(other)).toBe(before.settings.theme.color);
    json(await browser.put(E, { ...before.settings, theme: { ...before.settings.theme, color: "purple" } }, origin));
    // The other instance hears the content-version bump on the bus: no restart, no expiry wait.
    await expect.poll(() => colourOn(other), { timeout: 5_000, interval: 20 }).toBe("purple");
    json(await browser.put(E, before.settings, origin));
    await expect.poll(() => colourOn(other), { timeout: 5_000, interval: 20 }).toBe(before.settings.theme.color);
  });

  it("answers 404 for another portal's environment", async () => {
    await upsertEnvironment(t.db, { id: "env-of-kids", portalId: "lp-mentora-kids", theme: {} as never });
    for (const ENVIRONMENT_ID of ["env-of-kids"]) {
      const app = await t.buildApp({ ENVIRONMENT_ID });
      const { browser } = await learner(app, t.db, { roles: ["admin"] });
      expectError(await browser.get(E), 404, "NOT-FOUND");
      expectError(await browser.put(E, json<TAdminEnvironmentSettings>(await (await admin()).browser.get(E)).settings, origin), 404, "NOT-FOUND");
    }
  });
});
