import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError, isAppError } from "../../domain/errors";
import type { Database } from "../db/client";

/** How long readiness waits for the database before answering 503. */
const READY_TIMEOUT_MS = 2_000;

/**
 * Liveness and readiness, never queued or refused under load (`shed: false`, see platform/overload.ts):
 * - `GET /api/health`: the process answers (and which database it uses);
 * - `GET /api/ready`: the database answers `select 1` within 2 s, else 503 NOT-READY.
 * Probes ask every few seconds: no request log line (`log: false`, platform/request-log.ts); a failure is logged.
 * `withPid` (HEALTH_PID=true) adds the answering process's id, to see which worker answered.
 */
export const healthRoutes =
  (database: Database, opts: { withPid: boolean }): FastifyPluginAsyncZod =>
  async (api) => {
    const pid = opts.withPid ? { pid: process.pid } : {};
    api.get("/health", { schema: { hide: true }, config: { shed: false, log: false } }, async () => ({ ok: true, db: database.kind, ...pid }));
    api.get("/ready", { schema: { hide: true }, config: { shed: false, log: false } }, async () => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new AppError("NOT_READY", `database did not answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
      });
      try {
        await Promise.race([database.db.execute(sql`select 1`), timeout]);
      } catch (e) {
        throw isAppError(e) ? e : new AppError("NOT_READY", `database unavailable: ${(e as Error).message}`);
      } finally {
        clearTimeout(timer);
      }
      return { ok: true, db: database.kind, ...pid };
    });
  };
