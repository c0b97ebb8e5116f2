import os from "node:os";
import path from "node:path";
import { appendHistory, commitLabel, machineFacts } from "./lib/history";
import { signInLearner, type SignedInLearner } from "./lib/learner";
import { lighthouse } from "./lib/lighthouse";
import { measure, responseFacts, type RequestHeaders } from "./lib/measure";
import { describeOptions, readOptions } from "./lib/options";
import { OVERLOAD_CONNECTIONS, overload, OVERLOAD_SERVER_ENV } from "./lib/overload";
import { measurePageWeights } from "./lib/page-weight";
import { reportTables } from "./lib/report";
import { rowFailed, type BenchResults, type Db, type Row, type ServerMemory } from "./lib/results";
import { processTreeRss } from "./lib/rss";
import {
  BASELINE_LABELS,
  BROWSER_PAGE_HEADERS,
  LIGHTHOUSE_PAGES,
  MENTORA_SCENARIOS,
  SIGNED_IN_LIGHTHOUSE_PAGES,
  WEIGHED_PAGES,
  type BaselineId,
} from "./lib/scenarios";
import {
  createBenchDatabase,
  releaseAll,
  MENTORA_ENV_LABEL,
  ROOT_DIR,
  startBaseline,
  startMentoraPglite,
  startMentoraPostgres,
  startTrivialReactRouter,
  type RunningServer,
} from "./lib/servers";
import { soak } from "./lib/soak";
import { chatDelivery } from "./lib/chat-bench";
import { growth, GROWTH_LEVELS, type GrowthResults } from "./lib/growth";
import { growthTable, growthTargets } from "./lib/growth-report";
import { consoleTable } from "./lib/table";
import { chatTargets, evaluateTargets, targetsTable } from "./lib/targets";
import { buildTrivialApp } from "./lib/trivial-app";

/**
 * `npm run bench`: the two baselines, then Mentora on PGlite and on PostgreSQL, one server at a time so
 * that idle servers never compete for the two cores. On each Mentora server: the load scenarios, then
 * (on the first database only) the pages' JS weight and Lighthouse, then the overload probe and the
 * optional soak; its RSS is read at start and at the end. Parts and settings: bench/lib/options.ts.
 * Exits non-zero when a scenario or a part failed or could not run; targets not met do not fail it.
 */

const options = readOptions();
const HISTORY_FILE = path.join(ROOT_DIR, "docs/benchmarks.md");
const loadOptions = { connections: options.connections, duration: options.duration, warmup: options.warmup };

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
const results: BenchResults = {
  rows: [],
  pageWeights: [],
  lighthouse: [],
  lighthouseRuns: options.lighthouseRuns,
  overload: [],
  soak: [],
  chat: {},
  memory: [],
  notes: [],
  failures: [],
};
let postgresVersion: string | undefined;
let growthResults: GrowthResults | undefined;

/** The history keeps one line per problem; the server output that follows it is printed on the console. */
function firstLine(e: unknown): string {
  return (e as Error).message.split("\n")[0];
}

function partFailed(what: string, e: unknown) {
  console.error(`bench: ${what} failed: ${(e as Error).message}`);
  results.failures.push(what);
  results.notes.push(`${what} failed: ${firstLine(e)}`);
}

/** A load scenario: one response noted, then warm-up and measured load. */
async function scenario(row: Row, url: string, serverPid: number, headers?: RequestHeaders): Promise<void> {
  process.stdout.write(`bench: ${row.scenario} … `);
  row.response = await responseFacts(url, headers);
  row.measurement = await measure(url, loadOptions, headers, serverPid);
  console.log(`${Math.round(row.measurement.reqPerSec)} req/s`);
  results.rows.push(row);
}

/** Runs `work` on a fresh server and reads its RSS (with its children) at start and after the work. */
async function onServer(name: string, db: Db | undefined, start: () => Promise<RunningServer>, work: (server: RunningServer) => Promise<void>) {
  const server = await start();
  const memory: ServerMemory = { server: name, db };
  results.memory.push(memory);
  try {
    memory.atStart = await processTreeRss(server.pid);
    await work(server);
    memory.afterRun = await processTreeRss(server.pid);
  } finally {
    await server.stop();
  }
}

async function baseline(id: BaselineId, start: () => Promise<RunningServer>, pagePath: string, headers?: RequestHeaders) {
  await onServer(BASELINE_LABELS[id], undefined, start, (server) =>
    scenario({ scenario: BASELINE_LABELS[id], id }, server.url + pagePath, server.pid, headers),
  );
}

