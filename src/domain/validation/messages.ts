import type { z } from "zod";

/**
 * Seed 001 section 5: every validation message is a language-pack key, never English text, so the
 * server can return issues that the browser translates in the visitor's language and a form can show
 * the same key whether the check ran in the browser or on the server.
 */
export const MSG = {
  required: "crud.validation.message.required",
  email: "crud.validation.message.email",
  minLength: "crud.validation.message.minLength",
  maxLength: "crud.validation.message.maxLength",
  regexp: "crud.validation.message.regexp",
  name: "crud.validation.message.name",
  username: "crud.validation.message.username",
  phone: "crud.validation.message.phone",
  /** Summary of a failed sign-in, anonymous sign-in or anonymous sign-up. */
  loginError: "env.scenarious.popup.login.error",
  /** Summary of a failed forgot-password request. */
  passwordError: "env.scenarious.popup.password.error",
  /** Restore password: the two passwords differ. */
  passwordsDiffer: "env.scenarious.popup.login.password.coincide.error",
  /** Summary of a failed profile fill or dynamic form. */
  authError: "env.scenarious.popup.auth.error",
  /** Seed 001 section 8: registering without ticking the terms box. */
  termsNotAccepted: "env.scenario.gdpr.no_check_msg",
  /** Seed 001 section 8: "invalid redirect path | ERR_REDIRECT"; the seed names no pack key for it. */
  redirect: "ERR_REDIRECT",
  /** Text with a NUL character or a broken (lone surrogate) character: docs/decisions/0014. */
  unsafeText: "crud.validation.message.unsafeText",
} as const;

export type MessageKey = (typeof MSG)[keyof typeof MSG];

/** One failed rule, in the shape both the API error body and the forms use. */
export interface ValidationIssue {
  /** Dotted path of the field ("confirmPassword", "fields.0.name"); "" for the whole value. */
  path: string;
  /** Language-pack key (see MSG). */
  key: string;
  /** Values for the message: `minimum`/`maximum` for length messages, `field` for generic required. */
  params?: Record<string, number | string>;
}

type IssueLike = z.core.$ZodIssue;

function paramsOf(issue: IssueLike): Record<string, number | string> | undefined {
  // zod's own length checks carry the bound on the issue; our code-point checks carry it in params.
  if (issue.code === "too_small") return { minimum: toParam(issue.minimum) };
  if (issue.code === "too_big") return { maximum: toParam(issue.maximum) };
  if (issue.code === "custom" && issue.params) {
    const out: Record<string, number | string> = {};
    for (const [k, v] of Object.entries(issue.params)) {
      if (typeof v === "number" || typeof v === "string") out[k] = v;
    }
    return Object.keys(out).length ? out : undefined;
  }
  return undefined;
}

function toParam(v: number | bigint): number | string {
  return typeof v === "bigint" ? v.toString() : v;
}

/**
 * Maps a ZodError (or anything with zod issues) to the flat issue list. The issue message is taken
 * as the key unchanged: our schemas set keys on every rule, so an English text here means a schema
 * that forgot to.
 */
export function issuesOf(error: { issues: readonly IssueLike[] }): ValidationIssue[] {
  return error.issues.map((issue) => {
    const params = paramsOf(issue);
    const out: ValidationIssue = { path: issue.path.map(String).join("."), key: issue.message };
    if (params) out.params = params;
    return out;
  });
}

/** The first issue per field, which is what a form shows under each input. */
export function firstIssueByPath(issues: readonly ValidationIssue[]): Record<string, ValidationIssue> {
  const out: Record<string, ValidationIssue> = {};
  for (const issue of issues) if (!(issue.path in out)) out[issue.path] = issue;
  return out;
}
