import { createHash } from "node:crypto";
import { pipeline, Readable, Transform } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isbot } from "isbot";
import { CONSENT_CATEGORIES, COOKIES } from "../../domain/constants";
import { ALL_POLICY_CATEGORIES } from "../../domain/policy";
import { ACCESS_COOKIE, REFRESH_COOKIE } from "./auth/request-auth";
import { createBoundedStore } from "./bounded-store";
import type { ContentVersion } from "./content-version";
import type { RequestHost } from "./public-origin";
import { keptHeaders, negotiateEncoding, storeReply, writeStored, type StoredReply } from "./stored-reply";

/**
 * The anonymous HTML cache (docs/decisions/0026). A guest's GET of the main page, the catalogue, a
 * course page or a policy page is the same document for every guest who sends the same inputs, so it
 * is rendered once and replayed from memory for a short while:
 *
 * - Which requests: GET, one of those paths exactly (no query string but the catalogue's page cursor:
 *   arrival parameters, previews and sign-in links are rendered), no Authorization header, no session cookie (apollo-token,
 *   apollo-refresh). Signed-in and anonymous-session visitors are never served from it, nor stored.
 * - The key is everything those pages' output depends on: the path as sent, the lang cookie, the
 *   cookie decision (consent), bot or browser (crawlers get the whole document at once), the scheme
 *   (Secure on the lang cookie) and the public origin (canonical and og:url); entries are of one
 *   content version and dropped when it moves. A page that starts reading another request input must
 *   add it here.
 * - What is stored: a 200 text/html reply, rendered for a guest, whose only cookie is the language
 *   cookie (a function of the key), that streamed to its end without an error and carries no portal
 *   custom script. The identity, gzip and brotli bodies are made once when it is stored.
 * - The Content-Security-Policy of a stored page allows its inline scripts by their sha256 hashes
 *   instead of the render's nonce (a nonce served twice is no nonce); the nonce attributes are taken
 *   out of the stored markup.
 * - A hit is answered in onRequest, before authentication, the nonce, helmet, the router and the
 *   onSend hooks (their work was done on the render): the stored headers (those of the render, with
 *   the hashed policy), Content-Encoding as the client accepts, `Vary: Accept-Encoding`, and the
 *   stored bytes, written straight to the response.
 */

export interface PageCacheOptions {
  version: Pick<ContentVersion, "current" | "onChange">;
  /** How long a stored page is served (ms); 0 turns the cache off. */
  ttlMs: number;
  /** The origin of this request's links (platform/public-origin.ts). */
  publicOrigin: (req: RequestHost) => string;
  maxEntries?: number;
  /** Bound of the stored bodies (all three encodings) together. */
  maxBytes?: number;
  /** A page bigger than this (identity) is not stored. */
  maxPageBytes?: number;
  now?: () => number;
}

interface Stored extends StoredReply {
  version: number;
  expires: number;
}

interface Pending {
  key: string;
  version: number;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set in onRequest when this request's page may be stored (a cache miss of an eligible request). */
    pageCacheMiss: Pending | null;
  }
}

const LANG = "[a-z]{2,3}(?:-[A-Za-z0-9]{2,4})?";
/**
 * Main page, catalogue, a course page, a policy page; as sent (no normalisation: the page prints its
 * path). The catalogue's later pages too (issue 30: crawlers walk them): one `after` or `before`
 * cursor exactly as the pager writes it, keyed apart from page 1 by the URL; a cursor that names no
 * listed course renders a 404, which is never stored, so the entries stay bounded by the catalogue.
 */
export const CACHEABLE_PAGE = new RegExp(
  `^/(?!api/)${LANG}/(?:courses/?(?:\\?(?:after|before)=1\\.[A-Za-z0-9_-]{1,120})?|courses/[A-Za-z0-9_-]{1,120}/?|(?:${ALL_POLICY_CATEGORIES.join("|")})/?)?$`,
);
const LANG_VALUE = new RegExp(`^${LANG}$`);
/** The consent cookie as the site writes it (serializeConsent); any other spelling is rendered, not cached. */
const CONSENT_VALUE = new RegExp(`^${CONSENT_CATEGORIES.map((c) => `${c}:[01]`).join("\\|")}$`);
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

