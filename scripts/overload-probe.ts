/**
 * Overload probe (issue 10): 200 keep-alive connections hammer SSR pages and the elements API while,
 * every second, a visitor on a *fresh* connection asks for `/api/health` and `/en/`. A server that
 * copes answers each fresh visitor within 2 s, with 200 or a fast 503 (shed), never after a long wait.
 *
 *   node --import tsx scripts/overload-probe.ts                      # starts Mentora on PGlite itself
 *   node --import tsx scripts/overload-probe.ts --db postgres        # ... on a fresh PostgreSQL database
 *   node --import tsx scripts/overload-probe.ts --url http://127.0.0.1:3000 --seconds 30 --connections 200
 *
 * Exits 1 when a fresh visitor waited longer than the limit (2 s), got no answer, or got a status
 * other than 200/503. `runOverloadProbe` is what `npm run bench` calls.
 */
import http from "node:http";
import autocannon from "autocannon";
import { createBenchDatabase, releaseAll, startMentoraPglite, startMentoraPostgres, type RunningServer } from "../bench/lib/servers";

export const LOAD_PATHS = ["/tr/", "/en/courses/", "/tr/courses/reading-foundations", "/api/courses/reading-foundations/elements?lang=tr"];
export const FRESH_PATHS = ["/api/health", "/en/"];
/** The acceptance limit for a fresh visitor's answer. */
export const FRESH_LIMIT_MS = 2_000;

export interface ProbeOptions {
  connections: number;
  seconds: number;
}

export interface FreshSample {
  path: string;
  /** 0 when no answer came (error or timeout). */
  status: number;
  ms: number;
}

export interface ProbeResult {
  load: { requests: number; reqPerSec: number; statusCodes: Record<string, number>; errors: number; timeouts: number };
  fresh: Record<string, { samples: number; worstMs: number; p50Ms: number; statusCodes: Record<string, number> }>;
  ok: boolean;
}

/** One GET on a new TCP connection (no agent, no keep-alive): what a new visitor experiences. */
function freshGet(base: string, path: string, timeoutMs: number): Promise<FreshSample> {
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (status: number) => resolve({ path, status, ms: performance.now() - started });
    const req = http.get(new URL(path, base), { agent: false, headers: { connection: "close", "accept-encoding": "br, gzip" } }, (res) => {
      res.resume();
      res.once("end", () => done(res.statusCode ?? 0));
      res.once("error", () => done(0));
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error("timeout")));
    req.once("error", () => done(0));
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : Number.NaN;
}

export async function runOverloadProbe(base: string, { connections, seconds }: ProbeOptions): Promise<ProbeResult> {
  const load = autocannon({
    url: base,
    connections,
    duration: seconds,
    timeout: 60,
    headers: { "accept-encoding": "br, gzip" },
    requests: LOAD_PATHS.map((path) => ({ method: "GET", path })),
  });
  const samples: Promise<FreshSample>[] = [];
  // The first visitor comes after a second of load, the last one a second before it ends.
  const ticker = setInterval(() => {
    for (const path of FRESH_PATHS) samples.push(freshGet(base, path, 60_000));
  }, 1_000);
  const result = await load;
  clearInterval(ticker);
  const fresh = await Promise.all(samples);

  const byPath: ProbeResult["fresh"] = {};
  for (const path of FRESH_PATHS) {
    const mine = fresh.filter((s) => s.path === path);
    const statusCodes: Record<string, number> = {};
    for (const s of mine) statusCodes[s.status || "no answer"] = (statusCodes[s.status || "no answer"] ?? 0) + 1;
    byPath[path] = { samples: mine.length, worstMs: Math.max(0, ...mine.map((s) => s.ms)), p50Ms: median(mine.map((s) => s.ms)), statusCodes };
  }
  const ok = fresh.length > 0 && fresh.every((s) => (s.status === 200 || s.status === 503) && s.ms <= FRESH_LIMIT_MS);
  return {
    load: {
      requests: result.requests.total,
      reqPerSec: result.requests.total / result.duration,
      statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])),
      errors: result.errors,
      timeouts: result.timeouts,
    },
    fresh: byPath,
    ok,
  };
}

export function formatProbe(result: ProbeResult, opts: ProbeOptions): string {
  const lines = [
    `overload probe: ${opts.connections} connections for ${opts.seconds} s over ${LOAD_PATHS.join(", ")}`,
    `  load: ${result.load.requests} requests (${Math.round(result.load.reqPerSec)} req/s), status ${JSON.stringify(result.load.statusCodes)}, ` +
      `${result.load.errors} errors, ${result.load.timeouts} timeouts`,
  ];
  for (const [path, f] of Object.entries(result.fresh)) {
    lines.push(
      `  fresh connection ${path}: ${f.samples} visits, worst ${Math.round(f.worstMs)} ms, median ${Math.round(f.p50Ms)} ms, status ${JSON.stringify(f.statusCodes)}`,
    );
  }
  lines.push(`  ${result.ok ? "ok" : "FAILED"}: every fresh visitor ${result.ok ? "got" : "must get"} 200 or 503 within ${FRESH_LIMIT_MS} ms`);
  return lines.join("\n");
}

function argument(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const opts: ProbeOptions = { connections: Number(argument("connections") ?? 200), seconds: Number(argument("seconds") ?? 20) };
  if (!(opts.connections > 0) || !(opts.seconds > 1)) throw new Error("--connections must be > 0 and --seconds > 1");
  let server: RunningServer | undefined;
  let url = argument("url");
  if (!url) {
    if (argument("db") === "postgres") {
      const database = await createBenchDatabase(process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
      server = await startMentoraPostgres(database.url, process.env.WORKERS ? { WORKERS: process.env.WORKERS } : {});
    } else {
      server = await startMentoraPglite();
    }
    url = server.url;
  }
  try {
    const result = await runOverloadProbe(url, opts);
    console.log(formatProbe(result, opts));
    process.exitCode = result.ok ? 0 : 1;
  } finally {
    await releaseAll();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch(async (e: unknown) => {
    console.error(`overload probe: ${(e as Error).message}`);
    await releaseAll();
    process.exit(2);
  });
}
