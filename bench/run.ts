import os from "node:os";
import path from "node:path";
import { BENCH_COURSE, signInLearner } from "./lib/learner";
import { measure, type MeasureOptions, type RequestHeaders } from "./lib/measure";
import { appendHistory, commitLabel, consoleTable, machineFacts, rowFailed, type Row } from "./lib/report";
import {
  createBenchDatabase,
  releaseAll,
  MENTORA_ENV_LABEL,
  ROOT_DIR,
  startBaseline,
  startMentoraPglite,
  startMentoraPostgres,
  type BenchDatabase,
  type RunningServer,
} from "./lib/servers";

/**
 * `npm run bench`: baseline, then Mentora on PGlite and on PostgreSQL, one server at a time so that
 * idle servers never compete for the two cores. Exits non-zero when any scenario failed or was not run.
 */

const duration = Number(process.env.BENCH_DURATION ?? 10);
if (!Number.isFinite(duration) || duration <= 0) {
  console.error(`bench: BENCH_DURATION must be a positive number of seconds, got "${process.env.BENCH_DURATION}"`);
  process.exit(2);
}
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const options: MeasureOptions = { connections: 10, duration, warmup: 2 };
const HISTORY_FILE = path.join(ROOT_DIR, "docs/benchmarks.md");

const SETTINGS = "/api/portal/settings";
const SSR_MAIN = "/tr/";
const ELEMENTS = `/api/courses/${BENCH_COURSE}/elements?lang=tr`;
const SSR_COURSE = `/tr/courses/${BENCH_COURSE}`;

/** A scenario on a running Mentora server: `prepare` may set things up and names what to load. */
interface MentoraScenario {
  label: string;
  prepare(base: string): Promise<{ path: string; headers?: RequestHeaders }>;
}

/** What each Mentora server is measured on, in this order. Rows read "<label> · <database>". */
const MENTORA_SCENARIOS: MentoraScenario[] = [
  { label: `settings API ${SETTINGS}`, prepare: async () => ({ path: SETTINGS }) },
  { label: `SSR ${SSR_MAIN}`, prepare: async () => ({ path: SSR_MAIN }) },
  {
    label: `elements API ${ELEMENTS} · signed-in learner`,
    prepare: async (base) => ({ path: ELEMENTS, headers: (await signInLearner(base)).headers }),
  },
  {
    // The course page as a returning learner loads it: the session and language cookies, real progress.
    label: `SSR ${SSR_COURSE} · signed-in learner`,
    prepare: async (base) => ({ path: SSR_COURSE, headers: { cookie: `lang=tr; ${(await signInLearner(base)).cookie}` } }),
  },
];
const scenarioNames = (db: string) => MENTORA_SCENARIOS.map((s) => `${s.label} · ${db}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\nbench: ${signal}; stopping servers and dropping the bench database`);
    void releaseAll().finally(() => process.exit(130));
  });
}

const startedAt = Date.now();
// The 1-minute load average before any server starts: other work on the two cores shows up here.
const loadAtStart = os.loadavg()[0];
// Taken before anything is written, so this run's own history entry does not mark the tree dirty.
const commit = commitLabel();
const rows: Row[] = [];
const notes: string[] = [];
let postgresVersion: string | undefined;

async function scenario(name: string, url: string, headers?: RequestHeaders): Promise<void> {
  process.stdout.write(`bench: ${name} … `);
  const measurement = await measure(url, options, headers);
  console.log(`${Math.round(measurement.reqPerSec)} req/s`);
  rows.push({ scenario: name, measurement });
}

async function onServer(start: () => Promise<RunningServer>, work: (url: string) => Promise<void>): Promise<void> {
  const server = await start();
  try {
    await work(server.url);
  } finally {
    await server.stop();
  }
}

/** The history keeps one line per problem; the server output that follows it is printed on the console. */
function firstLine(e: unknown): string {
  return (e as Error).message.split("\n")[0];
}

function notRun(names: string[], reason: string, note: string) {
  for (const scenario of names) if (!rows.some((r) => r.scenario === scenario)) rows.push({ scenario, skipped: reason });
  notes.push(note);
}

/** Every Mentora scenario on one server; whatever a failing server kept from running is marked so. */
async function mentora(db: "pglite" | "postgres", start: () => Promise<RunningServer>): Promise<void> {
  const names = scenarioNames(db);
  try {
    await onServer(start, async (url) => {
      for (const [i, s] of MENTORA_SCENARIOS.entries()) {
        const { path, headers } = await s.prepare(url);
        await scenario(names[i], url + path, headers);
      }
    });
  } catch (e) {
    console.error(`bench: ${(e as Error).message}`);
    notRun(names, "server failed", `${db}: ${firstLine(e)}`);
  }
}

try {
  console.log(`bench: ${machineFacts()}, load average ${loadAtStart.toFixed(1)}`);
  console.log(`bench: ${options.connections} connections, ${duration} s per scenario after ${options.warmup} s of warm-up`);
  await onServer(startBaseline, (url) => scenario("baseline: bare Fastify hello", `${url}/`));
} catch (e) {
  // Without a baseline there is nothing to compare against, so nothing is recorded.
  console.error(`bench: baseline failed: ${(e as Error).message}`);
  await releaseAll();
  process.exit(1);
}

try {
  await mentora("pglite", startMentoraPglite);

  let database: BenchDatabase | undefined;
  try {
    database = await createBenchDatabase(PG_ADMIN_URL);
    postgresVersion = database.serverVersion;
  } catch (e) {
    const reason = `PostgreSQL unreachable at ${PG_ADMIN_URL.replace(/\/\/[^@/]*@/, "//…@")}: ${(e as Error).message}`;
    console.error(`bench: ${reason} — reporting the PGlite figures only; the run will exit non-zero.`);
    notRun(scenarioNames("postgres"), "PostgreSQL unreachable", reason);
  }
  if (database) {
    const url = database.url;
    await mentora("postgres", () => startMentoraPostgres(url));
    await database.drop();
  }
} finally {
  await releaseAll();
}

const baseline = rows[0]?.measurement;
console.log(`\n${consoleTable(rows, baseline)}\n`);
await appendHistory(
  HISTORY_FILE,
  {
    date: new Date(startedAt).toISOString().replace(/\.\d+Z$/, "Z"),
    commit,
    server: MENTORA_ENV_LABEL,
    loadAtStart,
    postgresVersion,
    notes,
    ...options,
  },
  rows,
  baseline,
);
const seconds = Math.round((Date.now() - startedAt) / 1000);
const failed = rows.filter(rowFailed).map((r) => r.scenario);
console.log(`bench: appended to ${path.relative(process.cwd(), HISTORY_FILE)}; took ${seconds} s`);
if (failed.length) {
  console.error(`bench: FAILED or not run: ${failed.join("; ")}`);
  process.exit(1);
}
