import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isbot } from "isbot";
import { createRequestHandler, matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { NONCE_TOKEN, personalTokens, TOKEN_PATTERN } from "../../domain/personal-tokens";
import type { MentoraLoadContext } from "../load-context";
import { createBoundedStore } from "./bounded-store";
import type { ContentVersion } from "./content-version";

/**
 * Signed-in pages from templates (docs/decisions/0083). A learner's course page is the same document
 * for every learner whose page data is the same apart from their own words (name, e-mail, id…): the
 * data the page's loaders return, with those words as tokens, is the template's key. A request runs
 * the loaders (as React Router would), and on a hit writes the template with its learner's words put
 * back, escaped as React and React Router escape them: no React Router document pipeline, no render.
 * A miss renders the template through React Router, with the tokens, and serves it filled.
 *
 * The render must be a function of its key: the loaders' data, the address, and this build (entries
 * are of one content version and live `ttlMs`, as the guest page cache's). A page that starts
 * reading another request input must add it to the key, or leave the list of template pages.
 */

/** The pages served from templates: each one's template equals its full render (page-templates-ssr.int.test.ts). */
export const TEMPLATE_PAGES: ReadonlySet<string> = new Set(["lang-courses-courseId", "lesson-id", "routes/home"]);

export interface PageTemplatesOptions {
  build: ServerBuild;
  /** The load context of a request, as React Router's loaders get it. */
  loadContext: (req: FastifyRequest, reply: FastifyReply) => MentoraLoadContext;
  version: Pick<ContentVersion, "current" | "onChange">;
  /** How long a template is used (ms); 0 turns templates off. */
  ttlMs: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
}

/** A template: the document cut at its tokens; `slots[i]` says what goes between `parts[i]` and `parts[i + 1]`. */
interface Template {
  parts: string[];
  slots: Slot[];
  status: number;
  headers: [string, string][];
  version: number;
  expires: number;
  bytes: number;
}

/** Which word (-1: the nonce), and whether it sits in React Router's data script. */
interface Slot {
  word: number;
  script: boolean;
}

interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: { loader?: (args: never) => unknown };
  children: RouteNode[];
}

/** React Router's route tree from the build, to match and call loaders the way its handler does. */
function routeTree(routes: ServerBuild["routes"]): RouteNode[] {
  const nodes = new Map<string, RouteNode>();
  for (const r of Object.values(routes)) {
    if (!r) continue;
    nodes.set(r.id, { id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive, module: r.module as RouteNode["module"], children: [] });
  }
  const top: RouteNode[] = [];
  for (const r of Object.values(routes)) {
    if (!r) continue;
    const node = nodes.get(r.id)!;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    (parent ? parent.children : top).push(node);
  }
  return top;
}

/** React's escaping of text and attribute values (escapeTextForBrowser). */
const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
export function escapeHtmlText(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** React Router's escaping in its data script (escapeHtml of the JSON of turbo-stream's JSON). */
const SCRIPT_ESCAPES: Record<string, string> = { "&": "\\u0026", ">": "\\u003e", "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" };
export function escapeDataScript(value: string): string {
  const inner = JSON.stringify(JSON.stringify(value).slice(1, -1)).slice(1, -1);
  return inner.replace(/[&><\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!);
}

const DATA_SCRIPT_START = "window.__reactRouterContext.streamController.enqueue(";

/** The document cut at its tokens, or null when one sits where its escaping is not known. */
export function compileTemplate(html: string): Pick<Template, "parts" | "slots"> | null {
  // The spans of inline scripts, and whether each is React Router's data.
  const scripts: [number, number, boolean][] = [];
  for (const m of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
    const start = m.index + m[0].length - m[1]!.length - "</script>".length;
    scripts.push([start, start + m[1]!.length, m[1]!.startsWith(DATA_SCRIPT_START)]);
  }
  const parts: string[] = [];
  const slots: Slot[] = [];
  let from = 0;
  let s = 0;
  for (const m of html.matchAll(TOKEN_PATTERN)) {
    while (s < scripts.length && scripts[s]![1] <= m.index) s++;
    const inScript = s < scripts.length && scripts[s]![0] <= m.index;
    const word = m[1] === undefined ? -1 : Number(m[1]);
    // The nonce is an attribute's; a word inside any other script would need that script's escaping.
    if (inScript && (word < 0 || !scripts[s]![2])) return null;
    parts.push(html.slice(from, m.index));
    slots.push({ word, script: inScript });
    from = m.index + m[0].length;
  }
  parts.push(html.slice(from));
  return { parts, slots };
}

export function fillTemplate(t: Pick<Template, "parts" | "slots">, words: readonly string[], nonce: string): string {
  let out = t.parts[0]!;
  for (let i = 0; i < t.slots.length; i++) {
    const { word, script } = t.slots[i]!;
    const value = word < 0 ? nonce : (words[word] ?? "");
    out += (script ? escapeDataScript(value) : escapeHtmlText(value)) + t.parts[i + 1]!;
  }
  return out;
}

function fetchHeaders(raw: FastifyRequest["headers"]): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  return headers;
}

interface DataWithInit {
  type: "DataWithResponseInit";
  data: unknown;
  init: ResponseInit | null;
}

