import { createHash } from "node:crypto";
import {
  LANGUAGE_GAP_LISTED,
  type TAdminEnvironmentSettings,
  type TAdminPortalSettings,
  type TAdminRegistrationSettings,
  type TEnvironmentSettingsForm,
  type TEnvironmentSettingsPut,
  type TLanguagePackGap,
  type TPortalSettingsForm,
  type TPortalSettingsPut,
  type TRegistrationSettingsForm,
  type TRegistrationSettingsPut,
} from "../../../domain/backoffice-settings";
import { CONSENT_CATEGORIES } from "../../../domain/constants";
import { AppError } from "../../../domain/errors";
import { MESSENGERS } from "../../../domain/messenger-ids";
import { ALL_POLICY_CATEGORIES } from "../../../domain/policy";
import { ZEnvironmentSettings, ZI18nSettings, ZIntegrations, ZPortal, ZRegistrationSettings, ZTheme } from "../../../domain/portal";
import { mayAuthorPortalSettings } from "../../../domain/studio-policy";
import type { TUser } from "../../../domain/user";
import type { LanguagePacks } from "../../platform/language-packs";
import { serverServesMessenger, type ServerProviders } from "../portal/service";
import type { EnvironmentRow, PortalRow, SettingsRepo } from "./repo";

export interface SettingsServiceDeps {
  repo: SettingsRepo;
  portalId: string;
  environmentId: string;
  packs: Pick<LanguagePacks, "packages" | "get">;
  serverProviders: ServerProviders;
}

/** JSON with sorted keys: the same settings always hash to the same version. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}
/** A section's version: the hash of it as stored (decision 0058). */
export const versionOf = (section: unknown) => createHash("sha256").update(stable(section)).digest("base64url").slice(0, 22);

/** The top-level fields whose values differ: what an audit row names. */
const changedFields = (before: Record<string, unknown>, after: Record<string, unknown>) =>
  Object.keys({ ...before, ...after })
    .filter((k) => stable(before[k]) !== stable(after[k]))
    .sort();

function portalForm(row: PortalRow): TPortalSettingsForm {
  return {
    title: row.title,
    type: row.type,
    i18n: { langs: row.i18n.langs, primaryLang: row.i18n.primaryLang },
    favicon: row.favicon,
    lessonLoadIcon: row.lessonLoadIcon ? { url: row.lessonLoadIcon.url } : null,
    authMigration: row.authMigration,
  };
}

function registrationForm(row: PortalRow): TRegistrationSettingsForm {
  const r = ZRegistrationSettings.parse(row.registration);
  return {
    email: r.email,
    anonymous: r.anonymous,
    google: r.google,
    facebook: r.facebook,
    googleOneTap: r.googleOneTap,
    messengers: r.messengers.filter((m): m is (typeof MESSENGERS)[number] => (MESSENGERS as readonly string[]).includes(m)),
    swapPopups: r.swapPopups,
    gdpr: r.gdpr,
    ...(r.fields ? { fields: r.fields as TRegistrationSettingsForm["fields"] } : {}),
  };
}

function environmentForm(row: EnvironmentRow): TEnvironmentSettingsForm {
  const theme = ZTheme.parse(row.theme);
  const integrations = ZIntegrations.parse(row.integrations);
  return {
    theme: {
      ...(theme.textFont ? { textFont: theme.textFont } : {}),
      ...(theme.titleFont ? { titleFont: theme.titleFont } : {}),
      componentBorderRadius: theme.componentBorderRadius,
      button: { borderRadius: theme.button.borderRadius, type: theme.button.type },
      color: theme.color,
    },
    logo: row.logo,
    contacts: row.contacts as TEnvironmentSettingsForm["contacts"],
    socials: row.socials,
    seo: row.seo,
    integrations: {
      enabledCustomScripts: integrations.enabledCustomScripts,
      // Scripts are loaded by address only (decision 0058): inline code the CSP would block is not shown.
      customScripts: integrations.customScripts.flatMap((s) => (s.src ? [{ id: s.id, src: s.src }] : [])),
      messengers: Object.fromEntries(MESSENGERS.flatMap((m) => (integrations.messengers[m] ? [[m, { endpoint: integrations.messengers[m].endpoint }]] : []))),
    },
  };
}

