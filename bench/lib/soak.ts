import autocannon, { type Request, type Result } from "autocannon";
import type { SignedInLearner } from "./learner";
import { MB, processTreeRss } from "./rss";
import { BROWSER_PAGE_HEADERS, PATHS } from "./scenarios";

/**
 * Soak (BENCH_SOAK_SECONDS): a mix of every page and API the bench knows, 10 connections, for a long
 * time, while the server's RSS is sampled every BENCH_SOAK_SAMPLE_SECONDS (default 30). A server that
 * keeps memory in check levels off; one that leaks keeps climbing through the second half.
 */

export const SOAK_CONNECTIONS = 10;
/** Growth through the second half of the soak above this many MiB per minute counts as "growing". */
export const GROWTH_LIMIT_MB_PER_MIN = 1;

export interface RssSample {
  atSeconds: number;
  bytes: number;
}

export interface SoakResult {
  seconds: number;
  sampleSeconds: number;
  samples: RssSample[];
  firstBytes: number;
  lastBytes: number;
  maxBytes: number;
  /** Least-squares slope of RSS over the samples of the second half, in MiB per minute. */
  slopeMbPerMin: number;
  /** Undefined when the second half holds fewer than two samples (a soak too short for its sampling). */
  growing: boolean | undefined;
  load: { requests: number; reqPerSec: number; non2xx: number; errors: number };
}

/** Least-squares slope of bytes over seconds, as MiB per minute; NaN with fewer than two samples. */
export function slopeMbPerMin(samples: RssSample[]): number {
  if (samples.length < 2) return Number.NaN;
  const n = samples.length;
  const mx = samples.reduce((s, p) => s + p.atSeconds, 0) / n;
  const my = samples.reduce((s, p) => s + p.bytes, 0) / n;
  const num = samples.reduce((s, p) => s + (p.atSeconds - mx) * (p.bytes - my), 0);
  const den = samples.reduce((s, p) => s + (p.atSeconds - mx) ** 2, 0);
  return den === 0 ? Number.NaN : ((num / den) * 60) / MB;
}

export async function soak(base: string, pid: number, learner: SignedInLearner, seconds: number, sampleSeconds: number): Promise<SoakResult> {
  const page = (path: string, extra: Record<string, string> = {}): Request => ({ method: "GET", path, headers: { ...BROWSER_PAGE_HEADERS, ...extra } });
  const requests: Request[] = [
    { method: "GET", path: PATHS.settings },
    page(PATHS.mainTr),
    page(PATHS.mainEn),
    page(PATHS.catalogueEn),
    page(PATHS.courseEn),
    page(PATHS.lessonEn),
    { method: "GET", path: PATHS.elements, headers: learner.headers },
    page(PATHS.courseTr, { cookie: `lang=tr; ${learner.cookie}` }),
  ];
  const started = performance.now();
  const samples: RssSample[] = [];
  const sample = async () => samples.push({ atSeconds: (performance.now() - started) / 1000, bytes: (await processTreeRss(pid)).bytes });
  await sample();
  const sampling: Promise<unknown>[] = [];
  const timer = setInterval(() => sampling.push(sample().catch(() => {})), sampleSeconds * 1000);
  const load = autocannon({ url: base, connections: SOAK_CONNECTIONS, duration: seconds, timeout: 10, requests });
  let result: Result;
  try {
    result = await load;
  } finally {
    clearInterval(timer);
  }
  await Promise.all(sampling);
  await sample();
  samples.sort((a, b) => a.atSeconds - b.atSeconds);
  const secondHalf = samples.filter((s) => s.atSeconds >= seconds / 2);
  const slope = slopeMbPerMin(secondHalf);
  return {
    seconds,
    sampleSeconds,
    samples,
    firstBytes: samples[0].bytes,
    lastBytes: samples.at(-1)!.bytes,
    maxBytes: Math.max(...samples.map((s) => s.bytes)),
    slopeMbPerMin: slope,
    growing: Number.isNaN(slope) ? undefined : slope > GROWTH_LIMIT_MB_PER_MIN,
    load: { requests: result.requests.total, reqPerSec: result.requests.total / result.duration, non2xx: result.non2xx, errors: result.errors },
  };
}
