import { z } from "zod";
import { MSG } from "./messages";
import { RETURN_PATH_MAX, isSafeReturnPath } from "./return-path";
import { safeText } from "./safe-text";

/**
 * Field schemas shared by the API routes and the web forms (seed 001 sections 5 and 9). Every rule
 * sets a language-pack key as its message; each field reports only its first failing rule (checks
 * abort), because a form shows one message under an input and the server should say the same.
 */

export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 6;
/** Not in the seed: argon2 hashes whatever it gets, so an unbounded password is a cheap DoS. */
export const PASSWORD_MAX = 1024;
export const NAME_MIN = 2;
export const NAME_MAX = 15;
export const USERNAME_MIN = 5;
export const USERNAME_MAX = 30;
export const PHONE_DIGITS_MAX = 12;

/** Length in Unicode code points: "محمد" is 4 and "𝒜" is 1, where String#length says 2. */
export function codePointLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** Whitespace-only counts as empty: a form field of spaces was not filled in. */
export function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === "string" && v.trim() === "");
}

/**
 * A string schema whose missing value reads "required" and whose wrong type reads `typeKey`, with
 * the shared safe-text rule (no NUL, no lone surrogate, NFC; `normalize: false` for passwords).
 */
export function text(typeKey: string, opts: { normalize?: boolean } = {}) {
  return safeText({ ...opts, error: (issue) => (issue.input === undefined || issue.input === null ? MSG.required : typeKey) });
}

/** Options for the "required" rule: aborting, so an empty field is not also "too short". */
export const REQUIRED_RULE = { error: MSG.required, abort: true } as const;
export const notBlank = (v: string): boolean => v.trim() !== "";

export function minChars(minimum: number) {
  return [(v: string) => codePointLength(v) >= minimum, { error: MSG.minLength, params: { minimum }, abort: true }] as const;
}
export function maxChars(maximum: number) {
  return [(v: string) => codePointLength(v) <= maximum, { error: MSG.maxLength, params: { maximum }, abort: true }] as const;
}

/**
 * Wraps a required schema as optional: undefined, null and blank strings become undefined, so an
 * empty optional input is dropped instead of failing its format rule (seed 5: "empty values are
 * dropped before submit").
 */
export function optionalField<T extends z.ZodType>(schema: T, blank: (v: unknown) => boolean = isBlank) {
  return z.preprocess((v) => (blank(v) ? undefined : v), schema.optional());
}

// --- e-mail ---------------------------------------------------------------------------------------

const ATEXT = "[a-z0-9!#$%&'*+/=?^_`{|}~-]";
const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
// A TLD of 2+ letters (seed), plus punycode TLDs such as xn--p1ai (.рф) for the ru portal.
const TLD = "(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})";
const OCTET = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";

/**
 * Dot-atom local part (at most 64 characters, RFC 5321), "@", then a dotted domain ending in a TLD
 * or a bracketed IPv4 literal. Quoted local parts and IPv6 literals are not accepted: no real
 * learner uses them and mail providers reject them too.
 */
export const EMAIL_PATTERN = new RegExp(`^(?=[^@]{1,64}@)${ATEXT}+(?:\\.${ATEXT}+)*@(?:(?:${LABEL}\\.)+${TLD}|\\[${OCTET}(?:\\.${OCTET}){3}\\])$`, "i");

/** Seed 5: e-mail is trimmed and lowercased before it is checked, so " Ann@X.COM " signs in as ann@x.com. */
export const ZEmail = text(MSG.email)
  .trim()
  .toLowerCase()
  .refine(notBlank, REQUIRED_RULE)
  // Length before pattern: the pattern then never sees an unbounded input.
  .max(EMAIL_MAX, { error: MSG.maxLength, abort: true })
  .regex(EMAIL_PATTERN, { error: MSG.email });

// --- passwords ------------------------------------------------------------------------------------

/** A new password (sign-up, restore, anonymous). Never trimmed or truncated: the hash sees every character. */
export const ZPassword = text(MSG.required, { normalize: false })
  .refine(notBlank, REQUIRED_RULE)
  // Not aborting (min and max cannot both fail): a restore form can then still report the mismatch
  // with confirmPassword next to "too short"; an aborting issue would skip that refine.
  .min(PASSWORD_MIN, { error: MSG.minLength })
  .max(PASSWORD_MAX, { error: MSG.maxLength });

