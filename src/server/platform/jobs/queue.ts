import PgBoss from "pg-boss";
import type { Database, Db } from "../../db/client";
import { sqlAdapter, transactionAdapter } from "./sql-adapter";

/** The schema pg-boss keeps its tables in (it creates and migrates it itself, under its own lock). */
export const JOB_SCHEMA = "pgboss";

export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A job as a worker sees it: its data and how many tries came before this one. */
export interface JobRun<T> {
  id: string;
  data: T;
  retryCount: number;
  retryLimit: number;
}

export interface SendOptions {
  /** A UUID that names the job: a second send with the same id is dropped (the letter's send key). */
  id?: string;
  /**
   * The caller's drizzle transaction: the job is inserted in it, so it exists if and only if the
   * transaction commits (docs/decisions/0073). The worker is woken at once and may find the job only
   * at its next poll, once the transaction is over.
   */
  tx?: Db;
  retryLimit?: number;
  /** Seconds before the first retry; they double with each try after it. */
  retryDelaySeconds?: number;
}

export interface JobQueue {
  /** Puts a job on the queue; null when one with `options.id` is there already. Wakes this process's worker. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** This instance works `name` once started: one job at a time; a handler that throws fails the try. */
  work<T>(name: string, handler: (job: JobRun<T>) => Promise<void>): void;
  /**
   * Every `ms`, a round of `name` that exactly one worker of all instances runs: each instance asks
   * for the round of the current time slot, the queue keeps the first ask of a slot and drops the rest.
   */
  every(name: string, ms: number, run: () => Promise<unknown>): void;
  /** Asks for `name`'s round of the current slot now, as the timer does; null when it was asked for already. */
  ask(name: string): Promise<string | null>;
  /** Starts this instance's workers, the rounds' timers and the queue's upkeep (expiry, archive); `log` replaces the queue's log from then on. */
  start(log?: JobLog): Promise<void>;
  /** Stops them, letting a job under way finish (up to a few seconds). */
  stop(): Promise<void>;
  /** Jobs waiting (new or to be retried) and failed for good, per queue name. */
  counts(): Promise<Record<string, { queued: number; failed: number }>>;
  /** The same counts for the jobs of `name` whose data contains `match` (a portal's letters). */
  countsOf(name: QueueName, match: Record<string, string>): Promise<{ queued: number; failed: number }>;
  /**
   * Failed jobs of `name` whose data contains `match`, the latest failure first, `limit` of them
   * after the job `after` (keyset paging). Failed jobs stay until the queue archives them.
   */
  failedJobs<T>(name: QueueName, opts: { match: Record<string, string>; after?: string; limit: number }): Promise<Array<FailedJob<T>>>;
  /** The state of job `id` of `name` whose data contains `match`; null when there is none. */
  stateOf(name: QueueName, id: string, match: Record<string, string>): Promise<string | null>;
  /** Queues a failed job for one more try; false when it is not failed (waiting, done, or queued again already). */
  retry(name: QueueName, id: string): Promise<boolean>;
}

/** A job that used up its tries, as the back office lists it. */
export interface FailedJob<T> {
  id: string;
  data: T;
  createdOn: Date;
  completedOn: Date | null;
  retryCount: number;
  /** The message of the last try's error. */
  error: string | null;
}

/** Every queue this app uses; created on first use (idempotent). */
const QUEUES = ["letter", "chat-round", "digest-round"] as const;
export type QueueName = (typeof QUEUES)[number];

