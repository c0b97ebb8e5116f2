import { z } from "zod";
import { isSafeUrl } from "./blocks/safe-url";
import { ZLang } from "./course";
import { mediaField } from "./media-field";
import { MESSENGERS } from "./messenger-ids";
import { ZPortal, ZThemeColor } from "./portal";
import { REGISTRATION_FIELD_TYPES } from "./validation/registration-fields";
import { ZText } from "./validation/safe-text";

/*
 * The back office's portal, environment and registration settings (issue 16, docs/decisions/0058).
 * Each form schema here is the learner side's schema (domain/portal.ts) narrowed: every value it
 * accepts is one ZPortal / ZEnvironmentSettings / ZRegistrationSettings accept (backoffice-settings.test.ts
 * proves it, and the service parses what it writes with them), with bounds, safe texts and address
 * rules the learner side need not repeat when it reads.
 */

export const SETTINGS_LANGS_MAX = 32;
const TITLE_MAX = 200;
const URL_MAX = 2048;

/** A text per portal language. */
const localized = (max: number) =>
  z.record(ZLang, ZText.trim().max(max)).refine((m) => Object.keys(m).length <= SETTINGS_LANGS_MAX, { error: `At most ${SETTINGS_LANGS_MAX} languages` });

/** An image of the site: a site path (/...) or an http(s) address, chosen with the media picker. */
const ZSiteImage = mediaField(ZText.min(1).max(URL_MAX).refine(isSafeUrl, { error: "Use a site path (/...) or an http(s) address" }), "image");
const ZLink = ZText.min(1).max(URL_MAX).refine(isSafeUrl, { error: "Use a site path (/...) or an http(s) address" });

/** Only https: the page's CSP lets https origins of custom scripts in, nothing else (security-headers.ts). */
export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.length > 0 && !url.username && !url.password;
  } catch {
    return false;
  }
}
/** Carries isSafeUrl too, so the form generator edits it as an address (form-model.ts). */
export const ZHttpsUrl = ZText.min(1)
  .max(URL_MAX)
  .refine(isSafeUrl, { error: "Use an https:// address" })
  .refine(isHttpsUrl, { error: "Use an https:// address" });

/** A version: the hash of the section as stored; a write naming an older one is SETTINGS-STALE (409). */
const ZBaseVersion = ZText.min(1).max(64).optional();

// ---- Portal -------------------------------------------------------------------------------------

export const ZPortalI18nForm = z
  .object({
    langs: z.array(ZLang).min(1).max(SETTINGS_LANGS_MAX),
    primaryLang: ZLang,
  })
  .superRefine((v, ctx) => {
    if (!v.langs.includes(v.primaryLang)) ctx.addIssue({ code: "custom", path: ["primaryLang"], message: "The primary language must be one of the languages" });
    const seen = new Set<string>();
    v.langs.forEach((l, i) => {
      if (seen.has(l)) ctx.addIssue({ code: "custom", path: ["langs", i], message: "Each language once" });
      seen.add(l);
    });
  });

export const ZPortalSettingsForm = z
  .object({
    title: localized(TITLE_MAX),
    type: ZPortal.shape.type,
    i18n: ZPortalI18nForm,
    favicon: ZSiteImage.nullable(),
    lessonLoadIcon: z.object({ url: ZSiteImage }).strict().nullable(),
    authMigration: z.boolean(),
  })
  .strict();
export type TPortalSettingsForm = z.infer<typeof ZPortalSettingsForm>;
export const ZPortalSettingsPut = ZPortalSettingsForm.extend({ baseVersion: ZBaseVersion }).strict();
export type TPortalSettingsPut = z.infer<typeof ZPortalSettingsPut>;

/** What a language lacks: the keys (namespace:dotted.key) of the primary language's packs it has no text for. */
export const LANGUAGE_GAP_LISTED = 200;

export const ZLanguagePackGap = z.object({
  lang: z.string(),
  /** False when the language has no pack file at all (it then lacks every key). */
  hasPack: z.boolean(),
  /** Keys of the primary language's packs (plural forms counted once). */
  total: z.number().int(),
  missingCount: z.number().int(),
  /** The first LANGUAGE_GAP_LISTED missing keys, as namespace:dotted.key. */
  missing: z.array(z.string()),
});
export type TLanguagePackGap = z.infer<typeof ZLanguagePackGap>;

export const ZAdminPortalSettings = z.object({
  settings: ZPortalSettingsForm,
  version: z.string(),
  /** Children portals, read-only: the platform has no portal creation (decision 0058). */
  children: ZPortal.shape.children,
  /** For each of the portal's languages, the pack keys it lacks against the primary language. */
  packs: z.array(ZLanguagePackGap),
});
export type TAdminPortalSettings = z.infer<typeof ZAdminPortalSettings>;

// ---- Environment --------------------------------------------------------------------------------

const ZFontForm = z.object({ name: ZText.trim().min(1).max(80), source: ZHttpsUrl.optional() }).strict();

export const ZThemeForm = z
  .object({
    textFont: ZFontForm.optional(),
    titleFont: ZFontForm.optional(),
    componentBorderRadius: z.number().int().min(0).max(64),
    button: z
      .object({
        borderRadius: z.number().int().min(0).max(64),
        type: z.enum(["gradient", "flat", "outline"]),
      })
      .strict(),
    color: ZThemeColor,
  })
  .strict();
