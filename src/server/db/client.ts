import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { lockDataDir } from "./data-dir-lock";
import { runMigrations, type MigrationTarget } from "./migrate";
import * as auditSchema from "./schema/audit";
import * as authSchema from "./schema/auth";
import * as chatSchema from "./schema/chat";
import * as contentSchema from "./schema/content";
import * as coursesSchema from "./schema/courses";
import * as formsSchema from "./schema/forms";
import * as mailSchema from "./schema/mail";
import * as mediaSchema from "./schema/media";
import * as ordersSchema from "./schema/orders";
import * as pageDesignerSchema from "./schema/page-designer";
import * as portalSchema from "./schema/portal";
import * as rateLimitsSchema from "./schema/rate-limits";
import * as rewardsSchema from "./schema/rewards";
import * as resultsSchema from "./schema/results";
import * as subscriptionsSchema from "./schema/subscriptions";
import * as usersSchema from "./schema/users";

/** Every table, one schema file per area (drizzle.config.ts reads the same folder; test snapshots use it too). */
export const schema = {
  ...contentSchema,
  ...portalSchema,
  ...usersSchema,
  ...authSchema,
  ...mailSchema,
  ...coursesSchema,
  ...formsSchema,
  ...subscriptionsSchema,
  ...rateLimitsSchema,
  ...ordersSchema,
  ...chatSchema,
  ...rewardsSchema,
  ...resultsSchema,
  ...auditSchema,
  ...pageDesignerSchema,
  ...mediaSchema,
};

export type Db = ReturnType<typeof drizzlePglite<typeof schema>> | ReturnType<typeof drizzlePg<typeof schema>>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** PostgreSQL LISTEN/NOTIFY on this database (platform/bus.ts builds on it). */
  notifications: Notifications;
  /** Applies the pending migrations of `folder` (default: this build's) in one transaction (migrate.ts). */
  migrate(folder?: string): Promise<void>;
  close(): Promise<void>;
  /** Hears every query's time (the app's metrics, platform/metrics.ts); returns the function that stops it. */
  onQuery(listener: QueryListener): () => void;
}

/** One query through drizzle: how long it took, in seconds, whether it failed, and what was sent (the EXPLAIN test reads it). */
export type QueryListener = (seconds: number, failed: boolean, statement: QueryStatement) => void;

/** A query's text and its parameters, as the driver was handed them. */
export interface QueryStatement {
  text: string;
  params: unknown[];
}

/** The statement in a driver call's arguments: (text, params), ({ text, values }) or ({ text }, params) as drizzle calls pg. */
function statementOf(args: unknown[]): QueryStatement {
  const [first, second] = args;
  const config = (typeof first === "string" ? { text: first } : (first ?? {})) as { text?: unknown; values?: unknown };
  const params = Array.isArray(second) ? second : Array.isArray(config.values) ? config.values : [];
  return { text: String(config.text ?? ""), params };
}

/** What a listener hears: each payload, that its connection was lost, and that it is back (what was sent meanwhile is lost). */
export interface NotificationHandlers {
  message(payload: string): void;
  /** The connection is gone: nothing is heard until `reconnected`. */
  lost?(): void;
  reconnected(): void;
}

