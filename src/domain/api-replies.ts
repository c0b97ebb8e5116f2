import { z } from "zod";
import { ZOpenedElement } from "./progress";

/**
 * Reply shapes of the API that no other domain model describes, so that the browser's client
 * (src/web/lib/api.ts) parses every reply against a schema. The server's route schemas describe the
 * same replies (modules/auth, modules/messengers, platform/errors).
 */

/**
 * Every error reply: { error: { code, message, key, details?, requestId? } } (ErrorBody in ./errors).
 * requestId is the request's X-Request-Id, to quote when reporting the error (docs/decisions/0067).
 */
export const ZErrorReplyBody = z.object({
  error: z.object({ code: z.string(), message: z.string(), key: z.string(), details: z.unknown().optional(), requestId: z.string().optional() }),
});

/** details of a 400 for bad input: one entry per offending field (message is a translation key). */
export const ZValidationDetails = z.object({
  validationErrors: z.array(z.object({ path: z.string(), message: z.string(), params: z.record(z.string(), z.union([z.number(), z.string()])).optional() })),
});
export type TValidationError = z.infer<typeof ZValidationDetails>["validationErrors"][number];

/**
 * details of DUPLICATE-EMAIL and DUPLICATE-EMAIL-OR-PHONE (issue 28): which field holds the taken
 * value, so a form shows the error on that field with a message naming it (TAKEN_FIELD_KEYS).
 */
export const TAKEN_FIELDS = ["email", "phone"] as const;
export const ZTakenFieldDetails = z.object({ field: z.enum(TAKEN_FIELDS) });
export type TTakenField = (typeof TAKEN_FIELDS)[number];
/** The message of a taken field, naming it. */
export const TAKEN_FIELD_KEYS: Record<TTakenField, string> = { email: "errors:taken.email", phone: "errors:taken.phone" };

/** A reply without a body (204, or a route that answers with nothing). */
export const ZNoContent = z.null();

/** Sign-in, sign-up and session replies (the tokens are also set as cookies). */
export const ZTokens = z.object({ accessToken: z.string(), refreshToken: z.string(), userId: z.string(), expiresIn: z.number() });
export type TTokens = z.infer<typeof ZTokens>;

/** Forgot-password and reset-password: done. */
export const ZStateOk = z.object({ state: z.literal("ok") });

export const ZEmailVerified = z.object({ state: z.literal("verified"), email: z.string() });
export const ZEmailVerifySent = z.object({ state: z.literal("sent") });

/** Whether the messenger bot has confirmed this browser's connect code. */
export const ZConnectStatus = z.object({ state: z.enum(["pending", "confirmed", "expired", "completed"]), messenger: z.string(), expiresAt: z.string() });
export type TConnectStatus = z.infer<typeof ZConnectStatus>;

export const ZConnectComplete = z.object({ returnTo: z.string(), signedIn: z.boolean() });

/** The sign-in steps check the tokens themselves (seed 001 §8 messages): a reply missing one still parses. */
export const ZTokensChecked = ZTokens.partial();

/** The opened element of a course for the caller (progress/courses/{id}/opened-element). */
export const ZOpenedElementReply = z.object({ openedElement: ZOpenedElement.nullable() });
