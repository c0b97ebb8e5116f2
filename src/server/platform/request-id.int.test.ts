/**
 * Request ids and the request log (issue 29, docs/decisions/0067): a valid incoming X-Request-Id is
 * kept, anything else replaced by a random one; the id is in the reply header, in every error body
 * and on every log line of the request; probes write no line; a huge URL is logged cut.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/setup/databases";
import { AppError } from "../../domain/errors";
import { buildApp } from "../main";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

describeEachDatabase("request ids and the request log", (t) => {
  describe("ids", () => {
    it("keeps a valid incoming X-Request-Id: in the reply header and in the error body", async () => {
      for (const id of ["edge-7f3a.b_c:42", "a", "x".repeat(128)]) {
        const res = await t.app.inject({ method: "GET", url: "/api/no-such-route", headers: { "x-request-id": id } });
        expect(res.statusCode).toBe(404);
        expect(res.headers["x-request-id"]).toBe(id);
        expect(res.json().error).toMatchObject({ code: "NOT-FOUND", requestId: id });
      }
    });

    it("puts the id in every kind of error body: a typed error, bad input, an unknown page path", async () => {
      const id = "trace-1234";
      const typed = await t.app.inject({ method: "GET", url: "/api/courses/no-such-course?lang=en", headers: { "x-request-id": id } });
      expect(typed.statusCode).toBe(404);
      expect(typed.json().error).toMatchObject({ code: expect.any(String), key: expect.stringMatching(/^errors:/), requestId: id });
      const invalid = await t.app.inject({ method: "GET", url: "/api/courses/x?lang=zz-not-a-lang", headers: { "x-request-id": id } });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().error).toMatchObject({ code: "VALIDATION", requestId: id });
      const unknown = await t.app.inject({ method: "GET", url: "/no-such-thing", headers: { "x-request-id": id } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toMatchObject({ requestId: id });
      const badUrl = await t.app.inject({ method: "GET", url: "/api/courses/%E0%A4%A", headers: { "x-request-id": id } });
      expect(badUrl.statusCode).toBe(400);
      expect(badUrl.headers["x-request-id"]).toBe(id);
      expect(badUrl.json().error).toMatchObject({ code: "VALIDATION", requestId: id });
    });

    it("replaces an invalid one (too long, NUL, spaces, quotes, other characters) with a random UUID", async () => {
      for (const bad of ["x".repeat(129), "a\u0000b", "two words", 'quo"te', "new\nline", "ünï", "a/b", "<script>"]) {
        const res = await t.app.inject({ method: "GET", url: "/api/no-such-route", headers: { "x-request-id": bad } });
        const id = res.headers["x-request-id"];
        expect(id, JSON.stringify(bad)).toMatch(UUID);
        expect(res.json().error.requestId).toBe(id);
      }
    });

    it("makes a new random id for a request without one, never a counter", async () => {
      const ids = new Set<string>();
      for (let i = 0; i < 3; i++) {
        const res = await t.app.inject({ method: "GET", url: "/api/health" });
        expect(res.statusCode).toBe(200);
        ids.add(String(res.headers["x-request-id"]));
      }
      expect(ids.size).toBe(3);
      for (const id of ids) expect(id).toMatch(UUID);
    });

    it("sends the id on a guest page replayed from memory too, not the stored request's", async () => {
      // The portal settings are answered from memory after the first read (platform/public-replies.ts).
      const first = await t.app.inject({ method: "GET", url: "/api/portal/settings", headers: { "x-request-id": "first-read" } });
      const again = await t.app.inject({ method: "GET", url: "/api/portal/settings", headers: { "x-request-id": "second-read" } });
      expect(first.headers["x-request-id"]).toBe("first-read");
      expect(again.statusCode).toBe(200);
      expect(again.headers["x-request-id"]).toBe("second-read");
    });
  });

  describe("log", () => {
    let app: FastifyInstance;
    const lines: LogLine[] = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };

    beforeAll(async () => {
      app = await buildApp({ config: t.makeConfig({ LOG_LEVEL: "info" }), database: t.database, ssr: false, logger: { stream } });
      // A route that logs, then fails: three lines for one request.
      app.get("/test/fails", async (req) => {
        req.log.warn("about to fail");
        throw new Error("boom");
      });
      app.get("/test/refuses", async () => {
        throw new AppError("NOT_FOUND", "no");
      });
      await app.ready();
    });
    afterAll(() => app.close());
    beforeEach(() => {
      lines.length = 0;
    });

    it("carries the request's id on every line of that request", async () => {
      const res = await app.inject({ method: "GET", url: "/test/fails", headers: { "x-request-id": "log-trace-1" } });
      expect(res.statusCode).toBe(500);
      expect(res.json().error).toMatchObject({ code: "INTERNAL", requestId: "log-trace-1" });
      expect(lines.map((l) => l.msg)).toEqual(["about to fail", "request failed", "request completed"]);
      for (const line of lines) expect(line.reqId).toBe("log-trace-1");
    });

    it("writes one line per request: method, URL, status and time", async () => {
      const res = await app.inject({ method: "GET", url: "/test/refuses" });
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        msg: "request completed",
        reqId: res.headers["x-request-id"],
        req: { method: "GET", url: "/test/refuses" },
        res: { statusCode: 404 },
        responseTime: expect.any(Number),
      });
    });

    it("writes nothing for the liveness and readiness probes", async () => {
      expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
      expect((await app.inject({ method: "GET", url: "/api/ready" })).statusCode).toBe(200);
      expect(lines).toEqual([]);
    });

    it("cuts a 200 kB query string in the log, saying how long it was", async () => {
      const url = `/api/portal/settings?q=${"a".repeat(200_000)}`;
      await app.inject({ method: "GET", url });
      expect(lines).toHaveLength(1);
      const logged = lines[0]!.req!.url;
      expect(logged).toBe(`${url.slice(0, 200)}… (${url.length} chars)`);
      expect(JSON.stringify(lines[0]).length).toBeLessThan(1_000);
    });
  });
});
