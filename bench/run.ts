import path from "node:path";
import { measure, type MeasureOptions } from "./lib/measure";
import { appendHistory, commitLabel, consoleTable, machineFacts, rowFailed, type Row } from "./lib/report";
import {
  createBenchDatabase,
  releaseAll,
  ROOT_DIR,
  startBaseline,
  startMentoraPglite,
  startMentoraPostgres,
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

process.once("SIGINT", () => {
  console.error("\nbench: interrupted; stopping servers and dropping the bench database");
  void releaseAll().finally(() => process.exit(130));
});

const startedAt = Date.now();
// Taken before anything is written, so this run's own history entry does not mark the tree dirty.
const commit = commitLabel();
const rows: Row[] = [];
const notes: string[] = [];
let postgresVersion: string | undefined;

async function scenario(name: string, url: string): Promise<Row> {
  process.stdout.write(`bench: ${name} … `);
  const measurement = await measure(url, options);
  console.log(`${Math.round(measurement.reqPerSec)} req/s`);
  const row = { scenario: name, measurement };
  rows.push(row);
  return row;
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

function skip(names: string[], reason: string) {
  for (const scenario of names) rows.push({ scenario, skipped: reason });
}

const pgScenarios = [`settings API ${SETTINGS} · postgres`, `SSR ${SSR_MAIN} · postgres`];
const pgliteScenarios = [`settings API ${SETTINGS} · pglite`, `SSR ${SSR_MAIN} · pglite`];

try {
  console.log(`bench: ${machineFacts()}; ${options.connections} connections, ${duration} s per scenario (+${options.warmup} s warm-up)`);
  await onServer(startBaseline, async (url) => {
    await scenario("baseline: bare Fastify hello", `${url}/`);
  });

  try {
    await onServer(startMentoraPglite, async (url) => {
      await scenario(pgliteScenarios[0], url + SETTINGS);
      await scenario(pgliteScenarios[1], url + SSR_MAIN);
    });
  } catch (e) {
    skip(pgliteScenarios.filter((s) => !rows.some((r) => r.scenario === s)), "server failed");
    notes.push(`PGlite: ${firstLine(e)}`);
    console.error(`bench: ${(e as Error).message}`);
  }

  let database: Awaited<ReturnType<typeof createBenchDatabase>> | undefined;
  try {
    database = await createBenchDatabase(PG_ADMIN_URL);
    postgresVersion = database.serverVersion;
  } catch (e) {
    const reason = `PostgreSQL unreachable at ${PG_ADMIN_URL.replace(/\/\/[^@/]*@/, "//…@")}: ${(e as Error).message}`;
    skip(pgScenarios, "PostgreSQL unreachable");
    notes.push(reason);
    console.error(`bench: ${reason} — reporting PGlite figures only; the run will exit non-zero.`);
  }
  if (database) {
    try {
      await onServer(
        () => startMentoraPostgres(database.url),
        async (url) => {
          await scenario(pgScenarios[0], url + SETTINGS);
          await scenario(pgScenarios[1], url + SSR_MAIN);
        },
      );
    } catch (e) {
      skip(pgScenarios.filter((s) => !rows.some((r) => r.scenario === s)), "server failed");
      notes.push(`PostgreSQL: ${firstLine(e)}`);
      console.error(`bench: ${(e as Error).message}`);
    } finally {
      await database.drop();
    }
  }
} catch (e) {
  // The baseline itself failed: there is nothing to compare against, so nothing to record.
  console.error(`bench: ${(e as Error).message}`);
  await releaseAll();
  process.exit(1);
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
