import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as authSchema from "./schema/auth";
import * as coursesSchema from "./schema/courses";
import * as formsSchema from "./schema/forms";
import * as mailSchema from "./schema/mail";
import * as portalSchema from "./schema/portal";
import * as subscriptionsSchema from "./schema/subscriptions";
import * as usersSchema from "./schema/users";

/** Every table, one schema file per area (drizzle.config.ts reads the same folder; test snapshots use it too). */
export const schema = { ...portalSchema, ...usersSchema, ...authSchema, ...mailSchema, ...coursesSchema, ...formsSchema, ...subscriptionsSchema };

export type Db = ReturnType<typeof drizzlePglite<typeof schema>> | ReturnType<typeof drizzlePg<typeof schema>>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export class DatabaseUnavailableError extends Error {}

/** Opens PostgreSQL when a URL is given, else PGlite in `dataDir` (or in memory with dataDir null). */
export async function openDatabase(opts: { url?: string; dataDir?: string | null }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10, connectionTimeoutMillis: 5_000 });
    // An idle client that loses its connection (server restart, terminated backend) is already
    // discarded by the pool, which then emits 'error': without a listener that would crash the process.
    pool.on("error", (e) => {
      console.warn(`mentora: idle PostgreSQL connection lost: ${e.message}`);
    });
    try {
      const client = await pool.connect();
      client.release();
    } catch (e) {
      await pool.end().catch(() => {});
      throw new DatabaseUnavailableError(`Cannot connect to DATABASE_URL: ${(e as Error).message}`);
    }
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: "postgres",
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true });
    client = new PGlite(path.join(opts.dataDir, "pglite"));
  } else {
    client = new PGlite();
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}
