/**
 * Background work on the job queue in the database (docs/decisions/0070), on PGlite and PostgreSQL:
 * a letter asked for while the mail server is down arrives once it is back, and once; a letter that
 * keeps failing is marked failed after its tries and counted; a periodic round asked for by two
 * instances (two queues with workers on one database) runs exactly once.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { sleep, uniqueIp } from "../../../../tests/support/http";
import { startSmtp, type SmtpSink } from "../../../../tests/support/mail";
import { freePort } from "../../../../tests/support/processes";
import { register } from "../../../../tests/support/sign-in";
import type { Db } from "../../db/client";
import { createJobQueue, JOB_SCHEMA, type JobQueue } from "./queue";
import { jobEvents, jobStats } from "./stats";

interface LetterJob {
  id: string;
  state: string;
  retry_count: number;
}

/** The reset letters' jobs to `to`, oldest first. */
async function resetJobs(db: Db, to: string): Promise<LetterJob[]> {
  const result = await db.execute(
    sql.raw(
      `select id, state, retry_count from ${JOB_SCHEMA}.job where name = 'letter' and data->>'to' = '${to}' and data->>'text' like '%pwdtoken=%' order by created_on`,
    ),
  );
  return (result as unknown as { rows: LetterJob[] }).rows;
}

/** Resolves with `check()` once it is not undefined, asked every 50 ms (a test's own timeout ends a wait that never does). */
async function until<T>(check: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    await sleep(50);
  }
}

const forgot = (app: FastifyInstance, email: string) =>
  app.inject({ method: "POST", url: "/api/auth/password/forgot", payload: { email }, remoteAddress: uniqueIp() });

const silent = { info: () => {}, warn: () => {}, error: () => {} };

