import type { FastifyInstance } from "fastify";
import type { ReactRouterFastifyOptions } from "@mcansh/remix-fastify/react-router";
import { AppError } from "../../domain/errors";

/**
 * How the built client (`build/client`) is served through @mcansh/remix-fastify's @fastify/static
 * (docs/decisions/0021-compression.md):
 * - hashed files under /assets/ are cached for a year and never revalidated; other public files
 *   (favicon, brand and demo images) for ten minutes;
 * - the `.br` and `.gz` siblings that scripts/precompress.mjs writes are sent when the client
 *   accepts them (Content-Encoding, their own Content-Length); they get no URL of their own.
 */
export const staticFileOptions: Pick<ReactRouterFastifyOptions, "assetCacheControl" | "defaultCacheControl" | "fastifyStaticOptions"> = {
  assetCacheControl: { public: true, maxAge: "365 days", immutable: true },
  defaultCacheControl: { public: true, maxAge: "10 minutes" },
  fastifyStaticOptions: { preCompressed: true, globIgnore: ["**/*.br", "**/*.gz"] },
};

/**
 * A hashed asset that is not there (an old page asking for last deployment's bundle) answers 404 at
 * once, instead of the language redirect and a rendered 404 page. Real files have routes of their own,
 * which win over this wildcard.
 */
export function installMissingAssetRoute(app: FastifyInstance) {
  app.get("/assets/*", { schema: { hide: true } }, async (req, reply) => {
    reply.header("cache-control", "no-store");
    throw new AppError("NOT_FOUND", `No asset ${req.url}`);
  });
}
