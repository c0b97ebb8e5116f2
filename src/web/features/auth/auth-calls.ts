import { ZEmailVerified, ZEmailVerifySent, ZNoContent, ZTokens } from "../../../domain/api-replies";
import { guestUser, type TUser } from "../../../domain/user";
import { ZUser } from "../../../domain/user-schema";
import { ApiFailure, api } from "../../lib/api";

/*
 * The auth API calls that code on every page makes (the auth provider, One Tap, the e-mail
 * verification notice, the scenarios' session). They are imported when first called, so their
 * schemas, the API client and zod stay out of the first load (docs/decisions/0020-lean-client.md):
 * `const { fetchMe } = await import("./auth-calls")`.
 */

/** Who is signed in now: a guest when the server says the token is gone; throws when no reply came. */
export async function fetchMe(): Promise<TUser> {
  const res = await api.get("/api/users/me", ZUser);
  // No reply at all says nothing about who is signed in: the caller learns of it, the user stays.
  if (!res.ok && res.error.kind === "network") throw new ApiFailure(res.error);
  return res.ok ? res.data : guestUser();
}

export const logout = () => api.post("/api/auth/logout", ZNoContent);

export const createSession = () => api.post("/api/auth/session", ZTokens);

export const oneTapSignIn = (body: { credential: string; g_csrf_token: string }) => api.post("/api/auth/one-tap", ZTokens, body);

export const verifyEmail = (token: string) => api.post("/api/auth/email/verify", ZEmailVerified, { token });

export const resendEmailVerification = (lang: string) => api.post("/api/auth/email/verify/resend", ZEmailVerifySent, { lang });