/** The parts that run on the one Mentora server of a database (the overload probe starts its own). */
const ON_SERVER_PARTS = ["load", "weight", "lighthouse", "soak"] as const;

/**
 * The overload probe on a server of its own: on PostgreSQL with two workers, as a deployment on this
 * two-core machine would run (the other parts keep one, see below), and with OVERLOAD_SERVER_ENV.
 */
async function overloadPart(db: Db, start: () => Promise<RunningServer>, workers: number): Promise<void> {
  console.log(
    `bench: overload · ${db} (${workers} worker${workers > 1 ? "s" : ""}): ${OVERLOAD_CONNECTIONS} connections for ${options.overloadSeconds} s, a fresh visitor every second`,
  );
  let server: RunningServer | undefined;
  try {
    server = await start();
    results.overload.push({ db, result: await overload(server.url, options.overloadSeconds, workers) });
  } catch (e) {
    partFailed(`overload · ${db}`, e);
  } finally {
    await server?.stop();
  }
}

/** Each part of the bench on one Mentora server; a part that fails is noted and the next one still runs. */
async function mentora(db: Db, start: () => Promise<RunningServer>, overloadServer: { start: () => Promise<RunningServer>; workers: number }): Promise<void> {
  const browserDb = options.databases[0];
  if (ON_SERVER_PARTS.some((p) => options.parts.has(p))) await onMentoraServer(db, start, browserDb);
  // Last: its thousands of chat messages and learners stay in the database the other parts measured.
  if (options.parts.has("overload")) await overloadPart(db, overloadServer.start, overloadServer.workers);
}

async function onMentoraServer(db: Db, start: () => Promise<RunningServer>, browserDb: Db): Promise<void> {
  try {
    await onServer(`Mentora (${db})`, db, start, async ({ url, pid }) => {
      if (options.parts.has("load")) {
        const learner: SignedInLearner = await signInLearner(url);
        for (const s of MENTORA_SCENARIOS) {
          await scenario({ scenario: `${s.label} · ${db}`, id: s.id, db, baseline: s.baseline }, url + s.path, pid, s.headers(learner));
        }
      }
      if (db === browserDb && options.parts.has("weight")) {
        console.log(`bench: JS weight of ${WEIGHED_PAGES.map((p) => p.path).join(", ")} in Chromium`);
        await measurePageWeights(
          url,
          WEIGHED_PAGES.map((p) => p.path),
        ).then(
          (w) => results.pageWeights.push(...w),
          (e: unknown) => partFailed("JS weight", e),
        );
      }
      if (db === browserDb && options.parts.has("lighthouse")) {
        for (const page of LIGHTHOUSE_PAGES) {
          process.stdout.write(`bench: Lighthouse ${page} × ${options.lighthouseRuns} … `);
          await lighthouse(url, page, options.lighthouseRuns).then(
            (r) => {
              results.lighthouse.push(r);
              console.log(`performance ${r.median.performance}, accessibility ${r.median.accessibility}`);
            },
            (e: unknown) => partFailed(`Lighthouse ${page}`, e),
          );
        }
        const learner = await signInLearner(url);
        for (const page of SIGNED_IN_LIGHTHOUSE_PAGES) {
          process.stdout.write(`bench: Lighthouse ${page} as a signed-in learner × ${options.lighthouseRuns} … `);
          await lighthouse(url, page, options.lighthouseRuns, `lang=tr; ${learner.cookie}`).then(
            (r) => {
              results.lighthouse.push(r);
              console.log(`performance ${r.median.performance}, accessibility ${r.median.accessibility}`);
            },
            (e: unknown) => partFailed(`Lighthouse ${page} signed in`, e),
          );
        }
      }
      if (options.parts.has("soak")) {
        console.log(`bench: soak · ${db}: mixed load for ${options.soakSeconds} s, RSS every ${options.soakSampleSeconds} s`);
        await signInLearner(url)
          .then((learner) => soak(url, pid, learner, options.soakSeconds, options.soakSampleSeconds))
          .then(
            (r) => results.soak.push({ db, result: r }),
            (e: unknown) => partFailed(`soak · ${db}`, e),
          );
      }
    });
  } catch (e) {
    console.error(`bench: ${(e as Error).message}`);
    markNotRun(db, "server failed", `${db}: ${firstLine(e)}`);
  }
}

