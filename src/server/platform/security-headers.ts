import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ONE_TAP_SCRIPT, TELEGRAM_WIDGET_SCRIPT } from "../../domain/providers";

declare module "fastify" {
  interface FastifyRequest {
    /** This response's Content-Security-Policy nonce (base64, 128 bits); SSR puts it on every script it renders. */
    cspNonce: string;
  }
}

export interface CustomScriptSettings {
  enabledCustomScripts: boolean;
  customScripts: ReadonlyArray<{ src?: string }>;
}

const originOf = (url: string) => new URL(url).origin;
/** Sign-in providers whose scripts, frames and styles the pages load (One Tap, Telegram's widget). */
const PROVIDER_SCRIPT_ORIGINS = [originOf(ONE_TAP_SCRIPT), originOf(TELEGRAM_WIDGET_SCRIPT)];

/** The https origins of the portal's custom scripts, only while custom scripts are switched on. */
export function customScriptOrigins(integrations: CustomScriptSettings): string[] {
  if (!integrations.enabledCustomScripts) return [];
  const origins = new Set<string>();
  for (const { src } of integrations.customScripts) {
    if (!src) continue;
    try {
      const url = new URL(src);
      if (url.protocol === "https:") origins.add(url.origin);
    } catch {
      /* a relative or broken src is covered by 'self' or blocked */
    }
  }
  return [...origins];
}

/**
 * The page policy: scripts only from this site, the sign-in providers, the portal's custom script
 * hosts (when on) and inline scripts carrying this response's nonce. Inline styles stay allowed:
 * the theme and component styles are not a script-injection vector.
 */
export function contentSecurityPolicy(nonce: string, customOrigins: readonly string[]): string {
  const scripts = ["'self'", `'nonce-${nonce}'`, ...PROVIDER_SCRIPT_ORIGINS, ...customOrigins];
  // Custom scripts (analytics, chat widgets) talk to their own back ends.
  const connect = ["'self'", ...PROVIDER_SCRIPT_ORIGINS, ...(customOrigins.length ? ["https:"] : [])];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
    `style-src 'self' 'unsafe-inline' ${PROVIDER_SCRIPT_ORIGINS[0]}`,
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self' data: https:",
    `connect-src ${connect.join(" ")}`,
    // Video and embed blocks, One Tap's and Telegram's sign-in frames.
    "frame-src https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), usb=(), serial=(), payment=(self), browsing-topics=()";

function isHtml(reply: FastifyReply): boolean {
  return String(reply.getHeader("content-type") ?? "").startsWith("text/html");
}

/**
 * Headers helmet does not cover: a nonce-based CSP on every HTML page, `Cache-Control: no-store` on
 * API replies and pages unless a route chose its own (both carry who is signed in), and a
 * Permissions-Policy. In development (Vite's injected scripts) the CSP is left off.
 */
export function installSecurityHeaders(app: FastifyInstance, deps: { csp: boolean; integrations: () => Promise<CustomScriptSettings> }) {
  app.decorateRequest("cspNonce", "");
  app.addHook("onRequest", async (req: FastifyRequest) => {
    req.cspNonce = randomBytes(16).toString("base64");
  });
  app.addHook("onSend", async (req, reply, payload) => {
    reply.header("permissions-policy", PERMISSIONS_POLICY);
    const html = isHtml(reply);
    if (!reply.hasHeader("cache-control") && (html || req.url.startsWith("/api/"))) reply.header("cache-control", "no-store");
    if (html && deps.csp) {
      const integrations = await deps.integrations().catch(() => ({ enabledCustomScripts: false, customScripts: [] }));
      reply.header("content-security-policy", contentSecurityPolicy(req.cspNonce, customScriptOrigins(integrations)));
    }
    return payload;
  });
}
