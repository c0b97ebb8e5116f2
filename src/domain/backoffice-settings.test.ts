import { describe, expect, it } from "vitest";
import { isHttpsUrl, ZEnvironmentSettingsForm, ZPortalSettingsForm, ZRegistrationSettingsForm } from "./backoffice-settings";
import { ZEnvironmentSettings, ZPortal, ZRegistrationSettings } from "./portal";

/* The back office's form schemas narrow the learner side's (decision 0058): what they accept, the learner side reads. */
describe("back-office settings schemas", () => {
  const portal = {
    title: { tr: "Mentora", en: "Mentora" },
    type: "other",
    i18n: { langs: ["tr", "en"], primaryLang: "tr" },
    favicon: "/favicon.svg",
    lessonLoadIcon: { url: "https://cdn.example/i.svg" },
    authMigration: false,
  };
  const environment = {
    theme: {
      componentBorderRadius: 20,
      button: { borderRadius: 30, type: "gradient" },
      color: "blue",
      textFont: { name: "Inter", source: "https://fonts.example/inter.css" },
    },
    logo: { tr: "/brand/logo.svg" },
    contacts: { email: "a@b.example", address: { tr: "İstanbul" } },
    socials: [{ network: "x", url: "https://x.example/m" }],
    seo: { title: { tr: "Mentora" }, image: "/og.svg" },
    integrations: {
      enabledCustomScripts: true,
      customScripts: [{ id: "s", src: "https://stats.example/s.js" }],
      messengers: { telegram: { endpoint: "https://t.me/bot" } },
    },
  };
  const registration = {
    email: true,
    anonymous: true,
    google: false,
    facebook: false,
    googleOneTap: false,
    messengers: ["telegram"],
    swapPopups: false,
    gdpr: true,
    fields: { tr: [{ id: "name", type: "text", name: "Ad", validation: { required: true }, active: true, switchable: false }] },
  };

  it("accepts values the learner side reads", () => {
    const p = ZPortalSettingsForm.parse(portal);
    expect(ZPortal.safeParse({ ...p, id: "x", registration: {}, children: [] }).success).toBe(true);
    const e = ZEnvironmentSettingsForm.parse(environment);
    expect(ZEnvironmentSettings.safeParse({ ...e, id: "env", navigation: [] }).success).toBe(true);
    const r = ZRegistrationSettingsForm.parse(registration);
    expect(ZRegistrationSettings.safeParse(r).success).toBe(true);
  });

  it("refuses what the learner side would take but the back office must not write", () => {
    expect(ZPortalSettingsForm.safeParse({ ...portal, i18n: { langs: ["tr"], primaryLang: "en" } }).success).toBe(false);
    expect(ZPortalSettingsForm.safeParse({ ...portal, favicon: "javascript:alert(1)" }).success).toBe(false);
    for (const src of ["javascript:alert(1)", "data:text/javascript,1", "http://a.example/s.js", "//a.example/s.js", "https://user:pw@a.example/s.js"]) {
      expect(isHttpsUrl(src), src).toBe(false);
      const integrations = { ...environment.integrations, customScripts: [{ id: "s", src }] };
      expect(ZEnvironmentSettingsForm.safeParse({ ...environment, integrations }).success, src).toBe(false);
    }
    expect(ZRegistrationSettingsForm.safeParse({ ...registration, messengers: ["icq"] }).success).toBe(false);
    expect(ZRegistrationSettingsForm.safeParse({ ...registration, title: "extra" }).success).toBe(false);
  });
});
