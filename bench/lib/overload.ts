import http from "node:http";
import autocannon, { type Request, type Result } from "autocannon";
import type { SignedInLearner } from "./learner";
import { BROWSER_PAGE_HEADERS, PATHS } from "./scenarios";

/**
 * Overload probe: 200 connections hammer the heavy pages and the elements API while, every second, a
 * new visitor opens a fresh TCP connection (no keep-alive agent) for the main page and for the health
 * check. What counts is whether that visitor gets an answer (a page, or a quick 503 if the server sheds
 * load) within 2 s, not how fast the 200 connections are served. The load runs in a worker thread so
 * that the probes' timings are not held up by the load generator's own event loop.
 */

export const OVERLOAD_CONNECTIONS = 200;
/** How long a fresh visitor waits before the probe gives up (counted as "timeout"). */
const PROBE_TIMEOUT_MS = 10_000;
/** The visitor's target: answered within this many milliseconds. */
export const FRESH_ANSWER_WITHIN_MS = 2_000;

export interface ProbeSummary {
  path: string;
  count: number;
  worstMs: number;
  p95Ms: number;
  /** "200", "503", … or "timeout" / "error <code>". */
  statuses: Record<string, number>;
}

export interface OverloadResult {
  seconds: number;
  connections: number;
  paths: string[];
  load: { requests: number; reqPerSec: number; p50: number; p99: number; statuses: Record<string, number>; errors: number; timeouts: number };
  probes: ProbeSummary[];
}

interface ProbeOutcome {
  ms: number;
  status: string;
}

function freshGet(base: URL, path: string, headers: Record<string, string>): Promise<ProbeOutcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (status: string) => resolve({ ms: performance.now() - started, status });
    const req = http.get({ hostname: base.hostname, port: base.port, path, headers, agent: false, timeout: PROBE_TIMEOUT_MS }, (res) => {
      res.on("data", () => {});
      res.on("end", () => done(String(res.statusCode)));
      res.on("error", (e: NodeJS.ErrnoException) => done(`error ${e.code ?? e.message}`));
    });
    req.on("timeout", () => {
      req.destroy();
      done("timeout");
    });
    req.on("error", (e: NodeJS.ErrnoException) => done(`error ${e.code ?? e.message}`));
  });
}

function summarize(path: string, outcomes: ProbeOutcome[]): ProbeSummary {
  const ms = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const o of outcomes) statuses[o.status] = (statuses[o.status] ?? 0) + 1;
  return {
    path,
    count: outcomes.length,
    worstMs: ms.at(-1) ?? Number.NaN,
    p95Ms: ms.length ? ms[Math.min(ms.length - 1, Math.ceil(0.95 * ms.length) - 1)] : Number.NaN,
    statuses,
  };
}

/** Whether the fresh visitor of `probe` was always answered (200 or 503) within FRESH_ANSWER_WITHIN_MS. */
export function freshVisitorAnswered(probe: ProbeSummary): boolean {
  const onlyAnswers = Object.keys(probe.statuses).every((s) => s === "200" || s === "503");
  return probe.count > 0 && onlyAnswers && probe.worstMs <= FRESH_ANSWER_WITHIN_MS;
}

export async function overload(base: string, learner: SignedInLearner, seconds: number): Promise<OverloadResult> {
  const page = (path: string): Request => ({ method: "GET", path, headers: BROWSER_PAGE_HEADERS });
  const requests = [page(PATHS.mainTr), page(PATHS.catalogueEn), page(PATHS.courseEn), { method: "GET", path: PATHS.elements, headers: learner.headers }];
  const load = autocannon({ url: base, connections: OVERLOAD_CONNECTIONS, duration: seconds, timeout: 10, workers: 1, requests });

  const url = new URL(base);
  const probed = [
    { path: PATHS.mainEn, headers: BROWSER_PAGE_HEADERS, outcomes: [] as ProbeOutcome[] },
    { path: PATHS.health, headers: {}, outcomes: [] as ProbeOutcome[] },
  ];
  const pending: Promise<void>[] = [];
  // The first visitor comes a second in, once all 200 connections are open and busy.
  const timer = setInterval(() => {
    for (const p of probed) pending.push(freshGet(url, p.path, p.headers).then((o) => void p.outcomes.push(o)));
  }, 1_000);
  let result: Result;
  try {
    result = await load;
  } finally {
    clearInterval(timer);
  }
  await Promise.all(pending);
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]));
  return {
    seconds,
    connections: OVERLOAD_CONNECTIONS,
    paths: requests.map((r) => r.path),
    load: {
      requests: result.requests.total,
      reqPerSec: result.requests.total / result.duration,
      p50: result.latency.p50,
      p99: result.latency.p99,
      statuses,
      errors: result.errors,
      timeouts: result.timeouts,
    },
    probes: probed.map((p) => summarize(p.path, p.outcomes)),
  };
}
