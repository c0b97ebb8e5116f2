import { randomFillSync } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
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
export function contentSecurityPolicy(nonce: string, customOrigins: readonly string[], formActions: readonly string[] = []): string {
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
    // Video and embed blocks, One Tap's and Telegram's sign-in frames; the page designer's own preview frame (issue 15).
    "frame-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    // Checkout forms post to the configured payment providers' pages.
    ["form-action 'self'", ...formActions].join(" "),
    "frame-ancestors 'self'",
  ].join("; ");
}

export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), usb=(), serial=(), payment=(self), browsing-topics=()";

/**
 * helmet's headers for `options`, worked out once at start: helmet only ever sets the same headers
 * (and removes X-Powered-By), so running its middleware on every request (as @fastify/helmet does,
 * rebuilding it from the options each time) is wasted work.
 */
export function helmetHeaders(options: HelmetOptions): { set: Array<[string, string]>; remove: string[] } {
  const set: Array<[string, string]> = [];
  const remove: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => set.push([name, String(value)]),
    removeHeader: (name: string) => remove.push(name),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return { set, remove };
}

/**
 * The hashed build files under /assets/ are scripts and styles, never documents: of helmet's headers
 * only these two mean anything for them. The rest (frame, opener, referrer, HSTS, …) would cost every
 * asset about 600 bytes, ~56 times on a first page load over HTTP/1.1 (docs/decisions/0021).
 */
const ASSET_HEADERS = new Set(["x-content-type-options", "cross-origin-resource-policy"]);
/** Never asked again (immutable, a year): validators and ranges are dead weight on them. */
const ASSET_VALIDATORS = ["etag", "last-modified", "accept-ranges"];
const isAsset = (url: string) => url.startsWith("/assets/");

/**
 * CSP nonces come from a pool of random bytes refilled 256 nonces at a time (each still 128 bits
 * from the CSPRNG, never reused): one randomBytes call per page was a visible cost.
 */
const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceOffset = noncePool.length;
function nextNonce(): string {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString("base64", nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}
const NONCE = Symbol("cspNonce");

/**
 * The policy around its nonce, per custom-script settings object (the settings snapshot is shared)
 * and per set of form-action origins (one per app; tests build apps with different ones).
 */
const policyParts = new WeakMap<CustomScriptSettings, Map<string, [string, string]>>();
function policyFor(nonce: string, integrations: CustomScriptSettings, formActions: readonly string[]): string {
  let byForms = policyParts.get(integrations);
  if (!byForms) policyParts.set(integrations, (byForms = new Map()));
  const key = formActions.join(" ");
  let parts = byForms.get(key);
  if (!parts) {
    const [before, after] = contentSecurityPolicy("\0", customScriptOrigins(integrations), formActions).split("\0");
    parts = [before, after];
    byForms.set(key, parts);
  }
  return parts[0] + nonce + parts[1];
}
const NO_CUSTOM_SCRIPTS: CustomScriptSettings = { enabledCustomScripts: false, customScripts: [] };

function isHtml(reply: FastifyReply): boolean {
  return String(reply.getHeader("content-type") ?? "").startsWith("text/html");
}

/**
 * Every response: helmet's headers (`helmet` options as @fastify/helmet took them) and a
 * Permissions-Policy; built assets only the part of them that applies to scripts (ASSET_HEADERS). Headers helmet does not cover: a nonce-based CSP on every HTML page,
 * `Cache-Control: no-store` on API replies and pages unless a route chose its own (both carry who is
 * signed in). In development (Vite's injected scripts) the CSP is left off. The hooks are synchronous
 * (no promise per request) except where an HTML page waits for the portal's custom-script settings.
 * `req.cspNonce` is made on first read: only pages use it.
 */
export function installSecurityHeaders(
  app: FastifyInstance,
  deps: {
    csp: boolean;
    helmet: HelmetOptions;
    integrations: () => Promise<CustomScriptSettings>;
    /** Origins besides our own that forms may post to (payment providers' checkout pages); fixed at start. */
    formActions?: readonly string[];
  },
) {
  const formActions = deps.formActions ?? [];
  const { set, remove } = helmetHeaders(deps.helmet);
  const assetSet = set.filter(([name]) => ASSET_HEADERS.has(name.toLowerCase()));
  app.decorateRequest("cspNonce", {
    getter(this: FastifyRequest & { [NONCE]?: string }) {
      return (this[NONCE] ??= nextNonce());
    },
  });
  app.addHook("onRequest", (req, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of isAsset(req.url) ? assetSet : set) res.setHeader(name, value);
    for (const name of remove) res.removeHeader(name);
    done();
  });
  app.addHook("onSend", (req, reply, payload, done) => {
    if (isAsset(req.url)) {
      if (String(reply.getHeader("cache-control")).includes("immutable")) for (const name of ASSET_VALIDATORS) reply.removeHeader(name);
      return done(null, payload);
    }
    reply.header("permissions-policy", PERMISSIONS_POLICY);
    const html = isHtml(reply);
    if (!reply.hasHeader("cache-control") && (html || req.url.startsWith("/api/"))) reply.header("cache-control", "no-store");
    // A reply that brings its own policy keeps it: a cached page allows its scripts by hash (platform/page-cache.ts).
    if (!html || !deps.csp || reply.hasHeader("content-security-policy")) return done(null, payload);
    deps.integrations().then(
      (integrations) => {
        reply.header("content-security-policy", policyFor(req.cspNonce, integrations, formActions));
        done(null, payload);
      },
      () => {
        reply.header("content-security-policy", policyFor(req.cspNonce, NO_CUSTOM_SCRIPTS, formActions));
        done(null, payload);
      },
    );
  });
}
