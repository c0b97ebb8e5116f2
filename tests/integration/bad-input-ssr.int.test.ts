/**
 * Bad input against the server-rendered pages (docs/decisions/0014), on the built app: methods the
 * Fetch API cannot carry, non-Latin-1 return addresses and NUL in page URLs are 4xx or redirects,
 * never a 500.
 */
import { describe, expect, it } from "vitest";
import { useSsrApp } from "../support/ssr-app";

const ssr = useSsrApp();
const KURSY = "/ru/%D0%BA%D1%83%D1%80%D1%81%D1%8B";

describe("SSR bad input", () => {
  it("answers TRACE and CONNECT on page routes with 405, an Allow header and the app's error shape", async () => {
    for (const method of ["TRACE", "CONNECT"] as const) {
      for (const url of ["/en/", "/en/courses", "/ru/no/such/page", "/authcb"]) {
        const res = await ssr.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(405);
        expect(res.headers.allow).toMatch(/GET/);
        expect(res.json().error).toMatchObject({ code: "METHOD-NOT-ALLOWED", key: "errors:codes.METHOD_NOT_ALLOWED" });
      }
    }
  });

  it("redirects /rcallback to a Cyrillic return address percent-encoded", async () => {
    const res = await ssr.app.inject({ method: "GET", url: "/en/rcallback?returnTo=%2F%D0%BA%D1%83%D1%80%D1%81%D1%8B" });
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe("/%D0%BA%D1%83%D1%80%D1%81%D1%8B");
    const withQuery = await ssr.app.inject({ method: "GET", url: `/en/rcallback?returnTo=${encodeURIComponent("/ru/курсы?q=б#я")}` });
    expect(withQuery.statusCode, withQuery.body).toBe(302);
    expect(withQuery.headers.location).toBe(`${KURSY}?q=%D0%B1#%D1%8F`);
    // Already-encoded addresses are kept as they are, not encoded twice.
    const encoded = await ssr.app.inject({ method: "GET", url: `/en/rcallback?returnTo=${encodeURIComponent(`${KURSY}?a=%20`)}` });
    expect(encoded.headers.location).toBe(`${KURSY}?a=%20`);
  });

  it("redirects /authcb to a saved Cyrillic returnTo cookie percent-encoded", async () => {
    const res = await ssr.app.inject({ method: "GET", url: "/authcb", headers: { cookie: `lang=ru; returnTo=${encodeURIComponent("/ru/курсы")}` } });
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe(KURSY);
  });

  it("keeps refusing foreign or broken return addresses", async () => {
    for (const evil of ["//evil.example/", "/\u0000/evil", "https://evil.example/"]) {
      const res = await ssr.app.inject({ method: "GET", url: `/en/rcallback?returnTo=${encodeURIComponent(evil)}`, headers: { cookie: "lang=en" } });
      expect(res.statusCode, evil).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, evil).toBeLessThan(500);
    }
  });

  it("answers NUL, lone-surrogate escapes and bad percent-encoding in page URLs with 4xx", async () => {
    for (const url of ["/en/courses/%00", "/en/courses?lang=%00", "/%E0%A4%A", "/en/%ED%A0%80", "/en/courses/e%CC%81"]) {
      const res = await ssr.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});