/**
 * A loader's value as the page draws it; undefined when React Router must answer: a response, or
 * React Router's data() with a status or headers (the language route's cookies, on a first visit).
 */
function pageValue(value: unknown): unknown {
  if (value instanceof Response) return undefined;
  if (value && typeof value === "object" && (value as DataWithInit).type === "DataWithResponseInit") {
    const { data, init } = value as DataWithInit;
    if (init?.status !== undefined || [...new Headers(init?.headers)].length > 0) return undefined;
    return data;
  }
  return value;
}

/** JSON of the loaders' data for the key; null when it holds what JSON does not show (a promise). */
function keyData(values: unknown[]): string | null {
  let plain = true;
  const text = JSON.stringify(values, (_k, v: unknown) => {
    if (v && typeof v === "object" && typeof (v as { then?: unknown }).then === "function") plain = false;
    return v;
  });
  return plain ? text : null;
}

export interface PageTemplates {
  readonly size: number;
  clear(): void;
}

export function installPageTemplates(app: FastifyInstance, opts: PageTemplatesOptions): PageTemplates {
  const { build, version, ttlMs } = opts;
  const maxEntries = opts.maxEntries ?? 500;
  const maxBytes = opts.maxBytes ?? 32 * 1024 * 1024;
  const now = opts.now ?? Date.now;
  const tree = routeTree(build.routes) as unknown as RouteObject[];
  // React Router's matchRoutes flattens and ranks every route on each call: a page's match is kept.
  const matched = new Map<string, ReturnType<typeof matchRoutes>>();
  const match = (pathname: string) => {
    let m = matched.get(pathname);
    if (m === undefined) {
      if (matched.size >= 1_000) matched.clear();
      m = matchRoutes(tree, pathname);
      matched.set(pathname, m);
    }
    return m;
  };
  const render = createRequestHandler(build, "production");
  const entries = createBoundedStore<Template>({ maxEntries, maxBytes, version });

  async function serve(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    if (ttlMs <= 0 || req.method !== "GET" || req.headers.authorization) return;
    if (!String(req.headers.accept ?? "").includes("text/html")) return;
    const ua = req.headers["user-agent"];
    // Crawlers get the whole document at once (entry.server.tsx): rendered, as React Router does.
    if (ua && isbot(ua)) return;
    const url = new URL(`${req.protocol}://${req.host}${req.originalUrl}`);
    if (url.pathname.endsWith(".data")) return;
    const matches = match(url.pathname);
    const leaf = matches?.at(-1)?.route.id;
    if (!matches || !leaf || !TEMPLATE_PAGES.has(leaf)) return;
    const auth = await req.auth();
    // A renewed session sets cookies on this reply: React Router answers it.
    if (auth.kind !== "user" || reply.hasHeader("set-cookie")) return;

    const personal = personalTokens(auth.user);
    const context = { ...opts.loadContext(req, reply), personal, cspNonce: NONCE_TOKEN };
    const request = new Request(url, { headers: fetchHeaders(req.headers) });
    let key: string | null;
    try {
      const data = (
        await Promise.all(matches.map((m) => (m.route as unknown as RouteNode).module.loader?.({ request, params: m.params, context } as never) ?? null))
      ).map(pageValue);
      key = data.includes(undefined) ? null : keyData(data);
    } catch {
      // A thrown response (not found, a redirect) or an error: React Router renders it.
      return;
    }
    if (key === null) return;
    const digest = createHash("sha1").update(url.pathname).update(url.search).update("\0").update(key).digest("base64url");
    const current = version.current();
    let t = entries.get(digest);
    if (!t || t.version !== current || t.expires <= now()) {
      let rendered: Response;
      let html: string;
      try {
        rendered = await render(request, context);
        html = await rendered.text();
      } catch {
        // A render that failed on the way: React Router renders the request, and answers the failure.
        return;
      }
      const compiled = String(rendered.headers.get("content-type")).startsWith("text/html") ? compileTemplate(html) : null;
      const cookies = rendered.headers.getSetCookie();
      const headers = [...rendered.headers].filter(([name]) => name !== "set-cookie" && name !== "content-length" && name !== "content-type");
      if (!compiled) {
        // Tokens where they cannot be filled: the request is rendered again without them.
        return;
      }
      t = { ...compiled, status: rendered.status, headers, version: current, expires: now() + ttlMs, bytes: html.length * 2 };
      // Only a whole, cookie-free 200 is kept; this request is answered from its own render anyway.
      const whole = rendered.status === 200 && cookies.length === 0 && !html.includes("$RX") && !html.includes("data-custom-script");
      if (whole && t.bytes <= maxBytes / 8) entries.set(digest, t);
      for (const c of cookies) void reply.header("set-cookie", c);
    }
    for (const [name, value] of t.headers) void reply.header(name, value);
    return reply
      .code(t.status)
      .type("text/html")
      .send(fillTemplate(t, personal.values, req.cspNonce));
  }

  app.addHook("preHandler", async (req, reply) => {
    // React Router's catch-all route only (remix-fastify's "/*"): API routes and files never come here.
    if (req.routeOptions.url !== "/*") return;
    return serve(req, reply);
  });

  return {
    get size() {
      return entries.size;
    },
    clear: () => entries.clear(),
  };
}
