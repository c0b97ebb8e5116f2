/*
 * The discussion e-mails' choices without zod (docs/decisions/0020-lean-client.md): the profile page
 * draws them; the schemas are in discussion-follow.ts.
 */

/** How often a person hears of new posts in the threads they follow. No choice made = daily. */
export const DIGEST_PERIODS = ["off", "each", "daily", "weekly"] as const;
export type TDigestPeriod = (typeof DIGEST_PERIODS)[number];
export const DEFAULT_DIGEST_PERIOD: TDigestPeriod = "daily";

/** Milliseconds between two letters of a period; "each" is every run of the job (a few minutes). */
export const DIGEST_PERIOD_MS: Record<Exclude<TDigestPeriod, "off">, number> = {
  each: 0,
  daily: 24 * 60 * 60_000,
  weekly: 7 * 24 * 60 * 60_000,
};
