import { timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { AggregatorRegistry, type Registry } from "prom-client";

/**
 * The metrics listener (docs/decisions/0067-metrics-and-request-ids.md): `GET /metrics` on
 * METRICS_PORT, a port of its own that the public port never answers for, bound to METRICS_HOST
 * (127.0.0.1 unless set) and, with METRICS_TOKEN, only for `Authorization: Bearer <token>`.
 *
 * With workers (cluster.ts) it runs in the primary, which asks every worker for its metrics over
 * the cluster's IPC channel and sums them (prom-client's AggregatorRegistry; gauges marked `min` or
 * `max` are aggregated so); a scrape waits at most 5 s for the workers. In development (one process)
 * it serves that process's registry.
 */

export interface MetricsSource {
  contentType: string;
  metrics(): Promise<string>;
}

/** One process's own metrics. */
export function registrySource(registry: Registry): MetricsSource {
  return { contentType: registry.contentType, metrics: () => registry.metrics() };
}

/** Every worker's metrics, summed: for the primary process. */
export function clusterSource(): MetricsSource {
  const aggregator = new AggregatorRegistry();
  return { contentType: aggregator.contentType, metrics: () => aggregator.clusterMetrics() };
}

/** In a worker: answer the primary's requests for metrics from `registry` (the app's). */
export function shareWithPrimary(registry: Registry) {
  // Constructing one installs prom-client's listener for the primary's requests in this worker.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}

function authorized(header: string | undefined, token: string | undefined): boolean {
  if (!token) return true;
  const given = Buffer.from(header ?? "");
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export interface MetricsServerOptions {
  port: number;
  host: string;
  token?: string;
  source: MetricsSource;
  /** One line when a scrape fails (a worker did not answer in time). */
  warn(line: string): void;
}

/** Starts the listener; resolves once it listens (with the port it got when `port` is 0). */
export async function startMetricsServer(opts: MetricsServerOptions): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found\n");
      return;
    }
    if (!authorized(req.headers.authorization, opts.token)) {
      res.writeHead(401, { "content-type": "text/plain; charset=utf-8", "www-authenticate": 'Bearer realm="metrics"' }).end("Unauthorized\n");
      return;
    }
    opts.source.metrics().then(
      (body) => {
        res.writeHead(200, { "content-type": opts.source.contentType, "cache-control": "no-store" });
        res.end(req.method === "HEAD" ? undefined : body);
      },
      (err: unknown) => {
        opts.warn(`mentora: metrics scrape failed: ${(err as Error).message}`);
        res.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end("Metrics unavailable\n");
      },
    );
  });
  // Prometheus scrapes every few seconds over keep-alive; a stuck client must not hold the socket forever.
  server.requestTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  server.unref();
  return { server, port: (server.address() as AddressInfo).port };
}

/** The listener as start.ts runs it, from the configuration; a taken port fails start-up naming METRICS_PORT. */
export async function serveMetrics(config: { METRICS_PORT?: number; METRICS_HOST: string; METRICS_TOKEN?: string }, source: MetricsSource): Promise<void> {
  if (config.METRICS_PORT === undefined) return;
  try {
    await startMetricsServer({ port: config.METRICS_PORT, host: config.METRICS_HOST, token: config.METRICS_TOKEN, source, warn: (line) => console.warn(line) });
  } catch (e) {
    throw new Error(`METRICS_PORT ${config.METRICS_PORT} on ${config.METRICS_HOST}: ${(e as Error).message}`, { cause: e });
  }
}