describeEachDatabase("job queue: a letter while the mail server is down", (t) => {
  let smtp: SmtpSink;
  let app: FastifyInstance;

  beforeAll(async () => {
    smtp = await startSmtp();
    app = await t.buildApp({ SMTP_URL: smtp.url, LETTER_RETRY_DELAY_SECONDS: "1", LETTER_RETRY_LIMIT: "8" });
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it("a reset asked for with the mail server down is retried and arrives once it is back, once", async () => {
    const user = await register(app);
    await smtp.waitFor(user.email, 5_000, "emailtoken=");
    const port = smtp.port;
    await smtp.close();

    const res = await forgot(app, user.email);
    expect(res.statusCode, res.body).toBe(200);
    // The first try failed: the letter waits for its next one instead of being lost.
    const [waiting] = await until(async () => {
      const jobs = await resetJobs(t.db, user.email);
      return jobs[0]?.state === "retry" ? jobs : undefined;
    });

    smtp = await startSmtp({ port });
    const letter = await smtp.waitFor(user.email, 30_000, "pwdtoken=");
    expect(letter.rcptTo).toEqual([user.email]);
    const [done] = await until(async () => {
      const jobs = await resetJobs(t.db, user.email);
      return jobs[0]?.state === "completed" ? jobs : undefined;
    });
    expect(done!.id).toBe(waiting!.id);
    expect(done!.retry_count).toBeGreaterThanOrEqual(1);
    // Sent once: the one job is done, and the server got the letter once.
    expect(await resetJobs(t.db, user.email)).toHaveLength(1);
    expect(smtp.messages.filter((m) => m.rcptTo.includes(user.email) && m.text.includes("pwdtoken="))).toHaveLength(1);
  });
});

describeEachDatabase("job queue: a letter that keeps failing", (t) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    // Nobody listens on this port: every try fails at once.
    app = await t.buildApp({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}`, LETTER_RETRY_DELAY_SECONDS: "0", LETTER_RETRY_LIMIT: "2" });
  });

  it("is marked failed after its tries (1 + LETTER_RETRY_LIMIT), counted and announced once", async () => {
    const failedEvents: string[] = [];
    const onFailed = (e: { id: string }) => failedEvents.push(e.id);
    jobEvents.on("letter-failed", onFailed);
    try {
      const user = await register(app);
      const res = await forgot(app, user.email);
      expect(res.statusCode, res.body).toBe(200);
      const [job] = await until(async () => {
        const jobs = await resetJobs(t.db, user.email);
        return jobs[0]?.state === "failed" ? jobs : undefined;
      });
      expect(job!.retry_count).toBe(2);
      expect(failedEvents).toContain(job!.id);
      expect(failedEvents.filter((id) => id === job!.id)).toHaveLength(1);
      // Another queue object on the database sees the failed job; the letter counters are this process's.
      const stats = await jobStats(createJobQueue(t.database, { pollMs: 500, log: silent }));
      expect(stats.failed).toBeGreaterThanOrEqual(1);
      expect(stats.failedLetters).toBeGreaterThanOrEqual(1);
    } finally {
      jobEvents.off("letter-failed", onFailed);
    }
  });
});

describeEachDatabase("job queue: a periodic round on two instances", (t) => {
  const queues: JobQueue[] = [];
  const runs: string[] = [];

  beforeAll(async () => {
    for (const name of ["first", "second"]) {
      const queue = createJobQueue(t.database, { pollMs: 500, log: silent });
      // An hour's slot: both instances ask for the same round.
      queue.every("digest-round", 3_600_000, async () => {
        runs.push(name);
      });
      // The second has sent through the queue before it starts (as a process does that queues a letter early).
      if (name === "second") expect(await queue.counts()).toMatchObject({ "digest-round": { queued: 0, failed: 0 } });
      await queue.start();
      queues.push(queue);
    }
  });
  afterAll(async () => {
    for (const q of queues) await q.stop();
  });

  it("asked for by both instances at once, runs exactly once", async () => {
    const asked = await Promise.all(queues.map((q) => q.ask("digest-round")));
    // One ask made the round; the other found it there.
    expect(asked.filter((id) => id !== null)).toHaveLength(1);
    const id = asked.find((a) => a !== null)!;
    await until(async () => {
      const result = await t.db.execute(sql.raw(`select state from ${JOB_SCHEMA}.job where name = 'digest-round' and id = '${id}'`));
      return (result as unknown as { rows: Array<{ state: string }> }).rows[0]?.state === "completed" ? true : undefined;
    });
    expect(runs).toHaveLength(1);
    // Asked again in the same slot: no second round.
    expect(await Promise.all(queues.map((q) => q.ask("digest-round")))).toEqual([null, null]);
    expect(runs).toHaveLength(1);
  });
});

describeEachDatabase("job queue: the app's rounds on two instances", (t) => {
  beforeAll(async () => {
    // Two apps on one database, each asking for both rounds every second.
    for (let i = 0; i < 2; i++) await t.buildApp({ CHAT_JOBS_INTERVAL_MS: "1000", DISCUSSION_DIGEST_INTERVAL_MS: "1000" });
  });

  it("each second's chat round and digest round is one job, run once", async () => {
    const rounds = async () => {
      const result = await t.db.execute(
        sql.raw(`select name, state, singleton_on from ${JOB_SCHEMA}.job where name in ('chat-round', 'digest-round') order by created_on`),
      );
      return (result as unknown as { rows: Array<{ name: string; state: string; singleton_on: Date | string }> }).rows;
    };
    const done = await until(async () => {
      const rows = (await rounds()).filter((r) => r.state === "completed");
      return ["chat-round", "digest-round"].every((n) => rows.filter((r) => r.name === n).length >= 3) ? rows : undefined;
    });
    for (const name of ["chat-round", "digest-round"]) {
      const slots = done.filter((r) => r.name === name).map((r) => String(r.singleton_on));
      expect(new Set(slots).size).toBe(slots.length);
    }
    expect((await rounds()).filter((r) => r.state === "failed")).toEqual([]);
  });
});
