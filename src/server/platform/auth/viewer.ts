import type { FastifyRequest } from "fastify";
import { AppError } from "../../../domain/errors";
import { viewerOf, type TViewer } from "../../../domain/learning-access";

/**
 * Who reads learning content: a guest (no token), a session user or a signed-in user. Content is
 * public, so no token is fine; a bad token is still the seed's 401 TOKEN-BAD so the client drops it.
 * The pages API, which the shell fetches for every page, reads a bad token as a guest instead (it
 * then answers only what a guest may read).
 */
export async function requestViewer(req: FastifyRequest, opts: { badTokenAsGuest?: boolean } = {}): Promise<TViewer> {
  const a = await req.auth();
  if (a.kind === "bad-token" && !opts.badTokenAsGuest) throw new AppError("TOKEN_BAD", "The access token is not valid");
  return a.kind === "user" ? viewerOf(a.user) : { kind: "guest" };
}
