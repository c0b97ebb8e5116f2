import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/setup/databases";
import { ConfigError, parseConfig } from "../config";

describeEachDatabase("platform", (t) => {
  describe("unknown API paths", () => {
    it.each([
      ["GET", "/api/whatever"],
      ["GET", "/api/portal/nope"],
      ["POST", "/api/whatever/deeper"],
      ["DELETE", "/api/pages"],
    ] as const)("%s %s answers a JSON 404 NOT-FOUND, not HTML", async (method, url) => {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.body).not.toMatch(/<html/i);
      expect(res.json()).toEqual({
        error: { code: "NOT-FOUND", key: "errors:codes.NOT_FOUND", message: expect.any(String), requestId: res.headers["x-request-id"] },
      });
    });
  });

  describe("origin guard", () => {
    const logout = (headers: Record<string, string>) =>
      t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { host: "mentora.test", ...headers } });

    it("refuses a state-changing request from another origin with 403 BAD-ORIGIN", async () => {
      const res = await logout({ origin: "http://evil.example" });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: "BAD-ORIGIN", key: "errors:codes.BAD_ORIGIN" });
      expect(res.headers["set-cookie"]).toBeUndefined();
    });

    it("refuses a look-alike origin on another port or scheme host", async () => {
      for (const origin of ["http://mentora.test:8080", "http://mentora.test.evil.example", "null", "not a url"]) {
        const res = await logout({ origin });
        expect(res.statusCode, origin).toBe(403);
        expect(res.json().error.code, origin).toBe("BAD-ORIGIN");
      }
    });

    it("lets a same-origin logout through and clears the apollo-token cookie", async () => {
      const res = await logout({ origin: "http://mentora.test", cookie: "apollo-token=abc" });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe("");
      const cookie = res.cookies.find((c) => c.name === "apollo-token");
      expect(cookie).toBeDefined();
      expect(cookie!.value).toBe("");
      expect(cookie!.path).toBe("/");
      const expired = (cookie!.expires && cookie!.expires.getTime() <= Date.now()) || cookie!.maxAge === 0;
      expect(expired).toBe(true);
    });

    it("lets a request without Origin through (server-to-server)", async () => {
      const res = await logout({});
      expect(res.statusCode).toBe(204);
      expect(res.cookies.some((c) => c.name === "apollo-token" && c.value === "")).toBe(true);
    });

    it("never guards safe methods", async () => {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/portal/children",
        headers: { host: "mentora.test", origin: "http://evil.example" },
      });
      expect(res.statusCode).toBe(200);
    });
  });

  describe("API docs", () => {
    it("serves the OpenAPI document with the portal and pages routes", async () => {
      const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(doc.openapi).toMatch(/^3\./);
      expect(doc.info.title).toBe("Mentora API");
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          "/api/portal/settings",
          "/api/portal/children",
          "/api/pages/by-alias/{alias}",
          "/api/pages/by-model/{name}/{id}",
          "/api/pages/templates/{alias}",
          "/api/auth/logout",
        ]),
      );
      // Hidden routes stay out of the document.
      expect(Object.keys(doc.paths)).not.toContain("/api/health");
      expect(Object.keys(doc.paths).some((p) => p.includes("*"))).toBe(false);
      // Parameters come from the zod schemas.
      const byAlias = doc.paths["/api/pages/by-alias/{alias}"].get;
      const names = byAlias.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`);
      expect(names).toEqual(expect.arrayContaining(["path:alias", "query:lang", "query:withComponents"]));
    });

    it("serves the docs UI", async () => {
      const res = await t.app.inject({ method: "GET", url: "/api/docs/" });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
    });
  });

  describe("health", () => {
    it("answers ok with the database kind", async () => {
      const res = await t.app.inject({ method: "GET", url: "/api/health" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, db: t.kind });
    });
  });
});

describe("parseConfig", () => {
  function configError(env: Record<string, string>): ConfigError {
    try {
      parseConfig(env);
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      return e as ConfigError;
    }
    throw new Error(`parseConfig accepted ${JSON.stringify(env)}`);
  }

  it("rejects a DATABASE_URL that is not PostgreSQL, on one line naming the variable", () => {
    const e = configError({ DATABASE_URL: "mysql://x" });
    expect(e.message).not.toContain("\n");
    expect(e.message).toMatch(/DATABASE_URL/);
  });

  it("rejects a PORT that is not a number, on one line naming the variable", () => {
    const e = configError({ PORT: "abc" });
    expect(e.message).not.toContain("\n");
    expect(e.message).toMatch(/PORT/);
    expect(e.message).not.toMatch(/DATABASE_URL/);
  });

  it("names every bad variable at once", () => {
    const e = configError({ PORT: "70000", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud" });
    expect(e.message).not.toContain("\n");
    for (const name of ["PORT", "DATABASE_URL", "LOG_LEVEL"]) expect(e.message).toContain(name);
  });

  it("accepts PostgreSQL URLs and fills defaults", () => {
    const c = parseConfig({ DATABASE_URL: "postgresql://u:p@db.example:5432/mentora", PORT: "8080", PUBLIC_URL: "https://learn.example.org" });
    expect(c.DATABASE_URL).toBe("postgresql://u:p@db.example:5432/mentora");
    expect(c.PORT).toBe(8080);
    expect(c.PORTAL_ID).toBe("lp-mentora");
    expect(c.SEED_DEMO).toBe(true);
    expect(parseConfig({ DATABASE_URL: "", NODE_ENV: "test" }).DATABASE_URL).toBeUndefined();
  });
});
