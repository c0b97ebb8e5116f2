import { z } from "zod";
import { ZText } from "./validation/safe-text";

/** Seed 001 §2: the utm keys kept from the arrival address (source and campaign are required). */
export const UTM_KEYS = ["utm_source", "utm_campaign", "utm_medium", "utm_content", "utm_term"] as const;
export const UTM_COOKIE = "utm-meta";
export const ARRIVAL_ID = /^[\w:-]{1,100}$/;

export const ZUtmMeta = z
  .object({
    utm_source: ZText.min(1).max(200),
    utm_campaign: ZText.min(1).max(200),
    utm_medium: ZText.max(200).optional(),
    utm_content: ZText.max(200).optional(),
    utm_term: ZText.max(200).optional(),
  })
  .strip();
export type TUtmMeta = z.infer<typeof ZUtmMeta>;

export interface Arrival {
  utm: TUtmMeta | null;
  mentorId: string | null;
  teamId: string | null;
}

/** Reads what the arrival cookies hold; a damaged cookie counts as absent rather than failing a sign-in. */
export function arrivalFromCookies(cookies: Partial<Record<string, string>>): Arrival {
  let utm: TUtmMeta | null = null;
  const raw = cookies[UTM_COOKIE];
  if (raw) {
    try {
      const parsed = ZUtmMeta.safeParse(JSON.parse(raw));
      utm = parsed.success ? parsed.data : null;
    } catch {
      utm = null;
    }
  }
  const id = (v: string | undefined) => (v && ARRIVAL_ID.test(v) ? v : null);
  return { utm, mentorId: id(cookies.mentor_id), teamId: id(cookies.team_id) };
}

export function isEmptyArrival(a: Arrival): boolean {
  return !a.utm && !a.mentorId && !a.teamId;
}

/** The same campaign recorded twice for one environment is one record. */
export function sameUtm(a: Record<string, string>, b: Record<string, string>): boolean {
  return UTM_KEYS.every((k) => (a[k] ?? "") === (b[k] ?? "")) && (a.environmentId ?? "") === (b.environmentId ?? "");
}
