import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { CHROMIUM_PATH } from "./page-weight";
import { ROOT_DIR } from "./servers";

/**
 * Lighthouse's defaults (mobile form factor, simulated throttling), performance and accessibility only,
 * through npm `lighthouse`'s CLI in its own process with Debian's Chromium. Each page is scored
 * `runs` times; the run with the median performance score is reported (accessibility barely varies).
 */

export const CHROME_FLAGS = "--headless=new --no-sandbox";

export const signedInLabel = (pagePath: string) => `${pagePath} · signed-in`;

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  /** Milliseconds (CLS unitless), from the same run. */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Accessibility audits that did not pass, by id. */
  failedAccessibilityAudits: string[];
}

export interface LighthouseResult {
  path: string;
  runs: LighthouseRun[];
  /** The run with the median performance score (the lower middle one for an even count). */
  median: LighthouseRun;
  version: string;
}

interface Lhr {
  lighthouseVersion: string;
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; numericValue?: number; scoreDisplayMode: string }>;
}

function cli(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(ROOT_DIR, "node_modules/lighthouse/cli/index.js"), ...args],
      { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, timeout: 180_000, maxBuffer: 16 * 2 ** 20 },
      (error, _stdout, stderr) => (error ? reject(new Error(`lighthouse failed: ${error.message}\n${stderr.slice(-2000)}`)) : resolve()),
    );
  });
}

async function once(url: string, dir: string, cookie?: string): Promise<{ run: LighthouseRun; version: string }> {
  const out = path.join(dir, "report.json");
  const signedIn = cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : [];
  await cli([
    url,
    "--output=json",
    `--output-path=${out}`,
    "--only-categories=performance,accessibility",
    `--chrome-flags=${CHROME_FLAGS}`,
    ...signedIn,
    "--quiet",
  ]);
  const lhr = JSON.parse(await readFile(out, "utf8")) as Lhr;
  if (lhr.runtimeError) throw new Error(`lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string) => {
    const s = lhr.categories[id]?.score;
    if (s === null || s === undefined) throw new Error(`lighthouse on ${url} gave no ${id} score`);
    return Math.round(s * 100);
  };
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failedAccessibilityAudits = lhr.categories.accessibility.auditRefs
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
  return {
    version: lhr.lighthouseVersion,
    run: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      fcp: value("first-contentful-paint"),
      lcp: value("largest-contentful-paint"),
      tbt: value("total-blocking-time"),
      cls: value("cumulative-layout-shift"),
      failedAccessibilityAudits,
    },
  };
}

/**
 * Lighthouse itself says "please run Lighthouse again" for some trace failures (NO_NAVSTART and the like,
 * seen on a loaded machine): a run is tried up to ATTEMPTS times before the page counts as failed.
 */
const ATTEMPTS = 3;

async function withRetries<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (e) {
      if (attempt >= ATTEMPTS) throw e;
      console.error(`bench: ${(e as Error).message.split("\n")[0]} — trying again (${attempt + 1} of ${ATTEMPTS})`);
    }
  }
}

/** `cookie`: the page as a signed-in learner sees it (sent with every request); the result's path then reads "<path> · signed-in". */
export async function lighthouse(base: string, pagePath: string, runs: number, cookie?: string): Promise<LighthouseResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "mentora-lighthouse-"));
  try {
    const results: LighthouseRun[] = [];
    let version = "";
    for (let i = 0; i < runs; i++) {
      const r = await withRetries(() => once(base + pagePath, dir, cookie));
      results.push(r.run);
      version = r.version;
    }
    const sorted = [...results].sort((a, b) => a.performance - b.performance);
    return { path: cookie ? signedInLabel(pagePath) : pagePath, runs: results, median: sorted[Math.floor((sorted.length - 1) / 2)], version };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
