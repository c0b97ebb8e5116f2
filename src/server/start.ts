import cluster from "node:cluster";
import { ConfigError, parseConfig, type Config } from "./config";
import { superviseWorkers, workerExecArgv, type FatalMessage } from "./cluster";

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
  await app.listen({ port: config.PORT, host: config.HOST });
  if (cluster.isPrimary) app.log.info(`Mentora is serving on http://localhost:${config.PORT} (${database.kind})`);
}

async function start() {
  const config = parseConfig();
  // Libraries (React above all) pick their production build from process.env, not from our config.
  process.env.NODE_ENV = config.NODE_ENV;
  if (cluster.isWorker) return serve(config, { prepareDatabase: process.env[PREPARE_ENV] === "1" });
  if (config.MENTORA_DEV) return serve(config, { prepareDatabase: true });
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, process.env.NODE_OPTIONS, config.MAX_HEAP_MB) });
  if (config.METRICS_PORT !== undefined) {
    const { clusterSource, serveMetrics } = await import("./platform/metrics-server");
    await serveMetrics(config, clusterSource());
  }
  const info = ["info", "debug", "trace"].includes(config.LOG_LEVEL);
  const db = config.DATABASE_URL ? "postgres" : "pglite";
  superviseWorkers({
    workers: config.WORKERS,
    prepareEnv: { [PREPARE_ENV]: "1" },
    onReady: () => {
      if (info) console.log(`mentora: serving on http://localhost:${config.PORT} (${db}, ${config.WORKERS} worker${config.WORKERS > 1 ? "s" : ""})`);
    },
    warn: (line) => console.error(line),
  });
}

function failureLine(e: unknown): string {
  // By name: importing the database module here would load it into the primary.
  if (e instanceof ConfigError || (e as Error).name === "DatabaseUnavailableError") return `mentora: ${(e as Error).message}`;
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
