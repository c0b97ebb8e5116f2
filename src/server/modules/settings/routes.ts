import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ZAdminEnvironmentSettings,
  ZAdminPortalSettings,
  ZAdminRegistrationSettings,
  ZEnvironmentSettingsPut,
  ZLanguagePackGap,
  ZPortalSettingsPut,
  ZRegistrationSettingsPut,
} from "../../../domain/backoffice-settings";
import { ZLang } from "../../../domain/course";
import { requireUser } from "../../platform/auth/request-auth";
import { ZErrorReply } from "../../platform/errors";
import type { SettingsService } from "./service";

const reads = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply };
const writes = { ...reads, 409: ZErrorReply, 413: ZErrorReply, 415: ZErrorReply };
const tags = ["settings"];
const who = "Back office: admin and mp-admin only (ADMINS-ONLY otherwise).";
const put = `${who} Replaces the section, validated by the schemas GET /api/portal/settings is read with; refused with nothing written: VALIDATION (400, the field's path and reason), SETTINGS-STALE (409, baseVersion is not the current version). One transaction with its audit row and the content-version bump: every instance serves it at once.`;

/** The back office's settings API (issue 16, docs/decisions/0058): thin routes, the rules live in the service. */
export const settingsRoutes =
  (settings: SettingsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/admin/settings/portal",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "settingsGetPortal",
          summary: "The portal's titles, type, languages, icons and auth migration switch, with its version, children and language-pack gaps",
          description: who,
          response: { 200: ZAdminPortalSettings, ...reads },
        },
      },
      async (req) => settings.getPortal((await requireUser(req)).user),
    );
    app.put(
      "/admin/settings/portal",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "settingsPutPortal",
          summary: "Replace the portal settings",
          description: put,
          body: ZPortalSettingsPut,
          response: { 200: ZAdminPortalSettings, ...writes },
        },
      },
      async (req) => settings.putPortal((await requireUser(req)).user, req.body),
    );
    app.get(
      "/admin/settings/language-packs/:lang",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "settingsLanguagePackGap",
          summary: "The language-pack keys a language lacks against the portal's primary language",
          description: `${who} A language with no pack at all lacks every key.`,
          params: z.object({ lang: ZLang }),
          response: { 200: ZLanguagePackGap, ...reads },
        },
      },
      async (req) => settings.languagePackGap((await requireUser(req)).user, req.params.lang),
    );
    app.get(
      "/admin/settings/environment",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "settingsGetEnvironment",
          summary: "Theme, logos, contacts, socials, SEO defaults and integrations of the environment, with its version",
          description: who,
          response: { 200: ZAdminEnvironmentSettings, ...reads },
        },
      },
      async (req) => settings.getEnvironment((await requireUser(req)).user),
    );
    app.put(
      "/admin/settings/environment",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "settingsPutEnvironment",
          summary: "Replace the environment settings (all but the navigation, which has its own API)",
          description: `${put} Custom script sources are https addresses only (the CSP lets their origins in).`,
          body: ZEnvironmentSettingsPut,
          response: { 200: ZAdminEnvironmentSettings, ...writes },
        },
      },
      async (req) => settings.putEnvironment((await requireUser(req)).user, req.body),
    );
    app.get(
      "/admin/settings/registration",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "settingsGetRegistration",
          summary: "Sign-in paths, registration fields, swapPopups and gdpr, with what the server is configured for",
          description: who,
          response: { 200: ZAdminRegistrationSettings, ...reads },
        },
      },
      async (req) => settings.getRegistration((await requireUser(req)).user),
    );
    app.put(
      "/admin/settings/registration",
      {
        config: { auth: "user" },
        schema: {
          tags,
          operationId: "settingsPutRegistration",
          summary: "Replace the registration settings",
          description: put,
          body: ZRegistrationSettingsPut,
          response: { 200: ZAdminRegistrationSettings, ...writes },
        },
      },
      async (req) => settings.putRegistration((await requireUser(req)).user, req.body),
    );
  };