export interface Notifications {
  /** Resolves once LISTEN is in place, so a NOTIFY sent after it is heard; returns a function that stops listening. */
  listen(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** The listeners of one database; each query's time goes to all of them. */
function queryListeners() {
  const listeners = new Set<QueryListener>();
  /** Tells the listeners about a query that began at `start` (performance.now()). */
  const tell = (start: number, failed: boolean, statement: QueryStatement) => {
    const seconds = (performance.now() - start) / 1000;
    for (const l of listeners) l(seconds, failed, statement);
  };
  return {
    onQuery(listener: QueryListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    get active() {
      return listeners.size > 0;
    },
    tell,
    /** Times the promise `run` makes; the promise itself is returned as it is. */
    timed<T>(run: () => Promise<T>, args: unknown[]): Promise<T> {
      if (listeners.size === 0) return run();
      const start = performance.now();
      const p = run();
      p.then(
        () => tell(start, false, statementOf(args)),
        () => tell(start, true, statementOf(args)),
      );
      return p;
    },
  };
}

type Listeners = ReturnType<typeof queryListeners>;

/**
 * The pool's clients, timed: every query drizzle runs goes through `client.query` of one of them,
 * pooled ones (pool.query, with a callback) and a transaction's (with a promise) alike. Cursors and
 * streams (submittables) pass untimed: drizzle uses none.
 */
function timedClientClass(listeners: Listeners): typeof pg.Client {
  return class TimedClient extends pg.Client {
    // pg's overloads (promise, callback, submittable) are typed one by one; this forwards any of them.
    override query(...args: unknown[]): never {
      const query = (...a: unknown[]) => (super.query as (...x: unknown[]) => unknown).apply(this, a);
      const first = args[0] as { submit?: unknown } | undefined;
      if (!listeners.active || (first && typeof first.submit === "function")) return query(...args) as never;
      const last = args.at(-1);
      if (typeof last === "function") {
        const start = performance.now();
        const callback = (err: unknown, res: unknown) => {
          listeners.tell(start, !!err, statementOf(args));
          (last as (e: unknown, r: unknown) => void)(err, res);
        };
        return query(...args.slice(0, -1), callback) as never;
      }
      return listeners.timed(() => query(...args) as Promise<unknown>, args) as never;
    }
  };
}

/**
 * PGlite, timed: drizzle calls `query` on it, and inside a transaction on the transaction it is
 * handed. Everything else is PGlite's own, bound to it (its methods use private fields).
 */
function timedPglite(client: PGlite, listeners: Listeners): PGlite {
  const timedQuery =
    <Q extends { query: (...a: never[]) => Promise<unknown> }>(target: Q) =>
    (...args: Parameters<Q["query"]>) =>
      listeners.timed(() => target.query(...args), args);
  return new Proxy(client, {
    get(target, prop) {
      if (prop === "query") return timedQuery(target);
      if (prop === "transaction") {
        return <T>(fn: (tx: Parameters<Parameters<PGlite["transaction"]>[0]>[0]) => Promise<T>) =>
          target.transaction((tx) => fn(new Proxy(tx, { get: (t, p) => (p === "query" ? timedQuery(t) : Reflect.get(t, p, t)) })));
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}

/** Opens PostgreSQL when a URL is given, else PGlite in `dataDir` (or in memory with dataDir null). */
export async function openDatabase(opts: { url?: string; dataDir?: string | null }): Promise<Database> {
  if (opts.url) {
    const listeners = queryListeners();
    const pool = new pg.Pool({ connectionString: opts.url, max: 10, connectionTimeoutMillis: 5_000, Client: timedClientClass(listeners) });
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
    const notifications = createPgNotifications(opts.url, pool);
    return {
      db,
      kind: "postgres",
      notifications,
      migrate: async (folder = MIGRATIONS_DIR) => {
        await runMigrations(pgMigrationTarget(pool), folder);
      },
      close: async () => {
        await notifications.close();
        await pool.end();
      },
      onQuery: listeners.onQuery,
    };
  }
  if (!opts.dataDir) return wrapPglite(new PGlite());
  mkdirSync(opts.dataDir, { recursive: true });
  // Before PGlite opens a file: a second process on this directory stops here (data-dir-lock.ts).
  const lock = lockDataDir(opts.dataDir);
  try {
    return await wrapPglite(new PGlite(path.join(opts.dataDir, "pglite")), { onClose: () => lock.release() });
  } catch (e) {
    lock.release();
    throw e;
  }
}

/** The Database over an open PGlite (tests start theirs from snapshots and wrap them the same way). */
export async function wrapPglite(client: PGlite, { onClose }: { onClose?: () => void } = {}): Promise<Database> {
  await client.waitReady;
  const listeners = queryListeners();
  const db = drizzlePglite(timedPglite(client, listeners), { schema });
  // `$client` is the PGlite itself, as without the timing: whoever reaches for it gets the real one
  // (the proxy calls its `query` at each query, so a test that wraps that still sees every query).
  db.$client = client;
  return {
    db,
    kind: "pglite",
    notifications: {
      // Embedded: one session in this process, so a connection is never lost and `reconnected` never fires.
      async listen(channel, handlers) {
        const stop = await client.listen(channel, handlers.message);
        // A closed database listens to nothing any more: nothing to stop.
        return async () => {
          if (!client.closed) await stop();
        };
      },
      async notify(channel, payload) {
        await client.query("select pg_notify($1, $2)", [channel, payload]);
      },
    },
    migrate: async (folder = MIGRATIONS_DIR) => {
      await runMigrations(pgliteMigrationTarget(client), folder);
    },
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        onClose?.();
      }
    },
    onQuery: listeners.onQuery,
  };
}

function pgliteMigrationTarget(client: PGlite): MigrationTarget {
  return {
    query: async <T>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params)).rows,
    transaction: (work) =>
      client.transaction((tx) =>
        work({
          query: async <T>(sql: string, params?: unknown[]) => (await tx.query<T>(sql, params)).rows,
          exec: async (sql) => {
            await tx.exec(sql);
          },
        }),
      ),
  };
}

/** On PostgreSQL: one pooled connection for the transaction, rolled back on any error. */
function pgMigrationTarget(pool: pg.Pool): MigrationTarget {
  return {
    query: async <T>(sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows as T[],
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query("begin");
        const out = await work({
          query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
          exec: async (sql) => {
            await client.query(sql);
          },
        });
        await client.query("commit");
        return out;
      } catch (e) {
        await client.query("rollback").catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
  };
}

const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;

/**
 * LISTEN needs a connection of its own for as long as we listen (a pooled one goes back to the pool).
 * One client carries every channel; when it is lost (server restart, terminated backend, network) it
 * reconnects with backoff, LISTENs again and tells each listener, which must then resynchronise.
 */
function createPgNotifications(url: string, pool: pg.Pool): Notifications & { close(): Promise<void> } {
  const listeners = new Map<string, Set<NotificationHandlers>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let delay = RECONNECT_FIRST_MS;

  const quoteChannel = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

  async function connect(): Promise<pg.Client> {
    const c = new pg.Client({ connectionString: url, application_name: "mentora-bus", connectionTimeoutMillis: 5_000 });
    c.on("notification", (n) => {
      for (const h of listeners.get(n.channel) ?? []) h.message(n.payload ?? "");
    });
    c.on("error", () => lost(c));
    c.on("end", () => lost(c));
    await c.connect();
    for (const channel of listeners.keys()) await c.query(`LISTEN ${quoteChannel(channel)}`);
    return c;
  }

  function lost(c: pg.Client) {
    if (client !== c || closed) return;
    client = null;
    void c.end().catch(() => {});
    for (const set of listeners.values()) for (const h of set) h.lost?.();
    const retry = () => {
      if (closed) return;
      connecting = connect();
      connecting.then(
        (fresh) => {
          connecting = null;
          if (closed) return void fresh.end().catch(() => {});
          client = fresh;
          delay = RECONNECT_FIRST_MS;
          for (const set of listeners.values()) for (const h of set) h.reconnected();
        },
        () => {
          connecting = null;
          delay = Math.min(delay * 2, RECONNECT_MAX_MS);
          setTimeout(retry, delay).unref();
        },
      );
    };
    setTimeout(retry, delay).unref();
  }

  async function ready(): Promise<pg.Client | null> {
    if (client) return client;
    if (connecting) return connecting.catch(() => null);
    if (closed) return null;
    connecting = connect();
    try {
      client = await connecting;
      return client;
    } finally {
      connecting = null;
    }
  }

  return {
    async listen(channel, handlers) {
      const first = !listeners.has(channel);
      if (first) listeners.set(channel, new Set());
      listeners.get(channel)!.add(handlers);
      const c = await ready();
      // A client being (re)connected LISTENs to every channel known when it connects.
      if (first && c) await c.query(`LISTEN ${quoteChannel(channel)}`);
      return async () => {
        const set = listeners.get(channel);
        set?.delete(handlers);
        if (set && set.size === 0) {
          listeners.delete(channel);
          await client?.query(`UNLISTEN ${quoteChannel(channel)}`).catch(() => {});
        }
      };
    },
    async notify(channel, payload) {
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    async close() {
      closed = true;
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

/** Key of the advisory lock that start-up holds around migrations and the demo seed. */
const STARTUP_LOCK_KEY = 0x6d656e74; // "ment"

/**
 * Runs `work` (migrations, demo seed) while holding a PostgreSQL session advisory lock, so instances
 * starting at once on one database take turns. PGlite is one process's own: `work` just runs.
 */
export async function withStartupLock<T>(url: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!url) return work();
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (e) {
    throw new DatabaseUnavailableError(`Cannot connect to DATABASE_URL: ${(e as Error).message}`);
  }
  try {
    await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
    return await work();
  } finally {
    // Ending the session releases the lock even if the unlock fails.
    await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
