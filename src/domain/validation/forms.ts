import { z } from "zod";
import { REQUIRED_RULE, ZCurrentPassword, ZEmail, ZPassword, ZPersonName, ZPhone, ZPhoneOptional, ZUsername, notBlank, optionalField, text } from "./fields";
import { MSG } from "./messages";

/**
 * Object schemas of the identity forms (seed 001 section 5). The same schema validates the popup
 * form in the browser and the request body on the server, so the two cannot disagree.
 */

/** Summary message under a failed sign-in form. */
export const SIGN_IN_ERROR = MSG.loginError;
/** Summary message of a failed forgot-password request. */
export const FORGOT_PASSWORD_ERROR = MSG.passwordError;
/** Summary message of a failed profile fill. */
export const PROFILE_FILL_ERROR = MSG.authError;
/** Summary message of a failed anonymous sign-in or sign-up. */
export const ANONYMOUS_ERROR = MSG.loginError;

/** A body that is not an object at all reads as "required" rather than zod's English text. */
const OBJECT = { error: MSG.required } as const;

export const ZSignIn = z.object({ email: ZEmail, password: ZCurrentPassword }, OBJECT);
export type TSignIn = z.infer<typeof ZSignIn>;

/** `age` is a registration text field: up to three digits, kept as typed (the seed gives no range). */
export const AGE_PATTERN = /^\d{1,3}$/;
/** `additional` is free text; the cap only keeps a request body bounded. */
export const ADDITIONAL_MAX = 500;

const ZAge = text(MSG.regexp).trim().refine(notBlank, REQUIRED_RULE).regex(AGE_PATTERN, { error: MSG.regexp });
const ZAdditional = text(MSG.required).trim().refine(notBlank, REQUIRED_RULE).max(ADDITIONAL_MAX, { error: MSG.maxLength });

/**
 * Seed 5 sign-up: email, password and firstName required, the rest optional; empty optional values
 * become undefined (absent from the JSON that is sent). Portal-specific field settings are applied
 * by buildRegistrationSchema; this is the baseline with the default fields.
 */
export const ZSignUp = z.object(
  {
    email: ZEmail,
    password: ZPassword,
    firstName: ZPersonName,
    lastName: optionalField(ZPersonName),
    phone: ZPhoneOptional,
    age: optionalField(ZAge),
    additional: optionalField(ZAdditional),
    // Seed 5: registering requires agreeing to the terms.
    agree: z.literal(true, { error: MSG.termsNotAccepted }),
  },
  OBJECT,
);
export type TSignUp = z.infer<typeof ZSignUp>;

export const ZForgotPassword = z.object({ email: ZEmail }, OBJECT);
export type TForgotPassword = z.infer<typeof ZForgotPassword>;

/**
 * Seed 5 restore password: both passwords required and equal, and the pwdtoken from the query is
 * required. The mismatch is reported on confirmPassword, where the learner is typing; it is not
 * reported while confirmPassword is still empty (that field already says "required").
 */
export const ZRestorePassword = z
  .object(
    {
      password: ZPassword,
      confirmPassword: text(MSG.required).refine(notBlank, REQUIRED_RULE),
      token: text(MSG.required).trim().refine(notBlank, REQUIRED_RULE),
    },
    OBJECT,
  )
  .refine((d) => d.password === d.confirmPassword, {
    error: MSG.passwordsDiffer,
    path: ["confirmPassword"],
    when: (payload) => {
      const v = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
      return typeof v?.password === "string" && typeof v.confirmPassword === "string" && notBlank(v.confirmPassword);
    },
  });
export type TRestorePassword = z.infer<typeof ZRestorePassword>;

/** Seed 5 profile-fill: e-mail and phone both required. */
export const ZProfileFill = z.object({ email: ZEmail, phone: ZPhone }, OBJECT);
export type TProfileFill = z.infer<typeof ZProfileFill>;

/** Seed 5 anonymous account: username and a password of at least 6, for both sign-in and sign-up. */
export const ZAnonymousSignIn = z.object({ username: ZUsername, password: ZPassword }, OBJECT);
export type TAnonymousSignIn = z.infer<typeof ZAnonymousSignIn>;

export const ZAnonymousSignUp = z.object({ username: ZUsername, password: ZPassword }, OBJECT);
export type TAnonymousSignUp = z.infer<typeof ZAnonymousSignUp>;