interface RequestCookies {
  lang: string;
  consent: string;
}

/**
 * The cookies the pages read, as they read them (the first of a name, URI-decoded); null when the
 * request may not use the cache: a session cookie, or a value the site never writes.
 */
export function cacheCookies(header: string | undefined): RequestCookies | null {
  let lang: string | undefined;
  let consent: string | undefined;
  if (header) {
    for (const part of header.split(";")) {
      const eq = part.indexOf("=");
      const name = (eq < 0 ? part : part.slice(0, eq)).trim();
      if (name === ACCESS_COOKIE || name === REFRESH_COOKIE) return null;
      if ((name === COOKIES.lang && lang === undefined) || (name === COOKIES.consent && consent === undefined)) {
        let value: string;
        try {
          value = decodeURIComponent(part.slice(eq + 1).trim());
        } catch {
          return null;
        }
        if (name === COOKIES.lang) lang = value;
        else consent = value;
      }
    }
  }
  if (lang !== undefined && !LANG_VALUE.test(lang)) return null;
  if (consent !== undefined && !CONSENT_VALUE.test(consent)) return null;
  return { lang: lang ?? "", consent: consent ?? "" };
}

/** Memoises a function of a header value (user agents and Accept-Encoding repeat), bounded. */
function memo<T>(fn: (value: string) => T, max = 512): (value: string) => T {
  const seen = new Map<string, T>();
  return (value) => {
    let out = seen.get(value);
    if (out === undefined) {
      if (seen.size >= max) seen.clear();
      out = fn(value);
      seen.set(value, out);
    }
    return out;
  };
}

/** 'sha256-…' sources for every inline script of a document (scripts with src are allowed by origin). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(m[1]!)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(m[2]!, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * The stored form of a rendered document and its policy: nonce attributes out, the policy's nonce
 * replaced by the hashes of the inline scripts. Null when it must not be stored (the nonce appears
 * anywhere else, the policy does not carry it, a custom script, a boundary that failed to render).
 */
export function prepareForStorage(html: string, nonce: string, csp: string | undefined): { html: string; csp: string | undefined } | null {
  if (html.includes("data-custom-script")) return null;
  // React's instruction to render a failed boundary on the client: an error page in disguise.
  if (html.includes("$RX")) return null;
  if (csp === undefined) return { html, csp };
  const token = `'nonce-${nonce}'`;
  if (!nonce || !csp.includes(token)) return null;
  const stripped = html.split(` nonce="${nonce}"`).join("");
  if (stripped.includes(nonce)) return null;
  return { html: stripped, csp: csp.replace(token, inlineScriptHashes(stripped).join(" ")) };
}

/** Only the language cookie (what the {lang} route sets for the path's language) may be replayed. */
function onlyLangCookies(value: unknown): boolean {
  const all = Array.isArray(value) ? value : [value];
  return all.every((c) => typeof c === "string" && c.startsWith(`${COOKIES.lang}=`));
}

