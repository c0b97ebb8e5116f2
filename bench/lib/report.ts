import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { appendFile, writeFile } from "node:fs/promises";
import os from "node:os";
import type { Measurement } from "./measure";

export interface Row {
  scenario: string;
  measurement?: Measurement;
  /** Why the scenario has no figures (e.g. PostgreSQL unreachable). */
  skipped?: string;
}

export function failure(m: Measurement): string | undefined {
  const problems: string[] = [];
  if (m.non2xx > 0) {
    const codes = Object.entries(m.statusCodes).filter(([code]) => !code.startsWith("2"));
    problems.push(`${m.non2xx} non-2xx (${codes.map(([code, n]) => `${code}×${n}`).join(", ")})`);
  }
  if (m.errors > 0) problems.push(`${m.errors} errors${m.timeouts ? ` (${m.timeouts} timeouts)` : ""}`);
  if (m.requests === 0) problems.push("no responses");
  return problems.length ? problems.join(", ") : undefined;
}

export function rowFailed(row: Row): boolean {
  return !row.measurement || failure(row.measurement) !== undefined;
}

function ms(v: number): string {
  if (!Number.isFinite(v)) return "—";
  return v < 10 ? v.toFixed(2) : v.toFixed(1);
}

function ratio(v: number): string {
  if (!Number.isFinite(v)) return "—";
  // Two significant digits below 1: SSR can sit at a few thousandths of the baseline's req/s.
  return `${v < 1 ? v.toPrecision(2) : v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : v.toFixed(0)}×`;
}

const HEADER = ["scenario", "req/s", "p50 ms", "p99 ms", "req/s vs base", "p50 vs base", "p99 vs base", "result"];

function cells(rows: Row[], baseline: Measurement | undefined): string[][] {
  return rows.map(({ scenario, measurement: m, skipped }) => {
    if (!m) return [scenario, "—", "—", "—", "—", "—", "—", `not run: ${skipped ?? "unknown"}`];
    const b = baseline;
    return [
      scenario,
      Math.round(m.reqPerSec).toString(),
      ms(m.p50),
      ms(m.p99),
      b ? ratio(m.reqPerSec / b.reqPerSec) : "—",
      b ? ratio(m.p50 / b.p50) : "—",
      b ? ratio(m.p99 / b.p99) : "—",
      failure(m) ? `FAILED: ${failure(m)}` : `ok (${m.requests} requests)`,
    ];
  });
}

export function consoleTable(rows: Row[], baseline: Measurement | undefined): string {
  const all = [HEADER, ...cells(rows, baseline)];
  const widths = HEADER.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  // Text columns left-aligned, figures right-aligned so magnitudes line up.
  const line = (r: string[]) => r.map((c, i) => (i === 0 || i === r.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [line(HEADER), widths.map((w) => "-".repeat(w)).join("  "), ...all.slice(1).map(line)].map((l) => l.trimEnd()).join("\n");
}

function markdownTable(rows: Row[], baseline: Measurement | undefined): string {
  const line = (r: string[]) => `| ${r.join(" | ")} |`;
  const align = HEADER.map((_, i) => (i === 0 || i === HEADER.length - 1 ? "---" : "---:"));
  return [line(HEADER), line(align), ...cells(rows, baseline).map(line)].join("\n");
}

function git(args: string[]): string | undefined {
  try {
    return execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return undefined;
  }
}

/** Short commit, "+dirty" when the working tree differs from it: such figures are not of that commit alone. */
export function commitLabel(): string {
  const commit = git(["rev-parse", "--short", "HEAD"]) ?? "unknown";
  // --no-optional-locks: a read-only look that never rewrites the index while others work in the tree.
  const status = git(["--no-optional-locks", "status", "--porcelain"]);
  return status ? `${commit}+dirty` : commit;
}

export interface RunFacts {
  date: string;
  commit: string;
  connections: number;
  duration: number;
  warmup: number;
  server: string;
  loadAtStart: number;
  postgresVersion?: string;
  notes: string[];
}

export function machineFacts(postgresVersion?: string): string {
  const cpu = os.cpus()[0]?.model.trim() ?? "unknown CPU";
  const facts = [
    `${os.availableParallelism()} cores (${cpu})`,
    `${Math.round(os.totalmem() / 2 ** 30)} GiB RAM`,
    `Node ${process.version}`,
    `${os.platform()} ${os.arch()}`,
  ];
  if (postgresVersion) facts.push(`PostgreSQL ${postgresVersion}`);
  return facts.join(", ");
}

const INTRO = `# Benchmarks

\`npm run bench\` builds the app and measures, in one run, with [autocannon](https://github.com/mcollina/autocannon):

- **baseline** — a bare Fastify hello-world (\`bench/baseline-server.ts\`), the ceiling for this machine;
- **settings API** — \`GET /api/portal/settings\`, on the embedded PGlite database and on PostgreSQL;
- **SSR /tr/** — the server-rendered main page, on both databases.

Every server runs as its own child process on 127.0.0.1, started as \`npm start\` starts it from a
clean shell (\`src/server/start.ts\` on the built app, \`LOG_LEVEL=warn\`, demo seed, \`NODE_ENV\` unset)
on a fresh PGlite directory or a fresh PostgreSQL database, one server at a time. Each scenario gets a
warm-up whose figures are discarded, then a fixed number of connections for a fixed time. Any non-2xx
response or connection error fails the scenario and the run exits non-zero.

## How to read the figures

The machines this runs on are small (2 cores) and noisy, so absolute req/s and latencies move from run
to run. Compare the **ratios** instead: each figure divided by the baseline measured a few seconds
earlier in the same run. "req/s vs base" of 0.25× means a quarter of the bare Fastify throughput; "p99 vs
base" of 8× means the slowest 1 % of requests take eight times as long as the baseline's. Latencies are
the exact per-response times (autocannon's own histogram rounds to whole milliseconds). Ratios cancel a
slower machine, not a busy one: the load average recorded with each run tells when other work shared
the cores, and such runs compare poorly with quiet ones.

## How to run

\`\`\`sh
npm run bench                    # needs PostgreSQL on postgres://postgres@127.0.0.1:5432 (trust auth)
BENCH_DURATION=3 npm run bench   # shorter scenarios while developing (default 10 s)
BENCH_PG_URL=postgres://user@host:5432/postgres npm run bench   # another PostgreSQL server
\`\`\`

Each run appends a section below (newest last). Keep the sections of runs worth comparing; delete the ones
from development runs.
`;

export async function appendHistory(file: string, facts: RunFacts, rows: Row[], baseline: Measurement | undefined): Promise<void> {
  if (!existsSync(file)) await writeFile(file, INTRO);
  const section = [
    "",
    `## ${facts.date} · ${facts.commit}`,
    "",
    `Machine: ${machineFacts(facts.postgresVersion)}.`,
    `Load: ${facts.connections} connections, ${facts.duration} s per scenario after ${facts.warmup} s of warm-up.`,
    `Server: ${facts.server}.`,
    `1-minute load average: ${facts.loadAtStart.toFixed(1)} at start, ${os.loadavg()[0].toFixed(1)} at end.`,
    "",
    markdownTable(rows, baseline),
    ...(facts.notes.length ? ["", ...facts.notes.map((n) => `- ${n}`)] : []),
    "",
  ].join("\n");
  await appendFile(file, section);
}
