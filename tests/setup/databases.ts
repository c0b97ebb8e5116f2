/**
 * Integration-test harness: the same suite runs on every database Mentora supports.
 *
 *   describeEachDatabase("portal API", (t) => {
 *     it("answers settings", async () => {
 *       const res = await t.app.inject({ method: "GET", url: "/api/portal/settings" });
 *       expect(res.statusCode).toBe(200);
 *     });
 *   });
 *
 * For each kind the suite gets a database of its own, created in beforeAll and disposed in afterAll:
 * - `pglite`: an in-memory PGlite started from the run's migrated (or migrated and seeded) snapshot,
 *   see ./pglite-snapshot.ts;
 * - `postgres`: a fresh PostgreSQL database cloned with `CREATE DATABASE x TEMPLATE tpl` from the
 *   template that tests/setup/postgres-template.ts migrated (or migrated and seeded) once for the
 *   run; dropped afterwards.
 * Nothing is reset through ORM internals: a suite that needs a clean slate asks for another database.
 */
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { parseConfig, type Config } from "../../src/server/config";
import { openDatabase, type Database, type Db } from "../../src/server/db/client";
import { seedDemo } from "../../src/server/db/seed/demo";
import { buildApp } from "../../src/server/main";
import { cloneName, urlForDatabase, type PgTemplateInfo } from "./postgres-template";
import { quoteIdent, withAdmin } from "../../bench/lib/pg-admin";
import { openPgliteSnapshot } from "./pglite-snapshot";

export type DatabaseKind = Database["kind"];
export type TestEnv = Record<string, string | undefined>;

/** A database opened for tests; `dispose()` closes it and, for PostgreSQL, drops it. */
export interface TestDatabase {
  kind: DatabaseKind;
  database: Database;
  /** PostgreSQL connection URL of the clone; undefined on PGlite. */
  url?: string;
  dispose(): Promise<void>;
}

/** What a suite body receives. Properties are readable inside hooks and tests (after beforeAll). */
export interface DatabaseSuite {
  readonly kind: DatabaseKind;
  readonly database: Database;
  readonly db: Db;
  /** PostgreSQL connection URL of this suite's database (another instance may open it); undefined on PGlite. */
  readonly url: string | undefined;
  /** Config of this suite, from parseConfig() with NODE_ENV=test, LOG_LEVEL=silent and `env`. */
  readonly config: Config;
  /** Fastify app on this database (buildApp with ssr:false, logger:false), closed after the suite. */
  readonly app: FastifyInstance;
  /** Runs the demo seed (idempotent) against this database. */
  seed(): Promise<void>;
  /** Another app on the same database, e.g. with other env; closed after the suite. */
  buildApp(env?: TestEnv): Promise<FastifyInstance>;
  /** Config for this database with extra env, validated by parseConfig. */
  makeConfig(env?: TestEnv): Config;
}

export interface DescribeEachDatabaseOptions {
  /** Seed the demo content before the tests (default true). */
  seed?: boolean;
  /** Extra environment for parseConfig (PORTAL_ID, ENVIRONMENT_ID, ...). */
  env?: TestEnv;
}

function pgInfo(): PgTemplateInfo | null {
  return inject("mentoraPg") ?? null;
}

/** The kinds a suite runs on: PGlite always, PostgreSQL unless MENTORA_SKIP_PG=1. */
export function databaseKinds(): DatabaseKind[] {
  return pgInfo() ? ["pglite", "postgres"] : ["pglite"];
}

/** The demo seed's ids; a database seeded with other ids is seeded after it is opened. */
export type SeedIds = Pick<Config, "PORTAL_ID" | "ENVIRONMENT_ID">;

/** An in-memory PGlite, migrated and, with `seed`, seeded: from the run's snapshots when there are. */
export async function openPgliteDatabase(seed?: SeedIds): Promise<Database> {
  const snapshots = inject("mentoraPglite") ?? null;
  if (snapshots) {
    const seededIsSame = seed && seed.PORTAL_ID === snapshots.portalId && seed.ENVIRONMENT_ID === snapshots.environmentId;
    const database = await openPgliteSnapshot(seededIsSame ? snapshots.seeded : snapshots.migrated);
    if (seed && !seededIsSame) {
      try {
        await seedDemo(database.db, seed);
      } catch (e) {
        await database.close().catch(() => undefined);
        throw e;
      }
    }
    return database;
  }
  const database = await openDatabase({ dataDir: null });
  try {
    await database.migrate();
    if (seed) await seedDemo(database.db, seed);
  } catch (e) {
    await database.close().catch(() => undefined);
    throw e;
  }
  return database;
}

