import { ZNoContent } from "../../../domain/api-replies";
import { api } from "../../lib/api";

/**
 * Stores a signed-in user's cookie decision on the account. Imported when first called, so the API
 * client and zod stay out of the first load (docs/decisions/0020-lean-client.md).
 */
export const storeCookieDecision = (body: { learningPortalId: string; cookies: Record<string, "granted" | "denied"> }) =>
  api.send("PUT", "/api/users/me/cookies", ZNoContent, body);
