/**
 * Prometheus metrics (issue 29, docs/decisions/0067): scraped from the metrics listener after real
 * requests on each database; the listener wants its token, and the public port has no /metrics.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/setup/databases";
import { openRealtime } from "../../../tests/support/realtime";
import { ConfigError, parseConfig } from "../config";
import { buildApp } from "../main";
import { registrySource, startMetricsServer } from "./metrics-server";

const TOKEN = "metrics-token-for-tests-0123456789";

/** The value of one series in Prometheus text, by its name and labels as written. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describeEachDatabase(
  "metrics",
  (t) => {
    let server: Server;
    let base: string;
    const scrape = (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }, path = "/metrics") => fetch(`${base}${path}`, { headers });
    const scrapeText = async () => {
      const res = await scrape();
      expect(res.status).toBe(200);
      return res.text();
    };

    beforeAll(async () => {
      const started = await startMetricsServer({ port: 0, host: "127.0.0.1", token: TOKEN, source: registrySource(t.app.metrics.registry), warn: () => {} });
      server = started.server;
      base = `http://127.0.0.1:${started.port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it("counts requests by route pattern and status, never by their URL, and times them", async () => {
      for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: "GET", url: "/api/portal/settings" })).statusCode).toBe(200);
      expect((await t.app.inject({ method: "GET", url: "/api/courses/no-such-course-4711?lang=en&rel=all" })).statusCode).toBe(404);
      expect((await t.app.inject({ method: "GET", url: "/nowhere-at-all-4712" })).statusCode).toBe(404);
      const text = await scrapeText();
      expect(sample(text, 'mentora_http_requests_total{route="/api/portal/settings",method="GET",status_code="200"}')).toBeGreaterThanOrEqual(3);
      expect(sample(text, 'mentora_http_request_duration_seconds_count{route="/api/portal/settings",method="GET",status_code="200"}')).toBeGreaterThanOrEqual(
        3,
      );
      expect(text).toMatch(/mentora_http_request_duration_seconds_bucket\{le="0\.005",route="\/api\/portal\/settings",method="GET",status_code="200"\} \d+/);
      expect(text).toMatch(/mentora_http_requests_total\{route="\/api\/courses\/:courseId[^"]*",method="GET",status_code="404"\} 1/);
      expect(sample(text, 'mentora_http_requests_total{route="(unmatched)",method="GET",status_code="404"}')).toBeGreaterThanOrEqual(1);
      expect(text).not.toContain("no-such-course-4711");
      expect(text).not.toContain("nowhere-at-all-4712");
    });

    it("times database queries, on either database", async () => {
      await t.app.inject({ method: "GET", url: "/api/courses/no-such-course-4711?lang=en&rel=all" });
      const text = await scrapeText();
      expect(sample(text, 'mentora_db_query_duration_seconds_count{outcome="ok"}')).toBeGreaterThan(0);
      expect(sample(text, 'mentora_db_query_duration_seconds_sum{outcome="ok"}')).toBeGreaterThan(0);
      expect(text).toMatch(/mentora_db_query_duration_seconds_bucket\{le="\+Inf",outcome="ok"\} \d+/);
    });

    it("tells the event-loop lag, the bus state, open sockets, letters and what a job queue reports", async () => {
      t.app.metrics.jobs.setDepth("letters", 3);
      t.app.metrics.jobs.depthFrom(() => ({ exports: 7 }));
      t.app.metrics.jobs.failed("letters", false);
      t.app.metrics.jobs.completed("letters");
      const text = await scrapeText();
      expect(sample(text, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
      expect(text).toContain("nodejs_eventloop_lag_p99_seconds");
      expect(sample(text, "mentora_bus_connected")).toBe(1);
      expect(sample(text, "mentora_realtime_sockets")).toBe(0);
      expect(text).toContain("# TYPE mentora_letters_total counter");
      expect(text).toContain("# TYPE mentora_overload_refusals_total counter");
      expect(sample(text, 'mentora_jobs_waiting{queue="letters"}')).toBe(3);
      expect(sample(text, 'mentora_jobs_waiting{queue="exports"}')).toBe(7);
      expect(sample(text, 'mentora_jobs_failed_total{queue="letters",final="false"}')).toBe(1);
      expect(sample(text, 'mentora_jobs_completed_total{queue="letters"}')).toBe(1);
    });

    it("refuses a scrape without the token, with another token, and any other path", async () => {
      const none = await scrape({});
      expect(none.status).toBe(401);
      expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(await none.text()).not.toContain("mentora_");
      expect((await scrape({ authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
      expect((await scrape({ authorization: TOKEN })).status).toBe(401);
      expect((await scrape({ authorization: `Bearer ${TOKEN}` }, "/api/health")).status).toBe(404);
    });

    it("has no /metrics on the public port", async () => {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const res = await t.app.inject({ method: "GET", url: "/metrics", headers });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain("mentora_http_requests_total");
      }
    });

    describe("with a listening app", () => {
      let app: FastifyInstance;
      let overloaded = false;
      beforeAll(async () => {
        app = await buildApp({ config: t.makeConfig(), database: t.database, ssr: false, logger: false, pressure: { overloaded: () => overloaded } });
        await app.listen({ port: 0, host: "127.0.0.1" });
      });
      afterAll(() => app.close());

      it("counts open realtime sockets and overload refusals", async () => {
        const socket = await openRealtime(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
        // An answer to a frame: the server holds the socket by then.
        socket.send({ type: "subscribe", topic: "user:nobody" });
        await socket.next();
        expect(sample(await app.metrics.registry.metrics(), "mentora_realtime_sockets")).toBe(1);
        await socket.close();

        overloaded = true;
        expect((await app.inject({ method: "GET", url: "/api/portal/settings" })).statusCode).toBe(503);
        overloaded = false;
        const text = await app.metrics.registry.metrics();
        expect(sample(text, 'mentora_overload_refusals_total{reason="pressure",kind="api"}')).toBe(1);
        expect(sample(text, 'mentora_http_requests_total{route="/api/portal/settings",method="GET",status_code="503"}')).toBe(1);
      });
    });
  },
  { env: { METRICS_PORT: "0" } },
);

describe("metrics configuration", () => {
  it("refuses a metrics port reachable from elsewhere without a token", () => {
    expect(() => parseConfig({ NODE_ENV: "test", METRICS_PORT: "9100", METRICS_HOST: "0.0.0.0" })).toThrow(ConfigError);
    expect(() => parseConfig({ NODE_ENV: "test", METRICS_PORT: "9100", METRICS_HOST: "0.0.0.0", METRICS_TOKEN: "short" })).toThrow(ConfigError);
    expect(parseConfig({ NODE_ENV: "test", METRICS_PORT: "9100", METRICS_HOST: "0.0.0.0", METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
    expect(parseConfig({ NODE_ENV: "test", METRICS_PORT: "9100" }).METRICS_HOST).toBe("127.0.0.1");
    expect(parseConfig({ NODE_ENV: "test" }).METRICS_PORT).toBeUndefined();
  });
});