export type TThemeForm = z.infer<typeof ZThemeForm>;

const ZMessengerEndpoint = z.object({ endpoint: ZText.trim().min(1).max(URL_MAX) }).strict();

export const ZEnvironmentSettingsForm = z
  .object({
    theme: ZThemeForm,
    logo: z.record(ZLang, ZLink).refine((m) => Object.keys(m).length <= SETTINGS_LANGS_MAX, { error: `At most ${SETTINGS_LANGS_MAX} languages` }),
    contacts: z
      .object({
        email: z.email().max(254).optional(),
        phone: ZText.trim().max(40).optional(),
        address: localized(300).optional(),
      })
      .strict(),
    socials: z.array(z.object({ network: ZText.trim().min(1).max(40), url: ZLink }).strict()).max(20),
    seo: z
      .object({
        title: localized(TITLE_MAX).optional(),
        description: localized(500).optional(),
        keywords: localized(300).optional(),
        image: ZSiteImage.optional(),
      })
      .strict(),
    integrations: z
      .object({
        enabledCustomScripts: z.boolean(),
        /** Loaded by address only (no inline code: the CSP has no 'unsafe-inline'); https only. */
        customScripts: z
          .array(
            z
              .object({
                id: ZText.min(1)
                  .max(64)
                  .regex(/^[A-Za-z0-9_-]+$/),
                src: ZHttpsUrl,
              })
              .strict(),
          )
          .max(20),
        /** Messenger sign-in: the bot or page each messenger answers at. */
        messengers: z
          .object(
            Object.fromEntries(MESSENGERS.map((m) => [m, ZMessengerEndpoint.optional()])) as Record<
              (typeof MESSENGERS)[number],
              z.ZodOptional<typeof ZMessengerEndpoint>
            >,
          )
          .strict(),
      })
      .strict(),
  })
  .strict();
export type TEnvironmentSettingsForm = z.infer<typeof ZEnvironmentSettingsForm>;
export const ZEnvironmentSettingsPut = ZEnvironmentSettingsForm.extend({ baseVersion: ZBaseVersion }).strict();
export type TEnvironmentSettingsPut = z.infer<typeof ZEnvironmentSettingsPut>;

export const ZAdminEnvironmentSettings = z.object({
  settings: ZEnvironmentSettingsForm,
  version: z.string(),
  /** Cookie-consent categories: constants of the platform (domain/constants.ts), shown read-only. */
  consentCategories: z.array(z.string()),
});
export type TAdminEnvironmentSettings = z.infer<typeof ZAdminEnvironmentSettings>;

// ---- Registration -------------------------------------------------------------------------------

export const ZRegistrationFieldForm = z
  .object({
    id: ZText.min(1)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/),
    type: z.enum(REGISTRATION_FIELD_TYPES),
    name: ZText.trim().min(1).max(100),
    validation: z
      .object({
        required: z.boolean().optional(),
        email: z.boolean().optional(),
        minLength: z.number().int().min(0).max(1000).optional(),
        maxLength: z.number().int().min(0).max(1000).optional(),
        regexp: ZText.max(200)
          .refine(
            (s) => {
              try {
                new RegExp(s, "u");
                return true;
              } catch {
                return false;
              }
            },
            { error: "Not a valid regular expression" },
          )
          .optional(),
      })
      .strict(),
    active: z.boolean(),
    switchable: z.boolean(),
  })
  .strict();

export const ZRegistrationSettingsForm = z
  .object({
    email: z.boolean(),
    anonymous: z.boolean(),
    google: z.boolean(),
    facebook: z.boolean(),
    googleOneTap: z.boolean(),
    messengers: z
      .array(z.enum(MESSENGERS))
      .max(MESSENGERS.length)
      .refine((m) => new Set(m).size === m.length, { error: "Each messenger once" }),
    /** Seed 001 §4: the e-mail button starts sign-up and the anonymous one anonymous sign-up. */
    swapPopups: z.boolean(),
    /** Seed 001 §4: social buttons stay blocked until the policy agreement box is ticked. */
    gdpr: z.boolean(),
    /** Fields per language; absent means the default set. */
    fields: z
      .record(ZLang, z.array(ZRegistrationFieldForm).max(30))
      .refine((m) => Object.keys(m).length <= SETTINGS_LANGS_MAX, { error: `At most ${SETTINGS_LANGS_MAX} languages` })
      .optional(),
  })
  .strict();
export type TRegistrationSettingsForm = z.infer<typeof ZRegistrationSettingsForm>;
export const ZRegistrationSettingsPut = ZRegistrationSettingsForm.extend({ baseVersion: ZBaseVersion }).strict();
export type TRegistrationSettingsPut = z.infer<typeof ZRegistrationSettingsPut>;

export const ZAdminRegistrationSettings = z.object({
  settings: ZRegistrationSettingsForm,
  version: z.string(),
  /** What the server holds for each path: a path switched on without it is "not configured on the server". */
  server: z.object({
    google: z.boolean(),
    facebook: z.boolean(),
    googleOneTap: z.boolean(),
    messengers: z.record(z.string(), z.boolean()),
  }),
  /** The policy pages (modules/policies): content pages whose alias is the category. */
  policies: z.array(z.string()),
});
export type TAdminRegistrationSettings = z.infer<typeof ZAdminRegistrationSettings>;