/** Load scenarios of `db` that have no row yet get one that says why; the run then exits non-zero. */
function markNotRun(db: Db, reason: string, note: string) {
  if (options.parts.has("load")) {
    for (const s of MENTORA_SCENARIOS) {
      if (!results.rows.some((r) => r.id === s.id && r.db === db)) results.rows.push({ scenario: `${s.label} · ${db}`, id: s.id, db, skipped: reason });
    }
  }
  results.failures.push(`${db}: ${reason}`);
  results.notes.push(note);
}

console.log(`bench: ${machineFacts()}, load average ${loadAtStart.toFixed(1)}`);
console.log(`bench: ${describeOptions(options)}; ${options.connections} connections, ${options.duration} s per scenario after ${options.warmup} s of warm-up`);
try {
  if (options.parts.has("load")) {
    try {
      await baseline("hello", startBaseline, "/");
    } catch (e) {
      // Without the first baseline there is nothing to compare against, so nothing is recorded.
      console.error(`bench: baseline failed: ${(e as Error).message}`);
      await releaseAll();
      process.exit(1);
    }
    try {
      await buildTrivialApp();
      // Asked for as the signed-in course page is, by a browser (no cookie: the trivial app has no sessions).
      await baseline("trivial", startTrivialReactRouter, "/", BROWSER_PAGE_HEADERS);
    } catch (e) {
      partFailed("trivial React Router baseline", e);
    }
  }

  for (const db of options.databases) {
    if (db === "pglite") {
      await mentora("pglite", () => startMentoraPglite(), {
        start: () => startMentoraPglite({ ...OVERLOAD_SERVER_ENV, ...options.overloadGuard }),
        workers: 1,
      });
      continue;
    }
    let database: Awaited<ReturnType<typeof createBenchDatabase>> | undefined;
    try {
      database = await createBenchDatabase(options.pgAdminUrl);
      postgresVersion = database.serverVersion;
    } catch (e) {
      const reason = `PostgreSQL unreachable at ${options.pgAdminUrl.replace(/\/\/[^@/]*@/, "//…@")}: ${(e as Error).message}`;
      console.error(`bench: ${reason} — reporting the other figures only; the run will exit non-zero.`);
      markNotRun("postgres", "PostgreSQL unreachable", reason);
    }
    if (database) {
      const databaseUrl = database.url;
      // One worker, as the PGlite server and both baselines run: on a two-core machine the load
      // generator needs a core of its own, and a worker per core takes it (docs/decisions/0036).
      await mentora("postgres", () => startMentoraPostgres(databaseUrl, { WORKERS: "1" }), {
        start: () => startMentoraPostgres(databaseUrl, { ...OVERLOAD_SERVER_ENV, ...options.overloadGuard, WORKERS: "2" }),
        workers: 2,
      });
      await database.drop();
    }
  }
  if (options.parts.has("chat"))
    await chatDelivery(options.chatPairs, options.chatSeconds, options.pgAdminUrl, results).catch((e: unknown) => partFailed("chat delivery", e));
  if (options.parts.has("growth")) {
    growthResults = await growth({
      databases: options.databases,
      seconds: options.growthSeconds,
      jobsSeconds: options.growthJobsSeconds,
      pgAdminUrl: options.pgAdminUrl,
      levels: GROWTH_LEVELS,
    }).catch((e: unknown) => {
      partFailed("growth", e);
      return undefined;
    });
    for (const f of growthResults?.figures.filter((x) => x.error) ?? []) results.failures.push(`growth ${f.view} · ${f.db} · ${f.level}`);
  }
} finally {
  await releaseAll();
}

const tables = [
  ...reportTables(results),
  ...(growthResults ? [growthTable(growthResults)] : []),
  targetsTable([
    ...evaluateTargets(results),
    ...(options.parts.has("chat") ? chatTargets(results) : []),
    ...(growthResults ? growthTargets(growthResults) : []),
  ]),
];
console.log(`\n${tables.map(consoleTable).join("\n\n")}\n`);
await appendHistory(
  HISTORY_FILE,
  {
    date: new Date(startedAt).toISOString().replace(/\.\d+Z$/, "Z"),
    commit,
    server: MENTORA_ENV_LABEL,
    loadAtStart,
    postgresVersion,
    parts: describeOptions(options),
    notes: results.notes,
    ...loadOptions,
  },
  tables,
);
const seconds = Math.round((Date.now() - startedAt) / 1000);
const failed = [...results.rows.filter(rowFailed).map((r) => r.scenario), ...results.failures];
console.log(`bench: appended to ${path.relative(process.cwd(), HISTORY_FILE)}; took ${seconds} s`);
if (failed.length) {
  console.error(`bench: FAILED or not run: ${[...new Set(failed)].join("; ")}`);
  process.exit(1);
}
