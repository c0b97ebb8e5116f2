import type { FastifyInstance, FastifyRequest } from "fastify";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Bus } from "./bus";

/**
 * The process's Prometheus metrics (docs/decisions/0067-metrics-and-request-ids.md), one registry per
 * app: tests build many apps in one process, and a registry of its own keeps their series apart.
 * They are read only through the metrics listener (platform/metrics-server.ts), never the public port.
 *
 * Label values are always from a short, closed set: a route's pattern (`/api/courses/:courseId`),
 * never its URL, so a crawler trying a million paths adds no series.
 */

/** The route label of a request no route matched (404s, bad URLs). */
export const UNMATCHED_ROUTE = "(unmatched)";

/** Seconds: from a fast JSON read to a slow page render or export. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: most queries take well under a millisecond on a warm database. */
const DB_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

export type QueryOutcome = "ok" | "error";

/**
 * What a job queue reports (issue 29: the PostgreSQL job queue registers here). Depth is read when
 * Prometheus scrapes, through `depthFrom`, or set by the queue with `setDepth`; the counters are
 * bumped by the worker that ran the job. Every instance reads the same shared queue, so across
 * workers the depth aggregates by `max`, the counters by sum.
 */
export interface JobMetrics {
  /** Jobs waiting (ready or scheduled) per queue name, as last seen by this process. */
  setDepth(queue: string, waiting: number): void;
  /** Reads the depth of every queue at each scrape (replaces what `setDepth` set for those queues). */
  depthFrom(read: () => Promise<Record<string, number>> | Record<string, number>): void;
  /** A job finished. */
  completed(queue: string): void;
  /** An attempt failed; `final` when it will not be retried (the job is dead). */
  failed(queue: string, final: boolean): void;
}

export interface Metrics {
  registry: Registry;
  /** One finished HTTP request. */
  request(route: string, method: string, status: number, seconds: number): void;
  /** The overload guard refused a request (platform/overload.ts). */
  overloadRefused(reason: "pressure" | "queue", kind: "document" | "api"): void;
  /** One database query (db/client.ts `onQuery`). */
  query(seconds: number, outcome: QueryOutcome): void;
  /** A letter handed to the mailer: sent (or kept in the outbox) or failed (platform/mail.ts). */
  letter(outcome: "sent" | "failed"): void;
  /** Open realtime sockets on this process, read at each scrape (platform/realtime.ts `stats`). */
  socketsFrom(read: () => number): void;
  /** Follows the bus's state: connected until it reports its LISTEN connection lost, again once it resynchronised. */
  watchBus(bus: Pick<Bus, "onLost" | "onResync">): void;
  jobs: JobMetrics;
}

export function createMetrics(opts: { defaults?: boolean } = {}): Metrics {
  const registry = new Registry();
  // Process metrics (CPU, memory, GC, handles) and nodejs_eventloop_lag_seconds (plus its percentiles).
  if (opts.defaults !== false) collectDefaultMetrics({ register: registry, prefix: "" });

  const requests = new Counter({
    name: "mentora_http_requests_total",
    help: "HTTP requests answered, by route pattern, method and status code.",
    labelNames: ["route", "method", "status_code"] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: "mentora_http_request_duration_seconds",
    help: "Time from a request's arrival to its reply, by route pattern, method and status code.",
    labelNames: ["route", "method", "status_code"] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const refusals = new Counter({
    name: "mentora_overload_refusals_total",
    help: "Requests refused with 503 by the overload guard, by reason (pressure: event loop behind; queue: no place in time) and kind.",
    labelNames: ["reason", "kind"] as const,
    registers: [registry],
  });
  const queries = new Histogram({
    name: "mentora_db_query_duration_seconds",
    help: "Database query time as the app sees it (on PGlite including the wait for its one connection), by outcome.",
    labelNames: ["outcome"] as const,
    buckets: DB_BUCKETS,
    registers: [registry],
  });
  const letters = new Counter({
    name: "mentora_letters_total",
    help: "Letters handed to the mailer, by outcome (sent: accepted by SMTP or kept in the outbox).",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  let sockets: () => number = () => 0;
  new Gauge({
    name: "mentora_realtime_sockets",
    help: "Realtime sockets open on this process.",
    registers: [registry],
    collect() {
      this.set(sockets());
    },
  });
  let busUp = true;
  new Gauge({
    name: "mentora_bus_connected",
    help: "1 while the bus (LISTEN/NOTIFY) is connected, 0 while degraded (events are missed until it reconnects).",
    // Across workers: 0 if any one of them is degraded.
    aggregator: "min",
    registers: [registry],
    collect() {
      this.set(busUp ? 1 : 0);
    },
  });

  const depthReaders: Array<() => Promise<Record<string, number>> | Record<string, number>> = [];
  const depth = new Gauge({
    name: "mentora_jobs_waiting",
    help: "Background jobs waiting in the queue, by queue name.",
    labelNames: ["queue"] as const,
    aggregator: "max",
    registers: [registry],
    async collect() {
      for (const read of depthReaders) for (const [queue, n] of Object.entries(await read())) this.set({ queue }, n);
    },
  });
  const completed = new Counter({
    name: "mentora_jobs_completed_total",
    help: "Background jobs finished, by queue name.",
    labelNames: ["queue"] as const,
    registers: [registry],
  });
  const failed = new Counter({
    name: "mentora_jobs_failed_total",
    help: "Background job attempts that failed, by queue name and whether the job will be retried.",
    labelNames: ["queue", "final"] as const,
    registers: [registry],
  });

  return {
    registry,
    request: (route, method, status, seconds) => {
      const labels = { route, method, status_code: String(status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    overloadRefused: (reason, kind) => refusals.inc({ reason, kind }),
    query: (seconds, outcome) => queries.observe({ outcome }, seconds),
    letter: (outcome) => letters.inc({ outcome }),
    socketsFrom: (read) => void (sockets = read),
    watchBus(bus) {
      bus.onLost(() => void (busUp = false));
      bus.onResync(() => void (busUp = true));
    },
    jobs: {
      setDepth: (queue, waiting) => depth.set({ queue }, waiting),
      depthFrom: (read) => void depthReaders.push(read),
      completed: (queue) => completed.inc({ queue }),
      failed: (queue, final) => failed.inc({ queue, final: String(final) }),
    },
  };
}

/** Methods Fastify routes; anything else (a client's invention) counts as OTHER, keeping the label set closed. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The route label: the matched route's pattern, never the URL. */
export function routeLabel(req: FastifyRequest): string {
  return req.routeOptions.url ?? UNMATCHED_ROUTE;
}

/** Counts and times every reply; install before the routes so every route has the hook. */
export function installHttpMetrics(app: FastifyInstance, metrics: Metrics) {
  app.addHook("onResponse", (req, reply, done) => {
    metrics.request(routeLabel(req), METHODS.has(req.method) ? req.method : "OTHER", reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

declare module "fastify" {
  interface FastifyInstance {
    /** The app's metrics (start.ts serves them on METRICS_PORT; a job queue registers through `metrics.jobs`). */
    metrics: Metrics;
  }
}
