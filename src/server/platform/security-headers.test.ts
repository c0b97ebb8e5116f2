import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { PERMISSIONS_POLICY, contentSecurityPolicy, customScriptOrigins, helmetHeaders, installSecurityHeaders } from "./security-headers";

describe("the pages' Content-Security-Policy", () => {
  it("allows custom script hosts only while custom scripts are on, https only", () => {
    const customScripts = [
      { src: "https://stats.example.com/s.js?v=1" },
      { src: "https://stats.example.com/other.js" },
      { src: "http://plain.example.com/x.js" },
      { src: "/local.js" },
      { src: "not a url" },
      {},
    ];
    expect(customScriptOrigins({ enabledCustomScripts: false, customScripts })).toEqual([]);
    expect(customScriptOrigins({ enabledCustomScripts: true, customScripts })).toEqual(["https://stats.example.com"]);
  });

  it("names the nonce, the providers and the custom hosts in script-src, and opens connect-src for custom scripts", () => {
    const plain = contentSecurityPolicy("abc", []);
    expect(plain).toContain("script-src 'self' 'nonce-abc' https://accounts.google.com https://telegram.org;");
    expect(plain).toContain("connect-src 'self' https://accounts.google.com https://telegram.org;");
    const custom = contentSecurityPolicy("abc", ["https://stats.example.com"]);
    expect(custom).toContain("script-src 'self' 'nonce-abc' https://accounts.google.com https://telegram.org https://stats.example.com;");
    expect(custom).toContain("connect-src 'self' https://accounts.google.com https://telegram.org https:;");
  });
});

describe("the pages' form-action", () => {
  it("is this site only, plus the configured payment providers' checkout pages", () => {
    expect(contentSecurityPolicy("abc", [])).toContain("form-action 'self';");
    expect(contentSecurityPolicy("abc", [], ["https://www.liqpay.ua", "https://secure.wayforpay.com"])).toContain(
      "form-action 'self' https://www.liqpay.ua https://secure.wayforpay.com;",
    );
  });

  it("reaches HTML replies as the app was built with it", async () => {
    const server = Fastify({ logger: false });
    installSecurityHeaders(server, {
      csp: true,
      helmet: { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false },
      integrations: async () => ({ enabledCustomScripts: false, customScripts: [] }),
      formActions: ["https://www.liqpay.ua"],
    });
    server.get("/page", async (_req, reply) => reply.type("text/html; charset=utf-8").send("<p>hi</p>"));
    const res = await server.inject({ method: "GET", url: "/page" });
    expect(res.headers["content-security-policy"]).toContain("form-action 'self' https://www.liqpay.ua;");
    await server.close();
  });
});

describe("security headers on every reply", () => {
  const HELMET = {
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "origin-agent-cluster": "?1",
    "referrer-policy": "no-referrer",
    "strict-transport-security": "max-age=31536000; includeSubDomains",
    "x-content-type-options": "nosniff",
    "x-dns-prefetch-control": "off",
    "x-download-options": "noopen",
    "x-frame-options": "SAMEORIGIN",
    "x-permitted-cross-domain-policies": "none",
    "x-xss-protection": "0",
  };

  async function app(integrations = async () => ({ enabledCustomScripts: true, customScripts: [{ src: "https://stats.example.com/s.js" }] })) {
    const server = Fastify({ logger: false });
    installSecurityHeaders(server, { csp: true, helmet: { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false }, integrations });
    server.get("/api/thing", async () => ({ ok: true }));
    server.get("/page", async (req, reply) => reply.type("text/html; charset=utf-8").send(`<script nonce="${req.cspNonce}"></script>`));
    server.get("/cached", async (_req, reply) => reply.header("cache-control", "no-cache").send({ ok: true }));
    server.get("/assets/app-x1.js", async (_req, reply) =>
      reply
        .type("application/javascript")
        .headers({
          "cache-control": "public, max-age=31536000, immutable",
          etag: 'W/"1"',
          "last-modified": "Tue, 24 Nov 2026 06:21:48 GMT",
          "accept-ranges": "bytes",
        })
        .send("export {};"),
    );
    server.get("/assets/missing.js", async (_req, reply) => reply.code(404).header("cache-control", "no-store").send({ code: "NOT_FOUND" }));
    await server.ready();
    return server;
  }

  it("are helmet's, worked out once from its options", () => {
    const { set, remove } = helmetHeaders({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
    expect(Object.fromEntries(set.map(([name, value]) => [name.toLowerCase(), value]))).toEqual(HELMET);
    expect(remove).toEqual(["X-Powered-By"]);
  });

  it("reach API replies, pages and unknown routes, with no-store unless the route chose its caching", async () => {
    const server = await app();
    for (const url of ["/api/thing", "/page", "/nowhere"]) {
      const res = await server.inject({ method: "GET", url });
      expect(res.headers).toMatchObject(HELMET);
      expect(res.headers["permissions-policy"]).toBe(PERMISSIONS_POLICY);
    }
    expect((await server.inject({ method: "GET", url: "/api/thing" })).headers["cache-control"]).toBe("no-store");
    expect((await server.inject({ method: "GET", url: "/cached" })).headers["cache-control"]).toBe("no-cache");
    await server.close();
  });

  it("give a built asset only the headers that apply to a script, and no validators when it is immutable", async () => {
    const server = await app();
    const res = await server.inject({ method: "GET", url: "/assets/app-x1.js" });
    const helmetSent = Object.keys(HELMET).filter((name) => name in res.headers);
    expect(helmetSent).toEqual(["cross-origin-resource-policy", "x-content-type-options"]);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    for (const name of ["permissions-policy", "etag", "last-modified", "accept-ranges", "content-security-policy"])
      expect(res.headers[name], name).toBeUndefined();
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const missing = await server.inject({ method: "GET", url: "/assets/missing.js" });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["cache-control"]).toBe("no-store");
    expect(missing.headers["x-content-type-options"]).toBe("nosniff");
    await server.close();
  });

  it("put a fresh nonce in each page's policy, the one the page's scripts carry, and no policy on JSON", async () => {
    const server = await app();
    const pages = await Promise.all([1, 2, 3].map(() => server.inject({ method: "GET", url: "/page" })));
    const nonces = pages.map((res) => {
      const nonce = /'nonce-([^']+)'/.exec(String(res.headers["content-security-policy"]))?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(res.body).toBe(`<script nonce="${nonce}"></script>`);
      expect(res.headers["content-security-policy"]).toContain("https://stats.example.com");
      return nonce;
    });
    expect(new Set(nonces).size).toBe(3);
    expect((await server.inject({ method: "GET", url: "/api/thing" })).headers["content-security-policy"]).toBeUndefined();
    await server.close();
  });

  it("keep the policy without custom hosts when the portal settings cannot be read", async () => {
    const server = await app(() => Promise.reject(new Error("database down")));
    const csp = String((await server.inject({ method: "GET", url: "/page" })).headers["content-security-policy"]);
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/accounts.google.com https:\/\/telegram.org;/);
    await server.close();
  });
});
