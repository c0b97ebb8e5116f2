/**
 * The icons a navigation item may show (issue 15, docs/decisions/0055): a small curated set drawn
 * inline by the header, so a name is a choice in the studio's picker, not free text (ZNavigationIcon in
 * studio-navigation.ts). No zod here: the header imports this file, and the frame chunk every page loads
 * stays free of zod (tests/integration/client-bundle.int.test.ts). The header draws no icon for a stored
 * name outside the set (a tree saved before the set existed).
 */
export const NAVIGATION_ICONS = [
  "home",
  "book",
  "video",
  "play",
  "chat",
  "calendar",
  "star",
  "help",
  "info",
  "user",
  "mail",
  "phone",
  "gift",
  "file",
  "music",
  "list",
  "search",
  "globe",
] as const;

export type TNavigationIcon = (typeof NAVIGATION_ICONS)[number];

/** The icon a stored name stands for, or null when it is not one of the set. */
export function navigationIcon(name: string | undefined): TNavigationIcon | null {
  return NAVIGATION_ICONS.find((icon) => icon === name) ?? null;
}
