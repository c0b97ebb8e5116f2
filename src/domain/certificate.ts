import { z } from "zod";
import { ZCourseId, ZLang } from "./course";
import { dateTimeFormat } from "./intl";
import { MSG } from "./validation/messages";
import { ZText } from "./validation/safe-text";

/**
 * Certificates of finished courses (issue 13, docs/decisions/0037). A number is "MNT-" and 16
 * characters of an alphabet without look-alikes (no 0/O, 1/I): 32 symbols, so each character carries 5
 * bits of crypto randomness, 80 bits in all: not guessable, and safe to read out or type from paper.
 */
export const CERTIFICATE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export const CERTIFICATE_NUMBER_LENGTH = 16;
export const CERTIFICATE_NUMBER_PATTERN = /^MNT-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{16}$/;
/** Roles that may see every certificate and revoke one. */
export const CERTIFICATE_ADMIN_ROLES = ["admin", "mp-admin"] as const;
export const REVOKE_REASON_MAX = 500;

/** The number from random bytes (one byte per character; 256 is a multiple of 32, so no bias). */
export function certificateNumberFrom(bytes: Uint8Array): string {
  if (bytes.length < CERTIFICATE_NUMBER_LENGTH) throw new Error("certificateNumberFrom needs 16 random bytes");
  let out = "MNT-";
  for (let i = 0; i < CERTIFICATE_NUMBER_LENGTH; i++) out += CERTIFICATE_ALPHABET[bytes[i] & 31];
  return out;
}

export const ZCertificateNumber = ZText.regex(CERTIFICATE_NUMBER_PATTERN, { error: MSG.regexp });

export const CERTIFICATE_STATUSES = ["valid", "expired", "revoked"] as const;
export type TCertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** Revoked beats expired: a revocation is news a verifier must see. */
export function certificateStatus(c: { expiresAt: Date | null; revokedAt: Date | null }, now: Date): TCertificateStatus {
  if (c.revokedAt) return "revoked";
  if (c.expiresAt && c.expiresAt.getTime() <= now.getTime()) return "expired";
  return "valid";
}

/** The expiry `months` after `issued` (the same day of the month, clamped to its last day). */
export function expiryAfter(issued: Date, months: number | null): Date | null {
  if (!months) return null;
  const y = issued.getUTCFullYear();
  const m = issued.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(y, m, Math.min(issued.getUTCDate(), lastDay), issued.getUTCHours(), issued.getUTCMinutes(), issued.getUTCSeconds(), issued.getUTCMilliseconds()),
  );
}

/** "MMM d, yyyy" in the learner's language: the short month name as that language writes it (Nov 24, 2026; 24 Kas 2026). */
export function certificateDate(lang: string, date: Date): string {
  return dateTimeFormat(lang, { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(date);
}

/** The public verification page of a number. */
export const certificatePath = (lang: string, number: string) => `/${lang}/certificates/${number}`;

/** LinkedIn's "add to profile" link for a certification (name, organisation, issue and expiry month, id, url). */
export function linkedInAddUrl(c: { name: string; organization: string; issuedAt: Date; expiresAt: Date | null; number: string; url: string }): string {
  const q = new URLSearchParams({
    startTask: "CERTIFICATION_NAME",
    name: c.name,
    organizationName: c.organization,
    issueYear: String(c.issuedAt.getUTCFullYear()),
    issueMonth: String(c.issuedAt.getUTCMonth() + 1),
    ...(c.expiresAt ? { expirationYear: String(c.expiresAt.getUTCFullYear()), expirationMonth: String(c.expiresAt.getUTCMonth() + 1) } : {}),
    certId: c.number,
    certUrl: c.url,
  });
  return `https://www.linkedin.com/profile/add?${q.toString()}`;
}

/** What anyone may read of a certificate (the verification page): no user id, no e-mail. */
export const ZPublicCertificate = z.object({
  number: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
  learnerName: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  issuedAt: z.string(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
  /** The verification page's address (also the QR code's). */
  url: z.string(),
});
export type TPublicCertificate = z.infer<typeof ZPublicCertificate>;

/** The owner's (and admins') view: the public one and where to download it. */
export const ZCertificate = ZPublicCertificate.extend({
  pdfUrl: z.string(),
  previewUrl: z.string(),
  credentialUrl: z.string(),
});
export type TCertificate = z.infer<typeof ZCertificate>;

/** The verification page's data: the files and LinkedIn's link only for the owner and admins. */
export interface TCertificatePage {
  certificate: TPublicCertificate;
  files: { pdfUrl: string; credentialUrl: string; linkedInUrl: string } | null;
}

export const ZCertificateList = z.object({ certificates: z.array(ZCertificate) });

/**
 * A course's certificate as the learner stands with it (the course page's "Get your certificate"):
 * `none` (the course gives none, the learner has not finished it, or cannot earn one: a guest or an
 * anonymous session), `available` (finished, none issued: a learner who finished before the course's
 * certificate was switched on, or before registering), `issued` (its verification page's path).
 */
export const COURSE_CERTIFICATE_STATUSES = ["none", "available", "issued"] as const;
export const ZCourseCertificate = z.object({
  courseId: z.string(),
  status: z.enum(COURSE_CERTIFICATE_STATUSES),
  /** The verification page of the learner's certificate (issued only). */
  path: z.string().nullable(),
});
export type TCourseCertificate = z.infer<typeof ZCourseCertificate>;

/** A course the learner finished whose certificate they may ask for now (the profile's list). */
export const ZOfferedCertificate = z.object({ courseId: z.string(), courseTitle: z.string() });
export type TOfferedCertificate = z.infer<typeof ZOfferedCertificate>;

/** Seed 000 §7 creator API "certificate request (object payload)": idempotent, answers the one certificate. */
export const ZCertificateRequest = z.object({ courseId: ZCourseId, lang: ZLang }).strict();
export const ZRevokeBody = z
  .object({
    reason: ZText.trim().min(1, { error: MSG.required }).max(REVOKE_REASON_MAX, { error: MSG.maxLength }),
  })
  .strict();
export const ZLangQuery = z.object({ lang: ZLang.optional() });

/** A credential handed back for checking: a compact JWS (three base64url parts). */
export const ZCredentialCheck = z
  .object({
    credential: ZText.max(20_000).regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, { error: MSG.regexp }),
  })
  .strict();
export const ZCredentialVerdict = z.object({
  /** The signature is ours and intact, and it names a certificate we issued. */
  genuine: z.boolean(),
  number: z.string().nullable(),
  status: z.enum(CERTIFICATE_STATUSES).nullable(),
});
export type TCredentialVerdict = z.infer<typeof ZCredentialVerdict>;
