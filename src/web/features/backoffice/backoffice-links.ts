/**
 * The back office's screens (issue 16), in the order the studio header shows them to those who may run
 * it (mayAuthorPortalSettings, src/domain/studio-policy.ts: admins and mp-admin). `label` is a key of the studio pack (the header's).
 */
export interface BackOfficeLink {
  /** The path after /{lang}/studio/, e.g. "users". */
  path: string;
  label: string;
  testId: string;
}

export const BACKOFFICE_LINKS: readonly BackOfficeLink[] = [
  { path: "dashboard", label: "header.dashboard", testId: "studio-link-dashboard" },
  { path: "navigation", label: "header.navigation", testId: "studio-link-navigation" },
];