/** Every key of a pack as a dotted path; plural forms (_one, _few…) count as their base key, as languages differ in them. */
function packKeys(pack: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(pack).flatMap(([k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === "object" && !Array.isArray(v)) return packKeys(v as Record<string, unknown>, key);
    return [key.replace(/_(zero|one|two|few|many|other)$/, "")];
  });
}

function assertAdmin(who: TUser): void {
  if (!mayAuthorPortalSettings(who)) throw new AppError("ADMINS_ONLY", "Portal settings: admins and mp-admin only");
}

/** A refusal at one field, in the shape the request validation gives (400 VALIDATION). */
const invalid = (path: string, message: string) => new AppError("VALIDATION", `Invalid body: ${path}`, { validationErrors: [{ path, message }] });

/** The back office's portal, environment and registration settings (issue 16). */
export function createSettingsService({ repo, portalId, environmentId, packs, serverProviders }: SettingsServiceDeps) {
  async function portalRow(): Promise<PortalRow> {
    const row = await repo.portal(portalId);
    if (!row) throw new AppError("NOT_FOUND", `No portal ${portalId}`);
    return row;
  }
  async function environmentRow(): Promise<EnvironmentRow> {
    const row = await repo.environment(environmentId);
    if (!row || row.portalId !== portalId) throw new AppError("NOT_FOUND", `No environment ${environmentId}`);
    return row;
  }

  async function packGap(lang: string, primaryLang: string): Promise<TLanguagePackGap> {
    let hasPack = false;
    let total = 0;
    const missing: string[] = [];
    for (const pkg of packs.packages) {
      const [base, own] = await Promise.all([packs.get(primaryLang, pkg), packs.get(lang, pkg)]);
      if (own) hasPack = true;
      const have = new Set(packKeys(own ?? {}));
      for (const key of new Set(packKeys(base ?? {}))) {
        total++;
        if (!have.has(key)) missing.push(`${pkg}:${key}`);
      }
    }
    return { lang, hasPack, total, missingCount: missing.length, missing: missing.slice(0, LANGUAGE_GAP_LISTED) };
  }

  async function portalReply(row: PortalRow): Promise<TAdminPortalSettings> {
    const settings = portalForm(row);
    const { langs, primaryLang } = settings.i18n;
    return {
      settings,
      version: versionOf(settings),
      children: await repo.children(portalId),
      packs: await Promise.all(langs.filter((l) => l !== primaryLang).map((l) => packGap(l, primaryLang))),
    };
  }

  function registrationReply(row: PortalRow): TAdminRegistrationSettings {
    const settings = registrationForm(row);
    return {
      settings,
      version: versionOf(settings),
      server: {
        google: !!serverProviders.google,
        facebook: !!serverProviders.facebook,
        googleOneTap: !!serverProviders.googleClientId,
        messengers: Object.fromEntries(MESSENGERS.map((m) => [m, serverServesMessenger(serverProviders, m)])),
      },
      policies: [...ALL_POLICY_CATEGORIES],
    };
  }

  function environmentReply(row: EnvironmentRow): TAdminEnvironmentSettings {
    const settings = environmentForm(row);
    return { settings, version: versionOf(settings), consentCategories: [...CONSENT_CATEGORIES] };
  }

  const stale = (baseVersion: string | undefined, current: string) => {
    if (baseVersion !== undefined && baseVersion !== current)
      throw new AppError("SETTINGS_STALE", "The settings changed since they were read", { version: current });
  };

  return {
    async getPortal(actor: TUser): Promise<TAdminPortalSettings> {
      assertAdmin(actor);
      return portalReply(await portalRow());
    },
    /** The pack keys a language lacks against the primary language (for a language about to be added, too). */
    async languagePackGap(actor: TUser, lang: string): Promise<TLanguagePackGap> {
      assertAdmin(actor);
      return packGap(lang, (await portalRow()).i18n.primaryLang);
    },
    async putPortal(actor: TUser, body: TPortalSettingsPut): Promise<TAdminPortalSettings> {
      assertAdmin(actor);
      const { baseVersion, ...form } = body;
      if (!form.title[form.i18n.primaryLang]?.trim()) throw invalid(`title.${form.i18n.primaryLang}`, "A title in the primary language is required");
      const foreign = Object.keys(form.title).find((l) => !form.i18n.langs.includes(l));
      if (foreign) throw invalid(`title.${foreign}`, "Not one of the portal's languages");
      // What the learner side reads must still parse (the same schemas as GET /api/portal/settings).
      ZPortal.pick({ type: true, title: true, i18n: true, favicon: true, lessonLoadIcon: true, authMigration: true }).parse(form);
      ZI18nSettings.parse(form.i18n);
      const row = await repo.change(async (w) => {
        const current = await w.lockPortal(portalId);
        if (!current) throw new AppError("NOT_FOUND", `No portal ${portalId}`);
        const before = portalForm(current);
        stale(baseVersion, versionOf(before));
        const next = await w.updatePortal(portalId, form);
        await w.audit({
          portalId,
          actorId: actor.id,
          action: "portal.update",
          entityType: "portal",
          entityId: portalId,
          summary: { fields: changedFields(before, form), langs: [...form.i18n.langs].sort() },
        });
        return next;
      });
      return portalReply(row);
    },
    async getRegistration(actor: TUser): Promise<TAdminRegistrationSettings> {
      assertAdmin(actor);
      return registrationReply(await portalRow());
    },
    async putRegistration(actor: TUser, body: TRegistrationSettingsPut): Promise<TAdminRegistrationSettings> {
      assertAdmin(actor);
      const { baseVersion, ...form } = body;
      const row = await repo.change(async (w) => {
        const current = await w.lockPortal(portalId);
        if (!current) throw new AppError("NOT_FOUND", `No portal ${portalId}`);
        const foreign = Object.keys(form.fields ?? {}).find((l) => !current.i18n.langs.includes(l));
        if (foreign) throw invalid(`fields.${foreign}`, "Not one of the portal's languages");
        const before = registrationForm(current);
        stale(baseVersion, versionOf(before));
        // The stored `type` stays; the rest is the form, read back through the learner side's schema.
        const registration = ZRegistrationSettings.parse({ type: ZRegistrationSettings.parse(current.registration).type, ...form });
        const next = await w.updatePortal(portalId, { registration });
        await w.audit({
          portalId,
          actorId: actor.id,
          action: "registration.update",
          entityType: "registration",
          entityId: portalId,
          summary: { fields: changedFields(before, form), ...(form.fields ? { langs: Object.keys(form.fields).sort() } : {}) },
        });
        return next;
      });
      return registrationReply(row);
    },
    async getEnvironment(actor: TUser): Promise<TAdminEnvironmentSettings> {
      assertAdmin(actor);
      return environmentReply(await environmentRow());
    },
    async putEnvironment(actor: TUser, body: TEnvironmentSettingsPut): Promise<TAdminEnvironmentSettings> {
      assertAdmin(actor);
      const { baseVersion, ...form } = body;
      const row = await repo.change(async (w) => {
        const current = await w.lockEnvironment(environmentId);
        if (!current || current.portalId !== portalId) throw new AppError("NOT_FOUND", `No environment ${environmentId}`);
        const langs: readonly string[] = (await w.portal(portalId))?.i18n.langs ?? [];
        for (const [path, map] of [
          ["logo", form.logo],
          ["contacts.address", form.contacts.address],
          ["seo.title", form.seo.title],
          ["seo.description", form.seo.description],
          ["seo.keywords", form.seo.keywords],
        ] as const) {
          const foreign = Object.keys(map ?? {}).find((l) => !langs.includes(l));
          if (foreign) throw invalid(`${path}.${foreign}`, "Not one of the portal's languages");
        }
        const before = environmentForm(current);
        stale(baseVersion, versionOf(before));
        const integrations = ZIntegrations.parse({
          ...form.integrations,
          messengers: Object.fromEntries(Object.entries(form.integrations.messengers).filter(([, v]) => v !== undefined)),
        });
        const write = { theme: ZTheme.parse(form.theme), logo: form.logo, contacts: form.contacts, socials: form.socials, seo: form.seo, integrations };
        // What the learner side reads must still parse.
        ZEnvironmentSettings.parse({ id: current.id, navigation: current.navigation, ...write });
        const next = await w.updateEnvironment(environmentId, write);
        await w.audit({
          portalId,
          actorId: actor.id,
          action: "environment.update",
          entityType: "environment",
          entityId: environmentId,
          summary: { fields: changedFields(before, form) },
        });
        return next;
      });
      return environmentReply(row);
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
