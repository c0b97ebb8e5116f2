import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { appendFile, writeFile } from "node:fs/promises";
import os from "node:os";
import { markdownTable, type Table } from "./table";

/** docs/benchmarks.md: its introduction (written when the file is missing) and one appended section per run. */

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

export interface RunFacts {
  date: string;
  commit: string;
  connections: number;
  duration: number;
  warmup: number;
  server: string;
  loadAtStart: number;
  postgresVersion?: string;
  /** Which parts ran (BENCH_PARTS) and the settings that shape them. */
  parts: string;
  notes: string[];
}

export const INTRO = `# Benchmarks

\`npm run bench\` builds the app and measures, in one run (\`bench/run.ts\`, parts in \`bench/lib/\`):

- **two baselines** — a bare Fastify hello-world (\`bench/baseline-server.ts\`), the ceiling for this machine,
  and a trivial React Router page (\`bench/trivial-app/\`: one route with a small loader, served by Fastify and
  \`@mcansh/remix-fastify\` in production mode exactly as Mentora is), the ceiling for any SSR page;
- **load scenarios** with [autocannon](https://github.com/mcollina/autocannon), on the embedded PGlite
  database and on PostgreSQL: the settings API, the anonymous main pages \`/tr/\` and \`/en/\` and course
  page, the elements API and the course page as a signed-in learner. Pages are requested as a browser
  asks for them (\`accept: text/html\`, \`accept-encoding: br, gzip\`);
- **JS weight** — the JavaScript a first visit to the lesson and course pages loads in Chromium, bytes on
  the wire and decoded;
- **Lighthouse** (npm \`lighthouse\`, mobile defaults) performance and accessibility of \`/en/\`, \`/en/courses/\`,
  the course page and a lesson page, on the PGlite server;
- **overload** — on a server of its own (PostgreSQL: two workers), 200 connections from one address mixing
  signed-in course and lesson pages, chat sends and the cached catalogue, while a fresh visitor from a second
  address opens \`/en/\` (and the health check and a guest lesson page) every second;
- **memory** — the server's RSS (process and children) at start and after its run, and with
  \`BENCH_SOAK_SECONDS\` a soak of mixed load with RSS sampled along the way;
- **growth** — each view that can grow, on portals of three sizes (L1, L2, L3) seeded in set-based SQL
  into fresh databases, divided by the settings API on the same server and then by L1 ("1.00× = as
  cheap as at L1"); paged views also L3 against L2 and per item shown; the catalogue walked by cursor;
  a visitor's worst wait while chat rounds run at L3 (issue 30);
- **targets** — each goal of issues 10, 12 and 30 next to the measured figure, met or not.

Every server runs as its own child process on 127.0.0.1, started as \`npm start\` starts it from a
clean shell (the bundled server \`build/server-app/start.js\`, \`LOG_LEVEL=warn\`, demo seed, \`NODE_ENV\` unset)
on a fresh PGlite directory or a fresh PostgreSQL database, one server at a time. Each load scenario gets a
warm-up whose figures are discarded, then a fixed number of connections for a fixed time. Any non-2xx
response or connection error fails the scenario and the run exits non-zero (the overload probe excepted:
it expects refusals); a target not met does not. Choices behind the figures: docs/decisions/0025-bench.md.

## How to read the figures

The machines this runs on are small (2 cores) and noisy, so absolute req/s and latencies move from run
to run. Compare the **ratios** instead: each figure divided by its baseline measured a few minutes
earlier in the same run ("vs": \`hello\` or \`trivial\`). "req/s vs base" of 0.25× means a quarter of the
baseline's throughput; "p99 vs base" of 8× means the slowest 1 % of requests take eight times as long as
the baseline's. Latencies are the exact per-response times (autocannon's own histogram rounds to whole
milliseconds). Ratios cancel a slower machine, not a busy one: the load average recorded with each run
tells when other work shared the cores, and such runs compare poorly with quiet ones. Lighthouse's
simulated throttling does not cancel a busy machine either.

## How to run

\`\`\`sh
npm run bench                    # needs PostgreSQL on postgres://postgres@127.0.0.1:5432 (trust auth)
BENCH_DURATION=3 BENCH_LIGHTHOUSE_RUNS=1 BENCH_OVERLOAD_SECONDS=10 npm run bench   # a short run
BENCH_PARTS=lighthouse,weight BENCH_DATABASES=pglite npm run bench   # only some parts (load, weight, lighthouse, overload, chat, growth, soak), on one database
BENCH_SOAK_SECONDS=600 npm run bench   # adds the soak (here 10 minutes; RSS every BENCH_SOAK_SAMPLE_SECONDS=30) on each database
BENCH_PG_URL=postgres://user@host:5432/postgres npm run bench   # another PostgreSQL server
BENCH_SERVER_LOGS=/tmp/bench-logs BENCH_PARTS=chat npm run bench   # every server's whole output in that directory (what failed requests met)
BENCH_PARTS=overload BENCH_OVERLOAD_GUARD=OVERLOAD_QUEUE_WAIT_MS=1500 npm run bench   # the overload probe with other guard settings
\`\`\`

Each run appends a section below (newest last). Keep the sections of runs worth comparing; delete the ones
from development runs.
`;

export async function appendHistory(file: string, facts: RunFacts, tables: Table[]): Promise<void> {
  if (!existsSync(file)) await writeFile(file, INTRO);
  const section = [
    "",
    `## ${facts.date} · ${facts.commit}`,
    "",
    `Machine: ${machineFacts(facts.postgresVersion)}.`,
    `Load: ${facts.connections} connections, ${facts.duration} s per scenario after ${facts.warmup} s of warm-up.`,
    `Parts: ${facts.parts}.`,
    `Server: ${facts.server}.`,
    `1-minute load average: ${facts.loadAtStart.toFixed(1)} at start, ${os.loadavg()[0].toFixed(1)} at end.`,
    ...tables.flatMap((t) => ["", markdownTable(t)]),
    ...(facts.notes.length ? ["", ...facts.notes.map((n) => `- ${n}`)] : []),
    "",
  ].join("\n");
  await appendFile(file, section);
}