export function createJobQueue(database: Database, opts: { pollMs: number; log: JobLog }): JobQueue {
  const db = sqlAdapter(database);
  let log = opts.log;
  const handlers = new Map<string, (job: JobRun<never>) => Promise<void>>();
  const rounds: Array<{ name: string; ms: number; run: () => Promise<unknown> }> = [];
  const timers: NodeJS.Timeout[] = [];
  const workerIds = new Map<string, string>();
  let boss: PgBoss | null = null;
  let ready: Promise<PgBoss> | null = null;
  let supervising = false;
  let started = false;

  /**
   * One pg-boss per queue object, started on first use: a process that only sends (a test's second
   * services, a script) never runs upkeep; start() turns it on for the app's instances.
   */
  function open(supervise: boolean): Promise<PgBoss> {
    ready ??= (async () => {
      supervising = supervise;
      const b = new PgBoss({ db, schema: JOB_SCHEMA, supervise, schedule: false, migrate: true });
      b.on("error", (err) => log.error({ err }, "job queue error"));
      await b.start();
      for (const name of QUEUES) await b.createQueue(name, { name });
      boss = b;
      return b;
    })();
    return ready;
  }

  async function workOn(b: PgBoss, name: string, handler: (job: JobRun<never>) => Promise<void>) {
    let id = "";
    id = await b.work<never>(name, { pollingIntervalSeconds: opts.pollMs / 1000, includeMetadata: true }, async ([job]) => {
      if (!job) return;
      // A worker that found a job looks for the next one at once (pg-boss would wait a polling
      // interval after each): a backlog of letters drains at the mail server's pace.
      try {
        await handler({ id: job.id, data: job.data, retryCount: job.retryCount, retryLimit: job.retryLimit });
      } finally {
        if (id) b.notifyWorker(id);
      }
    });
    workerIds.set(name, id);
  }

  /** The round of the current slot of `ms`; null when an instance asked for it already. */
  async function askRound(b: PgBoss, name: string, ms: number): Promise<string | null> {
    const slot = Math.max(1, Math.round(ms / 1000));
    // A round whose worker is gone (a crash) expires and is not tried again: the next slot's round does its work.
    const id = await b.sendThrottled(name, {}, { retryLimit: 0, expireInSeconds: Math.max(60, slot * 5) }, slot, name);
    const worker = workerIds.get(name);
    if (id && worker) b.notifyWorker(worker);
    return id;
  }

  return {
    async ask(name) {
      const round = rounds.find((r) => r.name === name);
      if (!round) throw new Error(`no round ${name}`);
      return askRound(await open(false), name, round.ms);
    },
    async send(name, data, options = {}) {
      // A first use inside a PGlite transaction would wait for the session the transaction holds.
      if (options.tx && !ready && database.kind === "pglite") throw new Error("the job queue is not open: start it before queueing in a transaction");
      const b = await open(false);
      const id = await b.send(name, data, {
        ...(options.id ? { id: options.id } : {}),
        ...(options.tx ? { db: transactionAdapter(options.tx) } : {}),
        retryLimit: options.retryLimit ?? 0,
        retryDelay: options.retryDelaySeconds ?? 0,
        retryBackoff: (options.retryDelaySeconds ?? 0) > 0,
      });
      const worker = workerIds.get(name);
      if (id && worker) b.notifyWorker(worker);
      return id;
    },
    work(name, handler) {
      handlers.set(name, handler as (job: JobRun<never>) => Promise<void>);
    },
    every(name, ms, run) {
      rounds.push({ name, ms, run });
      handlers.set(name, async () => {
        try {
          await run();
        } catch (err) {
          log.error({ err, round: name }, "job round failed");
          throw err;
        }
      });
    },
    async start(appLog) {
      // Nothing to work here (no SMTP, no rounds): this instance leaves the queue alone.
      if (started || handlers.size === 0) return;
      started = true;
      if (appLog) log = appLog;
      // Sent through before it started: that pg-boss runs no upkeep (expiring the jobs of a worker that died); a new one does.
      if (ready && !supervising) {
        const sender = await ready;
        await sender.stop({ graceful: true, wait: true, close: false, timeout: 1_000 });
        ready = null;
      }
      const b = await open(true);
      for (const [name, handler] of handlers) await workOn(b, name, handler);
      for (const { name, ms } of rounds) {
        const ask = () => {
          askRound(b, name, ms).catch((err: unknown) => log.error({ err, round: name }, "job round not queued"));
        };
        const timer = setInterval(ask, ms);
        timer.unref();
        timers.push(timer);
      }
    },
    async stop() {
      for (const t of timers.splice(0)) clearInterval(t);
      const b = boss ?? (ready ? await ready.catch(() => null) : null);
      if (!b) return;
      await b.stop({ graceful: true, wait: true, close: false, timeout: 5_000 });
      boss = null;
      ready = null;
      started = false;
      workerIds.clear();
    },
    async counts() {
      await open(false);
      const { rows } = await db.executeSql(
        `select name, count(*) filter (where state in ('created', 'retry'))::int as queued, count(*) filter (where state = 'failed')::int as failed
           from ${JOB_SCHEMA}.job group by name`,
        [],
      );
      const out: Record<string, { queued: number; failed: number }> = {};
      for (const name of QUEUES) out[name] = { queued: 0, failed: 0 };
      for (const r of rows as Array<{ name: string; queued: number; failed: number }>) out[r.name] = { queued: r.queued, failed: r.failed };
      return out;
    },
    async countsOf(name, match) {
      await open(false);
      const { rows } = await db.executeSql(
        `select count(*) filter (where state in ('created', 'retry'))::int as queued, count(*) filter (where state = 'failed')::int as failed
           from ${JOB_SCHEMA}.job where name = $1 and data @> $2::jsonb`,
        [name, JSON.stringify(match)],
      );
      const [r] = rows as Array<{ queued: number; failed: number }>;
      return { queued: r?.queued ?? 0, failed: r?.failed ?? 0 };
    },
    async failedJobs<T>(name: QueueName, { match, after, limit }: { match: Record<string, string>; after?: string; limit: number }) {
      await open(false);
      const { rows } = await db.executeSql(
        `select id, data, created_on, completed_on, retry_count, coalesce(output->>'message', output->'value'->>'message') as error
           from ${JOB_SCHEMA}.job j
          where name = $1 and state = 'failed' and data @> $2::jsonb
            and ($3::uuid is null or (j.completed_on, j.id) < (select completed_on, id from ${JOB_SCHEMA}.job where name = $1 and id = $3::uuid))
          order by completed_on desc, id desc
          limit $4`,
        [name, JSON.stringify(match), after ?? null, limit],
      );
      return (rows as Array<{ id: string; data: T; created_on: Date; completed_on: Date | null; retry_count: number; error: string | null }>).map((r) => ({
        id: r.id,
        data: r.data,
        createdOn: new Date(r.created_on),
        completedOn: r.completed_on ? new Date(r.completed_on) : null,
        retryCount: r.retry_count,
        error: r.error,
      }));
    },
    async stateOf(name, id, match) {
      await open(false);
      const { rows } = await db.executeSql(`select state from ${JOB_SCHEMA}.job where name = $1 and id = $2::uuid and data @> $3::jsonb`, [
        name,
        id,
        JSON.stringify(match),
      ]);
      return (rows as Array<{ state: string }>)[0]?.state ?? null;
    },
    async retry(name, id) {
      const b = await open(false);
      // pg-boss moves only a failed job (state = 'failed') to retry: a second ask, or one for a job that was sent, changes nothing.
      // Its types say void; it answers { jobs, requested, affected } (Manager.mapCommandResponse).
      const { affected } = (await b.retry(name, id)) as unknown as { affected: number };
      const worker = workerIds.get(name);
      if (affected > 0 && worker) b.notifyWorker(worker);
      return affected > 0;
    },
  };
}
