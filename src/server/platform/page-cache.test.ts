import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import Fastify, { type FastifyReply, type FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import type { Auth } from "../../domain/learning-access";
import { CACHEABLE_PAGE, cacheCookies, inlineScriptHashes, installPageCache, prepareForStorage, type PageCacheOptions } from "./page-cache";
import { negotiateEncoding } from "./stored-reply";

const sha = (s: string) => `'sha256-${createHash("sha256").update(s, "utf8").digest("base64")}'`;

describe("anonymous page cache: which requests", () => {
  it.each([
    "/en/",
    "/tr/courses",
    "/tr/courses/",
    "/ar/courses/lasting-habits",
    "/ru/privacy-policy/",
    "/en/mentor-terms",
    "/pt-BR/",
    "/en/courses/?after=1.lasting-habits",
    "/ar/courses?before=1.a_b-C9",
  ])("caches %s", (path) => {
    expect(CACHEABLE_PAGE.test(path)).toBe(true);
  });

  it.each([
    "/",
    "/en",
    "/en/?utm_source=x",
    "/en/courses?tab=2",
    "/en/courses/?after=1.x&utm_source=y",
    "/en/courses/?after=1.x&after=1.y",
    "/en/courses/?after=x",
    "/en/courses/?after=1.%00",
    "/en/courses/lasting-habits?after=1.x",
    "/en/?after=1.x",
    "/en/courses/lasting-habits/lesson/x",
    "/en/profile",
    "/en/pages/blocks-showcase",
    "/en/unknown-policy",
    "/en/courses/%2e%2e",
    "/api/courses",
    "/EN/",
  ])("does not cache %s", (path) => {
    expect(CACHEABLE_PAGE.test(path)).toBe(false);
  });

  it("reads the cookies the pages read and refuses sessions and values the site never writes", () => {
    expect(cacheCookies(undefined)).toEqual({ lang: "", consent: "" });
    expect(cacheCookies("lang=en; _ga=GA1.1; cookie-agreement=analytics%3A0%7Cyoutube%3A1%7Cvimeo%3A0%7Chotjar%3A0")).toEqual({
      lang: "en",
      consent: "analytics:0|youtube:1|vimeo:0|hotjar:0",
    });
    // The first of a name counts, as in the pages.
    expect(cacheCookies("lang=ar; lang=en")).toEqual({ lang: "ar", consent: "" });
    expect(cacheCookies("lang=en; apollo-token=abc")).toBeNull();
    expect(cacheCookies("apollo-refresh=")).toBeNull();
    expect(cacheCookies(" apollo-token =x")).toBeNull();
    expect(cacheCookies("lang=<script>")).toBeNull();
    expect(cacheCookies("lang=%E0%A4%A")).toBeNull();
    expect(cacheCookies("cookie-agreement=yes")).toBeNull();
  });

  it("answers brotli, else gzip, else identity, as Accept-Encoding allows", () => {
    expect(negotiateEncoding(undefined)).toBe("identity");
    expect(negotiateEncoding("")).toBe("identity");
    expect(negotiateEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(negotiateEncoding("gzip, deflate")).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip")).toBe("gzip");
    expect(negotiateEncoding("br;q=0.5, gzip;q=0.9")).toBe("gzip");
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("gzip;q=0, *;q=0")).toBe("identity");
    expect(negotiateEncoding("identity")).toBe("identity");
    expect(negotiateEncoding("br;q=nonsense")).toBe("identity");
  });
});

describe("anonymous page cache: the stored page and its policy", () => {
  const nonce = "AbC+/dEf0123456789==";
  const csp = `default-src 'self'; script-src 'self' 'nonce-${nonce}' https://accounts.google.com; object-src 'none'`;
  const page = [
    `<html><head><script nonce="${nonce}">globalThis.a=1</script><script nonce="${nonce}" src="/assets/x.js"></script></head>`,
    `<body><script nonce="${nonce}" type="module" async="">import "/assets/y.js";</script>`,
    `<script nonce="${nonce}">globalThis.a=1</script></body></html>`,
  ].join("");

  it("hashes every inline script once and leaves scripts with src to their origin", () => {
    expect(inlineScriptHashes(page)).toEqual([sha("globalThis.a=1"), sha('import "/assets/y.js";')]);
  });

  it("replaces the nonce by the hashes and takes the nonce out of the markup", () => {
    const stored = prepareForStorage(page, nonce, csp)!;
    expect(stored.html).not.toContain(nonce);
    expect(stored.html).not.toContain("nonce=");
    expect(stored.csp).toBe(
      `default-src 'self'; script-src 'self' ${sha("globalThis.a=1")} ${sha('import "/assets/y.js";')} https://accounts.google.com; object-src 'none'`,
    );
    expect(stored.csp).not.toContain("nonce");
  });

  it("refuses a page whose nonce shows elsewhere, a policy without it, custom scripts and failed boundaries", () => {
    expect(prepareForStorage(`${page}<p>${nonce}</p>`, nonce, csp)).toBeNull();
    expect(prepareForStorage(page, nonce, "script-src 'self'")).toBeNull();
    expect(prepareForStorage(page, "", csp)).toBeNull();
    expect(prepareForStorage(`${page}<script data-custom-script="x">1</script>`, nonce, csp)).toBeNull();
    expect(prepareForStorage(`${page}<script>$RX("B:0")</script>`, nonce, csp)).toBeNull();
  });

  it("keeps the page as it is when there is no policy (development)", () => {
    expect(prepareForStorage("<p>x</p>", "", undefined)).toEqual({ html: "<p>x</p>", csp: undefined });
  });
});

describe("anonymous page cache: storing and serving", () => {
  const BROWSER = { "user-agent": "Mozilla/5.0 Chrome/140", cookie: "lang=en" };

  /** A tiny app with the cache around one page route; the test decides what the render answers. */
  async function appWith(render: (req: FastifyRequest, reply: FastifyReply) => unknown, opts: Partial<PageCacheOptions> = {}) {
    let version = 1;
    const listeners: Array<() => void> = [];
    let clock = 1_000;
    let renders = 0;
    const app = Fastify();
    app.decorateRequest("cspNonce", "");
    app.decorateRequest("auth", null as unknown as () => Promise<Auth>);
    app.addHook("onRequest", async (req) => {
      req.auth = async () => ({ kind: "guest" });
    });
    const cache = installPageCache(app, {
      version: { current: () => version, onChange: (l) => (listeners.push(() => l({ version, resync: false })), () => undefined) },
      ttlMs: 10_000,
      publicOrigin: () => "http://localhost",
      now: () => clock,
      ...opts,
    });
    app.addHook("onRequest", async (req) => {
      req.cspNonce = `n${renders}nonce`;
    });
    app.addHook("onSend", async (req, reply, payload) => {
      if (!reply.hasHeader("content-security-policy")) reply.header("content-security-policy", `script-src 'self' 'nonce-${req.cspNonce}'`);
      return payload;
    });
    app.addHook("onSend", cache.store);
    app.get("/*", async (req, reply) => {
      renders++;
      reply.type("text/html");
      return render(req, reply);
    });
    await app.ready();
    const get = async (url = "/en/", headers: Record<string, string> = BROWSER) => {
      const res = await app.inject({ method: "GET", url, headers });
      await cache.settled();
      return res;
    };
    return {
      app,
      cache,
      get,
      renders: () => renders,
      tick: (ms: number) => (clock += ms),
      bump: () => {
        version++;
        for (const l of listeners) l();
      },
    };
  }
  const page = (req: FastifyRequest) => `<html><script nonce="${req.cspNonce}">1</script><p>page</p></html>`;

  it("stores a page once and serves it until its time is up", async () => {
    const t = await appWith(page);
    await t.get();
    expect((await t.get()).headers["content-security-policy"]).toBe(`script-src 'self' ${sha("1")}`);
    expect(t.renders()).toBe(1);
    t.tick(10_001);
    expect((await t.get()).headers["content-security-policy"]).toContain("'nonce-");
    expect(t.renders()).toBe(2);
  });

  it("drops every page when the content version moves", async () => {
    const t = await appWith(page);
    await t.get();
    await t.get("/en/courses");
    expect(t.cache.size).toBe(2);
    t.bump();
    expect(t.cache.size).toBe(0);
    await t.get();
    expect(t.renders()).toBe(3);
  });

  it("keeps a streamed page that ended well, and not one that failed", async () => {
    const ok = await appWith((req) => Readable.from([`<html><script nonce="${req.cspNonce}">1</script>`, "<p>streamed</p></html>"]));
    expect((await ok.get()).body).toContain("streamed");
    expect((await ok.get()).body).toBe("<html><script>1</script><p>streamed</p></html>");
    expect(ok.renders()).toBe(1);

    const broken = await appWith(
      (req) =>
        new Readable({
          read() {
            this.push(`<html><script nonce="${req.cspNonce}">1</script>`);
            this.destroy(new Error("render failed"));
          },
        }),
    );
    await broken.get().catch(() => undefined);
    expect(broken.cache.size).toBe(0);
  });

  it("does not keep an error, a redirect, a page that sets another cookie, or one rendered while content changed", async () => {
    let status = 500;
    const t = await appWith((req, reply) => {
      reply.code(status);
      return page(req);
    });
    await t.get();
    status = 302;
    await t.get();
    expect(t.cache.size).toBe(0);

    const cookie = await appWith((req, reply) => {
      reply.header("set-cookie", ["lang=en; Path=/", "utm-meta=x; Path=/"]);
      return page(req);
    });
    await cookie.get();
    expect(cookie.cache.size).toBe(0);

    const changing: { app?: Awaited<ReturnType<typeof appWith>> } = {};
    changing.app = await appWith((req) => {
      changing.app!.bump();
      return page(req);
    });
    await changing.app.get();
    expect(changing.app.cache.size).toBe(0);
  });

  it("stays within its bounds and is off with a time of 0", async () => {
    const t = await appWith(page, { maxEntries: 2 });
    for (const url of ["/en/", "/en/courses", "/en/privacy-policy"]) await t.get(url);
    expect(t.cache.size).toBe(2);
    const big = await appWith((req) => `${page(req)}${"x".repeat(2_000)}`, { maxPageBytes: 1_000 });
    await big.get();
    expect(big.cache.size).toBe(0);
    const off = await appWith(page, { ttlMs: 0 });
    await off.get();
    await off.get();
    expect(off.renders()).toBe(2);
  });
});
