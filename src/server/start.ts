import cluster from "node:cluster";
import { ConfigError, demoDefaultRefusals, parseConfig, type Config } from "./config";
import { superviseWorkers, workerExecArgv, type FatalMessage } from "./cluster";
import { useProductionBuilds } from "./platform/production-builds";
import { runtimeProblem } from "./platform/runtime-version";
import { startBanner } from "./start-banner";

/**
 * Entry point. Failures print one line and exit 1.
 *
 * This process checks the configuration and forks WORKERS workers (cluster.ts; one on PGlite), which
 * serve one port; it restarts a worker that dies and stops them all on SIGTERM/SIGINT. The first
 * worker migrates the database and seeds the demo before it listens; the others are forked once it
 * does. Development (MENTORA_DEV=1, Vite) runs in this one process.
 */

/** Set by the primary for the worker that migrates and seeds before listening. */
const PREPARE_ENV = "MENTORA_PREPARE_DATABASE";

async function serve(config: Config, { prepareDatabase }: { prepareDatabase: boolean }) {
  // Loaded here, not at the top: the primary never opens the database or builds the app.
  const { openDatabase, withStartupLock } = await import("./db/client");
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  if (prepareDatabase) {
    // Never two at once, also across hosts: on PostgreSQL under an advisory lock.
    const { seedAtStart } = await import("./db/seed/demo");
    await withStartupLock(config.DATABASE_URL, async () => {
      await database.migrate();
      await seedAtStart(database.db, config);
    });
  }
  const { buildApp } = await import("./main");
  const app = await buildApp({ config, database });
  if (config.METRICS_PORT !== undefined) {
    // Workers answer the primary, which serves METRICS_PORT for all of them; development's one process serves it itself.
    const metricsServer = await import("./platform/metrics-server");
    if (cluster.isWorker) metricsServer.shareWithPrimary(app.metrics.registry);
    else await metricsServer.serveMetrics(config, metricsServer.registrySource(app.metrics.registry));
  }
  let stopping: Promise<void> | undefined;
  const shutdown = () =>
    (stopping ??= (async () => {
      await app.close();
      await database.close();
      process.exit(0);
    })());
  // Ctrl-C reaches the primary and every worker, and the primary then sends SIGTERM: one shutdown.
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
  // A worker whose primary is gone stops too.
  if (cluster.isWorker) process.on("disconnect", shutdown);
  await listenQuietly(app, config);
  if (cluster.isPrimary && bannerWanted(config)) console.log(startBanner(config));
}

/**
 * Fastify logs "Server listening at ..." once per network interface, in JSON, with no option to
 * leave it out; the banner says where the server is, once. Only the app's own logger is muted while
 * it binds: requests log through their own child loggers.
 */
async function listenQuietly(app: Awaited<ReturnType<typeof import("./main").buildApp>>, config: Config) {
  const log = app.log as unknown as { info: (...args: unknown[]) => void };
  const info = log.info;
  log.info = () => {};
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } finally {
    log.info = info;
  }
}

/** The banner is information: LOG_LEVEL=warn and quieter leave it out. */
const bannerWanted = (config: Config) => ["info", "debug", "trace"].includes(config.LOG_LEVEL);

async function start() {
  const tooOld = runtimeProblem();
  if (tooOld) throw new ConfigError(tooOld);
  const config = parseConfig();
  // The primary checks what an explicit NODE_ENV=production refuses, before the line below sets NODE_ENV for everyone.
  if (cluster.isPrimary) {
    const refusals = demoDefaultRefusals(config, process.env);
    if (refusals.length > 0) throw new ConfigError(refusals.join("\n"));
  }
  // Libraries (React above all) pick their production build from process.env, not from our config.
  process.env.NODE_ENV = config.NODE_ENV;
  // React Router picks no production build by itself (production-builds.ts); development keeps its warnings.
  if (config.NODE_ENV === "production" && !config.MENTORA_DEV) useProductionBuilds();
  if (cluster.isWorker) return serve(config, { prepareDatabase: process.env[PREPARE_ENV] === "1" });
  if (config.MENTORA_DEV) return serve(config, { prepareDatabase: true });
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, process.env.NODE_OPTIONS, config.MAX_HEAP_MB) });
  if (config.METRICS_PORT !== undefined) {
    const { clusterSource, serveMetrics } = await import("./platform/metrics-server");
    await serveMetrics(config, clusterSource());
  }
  superviseWorkers({
    workers: config.WORKERS,
    prepareEnv: { [PREPARE_ENV]: "1" },
    onReady: () => {
      if (bannerWanted(config)) console.log(startBanner(config));
    },
    warn: (line) => console.error(line),
  });
}

/** Failures whose message says it all (by name: importing the database modules here would load them into the primary). */
const TOLD_FAILURES = new Set(["DatabaseUnavailableError", "DataDirLockedError", "NewerDatabaseError", "MigrationFailedError"]);

function failureLine(e: unknown): string {
  // A refusal of several settings: one line each.
  if (e instanceof ConfigError)
    return (e as Error).message
      .split("\n")
      .map((l) => `mentora: ${l}`)
      .join("\n");
  if (TOLD_FAILURES.has((e as Error).name)) return `mentora: ${(e as Error).message}`;
  if ((e as NodeJS.ErrnoException).code === "EADDRINUSE") {
    return `mentora: port is already in use (${(e as Error).message}); set PORT to another port`;
  }
  return `mentora: start-up failed: ${(e as Error).message ?? e}`;
}

start().catch((e: unknown) => {
  const line = failureLine(e);
  if (cluster.isWorker && process.send) {
    // The primary prints it once, however many workers failed the same way.
    const message: FatalMessage = { type: "mentora:fatal", message: line };
    process.send(message, () => process.exit(1));
  } else {
    console.error(line);
    process.exit(1);
  }
});
