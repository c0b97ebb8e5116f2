import { arrivalFromCookies } from "../../../domain/arrival";
import { AppError } from "../../../domain/errors";
import { GUEST_ID } from "../../../domain/user";
import type { Auth } from "../../../domain/learning-access";

/**
 * The hidden fields of a record (seed 001 §3), decided here and only here: userId is who the
 * session says is asking ('guest' for a visitor without one; forms such as "ask a question" are for
 * visitors too), missionaryId is the mentor who brought the visitor (the mentor_id cookie kept on
 * arrival) when it is well formed. A token that does not verify is refused rather than treated as a guest.
 */
export function hiddenFields(auth: Auth, cookies: Partial<Record<string, string>>): { userId: string; missionaryId: string | null } {
  if (auth.kind === "bad-token") throw new AppError("TOKEN_BAD", "The access token is not valid");
  return { userId: auth.kind === "user" ? auth.user.id : GUEST_ID, missionaryId: arrivalFromCookies(cookies).mentorId };
}
