import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const ACCESS_COOKIE = "apollo-token";

/**
 * Logout clears the browser's access token cookie. The identity capability adds server-side
 * revocation of the refresh token behind the same route.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/auth/logout",
    { schema: { tags: ["auth"], summary: "Sign out: drop the access token cookie" } },
    async (_req, reply) => {
      reply.clearCookie(ACCESS_COOKIE, { path: "/" });
      return reply.status(204).send();
    },
  );
};
