/**
 * Security of what the server hands out with its pages (issue 8): links never built from a hostile
 * Host header, the developer tools only when switched on and only for direct local connections,
 * a nonce-based Content-Security-Policy, no-store on personal replies and a Permissions-Policy.
 * Runs on the built app through app.inject (no browser).
 */
import { describe, expect, it } from "vitest";
import { mailOutbox } from "../../src/server/db/schema/mail";
import { useSsrApp } from "../support/ssr-app";

const scriptTags = (html: string) => html.match(/<script\b[^>]*>/g) ?? [];
const nonceOf = (csp: string) => /'nonce-([\w+/=]+)'/.exec(csp)?.[1];

describe("links in pages never take a hostile Host header", () => {
  const ssr = useSsrApp();
  const poisoned = { host: "attacker.example", "x-forwarded-host": "attacker.example" };

  it.each(["/en/", "/ar/", "/en/courses", "/en/privacy-policy"])("canonical and og:url of %s stay on our origin", async (url) => {
    const res = await ssr.app.inject({ method: "GET", url, headers: poisoned });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain("attacker.example");
    expect(res.body).toMatch(/<link rel="canonical" href="http:\/\/localhost:3000\//);
  });

  it("uses the request's host name when it is an allowed one, on our port: never the port the client put in Host", async () => {
    const res = await ssr.app.inject({ method: "GET", url: "/en/", headers: { host: "127.0.0.1:4567" } });
    expect(res.body).toContain('<link rel="canonical" href="http://127.0.0.1:3000/en/"/>');
    expect(res.body).not.toContain("4567");
  });
});

describe("links in pages with PUBLIC_URL", () => {
  const ssr = useSsrApp({ PUBLIC_URL: "https://learn.example.org" });
  it("always use PUBLIC_URL", async () => {
    const res = await ssr.app.inject({ method: "GET", url: "/en/", headers: { host: "attacker.example" } });
    expect(res.body).toContain('<link rel="canonical" href="https://learn.example.org/en/"/>');
    expect(res.body).not.toContain("attacker.example");
  });
});

describe("/{lang}/dev with DEV_TOOLS=true", () => {
  const ssr = useSsrApp({ DEV_TOOLS: "true", TRUST_PROXY: "true" });
  const dev = (remoteAddress: string, headers: Record<string, string> = {}) => ssr.app.inject({ method: "GET", url: "/en/dev", remoteAddress, headers });

  it("lists the outbox to a direct connection from this machine only", async () => {
    await ssr.database.db.insert(mailOutbox).values({
      id: "mail-test",
      to: "ayse@example.com",
      subject: "Reset your Mentora password",
      text: "Open http://localhost/en/?pwdtoken=abc to continue",
    });
    const local = await dev("127.0.0.1");
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain("Reset your Mentora password");
    expect(local.body).toContain('href="http://localhost/en/?pwdtoken=abc"');

    const refusals: Array<[string, string, Record<string, string>]> = [
      ["another machine", "203.0.113.5", {}],
      ["another machine claiming to be local through X-Forwarded-For (TRUST_PROXY on)", "203.0.113.5", { "x-forwarded-for": "127.0.0.1" }],
      ["a reverse proxy on this host forwarding a remote visitor", "127.0.0.1", { "x-forwarded-for": "203.0.113.5" }],
      ["a reverse proxy on this host saying nothing but Forwarded", "127.0.0.1", { forwarded: "for=203.0.113.5" }],
      ["a reverse proxy on this host with X-Real-IP", "::1", { "x-real-ip": "203.0.113.5" }],
    ];
    for (const [what, address, headers] of refusals) {
      const res = await dev(address, headers);
      expect(res.statusCode, what).toBe(404);
      expect(res.body, what).not.toContain("pwdtoken");
    }
  });
});

describe("security headers", () => {
  const ssr = useSsrApp();
  const get = (url: string, headers: Record<string, string> = {}) => ssr.app.inject({ method: "GET", url, headers });

  it("puts a fresh nonce in the page's Content-Security-Policy and on every script the page has", async () => {
    const [a, b] = [await get("/en/"), await get("/ar/courses")];
    for (const res of [a, b]) {
      const csp = String(res.headers["content-security-policy"]);
      const nonce = nonceOf(csp);
      expect(nonce, csp).toMatch(/^[\w+/]{22}==$/);
      expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/accounts\.google\.com https:\/\/telegram\.org(;|$)/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toContain("frame-ancestors 'self'");
      const tags = scriptTags(res.body);
      expect(tags.length).toBeGreaterThan(0);
      for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
    }
    expect(nonceOf(String(a.headers["content-security-policy"]))).not.toBe(nonceOf(String(b.headers["content-security-policy"])));
  });

  it("gives error pages the policy too", async () => {
    const res = await get("/en/no/such/page");
    expect(res.statusCode).toBe(404);
    const nonce = nonceOf(String(res.headers["content-security-policy"]));
    for (const tag of scriptTags(res.body)) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("marks pages and API replies no-store, leaving routes that chose their own caching alone", async () => {
    expect((await get("/en/")).headers["cache-control"]).toBe("no-store");
    expect((await get("/api/portal/settings")).headers["cache-control"]).toBe("no-store");
    expect((await get("/api/no/such/route")).headers["cache-control"]).toBe("no-store");
    expect((await get("/locales/en/common.json")).headers["cache-control"]).toBe("no-cache");
  });

  it("sends a Permissions-Policy on pages and API replies", async () => {
    for (const url of ["/en/", "/api/portal/settings"]) {
      const policy = String((await get(url)).headers["permissions-policy"]);
      for (const feature of ["camera=()", "microphone=()", "geolocation=()", "payment=(self)"]) expect(policy, url).toContain(feature);
    }
  });
});
