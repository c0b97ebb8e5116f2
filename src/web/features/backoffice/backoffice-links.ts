/**
 * The back office's screens (issue 16), in the order the studio header shows them to those who may run
 * it (mayAuthorPortalSettings, src/domain/studio-policy.ts: admins and mp-admin). `label` is a key of the studio pack (the header's).
 */
/** A link of the studio header (src/web/features/studio/studio-header.tsx). */
export interface StudioLink {
  /** The path after /{lang}/studio/, e.g. "users". */
  path: string;
  label: string;
  testId: string;
}

export const BACKOFFICE_LINKS: readonly StudioLink[] = [
  { path: "dashboard", label: "header.dashboard", testId: "studio-link-dashboard" },
  { path: "users", label: "header.users", testId: "studio-link-users" },
  { path: "mentors", label: "header.mentors", testId: "studio-link-mentors" },
  { path: "orders", label: "header.orders", testId: "studio-link-orders" },
  { path: "letters", label: "header.letters", testId: "studio-link-letters" },
  { path: "settings/portal", label: "header.settingsPortal", testId: "studio-link-settings-portal" },
  { path: "settings/environment", label: "header.settingsEnvironment", testId: "studio-link-settings-environment" },
  { path: "settings/registration", label: "header.settingsRegistration", testId: "studio-link-settings-registration" },
  { path: "navigation", label: "header.navigation", testId: "studio-link-navigation" },
];