export interface PageCache {
  /** onRequest hook: answers a hit, or marks an eligible miss so that `store` keeps its page. */
  serve(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
  /** onSend hook, after the security headers: keeps the page of a marked miss. */
  store(req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown>;
  readonly size: number;
  clear(): void;
  /** Resolves when the pages being stored are in (tests). */
  settled(): Promise<void>;
}

export function createPageCache(opts: PageCacheOptions): PageCache {
  const { version, ttlMs } = opts;
  const maxEntries = opts.maxEntries ?? 1_000;
  const maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
  const maxPageBytes = opts.maxPageBytes ?? 2 * 1024 * 1024;
  const now = opts.now ?? Date.now;
  const entries = createBoundedStore<Stored>({ maxEntries, maxBytes, version });
  const storing = new Set<Promise<void>>();
  const isBot = memo((ua) => isbot(ua));
  const encodingOf = memo(negotiateEncoding);

  async function keep(pending: Pending, html: string, nonce: string, headers: Record<string, string | string[]>) {
    const csp = headers["content-security-policy"];
    const prepared = prepareForStorage(html, nonce, typeof csp === "string" ? csp : undefined);
    if (!prepared) return;
    const identity = Buffer.from(prepared.html, "utf8");
    if (identity.length > maxPageBytes) return;
    const reply = await storeReply(identity, { ...headers, ...(prepared.csp ? { "content-security-policy": prepared.csp } : {}) });
    // Content changed while it was rendered or compressed: this page may mix both versions.
    if (version.current() !== pending.version) return;
    entries.set(pending.key, { ...reply, version: pending.version, expires: now() + ttlMs });
  }

  function track(work: Promise<void>) {
    const p = work.catch((e: unknown) => console.warn(`mentora: a page was not cached: ${(e as Error).message}`));
    storing.add(p);
    void p.finally(() => storing.delete(p));
  }

  return {
    async serve(req, reply) {
      if (ttlMs <= 0 || req.method !== "GET" || !CACHEABLE_PAGE.test(req.url) || req.headers.authorization !== undefined) return undefined;
      const cookies = cacheCookies(req.headers.cookie);
      if (!cookies) return undefined;
      const ua = req.headers["user-agent"];
      const key = `${req.url}\n${cookies.lang}\n${cookies.consent}\n${ua && isBot(ua) ? "bot" : "browser"}\n${req.protocol}\n${opts.publicOrigin(req)}`;
      const current = version.current();
      const hit = entries.get(key);
      if (hit && hit.version === current && hit.expires > now()) {
        const encoding = encodingOf(req.headers["accept-encoding"] ?? "");
        return writeStored(reply, hit, encoding);
      }
      if (hit) entries.drop(key);
      req.pageCacheMiss = { key, version: current };
      return undefined;
    },

    async store(req, reply, payload) {
      const pending = req.pageCacheMiss;
      if (!pending) return payload;
      req.pageCacheMiss = null;
      if (reply.statusCode !== 200 || !String(reply.getHeader("content-type") ?? "").startsWith("text/html")) return payload;
      if (reply.hasHeader("content-encoding") || pending.version !== version.current()) return payload;
      const cookies = reply.getHeader("set-cookie");
      if (cookies !== undefined && !onlyLangCookies(cookies)) return payload;
      // Defence in depth: the page must have been rendered for a guest.
      if (req.signedInUserId || (await req.auth()).kind !== "guest") return payload;
      const headers = keptHeaders(reply);
      const nonce = req.cspNonce;
      if (typeof payload === "string" || Buffer.isBuffer(payload)) {
        track(keep(pending, payload.toString(), nonce, headers));
        return payload;
      }
      if (!(payload instanceof Readable)) return payload;
      // Pass the render through to this client as it streams, and keep a copy once it ends well.
      const chunks: Buffer[] = [];
      let size = 0;
      const copy = new Transform({
        transform(chunk: Buffer | string, _encoding, done) {
          const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
          size += buf.length;
          if (size <= maxPageBytes) chunks.push(buf);
          done(null, buf);
        },
      });
      track(
        new Promise<void>((resolve, reject) => {
          pipeline(payload, copy, (err) => {
            if (err || size > maxPageBytes) resolve();
            else keep(pending, Buffer.concat(chunks).toString("utf8"), nonce, headers).then(resolve, reject);
          });
        }),
      );
      return copy;
    },

    get size() {
      return entries.size;
    },
    clear: () => entries.clear(),
    async settled() {
      await Promise.all([...storing]);
    },
  };
}

/**
 * Creates the cache and answers hits: call right after the services are built, before the other
 * onRequest hooks (cookies, authentication, the nonce, helmet), so a hit costs next to nothing. The
 * caller adds `store` as an onSend hook after installSecurityHeaders (and before any compression),
 * so that it sees the headers of the render and its uncompressed body.
 */
export function installPageCache(app: FastifyInstance, opts: PageCacheOptions): PageCache {
  const cache = createPageCache(opts);
  app.decorateRequest("pageCacheMiss", null);
  app.addHook("onRequest", cache.serve);
  return cache;
}
