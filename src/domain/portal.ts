import { z } from "zod";
import { THEME_DEFAULTS } from "./constants";
import { ZRegistrationFieldsByLang } from "./validation/registration-fields";
import { ZProviders } from "./providers-schema";

/** A string given per language code, e.g. { tr: "...", en: "..." }. */
export const ZLocalized = z.record(z.string(), z.string());
export type TLocalized = z.infer<typeof ZLocalized>;

export const ZFont = z.object({ name: z.string(), source: z.string().optional() });

export const ZThemeColor = z.enum(["blue", "green", "purple", "orange", "red", "teal"]);
export type TThemeColor = z.infer<typeof ZThemeColor>;

export const ZTheme = z.object({
  textFont: ZFont.optional(),
  titleFont: ZFont.optional(),
  componentBorderRadius: z.number().int().min(0).max(64).default(THEME_DEFAULTS.componentBorderRadius),
  button: z
    .object({
      id: z.string().optional(),
      borderRadius: z.number().int().min(0).max(64).default(THEME_DEFAULTS.buttonBorderRadius),
      type: z.enum(["gradient", "flat", "outline"]).default(THEME_DEFAULTS.buttonType),
    })
    .default({ borderRadius: THEME_DEFAULTS.buttonBorderRadius, type: THEME_DEFAULTS.buttonType }),
  color: ZThemeColor.default(THEME_DEFAULTS.color),
});
export type TTheme = z.infer<typeof ZTheme>;

export interface TNavigationItem {
  id: string;
  title: TLocalized;
  alias?: string;
  published: boolean;
  link?: string;
  icon?: string;
  openInNewTab?: boolean;
  componentId?: string;
  hidden?: boolean;
  children?: TNavigationItem[];
}
export const ZNavigationItem: z.ZodType<TNavigationItem> = z.lazy(() =>
  z.object({
    id: z.string(),
    title: ZLocalized,
    alias: z.string().optional(),
    published: z.boolean(),
    link: z.string().optional(),
    icon: z.string().optional(),
    openInNewTab: z.boolean().optional(),
    componentId: z.string().optional(),
    hidden: z.boolean().optional(),
    children: z.array(ZNavigationItem).optional(),
  }),
);

export const ZI18nSettings = z.object({
  langs: z.array(z.string().min(2).max(8)).min(1),
  primaryLang: z.string().min(2).max(8),
});
export type TI18nSettings = z.infer<typeof ZI18nSettings>;

export const ZRegistrationSettings = z.object({
  type: z.string().default("email"),
  email: z.boolean().default(true),
  /** Seed 001 §4: the e-mail button starts sign-up and the anonymous one anonymous sign-up. */
  swapPopups: z.boolean().default(false),
  /** Seed 001 §4: social buttons stay blocked until the policy agreement box is ticked. */
  gdpr: z.boolean().default(false),
  anonymous: z.boolean().default(false),
  google: z.boolean().default(false),
  facebook: z.boolean().default(false),
  googleOneTap: z.boolean().default(false),
  messengers: z.array(z.string()).default([]),
  /** Seed 001 §3: registration fields per language; absent means the default set of fields. */
  fields: ZRegistrationFieldsByLang.optional(),
});

export const ZPortalSummary = z.object({
  id: z.string(),
  type: z.enum(["mono", "other"]),
  title: ZLocalized,
});

export const ZPortal = ZPortalSummary.extend({
  i18n: ZI18nSettings,
  favicon: z.string().nullable(),
  lessonLoadIcon: z.object({ url: z.string() }).nullable(),
  registration: ZRegistrationSettings,
  authMigration: z.boolean(),
  children: z.array(ZPortalSummary),
});
export type TPortal = z.infer<typeof ZPortal>;

export const ZContacts = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  address: ZLocalized.optional(),
});
export const ZSocialLink = z.object({ network: z.string(), url: z.string() });

export const ZSeoSettings = z.object({
  title: ZLocalized.optional(),
  description: ZLocalized.optional(),
  keywords: ZLocalized.optional(),
  image: z.string().optional(),
});
export type TSeoSettings = z.infer<typeof ZSeoSettings>;

export const ZIntegrations = z.object({
  enabledCustomScripts: z.boolean().default(false),
  customScripts: z.array(z.object({ id: z.string(), src: z.string().optional(), code: z.string().optional() })).default([]),
  messengers: z.record(z.string(), z.object({ endpoint: z.string() })).default({}),
});

export const ZEnvironmentSettings = z.object({
  id: z.string(),
  theme: ZTheme,
  logo: ZLocalized,
  contacts: ZContacts,
  socials: z.array(ZSocialLink),
  navigation: z.array(ZNavigationItem),
  seo: ZSeoSettings,
  integrations: ZIntegrations,
});
export type TEnvironmentSettings = z.infer<typeof ZEnvironmentSettings>;

export const ZPortalSettings = z.object({
  portal: ZPortal,
  /** Sign-in paths that are switched on in the portal AND configured on the server (domain/providers.ts). */
  providers: ZProviders,
  environment: ZEnvironmentSettings,
  /** When the server produced this snapshot (ms since epoch); the client refreshes after 10 s. */
  lastUpdate: z.number(),
});
export type TPortalSettings = z.infer<typeof ZPortalSettings>;