/** A fresh PostgreSQL database cloned from the run's migrated template (or its seeded one). */
export async function createPostgresClone(seed?: SeedIds): Promise<{ name: string; url: string; seeded: boolean; drop(): Promise<void> }> {
  const info = pgInfo();
  if (!info) throw new Error("PostgreSQL is disabled for this run (MENTORA_SKIP_PG=1)");
  const seeded = !!seed && !!info.seeded && seed.PORTAL_ID === info.seeded.portalId && seed.ENVIRONMENT_ID === info.seeded.environmentId;
  const source = seeded ? info.seeded!.template : info.template;
  const name = cloneName(info.template, randomBytes(5).toString("hex"));
  await withAdmin(info.adminUrl, async (c) => {
    // CREATE DATABASE fails while another session is connected to the template; the template is only
    // ever connected to during globalSetup, but retry briefly in case of a stray session.
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(source)}`);
        return;
      } catch (e) {
        if (attempt >= 20 || !/being accessed by other users/.test((e as Error).message)) throw e;
        await new Promise((r) => setTimeout(r, 100 + attempt * 50));
      }
    }
  });
  return {
    name,
    url: urlForDatabase(info.adminUrl, name),
    seeded,
    drop: () =>
      withAdmin(info.adminUrl, async (c) => {
        // pool.end() resolves before the sockets are closed: let the sessions go away by themselves
        // first, so FORCE does not have to terminate them under the feet of a closing client.
        for (let i = 0; i < 40; i++) {
          const { rows } = await c.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
          if (rows[0].n === 0) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        await c.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
      }),
  };
}

/** Opens a fresh, migrated database of the given kind; with `seed`, the demo content is in it too. */
export async function openTestDatabase(kind: DatabaseKind, seed?: SeedIds): Promise<TestDatabase> {
  if (kind === "pglite") {
    const database = await openPgliteDatabase(seed);
    return { kind, database, dispose: () => database.close() };
  }
  const clone = await createPostgresClone(seed);
  let database: Database;
  try {
    database = await openDatabase({ url: clone.url });
    if (seed && !clone.seeded) await seedDemo(database.db, seed);
  } catch (e) {
    await clone.drop();
    throw e;
  }
  return {
    kind,
    database,
    url: clone.url,
    async dispose() {
      try {
        await database.close();
      } finally {
        await clone.drop();
      }
    },
  };
}

/** Config the way start.ts builds it, for a test database. */
export function testConfig(url: string | undefined, env: TestEnv = {}): Config {
  return parseConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SEED_DEMO: "false", DATABASE_URL: url, ...env });
}

/** Runs `fn` once per database kind, inside `describe("<name> [<kind>]")`, on a database of its own. */
export function describeEachDatabase(name: string, fn: (t: DatabaseSuite) => void, options: DescribeEachDatabaseOptions = {}) {
  for (const kind of databaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      let handle: TestDatabase | undefined;
      let config: Config | undefined;
      let app: FastifyInstance | undefined;
      const apps: FastifyInstance[] = [];

      const ready = <T>(value: T | undefined, what: string): T => {
        if (value === undefined) throw new Error(`${what} is available only inside hooks and tests, after beforeAll`);
        return value;
      };
      const makeConfig = (env: TestEnv = {}) => testConfig(ready(handle, "database").url, { ...options.env, ...env });
      const build = async (env?: TestEnv) => {
        const a = await buildApp({ config: makeConfig(env), database: ready(handle, "database").database, ssr: false, logger: false });
        apps.push(a);
        await a.ready();
        return a;
      };

      const suite: DatabaseSuite = {
        kind,
        get database() {
          return ready(handle, "database").database;
        },
        get db() {
          return ready(handle, "database").database.db;
        },
        get url() {
          return ready(handle, "database").url;
        },
        get config() {
          return ready(config, "config");
        },
        get app() {
          return ready(app, "app");
        },
        seed: () => seedDemo(ready(handle, "database").database.db, ready(config, "config")),
        buildApp: build,
        makeConfig,
      };

      beforeAll(async () => {
        const env = testConfig(undefined, options.env);
        handle = await openTestDatabase(kind, (options.seed ?? true) ? { PORTAL_ID: env.PORTAL_ID, ENVIRONMENT_ID: env.ENVIRONMENT_ID } : undefined);
        config = makeConfig();
        app = await build();
      });

      afterAll(async () => {
        for (const a of apps.splice(0)) await a.close().catch(() => {});
        await handle?.dispose();
      });

      fn(suite);
    });
  }
}
