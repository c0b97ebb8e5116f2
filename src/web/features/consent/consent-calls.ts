import { ZUser } from "../../../domain/user-schema";
import { api } from "../../lib/api";

/** The server answers with the account; the caller only needs to know the decision is on it. */
const ZStoredDecision = ZUser.pick({ id: true, gdpr: true });

/**
 * Stores a signed-in user's cookie decision on the account. Imported when first called, so the API
 * client and zod stay out of the first load (docs/decisions/0020-lean-client.md).
 */
export const storeCookieDecision = (body: { learningPortalId: string; cookies: Record<string, "granted" | "denied"> }) =>
  api.send("PUT", "/api/users/me/cookies", ZStoredDecision, body);
