/**
 * Metrics with workers (docs/decisions/0067): the primary process serves METRICS_PORT with every
 * worker's metrics summed. Runs the real entry point as `npm run serve` does (needs `npm run build`),
 * with WORKERS=2 on PostgreSQL.
 */
import { randomBytes } from "node:crypto";
import { spawn } from "node:child_process";
import { afterAll, describe, expect, inject, it } from "vitest";
import { quoteIdent, withAdmin } from "../../bench/lib/pg-admin";
import { environmentWithoutSettings, freePort, freshGet, SERVER_ENTRY } from "../../tests/support/processes";

const TOKEN = "cluster-metrics-token-0123456789";

function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const pgInfo = inject("mentoraPg");
if (pgInfo) {
  describe("metrics with WORKERS=2 on PostgreSQL", () => {
    const name = `mentora_metrics_${randomBytes(4).toString("hex")}`;
    const url = new URL(pgInfo.adminUrl);
    url.pathname = `/${name}`;
    let child: ReturnType<typeof spawn> | undefined;
    afterAll(async () => {
      if (child && child.exitCode === null) {
        const exited = new Promise((resolve) => child!.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      await withAdmin(pgInfo.adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
    });

    it("the primary serves both workers' requests summed, only with the token", { timeout: 300_000 }, async () => {
      await withAdmin(pgInfo.adminUrl, (c) => c.query(`CREATE DATABASE ${quoteIdent(name)}`));
      const [port, metricsPort] = [await freePort(), await freePort()];
      const base = `http://127.0.0.1:${port}`;
      let stderr = "";
      child = spawn(process.execPath, [SERVER_ENTRY], {
        env: {
          ...environmentWithoutSettings(),
          NODE_ENV: "production",
          // A production process on loopback with the demo seed: the local demo's settings (docs/decisions/0068).
          MENTORA_DEMO: "1",
          PUBLIC_URL: "http://localhost:3000",
          DATABASE_URL: url.toString(),
          WORKERS: "2",
          HEALTH_PID: "true",
          PORT: String(port),
          HOST: "127.0.0.1",
          LOG_LEVEL: "warn",
          METRICS_PORT: String(metricsPort),
          METRICS_TOKEN: TOKEN,
        },
        stdio: ["ignore", "ignore", "pipe"],
      });
      child.stderr!.on("data", (d) => (stderr += d));

      // Health answers counted one by one until both workers have answered.
      const pids = new Set<number>();
      let answered = 0;
      const deadline = Date.now() + 120_000;
      while (pids.size < 2 && Date.now() < deadline) {
        expect(child.exitCode, stderr).toBeNull();
        const res = await freshGet(`${base}/api/health`).catch(() => ({ status: 0, body: "" }));
        if (res.status === 200) {
          answered++;
          pids.add((JSON.parse(res.body) as { pid: number }).pid);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(pids.size, stderr).toBe(2);

      const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
      expect((await freshGet(metricsUrl)).status).toBe(401);
      const scrape = await freshGet(metricsUrl, { authorization: `Bearer ${TOKEN}` });
      expect(scrape.status).toBe(200);
      expect(sample(scrape.body, 'mentora_http_requests_total{route="/api/health",method="GET",status_code="200"}')).toBe(answered);
      expect(sample(scrape.body, "mentora_bus_connected")).toBe(1);
      expect(scrape.body).toContain("nodejs_eventloop_lag_seconds");
      // The public port has none: /metrics is a page path (sent to a language first), which is not found.
      const auth = { authorization: `Bearer ${TOKEN}` };
      const redirect = await freshGet(`${base}/metrics`, auth);
      expect(redirect.status).toBe(302);
      expect(redirect.body).not.toContain("mentora_");
      const page = await freshGet(`${base}/tr/metrics`, auth);
      expect(page.status).toBe(404);
      expect(page.body).not.toContain("mentora_http_requests_total");
    });
  });
}
