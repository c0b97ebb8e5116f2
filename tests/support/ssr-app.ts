/**
 * The built app on an in-memory PGlite with the demo seed, for SSR tests that speak HTTP through
 * `app.inject` (no browser). Needs a prior `npx react-router build`.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { type Config, parseConfig } from "../../src/server/config";
import type { Database } from "../../src/server/db/client";
import { buildApp, type BuildAppOptions } from "../../src/server/main";
import { openPgliteDatabase } from "../setup/databases";

export interface SsrApp {
  readonly config: Config;
  /** Set in beforeAll. */
  app: FastifyInstance;
  database: Database;
}

export function useSsrApp(env: Record<string, string> = {}, options: Pick<BuildAppOptions, "pressure" | "overloadGate"> = {}): SsrApp {
  // The guest page cache stores a page once its compressed copies are made, in the background: with
  // it on, whether a repeated request is rendered (nonce) or a hit (hashes) would depend on timing.
  // Tests of the cache turn it on themselves.
  const config = parseConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SEED_DEMO: "true", PAGE_CACHE_MS: "0", ...env });
  const ssr = { config } as SsrApp;
  beforeAll(async () => {
    ssr.database = await openPgliteDatabase(config);
    ssr.app = await buildApp({ config, database: ssr.database, ssr: true, logger: false, ...options });
  });
  afterAll(async () => {
    await ssr.app?.close();
    await ssr.database?.close();
  });
  return ssr;
}
