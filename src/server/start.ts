import { ConfigError, parseConfig } from "./config";
import { DatabaseUnavailableError, openDatabase } from "./db/client";
import { seedAtStart } from "./db/seed/demo";
import { buildApp } from "./main";

/** Entry point: config, database, migrations, demo seed, listen. Failures print one line and exit 1. */
async function start() {
  const config = parseConfig();
  // Libraries (React above all) pick their production build from process.env, not from our config.
  process.env.NODE_ENV = config.NODE_ENV;
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  await seedAtStart(database.db, config);
  const app = await buildApp({ config, database });
  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Mentora is serving on http://localhost:${config.PORT} (${database.kind})`);
}

start().catch((e: unknown) => {
  if (e instanceof ConfigError || e instanceof DatabaseUnavailableError) {
    console.error(`mentora: ${e.message}`);
  } else if ((e as NodeJS.ErrnoException).code === "EADDRINUSE") {
    console.error(`mentora: port is already in use (${(e as Error).message}); set PORT to another port`);
  } else {
    console.error(`mentora: start-up failed: ${(e as Error).message ?? e}`);
  }
  process.exit(1);
});
