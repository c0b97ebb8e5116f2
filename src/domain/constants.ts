/** Business constants and timers from seed 000 section 9. */
export const RTL_LANGS = ["ar", "fa", "ku", "kab"] as const;
export const FALLBACK_LANG = "en";

export const TIMERS = {
  settingsRefreshMs: 10_000,
  chunkReloadGuardMs: 60_000,
  pageViewEventMs: 250,
  /** Seed 001 §9: post-login progress upgrade. */
  progressUpgradeMs: 2_000,
  loaderAnimationMs: 1_500,
  loaderForcedHideMs: 60_000,
} as const;

export const LIMITS = {
  courses: 100,
  elements: 100,
  microcourses: 100,
  mentorProfiles: 100,
  reviews: 20,
  chatPage: 20,
  chatMessage: 1500,
  /** A page of a learner's courses with progress (GET /api/progress, the profile's progress page). */
  progressPage: 20,
  progressPageMax: 100,
} as const;

export const THEME_DEFAULTS = {
  componentBorderRadius: 20,
  buttonBorderRadius: 30,
  buttonType: "gradient",
  color: "blue",
} as const;

/** The global the file of a page's language packs sets (server: language-packs.ts shippedFile; browser: i18n/browser.ts). */
export const PACKS_GLOBAL = "__mentoraPacks";

/** Cookie names shared by server and browser. */
export const COOKIES = {
  lang: "lang",
  consent: "cookie-agreement",
} as const;

export const CONSENT_CATEGORIES = ["analytics", "youtube", "vimeo", "hotjar"] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

/** Language-pack packages fetched per locale and merged. */
export const LANGUAGE_PACKAGES = [
  "common",
  "shell",
  "errors",
  "guideline",
  "auth",
  "blocks",
  "social",
  "policy",
  "forms",
  "learn",
  "orders",
  "chat",
  "mentor",
  "notifications",
  "certificates",
  "discussions",
  "studio",
  "backoffice",
] as const;
export type LanguagePackage = (typeof LANGUAGE_PACKAGES)[number];
