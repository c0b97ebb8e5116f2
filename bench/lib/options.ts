/** The bench's settings, from the environment; a bad value stops the run before anything starts. */

export const PARTS = ["load", "weight", "lighthouse", "overload", "chat", "growth", "soak"] as const;
export type Part = (typeof PARTS)[number];
/** What runs when BENCH_PARTS is not set; the soak joins them when BENCH_SOAK_SECONDS is set. */
const DEFAULT_PARTS: Part[] = ["load", "weight", "lighthouse", "overload", "chat", "growth"];
const DEFAULT_SOAK_SECONDS = 600;

export interface BenchOptions {
  /** Seconds of measured load per scenario (BENCH_DURATION, default 10) after `warmup` seconds thrown away. */
  duration: number;
  warmup: number;
  connections: number;
  parts: Set<Part>;
  databases: ("pglite" | "postgres")[];
  lighthouseRuns: number;
  overloadSeconds: number;
  /**
   * The overload server's guard settings to try (BENCH_OVERLOAD_GUARD="OVERLOAD_QUEUE_WAIT_MS=1500,OVERLOAD_CONCURRENCY=8");
   * none by default: the server's own defaults are measured.
   */
  overloadGuard: Record<string, string>;
  /** Seconds of soak when the parts include "soak". */
  soakSeconds: number;
  soakSampleSeconds: number;
  /** Chat delivery: learner-mentor pairs (BENCH_CHAT_PAIRS, default 100) and measured seconds (BENCH_CHAT_SECONDS, default 30). */
  chatPairs: number;
  chatSeconds: number;
  /** Growth: measured seconds per view and level (BENCH_GROWTH_SECONDS, default 4), seconds of chat rounds probed at L3 (BENCH_GROWTH_JOBS_SECONDS, default 25). */
  growthSeconds: number;
  growthJobsSeconds: number;
  pgAdminUrl: string;
}

class OptionError extends Error {}

function positive(name: string, fallback: number, { allowZero = false, integer = false } = {}): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === "" ? fallback : Number(raw);
  const ok = Number.isFinite(value) && (allowZero ? value >= 0 : value > 0) && (!integer || Number.isInteger(value));
  if (!ok) throw new OptionError(`${name} must be a ${allowZero ? "non-negative" : "positive"} ${integer ? "whole number" : "number"}, got "${raw}"`);
  return value;
}

function list<T extends string>(name: string, allowed: readonly T[], fallback: readonly T[]): T[] {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return [...fallback];
  const items = raw.split(",").map((s) => s.trim());
  const bad = items.filter((i) => !(allowed as readonly string[]).includes(i));
  if (bad.length || items.length === 0) throw new OptionError(`${name} takes a comma-separated list of ${allowed.join(", ")}; got "${raw}"`);
  return allowed.filter((a) => items.includes(a));
}

const GUARD_SETTINGS = ["OVERLOAD_CONCURRENCY", "OVERLOAD_QUEUE_WAIT_MS", "OVERLOAD_MAX_LAG_MS"];

function guardSettings(raw: string | undefined): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const item of (raw ?? "").split(",").filter((i) => i.trim())) {
    const [name, value] = item.split("=").map((s) => s.trim());
    if (!GUARD_SETTINGS.includes(name) || !/^\d+$/.test(value ?? "")) {
      throw new OptionError(`BENCH_OVERLOAD_GUARD takes NAME=whole number pairs of ${GUARD_SETTINGS.join(", ")}; got "${raw}"`);
    }
    settings[name] = value;
  }
  return settings;
}

export function readOptions(): BenchOptions {
  try {
    const soakAsked = positive("BENCH_SOAK_SECONDS", 0, { allowZero: true });
    const parts = new Set<Part>(list<Part>("BENCH_PARTS", PARTS, soakAsked > 0 ? [...DEFAULT_PARTS, "soak"] : DEFAULT_PARTS));
    return {
      duration: positive("BENCH_DURATION", 10),
      warmup: 2,
      connections: 10,
      parts,
      databases: list("BENCH_DATABASES", ["pglite", "postgres"] as const, ["pglite", "postgres"]),
      lighthouseRuns: positive("BENCH_LIGHTHOUSE_RUNS", 3, { integer: true }),
      overloadSeconds: positive("BENCH_OVERLOAD_SECONDS", 30),
      overloadGuard: guardSettings(process.env.BENCH_OVERLOAD_GUARD),
      soakSeconds: soakAsked || DEFAULT_SOAK_SECONDS,
      soakSampleSeconds: positive("BENCH_SOAK_SAMPLE_SECONDS", 30),
      chatPairs: positive("BENCH_CHAT_PAIRS", 100, { integer: true }),
      chatSeconds: positive("BENCH_CHAT_SECONDS", 30),
      growthSeconds: positive("BENCH_GROWTH_SECONDS", 4),
      growthJobsSeconds: positive("BENCH_GROWTH_JOBS_SECONDS", 25),
      pgAdminUrl: process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    };
  } catch (e) {
    if (!(e instanceof OptionError)) throw e;
    console.error(`bench: ${e.message}`);
    process.exit(2);
  }
}

/** One line for the history: what ran and with which settings. */
export function describeOptions(o: BenchOptions): string {
  const detail: Partial<Record<Part, string>> = {
    lighthouse: `${o.lighthouseRuns} run(s) per page`,
    overload: `${o.overloadSeconds} s${
      Object.keys(o.overloadGuard).length
        ? `, ${Object.entries(o.overloadGuard)
            .map(([k, v]) => `${k}=${v}`)
            .join(" ")}`
        : ""
    }`,
    chat: `${o.chatPairs} pairs, ${o.chatSeconds} s, postgres`,
    growth: `L1-L3, ${o.growthSeconds} s per view, ${o.growthJobsSeconds} s of chat rounds`,
    soak: `${o.soakSeconds} s, RSS every ${o.soakSampleSeconds} s`,
  };
  const parts = [...o.parts].map((p) => (detail[p] ? `${p} (${detail[p]})` : p));
  return `${parts.join(", ")} on ${o.databases.join(" and ")}`;
}