/**
 * A password typed to sign in by e-mail: seed 5 only requires it. No minimum, so an account whose
 * password predates a rule can still sign in; the cap still bounds hashing cost.
 */
export const ZCurrentPassword = text(MSG.required, { normalize: false }).refine(notBlank, REQUIRED_RULE).max(PASSWORD_MAX, { error: MSG.maxLength });

// --- names ----------------------------------------------------------------------------------------

/**
 * Seed 5 lists _ ! ? / + = @ # $ % & * ( ) { } | ~ < > ; : [ ]; digits of any script (\p{N}) and
 * control characters are refused as well. Everything else, letters of any script, spaces, hyphens,
 * apostrophes and dots ("J. R."), is allowed.
 */
export const NAME_FORBIDDEN = /[\p{N}\p{Cc}_!?/+=@#$%&*(){}|~<>;:[\]]/u;
const HAS_LETTER = /\p{L}/u;

export function isValidNameChars(v: string): boolean {
  // A name must contain a letter: "--" or "''" pass the character list but are not names.
  return !NAME_FORBIDDEN.test(v) && HAS_LETTER.test(v);
}

/** firstName / lastName: 2 to 15 code points after trimming and NFC (so "İ" is one character). */
export const ZPersonName = text(MSG.name)
  .trim()
  // NFC first: a decomposed "İ" (I + combining dot) would otherwise count as two characters.
  .overwrite((s) => s.normalize("NFC"))
  .refine(notBlank, REQUIRED_RULE)
  .refine(...minChars(NAME_MIN))
  .refine(...maxChars(NAME_MAX))
  .refine(isValidNameChars, { error: MSG.name });

// --- anonymous username ---------------------------------------------------------------------------

/** JS \s covers Unicode spaces; zero-width space, word joiner and BOM look like nothing at all. */
const USERNAME_SPACE = /[\s\p{Cc}\u200B\u2060\uFEFF]/u;

export function nonSpaceCount(v: string): number {
  return codePointLength(v.replace(/\s/gu, ""));
}

/** Seed 5: required, 5 to 30 characters, no whitespace, at least 2 non-space characters. Not trimmed. */
export const ZUsername = text(MSG.username)
  .refine(notBlank, REQUIRED_RULE)
  .refine(...minChars(USERNAME_MIN))
  .refine(...maxChars(USERNAME_MAX))
  .refine((v) => !USERNAME_SPACE.test(v), { error: MSG.username, abort: true })
  // Implied by the two rules above; kept so the seed's rule survives if either one changes.
  .refine((v) => nonSpaceCount(v) >= 2, { error: MSG.username });

// --- phone ----------------------------------------------------------------------------------------

/** People type "+90 (212) 000-00-00": spaces, dashes of any kind and parentheses are formatting. */
const PHONE_FORMATTING = /[\s\p{Pd}()]/gu;
export const PHONE_PATTERN = new RegExp(`^\\+\\d{1,${PHONE_DIGITS_MAX}}$`);

export function normalizePhone(s: string): string {
  return s.replace(PHONE_FORMATTING, "");
}

/** Seed 5 mask: a plus sign followed by up to 12 digits; the parsed value is the normalised form. */
export const ZPhone = text(MSG.phone).overwrite(normalizePhone).refine(notBlank, REQUIRED_RULE).regex(PHONE_PATTERN, { error: MSG.phone });

const isBlankPhone = (v: unknown): boolean => isBlank(v) || (typeof v === "string" && normalizePhone(v) === "");

/** The optional variant: blank (or only formatting) becomes undefined, anything else must match the mask. */
export const ZPhoneOptional = optionalField(ZPhone, isBlankPhone);

// --- return paths ---------------------------------------------------------------------------------

export const ZReturnPath = z
  .string({ error: MSG.redirect })
  .max(RETURN_PATH_MAX, { error: MSG.redirect, abort: true })
  .refine(isSafeReturnPath, { error: MSG.redirect });
