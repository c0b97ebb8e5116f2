import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import { AppError } from "../../domain/errors";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Posted from other sites by design, and safe so: payment providers' callbacks (checked by their
     * signature) and their return of the browser (which only redirects). Nothing else sets it.
     */
    crossSite?: boolean;
  }
}

/**
 * State-changing requests from browsers must come from our own origin (CSRF defence in depth
 * next to SameSite cookies). Requests without an Origin header (server-to-server, curl) pass.
 */
export function originGuard(req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
  if (SAFE.has(req.method) || req.routeOptions.config?.crossSite) return done();
  const origin = req.headers.origin;
  if (!origin) return done();
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw new AppError("BAD_ORIGIN", "Malformed Origin header");
  }
  // req.host honours X-Forwarded-Host only when TRUST_PROXY says the proxy may set it.
  const expected = req.host;
  if (host !== expected) throw new AppError("BAD_ORIGIN", `Cross-origin ${req.method} from ${origin}`);
  done();
}
