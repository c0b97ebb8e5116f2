import http from "node:http";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { processTreeCpu } from "./cpu";

export interface MeasureOptions {
  connections: number;
  /** Seconds of load that are measured. */
  duration: number;
  /** Seconds of load first thrown away: JIT, caches and connection pools settle in it. */
  warmup: number;
}

export interface Measurement {
  requests: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  /** Responses outside 2xx and connection errors (timeouts included); any of them fails the scenario. */
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** Milliseconds of server CPU (its process tree, all threads) per response of the measured load. */
  serverCpuMsPerRequest?: number;
  /**
   * Share of one core the load generator (this process) used while it measured: near 1, it was the
   * bottleneck and req/s is a floor of what the server can do.
   */
  loadGeneratorBusy: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Sent with every request of a scenario, e.g. a signed-in learner's bearer token. */
export type RequestHeaders = Record<string, string>;

async function load(url: string, connections: number, duration: number, latencies?: number[], headers?: RequestHeaders) {
  const instance = autocannon({ url, connections, duration, timeout: 10, ...(headers ? { headers } : {}) });
  // autocannon's own histogram keeps whole milliseconds, which turns a sub-millisecond baseline
  // into 0 or 1 ms and its ratios into noise; the per-response times it reports are exact.
  if (latencies) {
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  }
  return await instance;
}

/** `serverPid`: the server's process, whose CPU time (with its children's) is read around the measured load. */
export async function measure(url: string, opts: MeasureOptions, headers?: RequestHeaders, serverPid?: number): Promise<Measurement> {
  if (opts.warmup > 0) await load(url, opts.connections, opts.warmup, undefined, headers);
  const latencies: number[] = [];
  const serverBefore = serverPid === undefined ? undefined : await processTreeCpu(serverPid);
  const ownBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const result = await load(url, opts.connections, opts.duration, latencies, headers);
  const own = process.cpuUsage(ownBefore);
  const wallMs = performance.now() - wallBefore;
  const serverSeconds = serverPid === undefined || serverBefore === undefined ? undefined : (await processTreeCpu(serverPid)) - serverBefore;
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: result.requests.total,
    // Over the time the load really lasted (a "10 s" autocannon run takes about 11 s), so a partial
    // per-second sample cannot skew the mean.
    reqPerSec: result.requests.total / result.duration,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])),
    serverCpuMsPerRequest: serverSeconds === undefined || result.requests.total === 0 ? undefined : (serverSeconds * 1000) / result.requests.total,
    loadGeneratorBusy: (own.user + own.system) / 1000 / wallMs,
  };
}

/** One response as the load sees it: status, Content-Encoding and bytes on the wire (body, not decoded). */
export interface ResponseFacts {
  status: number;
  encoding: string;
  bytes: number;
  /** For a brotli answer: what brotli's default (quality 11) makes of the same body, the bytes bound of issue 31. */
  brotliDefaultBytes?: number;
}

function brotliDefault(body: Buffer): number {
  return zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }).length;
}

/** A single request before a scenario's load: records what its responses look like (e.g. whether they are compressed). */
export function responseFacts(url: string, headers: RequestHeaders = {}): Promise<ResponseFacts> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const wire = Buffer.concat(chunks);
        const encoding = String(res.headers["content-encoding"] ?? "identity");
        const brotliDefaultBytes = encoding === "br" ? brotliDefault(zlib.brotliDecompressSync(wire)) : undefined;
        resolve({ status: res.statusCode ?? 0, encoding, bytes: wire.length, brotliDefaultBytes });
      });
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`GET ${url} took over 30 s`)));
    req.on("error", reject);
  });
}
