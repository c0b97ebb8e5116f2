/**
 * The demo seed's sign-ins as the start banner lists them (README "Demo accounts"). A leaf of its own:
 * the cluster primary prints the banner without loading the seed (demo-accounts.test.ts checks that
 * these are the accounts demo-mentors.ts and demo-creator.ts make).
 */

/** Public, as the README says: a demo only, never a real portal's. */
export const DEMO_PASSWORD = "mentora-demo-2026";

export const DEMO_ACCOUNTS: ReadonlyArray<{ email: string; role: string }> = [
  { email: "aylin.mentor@mentora.example", role: "mentor" },
  { email: "omar.mentor@mentora.example", role: "mentor" },
  { email: "elena.leader@mentora.example", role: "mentor leader" },
  { email: "nadia.creator@mentora.example", role: "course author" },
];
